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
not said twice. The reporters (:meth:`armybuilder.reporters.Reporter.diff`) print a :class:`Diff`.

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
        from armybuilder.text import fmt_points

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
