"""A Tauren token left alone in a region.

Under no circumstances is a Tauren token left alone, active or in decline: a token that
would be alone must be redeployed to a region the player already holds. Every Tauren region
holds at least 2 tokens (and declined Tauren leave exactly 2 a region: SWW006).
"""

from __future__ import annotations

from typing import Iterable

from armybuilder.findings import Finding, Severity

from ._base import region_minimum

CODE = "SWW011"
NAME = "tauren-alone"
SEVERITY = Severity.ERROR
RULE = "SWoW Tauren"
RACE = "Tauren"


def check(ctx) -> Iterable[Finding]:
    for side, region, least in region_minimum(ctx, RACE):
        yield Finding(CODE, SEVERITY, f"{region.name}: a {RACE} token is left alone ({side.label}); a Tauren token "
                      f"is never alone: move it to a region the player already holds (at least {least} a region)",
                      RULE, region.path + ("tokens",))
