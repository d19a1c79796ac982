"""A card where it cannot be taken.

Each card is bought by a particular kind of taker (the seed's grouping): army cards under
``army_cards``; Delayed Entry and Mobile Infantry on the class (or hero) they mark; Charge
Through and Hold the Line on one class; stand cards on a class, never on a hero (Fierce
aside: its cost line names heroes); hero-only cards (Champion, Subcommander) only on heroes;
Regenerate never on heroes (FT 52). A misplaced card is not priced.

A card that marks stands listed under ``army_cards`` with no number marks nothing and costs
nothing: the rules forbid nothing of the kind, so that is FTR017, a warning of the list format
(before issue 46, item 17, it was this error, citing FT 32). With a number (``{Delayed Entry:
2}`` under ``army_cards``) the list does not say which stands it marks, and the card cannot be
priced (its refund is at most the marked stands' own cost, FT 32): that stays this error.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.findings import Finding, Severity

from ._base import card_rule, finding

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.systems.fantasy_triumph.model import Army

CODE = "FTR003"
NAME = "card-placement"
SEVERITY = Severity.ERROR
RULE = "FT 24-62"

_WHERE = {
    "army": "is an army card: list it under army_cards",
    "expendable": "is bought for one class: list it on that class",
    "stand": "is a stand card: list it on a class, not on a hero",
    "hero": "can only be bought for heroes",
    "stand_or_hero": "is for stands or heroes: list it on a class or a hero",
}


def check(army: Army) -> Iterator[Finding]:
    for use in army.all_uses():
        if not use.misplaced or use.marks_nothing:  # marks nothing: FTR017's
            continue
        card = use.card
        assert card is not None  # misplaced: a known card (placement_ok lets an unknown one be)
        if card["kind"] == "army" and card.get("marks"):
            marks = " or ".join("a class" if m == "stands" else "a hero" for m in card["marks"])
            why = f"marks stands{' and heroes' if 'heroes' in card['marks'] else ''}: list it on {marks}"
        else:
            why = _WHERE[card["kind"]]
        where = "army_cards" if use.owner is None else use.owner.what
        yield finding(__name__, f"{card['name']} on {where}: it {why}", use.path, card_rule(use))
