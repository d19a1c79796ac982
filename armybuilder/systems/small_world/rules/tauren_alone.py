"""A token left alone in a region, of a race that is never left alone.

Under no circumstances is a token of such a race (``never_alone`` in races.yaml: in the bundled
data the Tauren, active or in decline, seed 001) left alone: a token that would be alone must be
redeployed to a region the player already holds. Every region of the race holds at least the
power's ``tokens`` (2: no lone token); declined Tauren leave exactly 2 a region (SWW006).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.codes import rule_finding as finding
from armybuilder.findings import Finding, Severity

from ._base import below_minimum

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Position

CODE = "SWW011"
NAME = "tauren-alone"
SEVERITY = Severity.ERROR
RULE = "SWoW Tauren"
POWER = "never_alone"


def check(ctx: Position) -> Iterator[Finding]:
    for side, race, region, least in below_minimum(ctx, POWER):
        token = f"{'an' if side.name[:1] in 'AEIOU' else 'a'} {side.name} token"
        yield finding(
            __name__,
            f"{region.name}: {token} is left alone ({side.label}); {token} is never "
            f"alone: move it to a region the player already holds (at least {least} a region)",
            (*region.path, "tokens"),
            race.cite,
        )
