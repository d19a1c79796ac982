"""What changed between two versions of a list: ``armybuilder diff OLD NEW``.

Generic over the game systems: both files are checked, then their inventories
(:meth:`armybuilder.systems.System.inventory`) are compared item by item, keyed on the kind,
the name and the unit that holds it (the nearest enclosing entry of the list with a ``name``,
e.g. a card on the class "Wardens"). It reports what was added, removed and changed (a count:
stands, tokens, copies), the totals, the measure (points) before and after, and the findings
gained and lost (compared on code, severity and message, so moved lines do not count).
The reporters (:meth:`armybuilder.reporters.Reporter.diff`) print a :class:`Diff`.

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

from armybuilder.findings import Finding, Result, number
from armybuilder.outcome import ExitCode, Outcome
from armybuilder.suggest import fold

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder import findings
    from armybuilder.systems import Item


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
        return {
            "kind": self.kind,
            "name": self.name,
            "owner": self.owner,
            "old": number(self.old),
            "new": number(self.new),
        }


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
    """(kind, name, owner) -> [name, owner, count]; totals by name -> [name, count]."""
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
        else:
            things[key] = [item.name, owner, item.count]
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
        for key, (name, owner, count) in n.items():
            if key not in o:
                d.added.append(Change(key[0], name, owner, None, count))
            elif o[key][2] != count:
                d.changed.append(Change(key[0], name, owner, o[key][2], count))
        for key, (name, owner, count) in o.items():
            if key not in n:
                d.removed.append(Change(key[0], name, owner, count, None))
        for total in list(o_tot) + [k for k in n_tot if k not in o_tot]:
            before = o_tot.get(total, [None, None])[1]
            after = n_tot.get(total, [None, None])[1]
            if before != after:
                d.totals.append(Change("total", (n_tot.get(total) or o_tot[total])[0], None, before, after))
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


def command(
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
    from armybuilder.reporters import reporter
    from armybuilder.systems import CheckOptions
    from armybuilder.text import one_line

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
    return Outcome(reporter(fmt, color=color).diff(d), [], ExitCode.of(d.new.valid))
