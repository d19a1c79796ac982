"""A region listed twice in one position.

A region holds the tokens of one race at most: a conquest takes the whole region. List
each region once, under the race that holds it, with all its tokens (region names match
without regard to case). This is Small World's base rule (reference, unverified).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.codes import rule_finding as finding
from armybuilder.findings import Finding, Severity
from armybuilder.suggest import fold

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Position

CODE = "SWW005"
NAME = "region-listed-twice"
SEVERITY = Severity.ERROR
RULE = "Small World base rules (reference, unverified)"


def check(ctx: Position) -> Iterator[Finding]:
    seen: dict[str, str] = {}
    for side in ctx.sides():
        for region in side.regions:
            key = fold(region.name)
            if key in seen:
                yield finding(
                    __name__,
                    f"{region.name} is listed twice (under {seen[key]} and under "
                    f"{side.label}); a region holds one race's tokens: list it once with all of them",
                    (*region.path, "name"),
                    ctx.cat.ref("one_race_per_region"),
                )
            else:
                seen[key] = side.label
