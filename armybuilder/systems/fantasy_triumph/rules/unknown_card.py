"""Unknown battle card.

A card name that is not one of the Fantasy Triumph battle cards FT 24 to FT 62. FT 40 and
FT 41 are not public, so no card stands for them. The message suggests the nearest known card.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.findings import Finding, Severity

from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.systems.fantasy_triumph.model import Army

CODE = "FTR002"
NAME = "unknown-card"
SEVERITY = Severity.ERROR
RULE = "FT 24-62"


def check(army: Army) -> Iterator[Finding]:
    for use in army.all_uses():
        if use.card is None:
            yield finding(
                __name__, f"unknown battle card '{use.written}'{army.cat.cards.suggestion(use.written)}", use.path
            )
