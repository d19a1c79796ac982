"""Helpers shared by the Small World of Warcraft rule modules (not a rule).

The region minimums are race powers (``races.yaml``): whichever race's entry carries one is held
to it, and the findings name that race.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Catalog, Position, Race, Region, Side

# The powers that set the fewest tokens a region of the race may hold, and the code reporting each.
MINIMUMS = {"region_minimum": "SWW010", "never_alone": "SWW011"}


def minimum(side: Side, key: str, cat: Catalog) -> int | None:
    """The fewest tokens a region of ``side`` may hold under its race's power ``key``, or None
    when the race has no such power or it does not hold in the side's state (active, in decline)."""
    rule = side.power(key, cat)
    if not rule or not rule["active" if side.active else "in_decline"]:
        return None
    tokens: int = rule["tokens"]
    return tokens


def below_minimum(ctx: Position, key: str) -> Iterator[tuple[Side, Race, Region, int]]:
    """(side, its race, region, minimum) for each region below the minimum its race's power ``key`` sets."""
    for side in ctx.sides():
        least = minimum(side, key, ctx.cat)
        if least is None or side.race is None:  # (only a known race has a power)
            continue
        for region in side.regions:
            if region.tokens < least:
                yield side, side.race, region, least


def under_own_minimum(ctx: Position, side: Side, region: Region) -> bool:
    """The region is below a minimum of its race's own (SWW010 or SWW011 reports it)."""
    return any((least := minimum(side, key, ctx.cat)) is not None and region.tokens < least for key in MINIMUMS)
