"""A player's race that no player can take.

The Murlocs are in the box (15 tokens) but are not a playable race: they start the game
In Decline and belong to no player. They may defend a region (name them as a conquest's
defender), but never stand as a player's active race or race in decline.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.codes import rule_finding as finding
from armybuilder.findings import Finding, Severity

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Position

CODE = "SWW002"
NAME = "race-not-playable"
SEVERITY = Severity.ERROR
RULE = "SWoW races"


def check(ctx: Position) -> Iterator[Finding]:
    for side in ctx.sides():
        if side.race is not None and not side.race.playable:
            yield finding(
                __name__,
                f"the {side.race.name} are not a playable race (they start In Decline and "
                f"belong to no player); they cannot be a player's {side.state} race",
                (*side.path, "race"),
            )
