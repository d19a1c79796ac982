"""The army costs more than its points limit.

Stands, heroes and army battle cards all count toward the army size (51 points unless the
list or an event sets another). Delayed Entry refunds are taken off (FT 32).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.findings import Finding, Severity
from armybuilder.text import fmt_points

from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.systems.fantasy_triumph.model import Army

CODE = "FTR020"
NAME = "over-limit"
SEVERITY = Severity.ERROR
RULE = "FT 39.3.c"


def check(army: Army) -> Iterator[Finding]:
    if army.total > army.limit:
        path = ("points",) if "points" in army.data else ()
        yield finding(
            __name__,
            f"the army costs {fmt_points(army.total)} points, "
            f"{fmt_points(army.total - army.limit)} over its limit of {fmt_points(army.limit)}",
            path,
        )
