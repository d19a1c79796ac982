"""The Skirmish ``abilities`` list names the hero's own Ability card.

Each player takes the hero's "3 Specialty cards and 1 Ability card" at setup (2. Setup, step 2);
a Skirmish then draws Ability cards from the deck and keeps some: "draw 3 Ability cards keep 2"
(Short), 4 keep 3 (Medium), 6 keep 4 (Large) (4. Skirmish Mode). ``abilities`` lists the cards
kept from the draw. The hero's own card is not one of them: when the list names it, it is not
counted among the cards kept (HMB007), and this warning says so. Adventure and the board keep no
fixed number, so there the list may name the hero's own card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from armybuilder.findings import Severity

from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Iterator

    from armybuilder.findings import Finding

    from ..model import Army

CODE = "HMB021"
NAME = "own-ability-card"
SEVERITY = Severity.WARNING
RULE = "HoMM3 Battlefield 2. Setup"


def check(army: Army) -> Iterator[Finding]:
    s = army.skirmish
    if s is None or army.hero is None:
        return
    keep = s["abilities"]["keep"]
    for use in army.own_ability_uses():
        yield finding(
            __name__,
            f"{use.name} is {army.hero_name}'s own Ability card (setup step 2), not one of the drawn "
            f"cards: it is not counted among the {keep} a {army.length_title} keeps; list only the "
            "cards kept from the draw",
            use.path,
        )
