"""Worked examples, totals computed by hand from the unit cards (units.yaml / the reference CSV)."""

import pytest

from ._lists import ADVENTURE, BOARD, LARGE, MEDIUM, SHORT, check, variant


@pytest.mark.parametrize(
    "data, totals",
    [
        # Necropolis, Few: Skeletons 2/1/2 2g, Zombies 2/1/3 3g, Wraiths 3/0/3 4g, Vampires 4/1/4 8g, Liches 3/1/5 8g
        (SHORT, {"units": 5, "attack": 14, "defense": 4, "hp": 17, "gold": 25, "valuables": 0}),
        # Castle, Pack: Halberdiers 3/1/2 3g, Marksmen 2/0/2 5g, Griffins 3/0/4 6g, Crusaders 4/2/4 10g,
        # Zealots 4/1/5 12g, Champions 6/2/7 20g+1v, Archangels 7/3/10 30g+2v
        (MEDIUM, {"units": 7, "attack": 29, "defense": 9, "hp": 34, "gold": 86, "valuables": 3}),
        # Dungeon, Pack: Troglodytes 3/1/2 3g, Harpies 3/0/3 5g, Evil Eyes 3/1/3 6g, Medusas 4/1/4 12g,
        # Minotaurs 5/2/4 14g, Manticores (alternate Pack) 4/2/7 18g+1v, Black Dragons 8/3/8 33g+2v
        (LARGE, {"units": 7, "attack": 30, "defense": 10, "hp": 31, "gold": 91, "valuables": 3}),
        # Tower: Gremlins Pack 2/0/2 2g, Gargoyles Pack 3/1/3 4g, Iron Golems Few 3/1/3 4g, Magi Few 3/0/4 6g,
        # Genies Few 3/1/6 8g
        (ADVENTURE, {"units": 5, "attack": 14, "defense": 3, "hp": 18, "gold": 24, "valuables": 0}),
        # Rampart: Centaurs Pack 3/0/3 3g, Dwarves Pack 3/1/3 4g, Elves Pack 3/1/3 7g, Pegasi Few 3/0/5 6g,
        # neutral Sharpshooters 3/0/6 10g
        (BOARD, {"units": 5, "attack": 15, "defense": 2, "hp": 20, "gold": 30, "valuables": 0}),
    ],
)
def test_totals(data, totals):
    r = check(data)
    assert r.details["totals"] == totals
    assert r.measure.total == totals["units"]


def test_alternate_manticores_use_the_alternate_card():
    rows = {u["name"]: u for u in check(LARGE).details["units"]}
    m = rows["Manticores"]
    assert (m["side"], m["attack"], m["defense"], m["hp"], m["initiative"], m["cost"]) == (
        "Pack (Alternate)",
        4,
        2,
        7,
        11,
        {"gold": 18, "valuables": 1},
    )
    regular = variant(LARGE, units=[{"name": "Manticores", "side": "Pack"}])
    (m,) = check(regular).details["units"]
    assert (m["attack"], m["defense"], m["hp"], m["initiative"]) == (5, 1, 6, 11)


def test_movement_equals_initiative():
    for data in (SHORT, MEDIUM, LARGE, ADVENTURE, BOARD):
        for u in check(data).details["units"]:
            assert u["movement"] == u["initiative"]


def test_units_section_rows_and_total_row():
    r = check(MEDIUM)
    units = next(s for s in r.sections if s.title == "Units")
    assert units.columns == ["Unit", "Tier", "Side", "Type", "Atk", "Def", "HP", "Init/Move", "Gold", "Val."]
    assert units.rows[0] == ["Halberdiers", "Bronze", "Pack", "Ground", 3, 1, 2, 5, 3, 0]
    assert units.rows[-1] == ["Total: 7 units", "", "", "", 29, 9, 34, "", 86, 3]
    assert "Recruit cost: 86 gold + 3 valuables." in units.notes


def test_adventure_start_section():
    r = check(ADVENTURE)
    adv = next(s for s in r.sections if s.title == "Adventure start")
    assert adv.rows == [["Income (Town Board)", 10, 0, 0], ["Starting resources", 15, 3, 1]]
    assert r.details["adventure"]["rounds"] == 13
    short = check(variant(ADVENTURE, length="short")).details["adventure"]
    large = check(variant(ADVENTURE, length="large")).details["adventure"]
    assert (short["rounds"], large["rounds"]) == (9, 16)


def test_unknown_units_are_not_costed():
    r = check(variant(MEDIUM, units=[{"name": "Halberdiers", "side": "Pack"}, {"name": "Nobody", "side": "Pack"}]))
    assert r.details["totals"]["units"] == 1 and r.measure.total == 2
    units = next(s for s in r.sections if s.title == "Units")
    assert "Not costed (not in the unit data): Nobody." in units.notes


def test_board_measure_has_the_limit():
    assert check(BOARD).measure.to_dict() == {"total": 5, "limit": 5, "unit": "units"}
    assert check(variant(BOARD, opponent="player")).measure.limit == 7
