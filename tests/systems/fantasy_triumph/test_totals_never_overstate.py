"""A card whose price the rules give only with a choice the list does not make adds nothing to the
total, and the total says it is incomplete (issue 46, item 16), in text, JSON, a roster and the
builder, the way an unknown card's total does.

Hand-computed from the seed (003) and the reference troop table: a Spear stand costs 4 points
(triumph-troop-types.csv); FT 36 prices Fortified Camp "1 point for a fortified camp. 2 points for
a heavily fortified camp", so a camp with no level has no price. Before the fix the camp with no
level added the cheaper level's 1 point: "37 of 51 points", with no "(incomplete)".
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from armybuilder.check import check_path, check_text
from armybuilder.edit.offer import board_for
from armybuilder.export import render
from armybuilder.export.roster import build as roster_of
from armybuilder.web.listpage import measure_line


def _list(army_cards: list[Any] | None = None, classes: list[dict] | None = None, **extra: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {"system": "fantasy-triumph", "name": "Camp", "points": 51, "topography": "Forest"}
    doc["classes"] = classes or [{"name": "Spears", "troop": "Spear", "stands": 9, "general": True}]
    if army_cards is not None:
        doc["army_cards"] = army_cards
    return doc | extra


def _check(doc: dict[str, Any]):
    return check_text(yaml.safe_dump(doc, sort_keys=False))


def _write(tmp_path: Path, doc: dict[str, Any]) -> Path:
    path = tmp_path / "camp.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "camp,total,incomplete",
    [
        ("Fortified Camp", 36, True),  # 9 Spears x 4 = 36; the camp has no price without its level (FT 36)
        ({"Fortified Camp": "fortified"}, 37, False),  # 36 + 1 (FT 36)
        ({"Fortified Camp": "heavily fortified"}, 38, False),  # 36 + 2 (FT 36)
        ({"Fortified Camp": ["fortified", "heavily fortified"]}, 36, True),  # two levels: which one? no price
        ({"Fortified Camp": "walled"}, 36, True),  # no level the rules know: no price
    ],
)
def test_a_camp_without_its_level_is_left_out_and_the_total_is_incomplete(camp, total, incomplete):
    r = _check(_list([camp]))
    assert (r.measure.total, r.measure.incomplete) == (total, incomplete)
    assert r.measure.text() == f"{total}{' (incomplete)' if incomplete else ''} of 51 points"
    assert ("FTR005" in [f.code for f in r.findings]) == incomplete  # its own error says what is missing
    assert "FTR025" not in [f.code for f in r.findings] or not incomplete  # "15 unspent" is not known


def test_every_card_priced_by_a_choice_is_left_out_without_it():
    # Light Foot 3 a stand (CSV). FT 35: Flying +1 (hover) or +2 (zoom); FT 46 Negate Magic +1/+2/+½;
    # FT 45 Mobile Infantry ½ or 1 a stand carried. Without the choice none of them adds anything.
    classes = [
        {"name": "Skirmish", "troop": "Light Foot", "stands": 4, "general": True, "cards": ["Flying"]},
        {"name": "Wards", "troop": "Light Foot", "stands": 2, "cards": ["Negate Magic", "Mobile Infantry"]},
        {"name": "Spears", "troop": "Spear", "stands": 2},
    ]
    # FT 54 Spellblast limited +3 or unlimited +4½ on a hero (1 point, army.yaml hero_base_cost)
    r = _check(_list(classes=classes, heroes=[{"name": "Mage", "cards": [{"Spellblast": "magical"}]}]))
    # 4 x 3 + 2 x 3 + 2 x 4 + 1 = 12 + 6 + 8 + 1 = 27
    assert (r.measure.total, r.measure.incomplete) == (27, True)
    assert len(r.details["left_out"]) == 4, r.details["left_out"]
    # With every choice made: 4 x (3 + 2) + 2 x (3 + 1) + 2 x 1 (flying transport) + 2 x 4 + (1 + 3)
    # = 20 + 8 + 2 + 8 + 4 = 42
    classes[0]["cards"] = [{"Flying": "zoom"}]
    classes[1]["cards"] = [{"Negate Magic": "self"}, {"Mobile Infantry": "flying"}]
    r = _check(_list(classes=classes, heroes=[{"name": "Mage", "cards": [{"Spellblast": ["limited", "magical"]}]}]))
    assert (r.measure.total, r.measure.incomplete) == (42, False)
    assert "left_out" not in r.details


def test_a_choice_the_rules_excuse_is_priced():
    # FT 24: "2 points for armies with a Dense home topography", whatever the reach: 36 + 2
    r = _check(_list(["Ambush"], topography="Dense Forest"))
    assert (r.measure.total, r.measure.incomplete) == (38, False)
    # Elsewhere the reach prices it (home 1, any 2): without it, no price
    r = _check(_list(["Ambush"]))
    assert (r.measure.total, r.measure.incomplete) == (36, True)


def test_text_json_roster_and_builder_say_incomplete(tmp_path, run):
    path = _write(tmp_path, _list(["Fortified Camp"]))
    got = run("validate", path)
    assert f"{path}: INVALID, 36 (incomplete) of 51 points" in got.stdout + got.stderr
    got = run("cost", path)
    assert "Not in the total: Fortified Camp on the army: its price needs one level (FT 36)" in got.stdout
    got = run("validate", path, "--format", "json")
    [one] = json.loads(got.stdout)["results"]
    assert one["points"] == {"total": 36, "limit": 51, "unit": "points", "incomplete": True}
    got = run("cost", path, "--format", "json")
    [one] = json.loads(got.stdout)["results"]
    assert one["breakdown"]["left_out"] == ["Fortified Camp on the army: its price needs one level (FT 36)"]
    # The roster (text) says it on its second line, as for an unknown card
    roster, _ = roster_of(path)
    assert render(roster, "text").decode("utf-8").splitlines()[1] == (
        "Fantasy Triumph · 36 (incomplete) of 51 points · INVALID"
    )
    # The builder: the total bar, and the camp's chip gives no price
    assert measure_line(check_path(path)) == ("36 (incomplete) of 51 points", "")
    board, _ = board_for(path, None)
    assert board is not None
    [chip] = [ch for r in board.rows() for ch in r.chips if ch.key == "Fortified Camp"]
    assert chip.cost == "not priced until its choice is made"
    [level] = [c for c in board.controls() if c.label == "Level of Fortified Camp for the army"]
    # choosing the level adds its price to the total: +1 or +2 (FT 36)
    assert {o.value: o.cost for o in level.options} == {"fortified": "+1 point", "heavily fortified": "+2 points"}


def test_a_price_that_waits_for_the_home_topography_is_left_out(tmp_path):
    # FT 24 Ambush: "1 point if the army may use this ability only in its home topography. 2 points
    # if ... any topography, or for armies with a Dense home topography." FT 49 Prepared Defenses:
    # "½ point for each battle card for armies with normal topography", "1 point for each battle
    # card for armies with Dense Topography". 9 Spears: 36.
    cards = [{"Ambush": "home"}, {"Prepared Defenses": 2}]
    no_home = _list(cards)
    del no_home["topography"]
    r = _check(no_home)
    assert (r.measure.total, r.measure.incomplete) == (36, True)  # was 38: priced as not Dense
    assert "left out of the total until then" in next(f.message for f in r.findings if f.code == "FTR027")
    assert _check(_list(cards)).measure.total == 38  # Forest: 36 + 1 + 2 x ½
    assert _check(_list(cards, topography="Dense Forest")).measure.total == 40  # 36 + 2 + 2 x 1
    # Ambush for any topography costs 2 either way: a price the rules give
    no_home = _list([{"Ambush": "any"}])
    del no_home["topography"]
    r = _check(no_home)
    assert (r.measure.total, r.measure.incomplete) == (38, False)
    # The builder: the chip waits, and choosing a topography says what it adds (from 36)
    no_home = _list(cards)
    del no_home["topography"]
    path = _write(tmp_path, no_home)
    board, _ = board_for(path, None)
    assert board is not None
    [chip] = [ch for r in board.rows() for ch in r.chips if ch.key == "Ambush"]
    assert chip.cost == "not priced until the home topography is set"
    [home] = [c for c in board.controls() if c.key == "topography"]
    costs = {o.value: o.cost for o in home.options}
    assert (costs["Forest"], costs["Dense Forest"]) == ("+2 points", "+4 points")
