"""A region conquered twice in one turn.

A race cannot conquer a region it already occupies (Small World's base rules: reference,
unverified, ``own_region_not_conquered`` in base-rules.yaml). Once the active race has conquered a
region this turn it occupies it, so the turn's conquests never name one region twice (region names
match without regard to case). The second conquest is refused; list each region conquered once,
with its defender as it stood before the conquest.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.codes import rule_finding as finding
from armybuilder.findings import Finding, Severity
from armybuilder.suggest import fold

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Position

CODE = "SWW018"
NAME = "region-conquered-twice"
SEVERITY = Severity.ERROR
RULE = "Small World base rules (reference, unverified)"


def check(ctx: Position) -> Iterator[Finding]:
    if not ctx.cat.value("own_region_not_conquered"):
        return
    first: dict[str, int] = {}
    for c in ctx.conquests:
        key = fold(c.region)
        if key not in first:
            first[key] = c.index
            continue
        yield finding(
            __name__,
            f"{c.region} is conquered twice this turn (conquests {first[key] + 1} and {c.index + 1}); "
            f"the {ctx.active.name} occupy it after the first conquest, and a race cannot conquer a region "
            "it already occupies",
            (*c.path, "region"),
            ctx.cat.ref("own_region_not_conquered"),
        )
