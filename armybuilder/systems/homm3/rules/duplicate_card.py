"""A card listed twice.

A hero has one Specialty card of each level (2. Setup, step 2), and the Ability, Artifact and
Spell cards are drawn from their decks (2. Setup, step 3; 4. Skirmish Mode): every card is
listed once. Names are compared without regard to case.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from armybuilder.findings import Severity
from armybuilder.suggest import fold

from ..model import CARD_KINDS, KIND_WORDS
from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Iterator

    from armybuilder.findings import Finding

    from ..model import Army, CardUse

CODE = "HMB013"
NAME = "duplicate-card"
SEVERITY = Severity.ERROR
RULE = "HoMM3 Battlefield 2. Setup"


def check(army: Army) -> Iterator[Finding]:
    seen: set[str] = set()
    for level, path in army.specialties:
        if level in seen:
            yield finding(
                __name__, f"Specialty card {level} is listed twice: the hero has one card of each level", path
            )
        seen.add(level)
    for kind in CARD_KINDS:
        first: dict[str, CardUse] = {}
        for use in army.cards[kind]:
            key = fold(use.name)
            if key in first:
                yield finding(
                    __name__,
                    f"{KIND_WORDS[kind][0]} card {first[key].name} is listed twice: list each card once",
                    use.path,
                )
            first.setdefault(key, use)
