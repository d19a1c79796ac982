"""The active race and the race in decline are the same race.

The box holds one of each race, with one supply of its tokens: a player's active race is
never the race they have in decline.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.codes import rule_finding as finding
from armybuilder.findings import Finding, Severity

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Position

CODE = "SWW003"
NAME = "same-race-twice"
SEVERITY = Severity.ERROR
RULE = "SWoW races (one of each race in the box)"


def check(ctx: Position) -> Iterator[Finding]:
    a, d = ctx.active, ctx.decline
    if d is None or a.race is None or d.race is None or a.race is not d.race:
        return
    yield finding(
        __name__,
        f"the {a.race.name} are both the active race and the race in decline; the box holds one of each race",
        (*d.path, "race"),
    )
