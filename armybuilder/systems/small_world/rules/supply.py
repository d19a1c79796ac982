"""More tokens of a race than its box holds.

Each race's tokens in the box are a hard cap (the rulebook's component list): the active
race's tokens on the board plus in hand, and the tokens the race in decline leaves on the
board, never add up to more. The Forsaken's enlisted tokens count too: enlisting never takes
them beyond their 20 tokens.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.codes import rule_finding as finding
from armybuilder.findings import Finding, Severity
from armybuilder.text import plural

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Position

CODE = "SWW004"
NAME = "over-supply"
SEVERITY = Severity.ERROR
RULE = "SWoW races (box supply)"


def check(ctx: Position) -> Iterator[Finding]:
    for side in ctx.sides():
        race = side.race
        if race is None or side.total <= race.supply:
            continue
        where = f"{side.on_board} on the board" + (f", {side.in_hand} in hand" if side.in_hand else "")
        rule = RULE
        extra = ""
        if side.enlisted and side.power("enlist", ctx.cat):
            where += f"; {side.enlisted} of them enlisted this turn"
            extra = ", and enlisting never goes beyond it"
            rule = race.cite
        yield finding(
            __name__,
            f"{side.label} have {plural(side.total, 'token')} ({where}); the box holds "
            f"{race.supply} {race.name} tokens{extra}",
            (*side.path, "race"),
            rule,
        )
