"""Helpers shared by the Small World of Warcraft rule modules (not a rule)."""

from __future__ import annotations

from typing import Iterator


def region_minimum(ctx, race_name: str) -> Iterator[tuple]:
    """(side, region, minimum) for each region of ``race_name`` below its power's region_minimum."""
    for side in ctx.sides():
        if side.race is None or side.race.name != race_name:
            continue
        rule = side.power("region_minimum", ctx.cat)
        if not rule or not rule["active" if side.active else "in_decline"]:
            continue
        for region in side.regions:
            if region.tokens < rule["tokens"]:
                yield side, region, rule["tokens"]
