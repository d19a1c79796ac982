"""A race power's keys on a race that does not have that power.

`bombs` and `bombs_spent` belong to the active Goblins: declined Goblins have no bombs on
the board (the bombs of their last turn are revealed when they go into decline). `enlisted`
belongs to the active Forsaken: they enlist after their conquests, and a race in decline
makes none.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.codes import rule_finding as finding
from armybuilder.findings import Finding, Severity

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Position

CODE = "SWW007"
NAME = "power-not-this-race"
SEVERITY = Severity.ERROR
RULE = "SWoW Goblins, SWoW Forsaken"

# list key -> the power in races.yaml it belongs to
KEYS = {"bombs": "bombs", "bombs_spent": "bombs", "enlisted": "enlist"}


def check(ctx: Position) -> Iterator[Finding]:
    for side in ctx.sides():
        block = ctx.data[side.key]
        for key, power in KEYS.items():
            if not block.get(key):
                continue
            owners = ctx.cat.with_power(power)
            names = " and ".join(r.name for r in owners)
            rule = ", ".join(r.cite for r in owners) or RULE
            if side.race is not None and power in side.race.power:
                if side.active:
                    continue
                yield finding(
                    __name__,
                    f"'{key}' on the declined {side.race.name}: only the active {names} "
                    "use this power"
                    + (
                        " (their bombs are revealed when they go into decline)"
                        if power == "bombs"
                        else " (a race in decline makes no conquests)"
                    ),
                    (*side.path, key),
                    rule,
                )
            elif side.race is not None:
                yield finding(
                    __name__,
                    f"'{key}' on {side.label}: it belongs to the {names}' power, which the "
                    f"{side.race.name} do not have",
                    (*side.path, key),
                    rule,
                )
