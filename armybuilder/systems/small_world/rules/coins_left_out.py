"""The turn's coin total leaves out the Faction Bonus.

The Faction Bonus is a rule of the base game that applies to every player, whatever their races:
the Orcs' text says their bonus adds to "the usual Faction Bonus", but no rule document gives
the size of that bonus or when it is due. When the position lists conquests, this note says that
the coin total (regions held, the Orcs' and Blood Elves' bonuses) leaves the Faction Bonus out,
citing the base rule (``faction_bonus`` in base-rules.yaml), not the Orcs. Coins from special
powers (a free name in the position) are left out too.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.codes import rule_finding as finding
from armybuilder.findings import Finding, Severity

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Position

CODE = "SWW014"
NAME = "coins-left-out"
SEVERITY = Severity.INFO
RULE = "Small World base rules: Faction Bonus"


def check(ctx: Position) -> Iterator[Finding]:
    if not ctx.conquests:
        return
    yield finding(
        __name__,
        f"the turn's {ctx.coins_net} victory coins leave out the Faction Bonus: the rule "
        "documents name it but do not give its size",
        ("conquests",),
        ctx.cat.ref("faction_bonus"),
    )
