"""A region of the race in decline with more or fewer tokens than the race leaves.

A race going into decline leaves 1 token in each region it holds (the Tauren's text:
"2 Race tokens in each Region, instead of 1"); the Tauren leave 2. A race in decline gains
no tokens, and a conquered region loses them all, so each of its regions still holds
exactly that many. A race whose data leaves its count unsettled (``decline_tokens_per_region:
null``) is not checked; no bundled race does. A lone Tauren token is SWW011's, not reported twice.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.codes import rule_finding as finding
from armybuilder.findings import Finding, Severity
from armybuilder.text import plural

from ._base import under_own_minimum

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Position

CODE = "SWW006"
NAME = "decline-tokens"
SEVERITY = Severity.ERROR
RULE = "SWoW Tauren"


def check(ctx: Position) -> Iterator[Finding]:
    side = ctx.decline
    if side is None or side.race is None:
        return
    race = side.race
    rule = ctx.cat.ref("decline_tokens_per_region")
    leave = ctx.cat.value("decline_tokens_per_region")
    own = "decline_tokens_per_region" in race.power
    if own:
        leave, rule = race.power["decline_tokens_per_region"], race.cite
        if leave is None:
            return  # the seed does not settle it
    for region in side.regions:
        if region.tokens == leave:
            continue
        if under_own_minimum(ctx, side, region):
            continue  # below the race's own floor: SWW011 reports it
        usual = ctx.cat.value("decline_tokens_per_region")
        allowed = (
            f"the {race.name} in decline leave {leave} in each region, instead of {usual}"
            if own
            else f"a race in decline leaves {leave} in each region"
        )
        yield finding(
            __name__,
            f"{region.name}: the declined {race.name} have {plural(region.tokens, 'token')} here; {allowed}",
            (*region.path, "tokens"),
            rule,
        )
