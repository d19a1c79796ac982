"""Heroes of Might and Magic III: The Board Game, Battlefield expansion (``homm3-battlefield``).

Seed 004 as data (``data/homm3-battlefield/rules.yaml``): the Skirmish lengths (hero level,
Specialty cards, Ability, Artifact and Spell cards, unit tiers and side), the Adventure lengths
and starting state, the removed Ability cards, the unit limits. Units and heroes come from the
reference CSVs (``units.yaml``, ``heroes.yaml``). The army is measured in units.
"""

from __future__ import annotations

from typing import Any

from armybuilder.findings import Result
from armybuilder.systems import CheckOptions, Item, Names, System

from . import model, report, rules


class Homm3Battlefield(System):
    def check(self, data: dict[str, Any], result: Result, options: CheckOptions) -> None:
        army = model.build(data)
        for module in rules.REGISTRY:
            result.add(module.check(army))
        result.measure = report.measure(army)
        if options.breakdown:
            result.sections, result.details = report.build(army)
        result.model = army

    def inventory(self, data: dict[str, Any], result: Result) -> list[Item]:
        """Faction, hero, every known unit and card (Specialty cards as e.g. "Crusaders IV"), and totals."""
        army = getattr(result, "model", None) or model.build(data)
        items: list[Item] = []
        if army.faction is not None:
            items.append(Item("faction", army.faction["name"], 1, ("faction",)))
        if army.hero is not None:
            items.append(Item("hero", army.hero["name"], 1, ("hero", "name")))
            items += [Item("card", f"{army.hero['specialty']} {lvl}", 1, path) for lvl, path in army.specialties]
        for kind in model.CARD_KINDS:
            items += [Item("card", use.name, 1, use.path) for use in army.cards[kind]]
        items += [Item("unit", use.name, 1, use.path) for use in army.known_units()]
        totals = report.unit_rows(army)[1]
        items += [
            Item("total", "units", len(army.units)),
            Item("total", "gold", totals["gold"]),
            Item("total", "valuables", totals["valuables"]),
        ]
        return items

    def names(self) -> Names:
        """Factions, heroes, units (neutral ones too), the Ability and Spell cards the data names and
        the heroes' Specialty cards. The card lists are not complete (a list may name another card:
        HMB012), so a card is also a name the list may give."""
        cat = model.catalog()
        cards = {name: name for kind in model.CARD_KINDS for name in cat.cards[kind]}
        for hero in cat.heroes.values():
            for level in hero.get("specialty_levels", []):
                cards.setdefault(f"{hero['specialty']} {level}", f"{hero['specialty']} {level}")
        units = {name: name for faction in cat.factions.values() for name in faction["units"]}
        units.update({name: name for name in cat.neutral})
        return Names(
            kinds={
                "faction": {name: name for name in cat.factions},
                "hero": {name: name for name in cat.heroes},
                "card": cards,
                "unit": units,
            },
            totals=("units", "gold", "valuables"),
            list_kinds=("card",),
        )


SYSTEM = Homm3Battlefield()
