"""What changed between two versions of a list: ``armybuilder diff OLD NEW``.

Generic over the game systems: both files are checked, then their inventories
(:meth:`armybuilder.systems.System.inventory`) are compared item by item, keyed on the kind,
the name and the unit that holds it (the nearest enclosing entry of the list with a ``name``,
e.g. a card on the class "Wardens"). It reports what was added, removed and changed (a count:
stands, tokens, copies), the totals, the measure (points) before and after, and the findings
gained and lost (compared on code, severity and message, so moved lines do not count).

The exit code is the new version's verdict: 0 when it is valid, 1 when not (2: usage error).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from armybuilder.findings import Finding, Result, number
from armybuilder.text import fmt_points
from armybuilder.suggest import fold


@dataclass
class Change:
    kind: str
    name: str
    owner: str | None
    old: Any = None  # count before (None: not there)
    new: Any = None  # count after (None: not there)

    def label(self) -> str:
        return f"{self.kind} {self.name}" + (f" on {self.owner}" if self.owner else "")

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "name": self.name, "owner": self.owner,
                "old": number(self.old), "new": number(self.new)}


@dataclass
class Diff:
    old: Result
    new: Result
    compared: bool  # both inventories were available
    added: list[Change] = field(default_factory=list)
    removed: list[Change] = field(default_factory=list)
    changed: list[Change] = field(default_factory=list)
    totals: list[Change] = field(default_factory=list)
    gained: list[Finding] = field(default_factory=list)
    lost: list[Finding] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return not (self.added or self.removed or self.changed or self.totals or self.gained or self.lost
                    or self.old.measure.to_dict() != self.new.measure.to_dict())


def _owner(doc: Any, path: tuple) -> str | None:
    """The name of the nearest entry of the list (not the list itself) that holds ``path``."""
    if path and path[-1] == "name":  # the item is the entry whose name this is (a hero: name)
        path = path[:-1]
    nodes = [doc]
    node = doc
    for part in path[:-1]:
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            break
        nodes.append(node)
    for node in reversed(nodes[1:]):
        if isinstance(node, dict) and isinstance(node.get("name"), str):
            return node["name"]
    return None


def _tally(result: Result, items) -> tuple[dict, dict]:
    """(kind, name, owner) -> [display Change-ish, count]; totals by name."""
    things: dict[tuple, list] = {}
    totals: dict[str, list] = {}
    for item in items or []:
        if item.kind == "total":
            totals.setdefault(fold(item.name), [item.name, item.count])
            continue
        owner = _owner(result.document, item.path) if item.path else None
        key = (item.kind, fold(item.name), fold(owner) if owner else "")
        if key in things:
            things[key][2] += item.count
        else:
            things[key] = [item.name, owner, item.count]
    return things, totals


def _finding_key(f: Finding) -> tuple:
    return (f.code, f.severity.value, f.message, f.source or "")


def compare(old: Result, new: Result) -> Diff:
    from armybuilder.event import inventory_of

    old_items, new_items = inventory_of(old), inventory_of(new)
    d = Diff(old, new, compared=old_items is not None and new_items is not None)
    if d.compared:
        o, o_tot = _tally(old, old_items)
        n, n_tot = _tally(new, new_items)
        for key, (name, owner, count) in n.items():
            if key not in o:
                d.added.append(Change(key[0], name, owner, None, count))
            elif o[key][2] != count:
                d.changed.append(Change(key[0], name, owner, o[key][2], count))
        for key, (name, owner, count) in o.items():
            if key not in n:
                d.removed.append(Change(key[0], name, owner, count, None))
        for key in list(o_tot) + [k for k in n_tot if k not in o_tot]:
            before = o_tot.get(key, [None, None])[1]
            after = n_tot.get(key, [None, None])[1]
            if before != after:
                d.totals.append(Change("total", (n_tot.get(key) or o_tot[key])[0], None, before, after))
    old_keys = Counter(_finding_key(f) for f in old.findings)
    new_keys = Counter(_finding_key(f) for f in new.findings)
    extra_new, extra_old = new_keys - old_keys, old_keys - new_keys
    for f in new.sorted_findings():
        if extra_new[_finding_key(f)] > 0:
            extra_new[_finding_key(f)] -= 1
            d.gained.append(f)
    for f in old.sorted_findings():
        if extra_old[_finding_key(f)] > 0:
            extra_old[_finding_key(f)] -= 1
            d.lost.append(f)
    return d


# -- output ----------------------------------------------------------------------------------


def _count(value: Any) -> str:
    if isinstance(value, float):
        value = Fraction(value).limit_denominator(4)
    return fmt_points(value)


def _delta(old: Any, new: Any) -> str:
    if old is None or new is None:
        return ""
    change = Fraction(str(number(new))) - Fraction(str(number(old)))
    if change == 0:
        return ""
    return f" ({'+' if change > 0 else ''}{fmt_points(change)})"


def _measure(r: Result) -> str:
    return r.measure.value_text() or "-"


def _side(r: Result) -> str:
    name = r.name or "(no name)"
    system = r.system or "not a list"
    return f"{r.file}: {name} ({system}), {'valid' if r.valid else 'invalid'}"


def render_text(d: Diff) -> str:
    from armybuilder.reporters.text import finding_line

    out = [f"old: {_side(d.old)}", f"new: {_side(d.new)}"]
    unit = d.new.measure.unit or d.old.measure.unit or "points"
    if d.old.measure.total is not None or d.new.measure.total is not None:
        out.append(f"{unit}: {_measure(d.old)} → {_measure(d.new)}{_delta(d.old.measure.total, d.new.measure.total)}")
    if not d.compared:
        which = [r.file for r in (d.old, d.new) if not _has_inventory(r)]
        out.append(f"contents not compared: no inventory for {', '.join(which)} "
                   "(the file is not a valid list shape, or its system cannot list its contents yet)")

    def section(title: str, changes: list[Change], sign: str, show) -> None:
        if changes:
            out.append("")
            out.append(f"{title} ({len(changes)}):")
            out.extend(f"  {sign} {show(c)}" for c in changes)

    times = lambda v: "" if v in (1, None) else f" ×{_count(v)}"  # noqa: E731
    section("added", d.added, "+", lambda c: c.label() + times(c.new))
    section("removed", d.removed, "-", lambda c: c.label() + times(c.old))
    section("changed", d.changed, "~", lambda c: f"{c.label()}: {_count(c.old)} → {_count(c.new)}")
    section("totals", d.totals, "~",
            lambda c: f"{c.name}: {'-' if c.old is None else _count(c.old)} → {'-' if c.new is None else _count(c.new)}")
    if d.gained:
        out += ["", f"findings gained ({len(d.gained)}):"] + ["  + " + finding_line(d.new, f) for f in d.gained]
    if d.lost:
        out += ["", f"findings lost ({len(d.lost)}):"] + ["  - " + finding_line(d.old, f) for f in d.lost]
    if d.empty:
        out += ["", "no changes"]
    return "\n".join(out) + "\n"


def _has_inventory(r: Result) -> bool:
    from armybuilder.event import inventory_of

    return inventory_of(r) is not None


def _side_dict(r: Result) -> dict[str, Any]:
    return {"file": r.file, "system": r.system, "name": r.name, "valid": r.valid, "points": r.measure.to_dict()}


def to_dict(d: Diff) -> dict[str, Any]:
    def findings(r: Result, fs: list[Finding]) -> list[dict]:
        return [{**f.to_dict(), "file": f.source or r.file} for f in fs]

    change = None
    if d.old.measure.total is not None and d.new.measure.total is not None:
        change = number(Fraction(str(number(d.new.measure.total))) - Fraction(str(number(d.old.measure.total))))
    return {
        "old": _side_dict(d.old),
        "new": _side_dict(d.new),
        "points": {"old": number(d.old.measure.total), "new": number(d.new.measure.total), "change": change,
                   "unit": d.new.measure.unit},
        "compared": d.compared,
        "added": [c.to_dict() for c in d.added],
        "removed": [c.to_dict() for c in d.removed],
        "changed": [c.to_dict() for c in d.changed],
        "totals": [{"name": c.name, "old": number(c.old), "new": number(c.new)} for c in d.totals],
        "findings": {"gained": findings(d.new, d.gained), "lost": findings(d.old, d.lost)},
    }


def command(old: Path, new: Path, fmt: str = "text", points: Any = None,
            event: Path | None = None) -> tuple[str, list[str], int]:
    """The ``diff`` command: stdout text, stderr lines, exit code (the new version's verdict)."""
    from armybuilder.check import check_path
    from armybuilder.systems import CheckOptions

    if points is not None:
        points = Fraction(points).limit_denominator(2)
    if event is not None:
        from armybuilder import event as events

        try:
            pack = events.load(event)
        except events.PackError as exc:
            return "", exc.lines(), 2
        results = [events.check_path(p, pack, points) for p in (old, new)]
    else:
        options = CheckOptions(points=points)
        results = [check_path(p, options) for p in (old, new)]
    d = compare(*results)
    if fmt == "json":
        from armybuilder.reporters.json_ import dumps

        out = dumps(to_dict(d))
    else:
        out = render_text(d)
    return out, [], 0 if d.new.valid else 1
