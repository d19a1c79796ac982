"""Points left unspent.

The army costs less than its limit. That is legal; it is said in case it was not meant. It cites
the army size rule (``army_points``: army construction, unverified), as FTR020 does. Like FTR020,
it is not checked when the total counts an unknown name (FTR001, FTR002, FTR027) as 0.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.findings import Finding, Severity
from armybuilder.text import fmt_points

from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.systems.fantasy_triumph.model import Army

CODE = "FTR025"
NAME = "unspent-points"
SEVERITY = Severity.INFO
RULE = "army size (army construction, unverified)"


def check(army: Army) -> Iterator[Finding]:
    if army.total < army.limit and not army.incomplete:
        yield finding(
            __name__,
            f"{fmt_points(army.limit - army.total)} of {fmt_points(army.limit)} points unspent",
            ("points",) if "points" in army.data else (),
            army.cat.rule_ref("army_points"),
        )
