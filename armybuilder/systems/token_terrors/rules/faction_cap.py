"""More than 6 tokens of one faction.

"A player may have up to 6 Tokens of the same faction." In an army, the faction's entry is
marked. In a draft record, every pick that leaves its player with more than 6 tokens of the
faction is marked (whatever the pick itself takes).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.findings import Finding, Severity

from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Context

CODE = "TTB005"
NAME = "faction-cap"
SEVERITY = Severity.ERROR
RULE = "TT Draft Your Army"


def check(ctx: Context) -> Iterator[Finding]:
    cap = ctx.cat.value("max_per_faction")
    if ctx.kind == "army":
        army = ctx.armies[0]
        for faction, n in army.counts.items():
            if n > cap:
                yield finding(
                    __name__,
                    f"{n} {faction}; a player may have up to {cap} tokens of the same faction ({n - cap} too many)",
                    army.paths[faction],
                )
    elif ctx.kind == "draft":
        for p in ctx.picks:
            if p.player is None or p.faction is None:
                continue
            after = p.held_before + p.tokens
            if after > cap and p.tokens > 0:
                yield finding(
                    __name__,
                    f"pick {p.number}: {ctx.players[p.player]} would hold {after} {p.faction}; "
                    f"a player may have up to {cap} tokens of the same faction",
                    (*p.path, "tokens"),
                )
