"""A region conquered this turn that the active race does not hold at its end.

The conquering race moves its tokens into the region it conquers, redeployment keeps at least 1
token in every region it occupies, and a region is abandoned only at the start of a turn (Small
World's base rules: reference, unverified, ``conquered_region_held`` in base-rules.yaml). So each
region of this turn's conquests is one of the active race's regions at the end of the turn: list it
under ``active`` ``regions`` with its tokens (region names match without regard to case). A region
listed under the race in decline is not the active race's.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.codes import rule_finding as finding
from armybuilder.findings import Finding, Severity
from armybuilder.suggest import fold

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Position

CODE = "SWW019"
NAME = "conquest-not-held"
SEVERITY = Severity.ERROR
RULE = "Small World base rules (reference, unverified)"


def check(ctx: Position) -> Iterator[Finding]:
    if not ctx.cat.value("conquered_region_held"):
        return
    a = ctx.active
    held = {fold(r.name) for r in a.regions}
    declined = {fold(r.name) for r in ctx.decline.regions} if ctx.decline is not None else set()
    said: set[str] = set()
    for c in ctx.conquests:
        key = fold(c.region)
        if key in held or key in said:
            continue  # (a region conquered twice is said once here: SWW018 refuses the second)
        said.add(key)
        where = (
            f"the position lists it under the declined {ctx.decline.name}"
            if ctx.decline is not None and key in declined
            else f"it is not among the regions of the {a.name}"
        )
        yield finding(
            __name__,
            f"{c.region} is conquered this turn, but {where}; a region conquered this turn is held at its "
            f"end (redeployment keeps at least 1 token in every region occupied, and regions are abandoned "
            f"only at the start of a turn): add it to the regions of the {a.name}",
            (*c.path, "region"),
            ctx.cat.ref("conquered_region_held"),
        )
