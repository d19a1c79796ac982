"""The inventory of an army (for event packs): factions with their tokens, and totals."""

from armybuilder.systems import Item
from armybuilder.systems.token_terrors.system import SYSTEM

from .helpers import GOOD_DRAFT, army, draft


def test_army_inventory():
    r = army(Wyverns=5, Goblins=5)
    assert SYSTEM.inventory(r.document, r) == [
        Item("faction", "Wyverns", 5, ("tokens", "Wyverns")),
        Item("faction", "Goblins", 5, ("tokens", "Goblins")),
        Item("total", "tokens", 10),
        Item("total", "factions", 2),
        Item("total", "slots", 10),
    ]


def test_a_draft_record_has_no_single_army_inventory():
    r = draft(["Ozzy", "Wren"], GOOD_DRAFT)
    assert SYSTEM.inventory(r.document, r) == []
