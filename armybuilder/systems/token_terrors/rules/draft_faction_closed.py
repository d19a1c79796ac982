"""A draft pick from a faction the opponent has drafted.

"Once you have drafted even as few as 1 of any of the available factions, your opponent
cannot draft tokens from that faction. Tokens left in the draft pool from a faction you've
already selected can still be drafted by you later." So a player may come back to a faction
they hold, but never take one the other player holds.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.findings import Finding, Severity

from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Context

CODE = "TTB013"
NAME = "draft-faction-closed"
SEVERITY = Severity.ERROR
RULE = "TT Draft Your Army"


def check(ctx: Context) -> Iterator[Finding]:
    if ctx.kind != "draft":
        return
    for p in ctx.picks:
        if p.player is None or p.faction is None or p.other_first is None:
            continue
        holder = ctx.players[ctx.other(p.player)]
        yield finding(
            __name__,
            f"pick {p.number}: {p.faction} are closed to {ctx.players[p.player]}: {holder} "
            f"drafted them at pick {p.other_first + 1}; once a player drafts a faction, the opponent "
            "cannot draft it",
            (*p.path, "faction"),
        )
