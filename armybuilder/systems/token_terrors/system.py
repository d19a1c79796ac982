"""Token Terrors: Battlegrounds (system id ``token-terrors``).

A list file is an army (``tokens``: each faction with its number of tokens) or a draft record
(``draft``: two players and their picks in order). The rules are data
(``data/token-terrors/``); one module per finding code in ``rules/`` judges; ``report`` builds
the cost breakdown; ``matchup`` sets two armies against each other.
"""

from __future__ import annotations

from typing import Any

from armybuilder.findings import Result
from armybuilder.systems import CheckOptions, Item, Names, System

from . import model, report, rules


class TokenTerrors(System):
    def check(self, data: dict[str, Any], result: Result, options: CheckOptions) -> None:
        ctx = model.read(data, model.catalog())
        for rule in rules.REGISTRY:
            result.add(rule.check(ctx))
        if options.breakdown:
            result.measure, result.sections, result.details = report.describe(ctx)
        else:
            result.measure = report.measure(ctx)
        result.model = ctx

    def inventory(self, data: dict[str, Any], result: Result) -> list[Item]:
        """An army's factions (tokens of each) and its totals; a draft record (two armies) has none."""
        ctx = getattr(result, "model", None) or model.read(data, model.catalog())
        if ctx.kind != "army":
            return []
        army = ctx.armies[0]
        items = [Item("faction", f, army.counts[f], army.paths[f]) for f in army.present()]
        items.append(Item("total", "tokens", sum(army.counts.values())))
        items.append(Item("total", "factions", len(army.present())))
        slots = army.slots(ctx.cat)
        if slots is not None:
            items.append(Item("total", "slots", slots))
        return items

    def names(self) -> Names:
        """The factions of the data, and the army's totals."""
        return Names(
            kinds={"faction": {name: name for name in model.catalog().factions}},
            totals=("tokens", "factions", "slots"),
        )


SYSTEM = TokenTerrors()
