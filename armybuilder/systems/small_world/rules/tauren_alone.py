"""A region with fewer tokens than its race may ever occupy: a lone Tauren token.

A race whose power sets a region minimum (``region_minimum`` in races.yaml) never occupies a
region with fewer Race tokens, in the states the power names. In the bundled data it is the
Tauren, 2 tokens, active and in decline (seed 001: "These large, resilient warriors may never
occupy (nor conquer) a Region with less than 2 Race tokens"; "Under no circumstances should a
Tauren token be left alone, even during the 'Ready your troops' phase"): a token that would be
left alone must be redeployed to a region the player already holds. Declined Tauren leave
exactly 2 a region (SWW006 for more). The conquest side of the floor ("nor conquer": at least 2
tokens committed, ``conquest_minimum``) is SWW008's; a conquered region said to hold fewer is
SWW016's.

Changed before release 0.1.0: SWW011 used to read a separate ``never_alone`` power; the
Tauren's one floor is now ``region_minimum``, which SWW010 read for the Orcs by mistake (SWW010
is retired). For the Tauren the verdicts are the same.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.codes import rule_finding as finding
from armybuilder.findings import Finding, Severity
from armybuilder.text import plural

from ._base import below_minimum

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Position

CODE = "SWW011"
NAME = "tauren-alone"
SEVERITY = Severity.ERROR
RULE = "SWoW Tauren"


def check(ctx: Position) -> Iterator[Finding]:
    for side, race, region, least in below_minimum(ctx):
        floor = f"the {side.name} never occupy a region with fewer than {plural(least, 'token')}"
        if region.tokens == 1:
            token = f"{'an' if side.name[:1] in 'AEIOU' else 'a'} {side.name} token"
            message = (
                f"{region.name}: {token} is left alone ({side.label}); {floor}: move it to a region "
                "the player already holds"
            )
        else:
            message = f"{region.name} holds {plural(region.tokens, 'token')} of {side.label}; {floor}"
        yield finding(__name__, message, (*region.path, "tokens"), race.cite)
