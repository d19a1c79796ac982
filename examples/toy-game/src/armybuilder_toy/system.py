"""Toy Skirmish's check: price each unit, run the rule modules, lay out the breakdown."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from armybuilder.findings import Measure, Result, Section
from armybuilder.resources import load_data
from armybuilder.systems import CheckOptions, Item, Names, System

from . import MANIFEST, rules


@dataclass
class Warband:
    units: dict[str, dict]  # the data: name -> entry
    entries: list[tuple[str, int, tuple]] = field(default_factory=list)  # (name as written, count, path)
    limit: Fraction = Fraction(0)

    def cost(self, name: str) -> int | None:
        entry = self.units.get(name)
        return entry["cost"] if entry else None

    @property
    def total(self) -> Fraction:
        return sum((Fraction(self.cost(n) or 0) * c for n, c, _ in self.entries), Fraction(0))


def build(data: dict[str, Any], points: Any = None) -> Warband:
    units = {u["name"]: u for u in load_data(MANIFEST.id, "units")["units"]}
    band = Warband(units)
    for i, e in enumerate(data.get("warband", [])):
        band.entries.append((e["unit"], e.get("count", 1), ("warband", i)))
    band.limit = Fraction(
        points if points is not None else data.get("points", load_data(MANIFEST.id, "units")["limit"])
    )
    return band


class ToySkirmish(System):
    def check(self, data: dict[str, Any], result: Result, options: CheckOptions) -> None:
        band = build(data, options.points)
        for rule in rules.REGISTRY:
            result.add(rule.check(band))
        result.measure = Measure(band.total, band.limit, "points")
        table = Section("Warband", ["Unit", "Count", "Each", "Total"])
        for name, count, _ in band.entries:
            each = band.cost(name)
            table.rows.append([name, count, each, None if each is None else each * count])
        result.sections = [table]
        result.details = {"total": band.total, "limit": band.limit}
        result.model = band

    def inventory(self, data: dict[str, Any], result: Result) -> list[Item]:
        band = result.model or build(data)
        items = [Item("unit", n, c, p) for n, c, p in band.entries]
        return [*items, Item("total", "units", sum(c for _, c, _ in band.entries))]

    def names(self) -> Names:
        units = load_data(MANIFEST.id, "units")["units"]
        return Names(kinds={"unit": {u["name"]: u["name"] for u in units}}, totals=("units",))


SYSTEM = ToySkirmish()
