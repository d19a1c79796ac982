"""What changed between two versions of a list: ``armybuilder diff OLD NEW``.

Generic over the game systems: both files are checked, then their inventories
(:meth:`armybuilder.systems.System.inventory`) are compared item by item, keyed on the kind,
the name and the unit that holds it (the nearest enclosing entry of the list with a ``name``,
e.g. a card on the class "Wardens"). It reports what was added, removed and changed (a count:
stands, tokens, copies), the totals, the measure (points) before and after, and the findings
gained and lost (compared on code, severity and message, so moved lines do not count).
Then it walks both documents and names every other value that changed (:class:`Value`): the
list's settings (``topography``, ``invasion``, ``points``...), a hero's level, a unit's side, a
card's option, a note; entries of a list are paired by their name (a card by its own), so moving
one is no change. A value the inventory's changes already tell (a class's stands, a card added) is
not said twice. :func:`render` prints a :class:`Diff` (``--format text|json``).

Two versions of one list are for one game system: a diff across systems is refused (exit 2).
The exit code is the new version's verdict: 0 when it is valid, 1 when not (2: usage error).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from armybuilder.findings import Finding, Result, finding_line, number
from armybuilder.outcome import ExitCode, Outcome
from armybuilder.suggest import fold
from armybuilder.text import fmt_points, one_line

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Callable

    from armybuilder import findings
    from armybuilder.systems import Item


@dataclass
class Change:
    kind: str
    name: str
    owner: str | None
    old: Any = None  # count before (None: not there)
    new: Any = None  # count after (None: not there)
    old_paths: list[findings.Path] = field(default_factory=list, repr=False)  # where the old list says it
    new_paths: list[findings.Path] = field(default_factory=list, repr=False)

    def label(self) -> str:
        return f"{self.kind} {self.name}" + (f" on {self.owner}" if self.owner else "")

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "name": self.name,
            "owner": self.owner,
            "old": number(self.old),
            "new": number(self.new),
        }


@dataclass
class Value:
    """A value of the document that changed: ``where`` as a player reads it (``topography``,
    ``hero.level``, ``units[Griffins].side``, ``classes[Rangers].cards[Mobile Infantry]``), before and
    after; ``was``/``now`` False: not there before / not there now."""

    where: str
    old: Any = None
    new: Any = None
    was: bool = True
    now: bool = True

    def line(self) -> str:
        """``~ topography: Hilly → Dense Forest``, ``+ invasion: 0``, ``- note: ...``."""
        if not self.was:
            return f"+ {self.where}: {value_text(self.new)}"
        if not self.now:
            return f"- {self.where}: {value_text(self.old)}"
        return f"~ {self.where}: {value_text(self.old)} → {value_text(self.new)}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "where": self.where,
            "old": _plain(self.old) if self.was else None,
            "new": _plain(self.new) if self.now else None,
            "change": "changed" if self.was and self.now else "added" if self.now else "removed",
        }


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return number(value)


def value_text(value: Any) -> str:
    """A value as the list writes it, in one line (YAML's flow style)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {value_text(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(value_text(v) for v in value) + "]"
    if isinstance(value, (int, float, Fraction)):
        return fmt_points(value) if isinstance(value, Fraction) else str(number(value))
    return str(value)


@dataclass
class Diff:
    old: Result
    new: Result
    compared: bool  # both inventories were available
    uncompared: list[str] = field(default_factory=list)  # the files without an inventory
    added: list[Change] = field(default_factory=list)
    removed: list[Change] = field(default_factory=list)
    changed: list[Change] = field(default_factory=list)
    totals: list[Change] = field(default_factory=list)
    gained: list[Finding] = field(default_factory=list)
    lost: list[Finding] = field(default_factory=list)
    values: list[Value] = field(default_factory=list)  # the other values that changed (settings...)

    @property
    def change(self) -> Fraction | None:
        """The new measure's total minus the old one's; None when either was not measured."""
        old, new = self.old.measure.total, self.new.measure.total
        if old is None or new is None:
            return None
        return Fraction(str(number(new))) - Fraction(str(number(old)))

    @property
    def empty(self) -> bool:
        return not (
            self.added
            or self.removed
            or self.changed
            or self.totals
            or self.gained
            or self.lost
            or self.values
            or self.old.measure.to_dict() != self.new.measure.to_dict()
        )


def _owner(doc: Any, path: findings.Path) -> str | None:
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
        name = node.get("name") if isinstance(node, dict) else None
        if isinstance(name, str):
            return name
    return None


def _tally(
    result: Result, items: Sequence[Item] | None
) -> tuple[dict[tuple[str, str, str], list[Any]], dict[str, list[Any]]]:
    """(kind, name, owner) -> [name, owner, count, paths]; totals by name -> [name, count]."""
    things: dict[tuple[str, str, str], list[Any]] = {}
    totals: dict[str, list[Any]] = {}
    for item in items or []:
        if item.kind == "total":
            totals.setdefault(fold(item.name), [item.name, item.count])
            continue
        owner = _owner(result.document, item.path) if item.path else None
        key = (item.kind, fold(item.name), fold(owner) if owner else "")
        if key in things:
            things[key][2] += item.count
            things[key][3].append(tuple(item.path))
        else:
            things[key] = [item.name, owner, item.count, [tuple(item.path)]]
    return things, totals


def _finding_key(f: Finding) -> tuple[str, str, str, str]:
    return (f.code, f.severity.value, f.message, f.source or "")


def compare(old: Result, new: Result) -> Diff:
    from armybuilder.events.inventory import inventory_of

    old_items, new_items = inventory_of(old), inventory_of(new)
    d = Diff(
        old,
        new,
        compared=old_items is not None and new_items is not None,
        uncompared=[r.file for r, items in ((old, old_items), (new, new_items)) if items is None],
    )
    if d.compared:
        o, o_tot = _tally(old, old_items)
        n, n_tot = _tally(new, new_items)
        for key, (name, owner, count, paths) in n.items():
            if key not in o:
                d.added.append(Change(key[0], name, owner, None, count, [], paths))
            elif o[key][2] != count:
                d.changed.append(Change(key[0], name, owner, o[key][2], count, o[key][3], paths))
        for key, (name, owner, count, paths) in o.items():
            if key not in n:
                d.removed.append(Change(key[0], name, owner, count, None, paths, []))
        for total in list(o_tot) + [k for k in n_tot if k not in o_tot]:
            before = o_tot.get(total, [None, None])[1]
            after = n_tot.get(total, [None, None])[1]
            if before != after:
                d.totals.append(Change("total", (n_tot.get(total) or o_tot[total])[0], None, before, after))
    told = _told(d) if d.compared else None
    d.values = [v for v, (op, np) in _walk(old.document, new.document) if told is None or not told(v, op, np)]
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


# -- walking both documents -------------------------------------------------------------------------

_Paths = tuple["findings.Path | None", "findings.Path | None"]  # where a value is in the old and the new list


def _entry_key(entry: Any) -> str | None:
    """What pairs an entry of a list with its other version: its name (a card: its own name, also
    when it is a mapping of its options), or a plain value itself; None: paired by its place."""
    if isinstance(entry, dict):
        if isinstance(entry.get("name"), str):
            return fold(entry["name"])
        if len(entry) == 1:
            return fold(str(next(iter(entry))))
        return None
    if isinstance(entry, (str, int, float)) and not isinstance(entry, bool):
        return fold(str(entry))
    return None


def _entry_label(entry: Any, index: int) -> str:
    if isinstance(entry, dict):
        if isinstance(entry.get("name"), str):
            return str(entry["name"])
        if len(entry) == 1:
            return str(next(iter(entry)))
    elif isinstance(entry, (str, int, float)) and not isinstance(entry, bool):
        return str(entry)
    return str(index + 1)  # players count from 1


def _same(a: Any, b: Any) -> bool:
    return type(a) is type(b) and a == b


def _walk(
    old: Any, new: Any, where: str = "", op: tuple[Any, ...] = (), np: tuple[Any, ...] = ()
) -> list[tuple[Value, _Paths]]:
    """Every value that differs between two documents (or parts of them), in the new one's order."""
    out: list[tuple[Value, _Paths]] = []
    if isinstance(old, dict) and isinstance(new, dict):
        for key in [*new, *(k for k in old if k not in new)]:
            label = f"{where}.{key}" if where else str(key)
            if key not in old:
                out.append((Value(label, None, new[key], was=False), (None, (*np, key))))
            elif key not in new:
                out.append((Value(label, old[key], None, now=False), ((*op, key), None)))
            else:
                out += _walk(old[key], new[key], label, (*op, key), (*np, key))
        return out
    if isinstance(old, list) and isinstance(new, list):
        return _walk_entries(old, new, where, op, np)
    if not _same(old, new):
        out.append((Value(where or "the file", old, new), (op, np)))
    return out


def _walk_entries(
    old: list[Any], new: list[Any], where: str, op: tuple[Any, ...], np: tuple[Any, ...]
) -> list[tuple[Value, _Paths]]:
    """Two versions of a list's entries, paired by their names (:func:`_entry_key`), the rest in order."""
    waiting: dict[str | None, list[int]] = {}
    for i, entry in enumerate(old):
        waiting.setdefault(_entry_key(entry), []).append(i)
    out: list[tuple[Value, _Paths]] = []
    paired: set[int] = set()
    for j, entry in enumerate(new):
        queue = waiting.get(_entry_key(entry), [])
        label = f"{where}[{_entry_label(entry, j)}]"
        if not queue:
            out.append((Value(where, None, entry, was=False), (None, (*np, j))))
            continue
        i = queue.pop(0)
        paired.add(i)
        before = old[i]
        one_key = isinstance(before, dict) and isinstance(entry, dict) and len(before) == len(entry) == 1
        if one_key and next(iter(before)) == next(iter(entry)):  # a card and its options: {Flying: zoom}
            key = next(iter(entry))
            out += _walk(before[key], entry[key], label, (*op, i, key), (*np, j, key))
        else:
            out += _walk(before, entry, label, (*op, i), (*np, j))
    for i, entry in enumerate(old):
        if i not in paired:
            out.append((Value(where, entry, None, now=False), ((*op, i), None)))
    return out


def _told(d: Diff) -> Any:
    """Whether a value's change is one the inventory's changes tell already: a count (a class's
    stands, a card's number) that changed with it, an entry added or removed with its item, a name
    that is an item removed and another added."""

    added = {p for c in (*d.added, *d.changed) for p in c.new_paths}
    removed = {p for c in (*d.removed, *d.changed) for p in c.old_paths}
    renamed_from = {p for c in d.removed for p in c.old_paths}
    renamed_to = {p for c in d.added for p in c.new_paths}
    counts: dict[tuple[findings.Path, findings.Path], list[tuple[Any, Any]]] = {}  # a count's paths: its change
    for c in d.changed:  # a count of one entry (a sum over several is no value of the list)
        if len(c.old_paths) == len(c.new_paths) == 1:
            counts.setdefault((c.old_paths[0], c.new_paths[0]), []).append((number(c.old), number(c.new)))

    def whole(value: Any, path: findings.Path | None, paths: set[findings.Path]) -> bool:
        """An entry added (or removed) with its items, or a key whose every entry was."""
        if path is None:
            return False
        if path in paths:
            return True
        if isinstance(value, list) and value:
            return all(whole(x, (*path, i), paths) for i, x in enumerate(value))
        if isinstance(value, dict) and value:
            return all(whole(x, (*path, k), paths) for k, x in value.items())
        return False

    def told(v: Value, op: findings.Path | None, np: findings.Path | None) -> bool:
        if not v.was:
            return whole(v.new, np, added)
        if not v.now:
            return whole(v.old, op, removed)
        if op is None or np is None:
            return False
        change = (number(v.old), number(v.new))
        for a in (op, op[:-1]):
            for b in (np, np[:-1]):
                if change in counts.get((a, b), []):
                    return True
        return op in renamed_from and np in renamed_to

    return told


def diff(
    old: Path,
    new: Path,
    fmt: str = "text",
    points: float | None = None,
    event: Path | None = None,
    color: bool = False,
) -> Outcome:
    """The ``diff`` command; its exit code is the new version's verdict (``color``: a colour terminal's
    red errors and amber warnings)."""
    from armybuilder import check
    from armybuilder.systems import CheckOptions

    limit = None if points is None else Fraction(points).limit_denominator(2)
    pack = None
    if event is not None:
        from armybuilder import events

        try:
            pack = events.load(event)
        except events.PackError as exc:
            return Outcome.usage(*exc.lines())
    options = CheckOptions(points=limit)
    results = []
    for path in (old, new):
        try:
            results.append(check.check_path(path, options, pack=pack))
        except OSError as exc:  # a missing file, a folder: the caller's usage error
            return Outcome.usage(one_line(f"{path}: cannot read the file: {exc.strerror or exc}"))
    before, after = results
    swapped = check.event_pack_refusal(results)
    if swapped:
        return Outcome.usage(swapped)
    if before.system is not None and after.system is not None and before.system != after.system:
        return Outcome.usage(
            one_line(
                f"cannot diff {before.file} ({before.system}) with {after.file} ({after.system}): "
                "two versions of a list are for one game system"
            )
        )
    if points is not None:
        why = check.points_refusal(results)
        if why:
            return Outcome.usage(why)
    d = compare(before, after)
    return Outcome(render(d, fmt, color), [], ExitCode.of(d.new.valid))


# -- the report --------------------------------------------------------------------------------


def render(d: Diff, fmt: str = "text", color: bool = False) -> str:
    """The diff as ``--format`` asks: text (``color``: a colour terminal's) or JSON."""
    from armybuilder.reporters import Format

    return diff_json(d) if Format(fmt) is Format.json else diff_text(d, color)


def diff_text(d: Diff, color: bool = False) -> str:
    from armybuilder.reporters.text import painter

    paint = painter(color) if color else None
    out = [f"old: {_side(d.old)}", f"new: {_side(d.new)}"]
    unit = d.new.measure.unit or d.old.measure.unit or "points"
    if d.old.measure.total is not None or d.new.measure.total is not None:
        out.append(f"{unit}: {_measure(d.old)} → {_measure(d.new)}{_delta(d.change)}")
    if not d.compared:
        out.append(
            one_line(
                f"contents not compared: no inventory for {', '.join(d.uncompared)} "
                "(the file is not a valid list shape, or its system cannot list its contents yet)"
            )
        )

    def section(title: str, changes: list[Change], sign: str, show: Callable[[Change], str]) -> None:
        if changes:
            out.append("")
            out.append(f"{title} ({len(changes)}):")
            out.extend(f"  {sign} " + one_line(show(c)) for c in changes)

    def times(v: Any) -> str:
        return "" if v in (1, None) else f" ×{_count(v)}"

    def either(v: Any) -> str:
        return "-" if v is None else _count(v)

    section("added", d.added, "+", lambda c: c.label() + times(c.new))
    section("removed", d.removed, "-", lambda c: c.label() + times(c.old))
    section("changed", d.changed, "~", lambda c: f"{c.label()}: {_count(c.old)} → {_count(c.new)}")
    section("totals", d.totals, "~", lambda c: f"{c.name}: {either(c.old)} → {either(c.new)}")
    if d.values:
        out += ["", f"values changed ({len(d.values)}):"]
        out += ["  " + one_line(v.line()) for v in d.values]
    if d.gained:
        out += ["", f"findings gained ({len(d.gained)}):"]
        out += ["  + " + finding_line(d.new, f, paint) for f in d.gained]
    if d.lost:
        out += ["", f"findings lost ({len(d.lost)}):"]
        out += ["  - " + finding_line(d.old, f, paint) for f in d.lost]
    if d.empty:
        out += ["", "no changes"]
    return "\n".join(out) + "\n"


def diff_json(d: Diff) -> str:
    from armybuilder.reporters.json_ import dumps, findings_of

    change = d.change
    return dumps(
        {
            "old": _side_dict(d.old),
            "new": _side_dict(d.new),
            "points": {
                "old": number(d.old.measure.total),
                "new": number(d.new.measure.total),
                "change": None if change is None else number(change),
                "unit": d.new.measure.unit,
            },
            "compared": d.compared,
            "added": [c.to_dict() for c in d.added],
            "removed": [c.to_dict() for c in d.removed],
            "changed": [c.to_dict() for c in d.changed],
            "totals": [{"name": c.name, "old": number(c.old), "new": number(c.new)} for c in d.totals],
            "values": [v.to_dict() for v in d.values],
            "findings": {"gained": findings_of(d.new.file, d.gained), "lost": findings_of(d.old.file, d.lost)},
        }
    )


def _count(value: Any) -> str:
    if isinstance(value, float):
        value = Fraction(value).limit_denominator(4)
    return fmt_points(value)


def _delta(change: Fraction | None) -> str:
    if not change:
        return ""
    return f" ({'+' if change > 0 else ''}{fmt_points(change)})"


def _measure(r: Result) -> str:
    return r.measure.value_text() or "-"


def _side(r: Result) -> str:
    name = r.name or "(no name)"
    system = r.system or "not a list"
    return one_line(f"{r.file}: {name} ({system}), {'valid' if r.valid else 'invalid'}")


def _side_dict(r: Result) -> dict[str, Any]:
    return {"file": r.file, "system": r.system, "name": r.name, "valid": r.valid, "points": r.measure.to_dict()}
