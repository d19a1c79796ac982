"""A draft pick by someone who is not one of the two players.

A draft record names its two players under ``players`` (the first player first), and every
pick names one of them (in any case). Two players with the same name cannot be told apart.
Picks by an unknown player are left out of every other check.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.findings import Finding, Severity
from armybuilder.suggest import did_you_mean, fold

from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Context

CODE = "TTB010"
NAME = "draft-players"
SEVERITY = Severity.ERROR
RULE = "TT Draft Your Army"


def check(ctx: Context) -> Iterator[Finding]:
    if ctx.kind != "draft":
        return
    if fold(ctx.players[0]) == fold(ctx.players[1]):
        yield finding(
            __name__,
            f"both players are called '{ctx.players[1]}'; a draft is between two players with different names",
            ("draft", "players", 1),
        )
    for p in ctx.picks:
        if p.player is None:
            yield finding(
                __name__,
                f"pick {p.number}: '{p.player_written}' is not one of the players "
                f"({', '.join(ctx.players)}){did_you_mean(p.player_written, ctx.players)}",
                (*p.path, "player"),
            )
