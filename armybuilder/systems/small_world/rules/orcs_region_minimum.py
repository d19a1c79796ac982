"""An Orc region with fewer than 2 tokens.

The Orcs never occupy (nor conquer) a region with fewer than 2 Race tokens. Checked for the
active Orcs: the seed does not say whether the rule still holds once they are in decline
(a race in decline leaves 1 token a region), so the regions of declined Orcs are not
checked. The conquest side of the rule (at least 2 tokens committed) is SWW008's.
"""

from __future__ import annotations

from typing import Iterable

from armybuilder.findings import Finding, Severity

from ..model import plural
from ._base import region_minimum

CODE = "SWW010"
NAME = "orcs-region-minimum"
SEVERITY = Severity.ERROR
RULE = "SWoW Orcs"
RACE = "Orcs"


def check(ctx) -> Iterable[Finding]:
    for side, region, least in region_minimum(ctx, RACE):
        yield Finding(CODE, SEVERITY, f"{region.name} holds {plural(region.tokens, 'token')} of {side.label}; "
                      f"the {RACE} never occupy a region with fewer than {least}",
                      RULE, region.path + ("tokens",))
