"""More tokens of a faction than the box holds.

The box holds 42 Token Terrors: 6 of each of the seven factions (the rulebook gives the 42;
the 6 each is 42 shared by seven factions, marked unverified in the data). Both players draw
from one box, so a draft never takes more of a faction than the box holds; nor do two
pre-built armies played with shared factions (``armybuilder matchup --allow-shared-factions``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.findings import Finding, Severity

from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Context

CODE = "TTB014"
NAME = "box-supply"
SEVERITY = Severity.ERROR
RULE = "TT Table of Contents"


def check(ctx: Context) -> Iterator[Finding]:
    if ctx.kind == "draft":
        for p in ctx.picks:
            if p.faction is None or p.tokens < 1:
                continue
            supply = ctx.cat.supply(p.faction)
            after = p.drafted_before + p.tokens
            if supply is not None and after > supply:
                yield finding(
                    __name__,
                    f"pick {p.number}: that makes {after} {p.faction} drafted; the box holds {supply}",
                    (*p.path, "tokens"),
                )
    elif ctx.kind == "matchup" and ctx.allow_shared:
        first, second = ctx.armies
        for faction in first.present():
            if faction not in second.present():
                continue
            supply = ctx.cat.supply(faction)
            total = first.counts[faction] + second.counts[faction]
            if supply is not None and total > supply:
                yield finding(
                    __name__,
                    f"{faction}: the two armies take {total} together ({first.label} "
                    f"{first.counts[faction]}, {second.label} {second.counts[faction]}); one box holds "
                    f"{supply}",
                    first.paths[faction],
                    army=first,
                )
