"""HMB022 expansion-content (warning): Adventure and Skirmish were designed for the Core Game.

Seed 004, 1. Overview: "Both game modes were designed for the Core Game only. As a result, the
official rules do not address many interactions, particularly those involving expansion
content." The data gives each faction's and hero's box (the reference CSVs' source_box).
"""

from armybuilder.findings import Severity

from ._lists import ADVENTURE, BOARD, LARGE, MEDIUM, SHORT, assert_clean, check, findings, variant


def test_core_game_factions_and_heroes_pass():
    for base in (SHORT, MEDIUM, LARGE):  # Necropolis/Sandro, Castle/Catherine, Dungeon/Mutare: Core Game
        assert_clean(base, "HMB022")


def test_an_expansion_faction_and_hero_warn_in_adventure():
    fs = findings(ADVENTURE, "HMB022")  # Tower and Solmyr: Tower Expansion
    assert [(f.path, f.severity) for f in fs] == [
        (("faction",), Severity.WARNING),
        (("hero", "name"), Severity.WARNING),
    ]
    assert fs[0].message == (
        "the Tower faction is from the Tower Expansion, not the Core Game: Adventure was designed for the "
        "Core Game only, and the official rules do not address many interactions with expansion content"
    )
    assert check(ADVENTURE).valid


def test_a_stretch_goal_hero_of_a_core_faction_warns_in_skirmish():
    # Castle is a Core Game faction; Ingham comes from "Regular Stretch Goals 2024" (reference CSV).
    data = variant(MEDIUM, hero={"name": "Ingham", "level": "V"})
    fs = findings(data, "HMB022")
    assert [f.path for f in fs] == [("hero", "name")]
    assert fs[0].message.startswith("the hero Ingham is from the Regular Stretch Goals 2024, not the Core Game")


def test_the_board_in_a_regular_game_is_not_checked():
    assert_clean(BOARD, "HMB022")  # Rampart and Gelu: Rampart Expansion, in a regular game


def test_the_rule_follows_the_data(monkeypatch):
    from dataclasses import replace

    from armybuilder.systems.homm3 import model

    cat = model.catalog()
    rules = dict(cat.rules, core_game=dict(cat.rules["core_game"], box="Tower Expansion"))
    monkeypatch.setattr(model, "catalog", lambda: replace(cat, rules=rules))
    assert_clean(ADVENTURE, "HMB022")  # the Tower box is now the one the modes were designed for
    assert [f.path for f in findings(SHORT, "HMB022")] == [("faction",), ("hero", "name")]
