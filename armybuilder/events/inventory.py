"""What an event pack counts in a checked list: its inventory, looked up by name.

Counting uses the system's :meth:`~armybuilder.systems.System.inventory`; :class:`Index` folds
names (case, spaces, hyphens, underscores) so a pack's ``ban: [light-foot]`` finds the troop
"Light Foot". The diff command compares the same inventories.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from armybuilder import systems
from armybuilder.findings import Result, Severity, locate
from armybuilder.suggest import fold
from armybuilder.text import fmt_points


def is_broken(result: Result) -> bool:
    """The file could not be read as a list of its system (YAML or shape problems)."""
    return result.system is None or any(
        f.severity is Severity.ERROR and f.code.startswith("ABL") for f in result.findings
    )


def inventory_of(result: Result) -> list[systems.Item] | None:
    """The items of a checked list, or None when the list is broken or its system has no inventory."""
    if is_broken(result) or not isinstance(result.document, dict):
        return None
    system = systems.get(result.system)
    items = system.inventory(result.document, result)
    return list(items) if items else None


def count_text(value: Any) -> str:
    """A count or cap as a player writes it: 3, 5½."""
    if isinstance(value, float):
        value = Fraction(value).limit_denominator(4)
    if isinstance(value, (Fraction, int)) and not isinstance(value, bool):
        return fmt_points(value)
    return str(value)


def total_text(name: str, value: Any) -> str:
    """A count of a total as a player reads it: ``1 hero``, ``2 heroes``, ``1 hero point``, ``3 stands``."""
    return f"{count_text(value)} {total_word(name, value)}"


def total_word(name: str, value: Any) -> str:
    """A total's name for ``value`` of it: its name is plural (``heroes``, ``hero_points``), and one is
    ``hero``, ``hero point``."""
    words = name.replace("_", " ")
    if value != 1 or isinstance(value, bool):
        return words
    head, _, last = words.rpartition(" ")
    for ending, single in (("sses", "ss"), ("oes", "o"), ("xes", "x"), ("s", "")):
        if last.endswith(ending) and len(last) > len(ending):
            last = last[: -len(ending)] + single
            break
    return f"{head} {last}".strip()


class Index:
    """A list's inventory, looked up by folded name."""

    def __init__(self, items: Sequence[systems.Item], result: Result):
        self.result = result
        self.items: dict[str, list[systems.Item]] = {}
        self.totals: dict[str, Any] = {}
        self.total_order: list[str] = []
        for item in items:
            if item.kind == "total":
                if fold(item.name) not in self.totals:
                    self.total_order.append(item.name)
                self.totals.setdefault(fold(item.name), item.count)
            else:
                self.items.setdefault(fold(item.name), []).append(item)
        m = result.measure
        if m.total is not None and m.unit and fold(m.unit) not in self.totals:
            self.totals[fold(m.unit)] = m.total  # "points", "units", "tokens": what the list is measured in
            self.total_order.append(m.unit)

    def named(self, name: str) -> list[systems.Item]:
        return [i for i in self.items.get(fold(name), []) if i.count]

    def total(self, name: str) -> Any:
        return self.totals.get(fold(name))

    def total_names(self) -> list[str]:
        return self.total_order

    def count(self, name: str) -> tuple[Any, str, list[systems.Item]]:
        """The count a limit compares: a total, else the largest per-kind sum of the name's items."""
        total = self.total(name)
        if total is not None:
            return total, "total", []
        hits = self.named(name)
        if not hits:
            return None, "", []
        by_kind: dict[str, list[systems.Item]] = {}
        for i in hits:
            by_kind.setdefault(i.kind, []).append(i)
        kind, group = max(by_kind.items(), key=lambda kv: (sum(i.count for i in kv[1]), kv[0]))
        return sum(i.count for i in group), kind, group

    def where(self, hits: Sequence[systems.Item]) -> str:
        lines = sorted({locate(self.result.positions or {}, i.path)[0] for i in hits if i.path})
        if not lines:
            return "the list as a whole"
        return ("list line " if len(lines) == 1 else "list lines ") + ", ".join(str(n) for n in lines)
