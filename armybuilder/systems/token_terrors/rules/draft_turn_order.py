"""A draft pick out of turn.

"The first player selects 1 to 6 Tokens from any one faction ... The second player chooses 1
to 6 Tokens from one of the remaining factions. Players alternate drafting until each player
has 10 Tokens." The first pick is the first player's (the first name under ``players``);
after that the players take turns. A player who already has their 10 slots cannot take any
more, so once one player is full the other makes the remaining picks. (Picks after both
players are full are TTB006's.)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.findings import Finding, Severity

from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Context, Pick

CODE = "TTB011"
NAME = "draft-turn-order"
SEVERITY = Severity.ERROR
RULE = "TT Draft Your Army"


def replay(ctx: Context) -> tuple[list[tuple[Pick, int | None]], int | None]:
    """Each pick with the player whose turn it was (None: it cannot be told), and the player whose
    turn it is after the last pick (None: it cannot be told, or both players are full)."""
    limit = ctx.cat.value("army_slots")
    expected: int | None = 0  # the player whose turn it is; None: cannot be told
    out: list[tuple[Pick, int | None]] = []
    for p in ctx.picks:
        out.append((p, expected))
        if p.player is None:
            expected = None  # unknown picker (TTB010): the next turn cannot be told
            continue
        other = ctx.other(p.player)
        full = [(n := _slots_after(ctx, who, p.index)) is not None and n >= limit for who in (p.player, other)]
        # When both are full the draft is over, and any further pick is TTB006's.
        expected = None if all(full) else (p.player if full[1] else other)
    return out, expected


def check(ctx: Context) -> Iterator[Finding]:
    if ctx.kind != "draft":
        return
    for p, expected in replay(ctx)[0]:
        if p.player is None or expected is None or p.player == expected:
            continue
        if p.index == 0:
            msg = (
                f"pick 1: {ctx.players[p.player]} drafts first, but the first player is "
                f"{ctx.players[0]} (the first name under players)"
            )
        else:
            msg = (
                f"pick {p.number}: {ctx.players[p.player]} drafts again, but it is "
                f"{ctx.players[expected]}'s turn; players alternate drafting"
            )
        yield finding(__name__, msg, (*p.path, "player"))


def _slots_after(ctx: Context, player: int, index: int) -> int | None:
    """The slots ``player`` holds once pick ``index`` is made."""
    total = 0
    for q in ctx.picks[: index + 1]:
        if q.player != player or q.faction is None:
            continue
        each = ctx.cat.slots_each(q.faction)
        if each is None:
            return None
        total += each * q.tokens
    return total
