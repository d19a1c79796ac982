"""Forsaken tokens enlisted beyond the Race tokens their conquests made opponents lose.

Each time the Forsaken force the loss of a Race token (of an active race or one in
decline), they may spend 1 victory coin for one more Forsaken token. A conquest of an
occupied region makes its race lose 1 token (the Goblins' text: "the opponent loses 1 Race
token"), so `enlisted` is at most the number of this turn's conquests of occupied regions:
list them under `conquests`. The tokens arrive after the last conquest, before
redeployment; count them in `regions` and `in_hand`. Their coins are taken off the turn's
score. The box supply (20) still caps them: SWW004.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.codes import rule_finding as finding
from armybuilder.findings import Finding, Severity
from armybuilder.text import plural

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Position

CODE = "SWW013"
NAME = "forsaken-enlist"
SEVERITY = Severity.ERROR
RULE = "SWoW Forsaken"


def check(ctx: Position) -> Iterator[Finding]:
    side = ctx.active
    rule = side.power("enlist", ctx.cat)
    if not rule or not side.enlisted or side.race is None:  # (only a known race has a power)
        return
    lost = ctx.losses()
    allowed = lost * rule["tokens_per_loss"]
    if side.enlisted <= allowed:
        return
    if not ctx.conquests_listed:
        why = "the position lists no conquests (add this turn's under 'conquests')"
    else:
        why = (
            f"this turn's conquests made opponents lose only {plural(lost, 'Race token')} (1 a conquest of an "
            "occupied region)"
        )
    yield finding(
        __name__,
        f"the {side.name} enlisted {plural(side.enlisted, 'token')}, but {why}; they enlist "
        f"{rule['tokens_per_loss']} token for each Race token lost to them",
        (*side.path, "enlisted"),
        side.race.cite,
    )
