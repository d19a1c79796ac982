"""The army costs more than its points limit.

Stands, heroes, army battle cards and the invasion and maneuver ratings all count toward the
army size (51 points unless the list or an event sets another). Delayed Entry refunds are taken
off (FT 32). The army size is an army construction rule the seed does not print (reference
README, unverified: ``army_points`` in ``data/fantasy-triumph/army.yaml``); the finding cites it.
Before release 0.1.0 it cited FT 39.3.c, the Illusion deployment rule, which names 51 points only
in passing. When a troop type or card the list names is unknown (FTR001, FTR002: priced 0), or
the topography a price depends on (FTR027), the total is not known and is not checked.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.findings import Finding, Severity
from armybuilder.text import fmt_points, points_text

from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.systems.fantasy_triumph.model import Army

CODE = "FTR020"
NAME = "over-limit"
SEVERITY = Severity.ERROR
RULE = "army size (army construction, unverified)"


def check(army: Army) -> Iterator[Finding]:
    if army.total > army.limit and not army.incomplete:
        path = ("points",) if "points" in army.data else ()
        yield finding(
            __name__,
            f"the army costs {points_text(army.total)}, "
            f"{fmt_points(army.total - army.limit)} over its limit of {fmt_points(army.limit)}",
            path,
            army.cat.rule_ref("army_points"),
        )
