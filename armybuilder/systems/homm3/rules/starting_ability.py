"""The hero's own starting Ability card is one that Adventure and Skirmish remove.

Setup removes the Diplomacy and Logistics Ability cards from the Ability Deck (2. Setup,
step 3), but each player also takes the hero's own Ability card (step 2), and some heroes start
with Diplomacy (Cyra) or Logistics (Dessa, Miriam, Monere). The seed does not say whether the
hero's own card goes too: agree on it with your opponent. Information only.
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
            f"{army.hero['name']} starts with the {army.hero['ability']} Ability card, which "
            f"setup removes from the Ability Deck; the seed does not say whether the hero's own "
            f"card goes too: agree on it with your opponent",
            ("hero", "name"),
        )
