"""A region with fewer tokens than its race may ever occupy.

A race whose power says so (``region_minimum`` in races.yaml) never occupies (nor conquers) a
region with fewer than that many Race tokens: in the bundled data the Orcs, 2 tokens (seed 001).
Checked in the states the power names: for the Orcs while active only, since the seed does not
say whether the rule still holds once they are in decline (a race in decline leaves 1 token a
region). The conquest side of the rule (``conquest_minimum``: at least that many tokens
committed) is SWW008's. A region with a lone token of a race that is never left alone is
SWW011's, not reported twice.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.codes import rule_finding as finding
from armybuilder.findings import Finding, Severity
from armybuilder.text import plural

from ._base import below_minimum, minimum

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Position

CODE = "SWW010"
NAME = "orcs-region-minimum"
SEVERITY = Severity.ERROR
RULE = "SWoW Orcs"
POWER = "region_minimum"


def check(ctx: Position) -> Iterator[Finding]:
    for side, race, region, least in below_minimum(ctx, POWER):
        alone = minimum(side, "never_alone", ctx.cat)
        if alone is not None and region.tokens < alone:
            continue  # a lone token: SWW011 reports it
        yield finding(
            __name__,
            f"{region.name} holds {plural(region.tokens, 'token')} of {side.label}; "
            f"the {side.name} never occupy a region with fewer than {least}",
            (*region.path, "tokens"),
            race.cite,
        )
