"""A race name the race data does not know.

The active race and the race in decline must be races of the game: the six Horde races of
the rule documents, or the Alliance and Neutral races (which stand as opponents and in
decline, with no power in the rule documents). The same goes for the defender of a
conquest and the opponent under a Goblin bomb. Names match without regard to case, and a
near miss gets a "did you mean".
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.codes import rule_finding as finding
from armybuilder.findings import Finding, Severity

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Position

CODE = "SWW001"
NAME = "unknown-race"
SEVERITY = Severity.ERROR
RULE = "SWoW races"


def check(ctx: Position) -> Iterator[Finding]:
    races = ctx.cat.races
    for side in ctx.sides():
        if side.race is None:
            hint = races.suggestion(side.written) or (
                " (races: " + ", ".join(r.name for r in races.values() if r.playable) + ")"
            )
            which = "active race" if side.active else "race in decline"
            yield finding(
                __name__, f"the {which} '{side.written}' is not a race of the game{hint}", (*side.path, "race")
            )
        for bomb in side.bombs:
            if bomb.opponent_written is not None and bomb.opponent is None:
                yield finding(
                    __name__,
                    f"the bomb in {bomb.region} names the opponent "
                    f"'{bomb.opponent_written}', which is not a race of the game"
                    f"{races.suggestion(bomb.opponent_written)}",
                    (*bomb.path, "opponent"),
                )
    for c in ctx.conquests:
        if c.defender_written is not None and c.defender is None:
            yield finding(
                __name__,
                f"the conquest of {c.region} names the defender '{c.defender_written}', "
                f"which is not a race of the game{races.suggestion(c.defender_written)}",
                (*c.path, "defender"),
            )
