"""The one table of card condition keys (conditions.py), and the data-driven "at the table" notes.

An unknown condition key in cards.yaml is refused when the data loads, naming the card and the
key; every key the bundled data uses is in the table, and the schema allows exactly the table's
keys. ``describe`` gives the words the catalog printed before the table existed: the expected
strings below are what commit 1c7a490 printed (``armybuilder catalog fantasy-triumph``, and its
``ft_cond`` for the values no bundled card has), not made by the code under test.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from armybuilder import resources
from armybuilder.resources import load_schema
from armybuilder.systems.fantasy_triumph import catalog as ft_catalog
from armybuilder.systems.fantasy_triumph import conditions, model
from armybuilder.systems.fantasy_triumph.conditions import KEYS, CardDataError

from .conftest import ft_list

DATA = Path(__file__).resolve().parents[3] / "data" / "fantasy-triumph"


def _bundled_cards() -> list[dict]:
    return yaml.safe_load((DATA / "cards.yaml").read_text(encoding="utf-8"))["cards"]


# ---------------------------------------------------------------------------
# The table covers the data and the schema


def test_every_key_the_bundled_data_uses_is_in_the_table():
    used = {
        key
        for card in _bundled_cards()
        for _, cond in conditions.card_conditions(card)
        for key, _ in conditions.keys_in(cond)
    }
    assert used, "the walk found no conditions at all"
    assert used - set(KEYS) == set()
    conditions.check_cards(_bundled_cards())  # and the load-time check passes


def test_the_schema_allows_exactly_the_table_keys():
    schema = load_schema("fantasy-triumph.cards")
    assert set(schema["$defs"]["condition"]["properties"]) == set(KEYS)


def test_every_condition_place_of_a_card_is_walked():
    # each place the schema gives a condition: cost case, restriction, warning, note, option, table note
    card = {
        "name": "X",
        "cost": {"cases": [{"when": {"dense": True}, "points": 1}, {"points": 0}]},
        "restrictions": [{"require": {"mount": "foot"}}, {"forbid": {"move": [8]}}],
        "warnings": [{"when": {"card": ["Deadly"]}}],
        "notes": [{"when": {"general": True}}],
        "options": [{"name": "reach", "missing_unless": {"taker": "hero"}}],
        "table_note": {"kind": "sacked_camp", "value": "v", "when": {"option": "a"}},
    }
    places = [where for where, _ in conditions.card_conditions(card)]
    assert places == [
        "cost case 1 when",
        "restriction 1 require",
        "restriction 2 forbid",
        "warning 1 when",
        "note 1 when",
        "option 'reach' missing_unless",
        "table_note when",
    ]


# ---------------------------------------------------------------------------
# An unknown key is refused, with the card and the key named


@pytest.mark.parametrize("where", ["cost", "restriction", "nested", "table_note"])
def test_an_unknown_key_is_refused_naming_the_card_and_the_key(where):
    card = {"name": "Armored", "cost": {"per": "stand", "cases": [{"points": 0.5}]}}
    if where == "cost":
        card["cost"]["cases"].insert(0, {"when": {"troops": ["Spear"]}, "points": 1})
    elif where == "restriction":
        card["restrictions"] = [{"forbid": {"troops": ["War Wagons"]}, "rule": "FT 25", "reason": "r"}]
    elif where == "nested":
        card["cost"]["cases"].insert(
            0, {"when": {"any": [{"dense": True}, {"not": {"troops": ["Spear"]}}]}, "points": 1}
        )
    else:
        card["table_note"] = {"kind": "sacked_camp", "value": "v", "when": {"troops": ["Spear"]}}
    with pytest.raises(CardDataError) as err:
        conditions.check_cards([card])
    message = str(err.value)
    assert "card 'Armored'" in message and "unknown condition key 'troops'" in message
    assert "did you mean 'troop'?" in message


def test_describe_and_evaluate_refuse_an_unknown_key_too():
    with pytest.raises(CardDataError, match="unknown condition key 'densee'"):
        conditions.describe({"densee": True})
    with pytest.raises(CardDataError, match="unknown condition key 'densee'"):
        conditions.holds({"densee": True}, None, None, None)


@pytest.fixture
def data_copy(tmp_path, monkeypatch):
    """A copy of data/fantasy-triumph/ that a test may break; the bundled data is back afterwards."""
    root = tmp_path / "fantasy-triumph"
    shutil.copytree(DATA, root)
    monkeypatch.setattr(resources, "system_data_dir", lambda system: root)
    _clear()
    yield root
    monkeypatch.undo()
    _clear()


def _clear():
    resources.clear_caches()
    model.catalog.cache_clear()


def _edit_cards(root: Path, old: str, new: str) -> None:
    path = root / "cards.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")
    _clear()


def test_an_unknown_key_in_the_data_files_is_an_error_when_the_data_loads(data_copy):
    # Brittle: "{when: {troop: [Artillery]}, points: 0}" becomes a key the table does not know
    _edit_cards(data_copy, "- {when: {troop: [Artillery]}, points: 0}", "- {when: {troops: [Artillery]}, points: 0}")
    with pytest.raises(CardDataError) as err:
        model.catalog()
    assert "card 'Brittle'" in str(err.value) and "'troops'" in str(err.value)
    with pytest.raises(CardDataError):  # checking a list loads the data: refused too, not ignored
        ft_list(classes=[{"troop": "Spear"}])
    with pytest.raises(CardDataError):  # and so does the catalog
        ft_catalog.ft_cards()


def test_the_intact_copy_loads(data_copy):
    assert "Brittle" in model.catalog().cards  # the fixture itself breaks nothing


def test_an_unknown_table_note_kind_is_an_error_when_the_data_loads(data_copy):
    _edit_cards(data_copy, "table_note: {kind: lost_until_entry,", "table_note: {kind: lost_until_entri,")
    with pytest.raises(CardDataError) as err:
        model.catalog()
    assert "card 'Delayed Entry'" in str(err.value) and "unknown kind 'lost_until_entri'" in str(err.value)


def test_a_table_note_value_army_yaml_lacks_is_an_error_when_the_data_loads(data_copy):
    _edit_cards(data_copy, "value: heavily_fortified_camp_sacked_points", "value: camp_points")
    with pytest.raises(CardDataError, match=r"card 'Fortified Camp'.*'camp_points' is not an entry of army\.yaml"):
        model.catalog()


# ---------------------------------------------------------------------------
# describe: the catalog's words, as before

DESCRIBED = [
    ({"dense": True}, "a Dense home topography"),
    ({"dense": False}, "a topography that is not Dense"),
    ({"option": "any"}, "option 'any'"),
    ({"taker": "hero"}, "a hero"),
    ({"taker": "stand"}, "a stand"),
    ({"troop": ["Artillery"]}, "Artillery"),
    (
        {"troop": ["Knights", "Behemoths", "Warriors", "Warband", "Pikes"]},
        "Knights, Behemoths, Warriors, Warband or Pikes",
    ),
    (
        {"any": [{"troop": ["Bow Levy", "Shooters"]}, {"card": ["Mindblast", "Spellblast"]}]},
        "(Bow Levy or Shooters or with Mindblast or Spellblast)",
    ),
    (
        {"any": [{"troop": ["Pavisiers", "Shooters"]}, {"card": ["Ranged Attack"]}]},
        "(Pavisiers or Shooters or with Ranged Attack)",
    ),
    ({"card": ["Spiked Carts"]}, "with Spiked Carts"),
    ({"order": "open"}, "open-order troops"),
    ({"mount": "foot"}, "foot troops"),
    ({"base_points": [2, 3]}, "2 or 3-point troop types"),
    ({"base_points": [4.5]}, "4½-point troop types"),
    ({"move": [8]}, "troops moving 8 MU"),
    ({"shoots": True}, "shooting troops"),
    ({"shoots": False}, "troops that do not shoot"),
    ({"extra_command_point": True}, "troops that pay +1 command point"),
    ({"extra_command_point": False}, "troops that pay no extra command point"),
    ({"army_card": ["Pack Train and Herds"]}, "the army has Pack Train and Herds"),
    ({"army_card": ["A", "B"]}, "the army has A or B"),
    ({"general": True}, "the general's class"),
    ({"general": False}, "a class without the general"),
    ({"not": {"troop": ["War Wagons"]}}, "not War Wagons"),
    ({"order": "close", "mount": "foot"}, "close-order troops and foot troops"),
]


def test_the_described_cases_cover_every_key():
    assert {key for cond, _ in DESCRIBED for key, _ in conditions.keys_in(cond)} == set(KEYS)


@pytest.mark.parametrize("cond,words", DESCRIBED, ids=[w for _, w in DESCRIBED])
def test_describe_gives_the_catalog_words(cond, words):
    assert conditions.describe(cond) == words


def test_the_catalog_cost_column_reads_as_before():
    # rows of `armybuilder catalog fantasy-triumph cards` before the table (cost column)
    rows = {e.name: e.row["cost"] for e in ft_catalog.ft_cards()}
    assert rows["Ambush"] == "2 if a Dense home topography; 2 if option 'any'; else 1 /army"
    assert rows["Brittle"] == (
        "0 if Artillery; -1 if (Bow Levy or Shooters or with Mindblast or Spellblast); else -2 /stand"
    )
    assert rows["Away"] == "1 if a hero; else ½ /stand"


# ---------------------------------------------------------------------------
# Real look-ups where the catalog searched repr() of the data


def test_topography_dependent_cards_are_found_by_their_dense_key():
    # FT 24, 49, 58: the three cards whose price changes with a Dense home topography
    assert [c["name"] for c in _bundled_cards() if model.depends_on_topography(c)] == [
        "Ambush",
        "Prepared Defenses",
        "Terrain Affinity",
    ]


def test_a_dense_key_inside_any_or_not_counts_and_a_word_in_a_note_does_not():
    inside = {"cost": {"cases": [{"when": {"not": {"any": [{"dense": True}, {"taker": "hero"}]}}, "points": 1}]}}
    assert model.depends_on_topography(inside)
    worded = {"cost": {"note": "dense prose", "cases": [{"when": {"option": "dense"}, "points": 1}, {"points": 0}]}}
    assert not model.depends_on_topography(worded)


def test_troop_entries_name_the_cards_whose_conditions_name_them():
    notes = {e.name: e.notes for e in ft_catalog.ft_troops()}
    # War Wagons: forbidden Armored (FT 25), Craven (FT 30), Fierce (FT 34); free Massive (FT 43); ...
    [ww] = [n for n in notes["War Wagons"] if n.startswith("cards whose price or availability names it")]
    for card in ("Armored", "Craven", "Fierce", "Massive"):
        assert card in ww
    # a troop type no card names gets no such note
    assert not any(n.startswith("cards whose") for n in notes["Elite Foot"])


def test_values_of_reads_nested_conditions():
    cond = {"any": [{"troop": ["Bow Levy", "Shooters"]}, {"not": {"troop": ["Horde"]}}], "option": "x"}
    assert conditions.values_of(cond, "troop") == ["Bow Levy", "Shooters", "Horde"]
    assert conditions.values_of(cond, "option") == ["x"]


# ---------------------------------------------------------------------------
# "At the table": which card gets which note is data (table_note), the code has only note kinds


def test_table_notes_come_from_the_data():
    with_notes = {c["name"]: c["table_note"]["kind"] for c in _bundled_cards() if "table_note" in c}
    assert with_notes == {
        "Delayed Entry": "lost_until_entry",
        "Fortified Camp": "sacked_camp",
        "Regenerate": "stand_regeneration",
    }
    assert set(with_notes.values()) <= set(model.TABLE_NOTES)


def test_the_schema_allows_exactly_the_note_kinds():
    schema = load_schema("fantasy-triumph.cards")
    assert set(schema["$defs"]["card"]["properties"]["table_note"]["properties"]["kind"]["enum"]) == set(
        model.TABLE_NOTES
    )


def test_the_notes_read_as_before():
    # FT 52.1: Spear 4 + Regenerate 1 = 5 -> the 4-5.5 band: 2 command points.
    # FT 32.3: 2 Spear stands x 4 x ½ = 4 points lost until they enter; a hero (1) marked: ½.
    # FT 36.2.b: 17 points.
    r = ft_list(
        classes=[
            {"name": "Trolls", "troop": "Spear", "cards": ["Regenerate"]},
            {"name": "Late", "troop": "Spear", "stands": 2, "cards": ["Delayed Entry"]},
        ],
        heroes=[{"name": "Seer", "cards": ["Delayed Entry"]}],
        army_cards=[{"Fortified Camp": "heavily fortified"}],
    )
    *cards, victory = r.details["at_the_table"]
    assert cards == [
        "Trolls: a lost 5-point stand regenerates for 2 command points (FT 52.1)",
        "Late (2 stands): counts as 4 points lost until it enters (FT 32.3)",
        "Seer: counts as ½ point lost until it enters (FT 32.3)",
        "A sacked heavily fortified camp counts as 17 points of lost troops (FT 36.2.b)",
    ]
    # then the army's victory value: Trolls 5 + Late 2 x 4 + 5 Horde fillers x 2 + Seer 1 = 24
    assert victory.startswith("Victory value: 24 points") and "one third of it, 8 points" in victory


def test_a_note_whose_condition_fails_is_left_out(data_copy):
    # the condition is the data's: Fortified Camp's note is for the heavily fortified camp only
    r = ft_list(army_cards=[{"Fortified Camp": "fortified"}])
    assert [n for n in r.details["at_the_table"] if not n.startswith("Victory value")] == []
    # and changing the data changes who gets it, with no card named in code
    _edit_cards(data_copy, "when: {option: heavily fortified}}", "when: {option: fortified}}")
    r = ft_list(army_cards=[{"Fortified Camp": "fortified"}])
    assert r.details["at_the_table"][:-1] == [
        "A sacked heavily fortified camp counts as 17 points of lost troops (FT 36.2.b)"
    ]
