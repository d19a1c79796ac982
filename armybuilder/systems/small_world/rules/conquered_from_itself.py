"""A conquest whose defender is the active race itself.

A race cannot conquer a region it already occupies (Small World's base rules: reference,
unverified, ``own_region_not_conquered`` in base-rules.yaml), and a region the active race holds is
occupied by it. So the defender of a conquest, as it stood before the conquest, is never the active
race: name the race that held the region (another player's, or the race in decline), or leave the
defender out for an empty region.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.codes import rule_finding as finding
from armybuilder.findings import Finding, Severity

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Position

CODE = "SWW020"
NAME = "conquered-from-itself"
SEVERITY = Severity.ERROR
RULE = "Small World base rules (reference, unverified)"


def check(ctx: Position) -> Iterator[Finding]:
    if not ctx.cat.value("own_region_not_conquered"):
        return
    race = ctx.active.race
    if race is None:
        return
    for c in ctx.conquests:
        if c.defender is not None and c.defender.name == race.name:
            yield finding(
                __name__,
                f"{c.region} is conquered from the {race.name}, the active race itself; a race cannot conquer "
                "a region it already occupies: name the race that held it before the conquest, or no defender "
                "for an empty region",
                (*c.path, "defender"),
                ctx.cat.ref("own_region_not_conquered"),
            )
