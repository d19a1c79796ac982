"""The turn's coin total leaves out the Faction Bonus.

The Faction Bonus is a rule of the base game that applies to every player, whatever their races:
the Orcs' text says their bonus adds to "the usual Faction Bonus", but no rule document gives
the size of that bonus or when it is due. When the position lists conquests, this note says that
the coin total (regions held, the Orcs' and Blood Elves' bonuses) leaves the Faction Bonus out,
citing the base rule (``faction_bonus`` in base-rules.yaml), not the Orcs. Coins from special
powers (a free name in the position) are left out too. When a side's race is one the data does not
know (SWW001), its coins are not known either, and the note is not given.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.codes import rule_finding as finding
from armybuilder.findings import Finding, Severity
from armybuilder.text import plural

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Position

CODE = "SWW014"
NAME = "coins-left-out"
SEVERITY = Severity.INFO
RULE = "Small World base rules: Faction Bonus"


def check(ctx: Position) -> Iterator[Finding]:
    if not ctx.conquests or ctx.unknown_race:
        return
    n = ctx.coins_net
    yield finding(
        __name__,
        f"the turn's {plural(n, 'victory coin')} {'leaves' if n == 1 else 'leave'} out the Faction Bonus: the rule "
        "documents name it but do not give its size",
        ("conquests",),
        ctx.cat.ref("faction_bonus"),
    )
