"""A card name that is not in the card data: accepted as written.

The rule documents do not print the Ability, Artifact and Spell card lists, so armybuilder
knows only the names its sources give (the heroes' starting Ability cards, the Diplomacy and
Logistics cards the seed removes, the Fire Wall Spell the seed names; no Artifact). Any other
name is accepted with this information, with the nearest known name when one is close, so a
typo is still easy to see.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from armybuilder.findings import Severity

from ..model import CARD_KINDS, KIND_WORDS
from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Iterator

    from armybuilder.findings import Finding

    from ..model import Army

CODE = "HMB012"
NAME = "unknown-card"
SEVERITY = Severity.INFO
RULE = "HoMM3 Battlefield 2. Setup"


def check(army: Army) -> Iterator[Finding]:
    for kind in CARD_KINDS:
        index = army.cat.cards[kind]
        for use in army.cards[kind]:
            if use.known is None:
                yield finding(
                    __name__,
                    f"{KIND_WORDS[kind][0]} card '{use.written}' is not in armybuilder's card "
                    f"data (the rule documents print no card lists): accepted as written"
                    f"{index.suggestion(use.written)}",
                    use.path,
                )
