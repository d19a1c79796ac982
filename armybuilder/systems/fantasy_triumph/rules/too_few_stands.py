"""Fewer stands than the army size requires.

An army has at least one stand per 6 points of its size, rounding down: 8 stands at 51 points
(army construction rules; unverified default kept in ``data/fantasy-triumph/army.yaml``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.findings import Finding, Severity
from armybuilder.text import fmt_points, plural

from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.systems.fantasy_triumph.model import Army

CODE = "FTR021"
NAME = "too-few-stands"
SEVERITY = Severity.ERROR
RULE = "army construction"


def minimum_stands(army: Army) -> int:
    return int(army.limit // army.cat.rule_value("stands_per_point"))


def check(army: Army) -> Iterator[Finding]:
    need = minimum_stands(army)
    have = army.stands()
    if have < need:
        yield finding(
            __name__,
            f"the army has {plural(have, 'stand')}; a {fmt_points(army.limit)}-point army needs at least "
            f"{need} (one per {army.cat.rule_value('stands_per_point')} points)",
            ("classes",) if army.classes else (),
        )
