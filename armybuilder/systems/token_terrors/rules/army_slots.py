"""The army does not fill exactly 10 slots.

An army fills exactly 10 slots: players draft "until each player has 10 Tokens". A token uses
the slots of its faction's rarity: a Typical token (every Season 1 faction) uses 1.

In a draft record, every pick that takes its player past 10 slots is marked, and when the
picks run out each player who has fewer than 10 is marked: the draft ends only when both
players have 10.

When the army has a token whose rarity's slot size is unknown (TTB007), or tokens of a faction
the data does not know (TTB002), the total cannot be known and is not checked.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.findings import Finding, Severity

from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Context

CODE = "TTB006"
NAME = "army-slots"
SEVERITY = Severity.ERROR
RULE = "TT Draft Your Army"


def check(ctx: Context) -> Iterator[Finding]:
    limit = ctx.cat.value("army_slots")
    if ctx.kind == "army":
        army = ctx.armies[0]
        slots = army.slots(ctx.cat)
        if slots is not None and slots != limit and not army.unknown:
            gap = f"{limit - slots} short" if slots < limit else f"{slots - limit} over"
            yield finding(
                __name__,
                f"the army uses {slots} of its {limit} slots ({gap}; {army.mix()}); "
                f"an army fills exactly {limit} slots",
                army.where,
            )
    elif ctx.kind == "draft":
        for p in ctx.picks:
            if p.player is None or p.faction is None or p.slots_before is None or p.tokens < 1:
                continue
            each = ctx.cat.slots_each(p.faction)
            if each is None:
                continue
            after = p.slots_before + each * p.tokens
            if after > limit:
                yield finding(
                    __name__,
                    f"pick {p.number}: {ctx.players[p.player]} would have {after} slots; "
                    f"each player drafts until they have {limit}, not more",
                    (*p.path, "tokens"),
                )
        for army in ctx.armies:
            slots = army.slots(ctx.cat)
            if slots is not None and slots < limit and not army.unknown:
                yield finding(
                    __name__,
                    f"the draft ends with {army.label} at {slots} of {limit} slots; "
                    f"players keep drafting until both have {limit}",
                    army.where,
                )
