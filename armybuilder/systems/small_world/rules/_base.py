"""Helpers shared by the Small World of Warcraft rule modules (not a rule).

The region minimum is a race power (``region_minimum`` in ``races.yaml``): whichever race's entry
carries one is held to it, and the findings name that race. In the bundled data it is the
Tauren's 2-token floor (seed 001).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.suggest import fold

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Catalog, Position, Race, Region, Side

POWER = "region_minimum"  # the power that sets the fewest tokens a region of the race may hold (SWW011)


def minimum(side: Side, cat: Catalog) -> int | None:
    """The fewest tokens a region of ``side`` may hold under its race's region minimum, or None
    when the race has none or it does not hold in the side's state (active, in decline)."""
    rule = side.power(POWER, cat)
    if not rule or not rule["active" if side.active else "in_decline"]:
        return None
    tokens: int = rule["tokens"]
    return tokens


def always_minimum(race: Race | None) -> int | None:
    """The race's region minimum when it holds in every state (active and in decline), else None:
    what any region of that race holds, whoever plays it and whatever its state."""
    rule = race.power.get(POWER) if race is not None else None
    if not rule or not (rule["active"] and rule["in_decline"]):
        return None
    tokens: int = rule["tokens"]
    return tokens


def below_minimum(ctx: Position) -> Iterator[tuple[Side, Race, Region, int]]:
    """(side, its race, region, minimum) for each region below the minimum its race's power sets."""
    for side in ctx.sides():
        least = minimum(side, ctx.cat)
        if least is None or side.race is None:  # (only a known race has a power)
            continue
        for region in side.regions:
            if region.tokens < least:
                yield side, side.race, region, least


def under_own_minimum(ctx: Position, side: Side, region: Region) -> bool:
    """The region is below its race's own minimum (SWW011 reports it)."""
    least = minimum(side, ctx.cat)
    return least is not None and region.tokens < least


def kept_floor(side: Side, cat: Catalog) -> tuple[int, Race | None]:
    """The tokens a region of ``side`` held through the turn keeps while the turn's conquests are
    made: 1 (``tokens_kept_per_region``, the base rules), or the race's own region minimum when it
    is higher (the Tauren, 2), with that race (None: the base rules' floor)."""
    floor: int = cat.value("tokens_kept_per_region")
    least = minimum(side, cat)
    if least is not None and least > floor and side.race is not None:
        return least, side.race
    return floor, None


def kept_through_the_turn(ctx: Position) -> list[str]:
    """The active race's regions not conquered this turn, each name once, as first listed (SWW017)."""
    conquered = {fold(c.region) for c in ctx.conquests}
    kept: dict[str, str] = {}
    for region in ctx.active.regions:
        key = fold(region.name)
        if key not in conquered:
            kept.setdefault(key, region.name)
    return list(kept.values())
