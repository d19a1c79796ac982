"""A draft pick of fewer than 1 or more than 6 tokens.

Each pick takes "1 to 6 Tokens from any one faction". A pick of 0 tokens drafts nothing (and
does not close the faction to the opponent); a pick of 7 or more is too big even for a player
with none of that faction yet.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.findings import Finding, Severity
from armybuilder.text import plural

from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Context

CODE = "TTB012"
NAME = "draft-pick-size"
SEVERITY = Severity.ERROR
RULE = "TT Draft Your Army"


def check(ctx: Context) -> Iterator[Finding]:
    if ctx.kind != "draft":
        return
    low, high = ctx.cat.value("pick_min"), ctx.cat.value("pick_max")
    for p in ctx.picks:
        if not low <= p.tokens <= high:
            yield finding(
                __name__,
                f"pick {p.number}: {p.player_written} takes {plural(p.tokens, 'token')} of "
                f"{p.faction or p.faction_written}; a pick takes {low} to {high} tokens of one faction",
                (*p.path, "tokens"),
            )
