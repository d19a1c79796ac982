"""Heroes cost more than the army may spend on them.

At most 8 points of heroes in all, each hero 1 point plus its cards (army construction
rules; unverified default). Delayed Entry refunds do not lower this. A hero with a card the data
does not know (FTR002) has no known cost, and the heroes' total is then not checked.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.findings import Finding, Severity
from armybuilder.text import fmt_points

from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.systems.fantasy_triumph.model import Army

CODE = "FTR024"
NAME = "hero-points"
SEVERITY = Severity.ERROR
RULE = "army construction"


def check(army: Army) -> Iterator[Finding]:
    cap = army.cat.rule_value("max_hero_points")
    total = sum((h.total for h in army.heroes), 0)
    if total > cap and not any(h.unpriced for h in army.heroes):
        yield finding(__name__, f"heroes cost {fmt_points(total)} points in all; at most {cap}", ("heroes",))
