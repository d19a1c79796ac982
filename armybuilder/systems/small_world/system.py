"""Small World of Warcraft: a player's position checked against the racial rules of the Horde races.

The rules are seed 001 (the six Horde races) and the races' box supplies and factions from the
reference component list; the base rules the seed leans on (the conquest cost, 1 coin a region)
are reference data marked unverified (``data/small-world-of-warcraft/``). This module builds the
position model from them (``model.py``: costs and coins), runs the rule modules (``rules/``, one
per finding code) and lays out the cost and score report (``report.py``).
"""

from __future__ import annotations

from typing import Any

from armybuilder.findings import Result
from armybuilder.systems import CheckOptions, Item, Names, System

from . import model, report, rules


class SmallWorldOfWarcraft(System):
    def check(self, data: dict[str, Any], result: Result, options: CheckOptions) -> None:
        # options.points does not apply: a position is measured in tokens against the box supply.
        pos = model.build(data)
        for rule in rules.REGISTRY:
            result.add(rule.check(pos))
        report.fill(result, pos, options.breakdown)
        result.model = pos

    def inventory(self, data: dict[str, Any], result: Result) -> list[Item]:
        pos = getattr(result, "model", None) or model.build(data)
        items: list[Item] = []
        for side in pos.sides():
            items.append(Item("race", side.name, side.total, (*side.path, "race")))
            if side.special_power:
                items.append(Item("special_power", side.special_power, 1, (*side.path, "power")))
        a = pos.active
        items += [
            Item("total", "tokens", a.total),
            Item("total", "regions", sum(len(s.regions) for s in pos.sides())),
            Item("total", "conquests", len(pos.conquests)),
            Item("total", "conquest_tokens", sum(c.cost for c in pos.conquests)),
            Item("total", "coins", pos.coins_net),
        ]
        if a.bombs or a.bombs_spent:
            items.append(Item("total", "bombs", len(a.bombs) + a.bombs_spent))
        return items

    def names(self) -> Names:
        """The races of the data; a special power is a name the list gives (no rule document lists
        them)."""
        return Names(
            kinds={"race": {name: name for name in model.catalog().races}, "special_power": {}},
            totals=("tokens", "regions", "conquests", "conquest_tokens", "coins", "bombs"),
            list_kinds=("special_power",),
        )


SYSTEM = SmallWorldOfWarcraft()
