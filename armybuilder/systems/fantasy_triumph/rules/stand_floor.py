"""A stand priced up to the 1-point minimum.

A stand never costs less than 1 point after its cards (army construction rules; unverified
default). Cards that lower the cost below that save nothing more. A class with a troop type or a
card the data does not know (FTR001, FTR002) has no known cost, and is not told about it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.findings import Finding, Severity
from armybuilder.text import fmt_points

from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.systems.fantasy_triumph.model import Army

CODE = "FTR026"
NAME = "stand-floor"
SEVERITY = Severity.INFO
RULE = "army construction"


def check(army: Army) -> Iterator[Finding]:
    for c in army.classes:
        if c.floored and not c.unpriced:
            yield finding(
                __name__,
                f"{c.what}: its cards make a stand {fmt_points(c.raw)} points; a stand costs "
                f"at least {fmt_points(c.each)}",
                c.path,
            )
