"""A Diplomacy or Logistics Ability card in Adventure or Skirmish.

Setup for both Adventure and Skirmish removes the Diplomacy and Logistics Ability cards from
the Ability Deck (2. Setup, step 3), so neither can be drawn. A regular game on the board keeps
them. The removed cards are data (rules.yaml, ``removed_abilities``). A removed card listed in
a Skirmish is not counted among the Ability cards kept either (HMB007).

The hero's own Ability card is not refused, even when it is Diplomacy or Logistics (Cyra; Dessa,
Miriam, Monere): step 3 says "Prepare the Artifact, Spell and Ability Decks normally; remove the
Diplomacy and Logistics Ability cards", and the hero's card is not in a Deck: each player took it
in step 2 ("3 Specialty cards and 1 Ability card"). HMB009 tells such a hero's player so.
Changed in data version 3: the hero's own card was refused, beside a note saying the seed did not
settle it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from armybuilder.findings import Severity

from ..model import join
from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Iterator

    from armybuilder.findings import Finding

    from ..model import Army

CODE = "HMB008"
NAME = "removed-ability"
SEVERITY = Severity.ERROR
RULE = "HoMM3 Battlefield 2. Setup"


def check(army: Army) -> Iterator[Finding]:
    removed = army.rules["setup"]["removed_abilities"]
    if army.mode not in removed["modes"]:
        return
    banned = {c.casefold(): c for c in removed["cards"]}
    own = army.own_ability_uses()
    for use in army.cards["abilities"]:
        hit = banned.get(use.name.casefold())
        if use in own:
            continue
        if hit:
            yield finding(
                __name__,
                f"{hit} is removed from the Ability Deck in Adventure and Skirmish "
                f"(setup step 3 removes {join(removed['cards'])})",
                use.path,
                removed["rule"],
            )
