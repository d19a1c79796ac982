"""A card listed twice for the same class, hero or army.

A stand card may not be bought twice for one stand (FT 25, 31.1, 51, 58, 61 say so for their
cards, and the army rules for all). A card that marks stands (Delayed Entry) marks a stand
once: listed twice on one class or hero it is this error too ("list it once with a number").
Cards bought in numbers of cards (Illusion, Prepared Defenses, Hold the Line, Charge Through)
listed in two entries are read together: FTR016, a warning of the list format (before issue
46, item 17, they were this error). Cards that an army may buy only once are reported by
FTR011 instead, and an army card a second copy of buys nothing (No Camp, Pack Train and Herds)
by FTR030.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.findings import Finding, Severity

from ._base import card_rule, finding

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.systems.fantasy_triumph.model import Army, CardUse

CODE = "FTR004"
NAME = "duplicate-card"
SEVERITY = Severity.ERROR
RULE = "army construction"


def check(army: Army) -> Iterator[Finding]:
    owners = [(u.what, u.cards) for u in army.units()] + [("army_cards", army.army_cards)]
    for what, cards in owners:
        seen: dict[str, CardUse] = {}
        for use in cards:
            if use.card is None:
                continue
            if use.owner is None and (use.card.get("caps", {}).get("max_per_army") or use.card.get("bought_again")):
                continue
            if use.card.get("quantity") == "cards":  # entries read together: FTR016
                continue
            if use.name in seen:
                how = (
                    "list it once with a number"
                    if use.card.get("quantity")
                    else "a card cannot be bought twice for the same stand or hero"
                )
                yield finding(__name__, f"{use.name} appears twice on {what}: {how}", use.path, card_rule(use))
            seen.setdefault(use.name, use)
