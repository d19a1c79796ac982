"""Two armies in a matchup share a faction.

"If you and your opponent would like to forgo the drafting process and agree to
preconstructed armies it's still recommended that you NOT share the same faction." A draft
never lets it happen (TTB013); two pre-built armies in ``armybuilder matchup`` are refused
when they share a faction, unless both players agree (``--allow-shared-factions``): then one
box supplies both armies (TTB014).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.findings import Finding, Severity

from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Context

CODE = "TTB030"
NAME = "shared-faction"
SEVERITY = Severity.ERROR
RULE = "TT Draft Your Army: shared factions"


def check(ctx: Context) -> Iterator[Finding]:
    if ctx.kind != "matchup" or ctx.allow_shared:
        return
    first, second = ctx.armies
    for faction in first.present():
        if faction in second.present():
            yield finding(
                __name__,
                f"{faction} are in both armies ({first.label} {first.counts[faction]}, "
                f"{second.label} {second.counts[faction]}); pre-built armies should not share a faction "
                "(if both players agree, use --allow-shared-factions)",
                first.paths[faction],
                army=first,
            )
