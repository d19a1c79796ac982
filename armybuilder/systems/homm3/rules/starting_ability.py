"""The hero's own starting Ability card is one that Adventure and Skirmish remove from the Deck.

Setup step 3 (2. Setup): "Prepare the Artifact, Spell and Ability Decks normally; remove the
Diplomacy and Logistics Ability cards." Some heroes start with one of them (Cyra: Diplomacy;
Dessa, Miriam, Monere: Logistics), taken in step 2 ("3 Specialty cards and 1 Ability card"),
before the Decks are prepared. The removal is part of preparing the Decks, so the hero keeps
its own card: the list may name it (HMB008 does not refuse it). Information only: it tells the
player which reading the check takes, and why.

Changed in data version 3: the note said the seed does not settle it, while HMB008 refused the
card in the same output.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from armybuilder.findings import Severity

from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Iterator

    from armybuilder.findings import Finding

    from ..model import Army

CODE = "HMB009"
NAME = "starting-ability"
SEVERITY = Severity.INFO
RULE = "HoMM3 Battlefield 2. Setup"


def check(army: Army) -> Iterator[Finding]:
    removed = army.rules["setup"]["removed_abilities"]
    if army.hero is None or army.mode not in removed["modes"]:
        return
    if army.hero["ability"].casefold() in {c.casefold() for c in removed["cards"]}:
        yield finding(
            __name__,
            f"{army.hero['name']} starts with the {army.hero['ability']} Ability card and keeps it: setup "
            f"step 3 removes {army.hero['ability']} from the Ability Deck, and the hero's own card, taken "
            "in step 2, is not in that Deck",
            ("hero", "name"),
        )
