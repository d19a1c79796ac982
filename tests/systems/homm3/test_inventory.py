"""The inventory: faction, hero, cards, units and totals, for event packs and diffs."""

from armybuilder import systems

from ._lists import LARGE, check


def test_inventory_of_the_large_example():
    result = check(LARGE)
    items = systems.get("homm3-battlefield").inventory(LARGE, result)
    by_kind = {}
    for item in items:
        by_kind.setdefault(item.kind, []).append(item.name if item.kind != "total" else (item.name, item.count))
    assert by_kind["faction"] == ["Dungeon"] and by_kind["hero"] == ["Mutare"]
    assert by_kind["card"][:3] == ["Dragons I", "Dragons IV", "Dragons VI"]
    assert "Fire Wall" in by_kind["card"] and len(by_kind["card"]) == 3 + 4 + 3 + 4
    assert by_kind["unit"][5] == "Manticores" and len(by_kind["unit"]) == 7
    assert by_kind["total"] == [("units", 7), ("gold", 91), ("valuables", 3)]
