"""The parts each system's add / remove / set work on, and their refusals (near misses, wrong options)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from armybuilder.yamlio import load_file

from .helpers import ROOT


def copy(tmp_path: Path, example: str) -> Path:
    src = ROOT / "examples" / example
    target = tmp_path / src.name
    shutil.copyfile(src, target)
    return target


def data(f: Path) -> dict:
    return load_file(f).data


def refused(r, *words: str) -> None:
    assert r.exit_code == 2, r.stdout
    for w in words:
        assert w in r.stderr, r.stderr


# ---------------------------------------------------------------------------
# Near misses and names without regard to case


@pytest.mark.parametrize(
    "example, args, hint",
    [
        ("fantasy-triumph/greenwood-host.yaml", ["add", "card", "Flyng", "--to", "Eagles"], "did you mean 'Flying'?"),
        (
            "fantasy-triumph/greenwood-host.yaml",
            ["add", "class", "X", "--troop", "Elite Fot"],
            "did you mean 'Elite Foot'?",
        ),
        ("fantasy-triumph/greenwood-host.yaml", ["add", "card", "Deadly", "--to", "Eagels"], "did you mean 'Eagles'?"),
        (
            "fantasy-triumph/greenwood-host.yaml",
            ["add", "card", "Flying", "--to", "Eagles", "--option", "zom"],
            "did you mean 'zoom'?",
        ),
        ("fantasy-triumph/greenwood-host.yaml", ["set", "topography", "Dense Forrest"], "did you mean 'Dense Forest'?"),
        ("fantasy-triumph/greenwood-host.yaml", ["add", "clas", "X"], "did you mean 'class'?"),
        ("fantasy-triumph/greenwood-host.yaml", ["remove", "card", "Armord"], "did you mean 'Armored'?"),
        ("token-terrors/wrens-host.yaml", ["add", "tokens", "Goblns", "1"], "did you mean 'Goblins'?"),
        ("token-terrors/wrens-host.yaml", ["remove", "tokens", "Wyvrens"], "did you mean 'Wyverns'?"),
        ("token-terrors/friday-night-draft.yaml", ["add", "pick", "Ozy", "Elves", "1"], "did you mean 'Ozzy'?"),
        (
            "homm3-battlefield/skirmish-medium.yaml",
            ["add", "unit", "Halberdier", "--side", "Few"],
            "did you mean 'Halberdiers'?",
        ),
        ("homm3-battlefield/skirmish-medium.yaml", ["set", "faction", "Castel"], "did you mean 'Castle'?"),
        ("homm3-battlefield/skirmish-medium.yaml", ["set", "hero", "Catherin"], "did you mean 'Catherine'?"),
        ("homm3-battlefield/skirmish-medium.yaml", ["add", "spell", "Fire Wal"], "did you mean 'Fire Wall'?"),
        ("homm3-battlefield/skirmish-medium.yaml", ["add", "ability", "Wisdon"], "did you mean 'Wisdom'?"),
        ("homm3-battlefield/skirmish-medium.yaml", ["set", "mode", "skirmsh"], "did you mean 'skirmish'?"),
        ("small-world-of-warcraft/thrall-turn-4.yaml", ["set", "active", "Orks"], "did you mean 'Orcs'?"),
        (
            "small-world-of-warcraft/thrall-turn-4.yaml",
            ["add", "conquest", "X", "--defender", "Humas", "--defender-tokens", "1"],
            "did you mean 'Humans'?",
        ),
        ("small-world-of-warcraft/thrall-turn-4.yaml", ["remove", "region", "Durotr"], "did you mean 'Durotar'?"),
    ],
)
def test_near_miss_gets_a_suggestion(run, tmp_path, example, args, hint):
    f = copy(tmp_path, example)
    before = f.read_bytes()
    verb, *rest = args
    refused(run(verb, f, *rest), hint)
    assert f.read_bytes() == before


def test_as_written_keeps_an_unknown_name(run, tmp_path):
    f = copy(tmp_path, "fantasy-triumph/greenwood-host.yaml")
    r = run("add", f, "card", "Flyng", "--to", "Eagles", "--as-written")
    assert r.exit_code == 0 and "FTR002" in r.stdout  # written, and the checker reports the unknown card
    assert data(f)["classes"][1]["cards"][-1] == "Flyng"


def test_unknown_without_near_miss_points_to_the_catalog(run, tmp_path):
    f = copy(tmp_path, "fantasy-triumph/greenwood-host.yaml")
    refused(
        run("add", f, "card", "Xyzzy", "--army"), "unknown card 'Xyzzy'", "armybuilder catalog fantasy-triumph cards"
    )


def test_options_of_another_part_are_refused(run, tmp_path):
    f = copy(tmp_path, "fantasy-triumph/greenwood-host.yaml")
    refused(run("add", f, "hero", "Sage", "--troop", "Spear"), "--troop does not apply to 'add hero'")
    refused(run("set", f, "points", "48", "49"), "too many arguments for 'set points'")
    g = copy(tmp_path, "token-terrors/wrens-host.yaml")
    refused(run("add", g, "tokens", "Elves", "1", "--magic"), "--magic does not apply")


# ---------------------------------------------------------------------------
# Fantasy Triumph


def test_ft_classes_stands_general_troop(run, tmp_path):
    f = copy(tmp_path, "fantasy-triumph/greenwood-host.yaml")
    assert run("add", f, "stands", "rangers", "2").exit_code == 0
    assert data(f)["classes"][2]["stands"] == 5
    assert run("remove", f, "stands", "Rangers", "2").exit_code == 0
    refused(run("remove", f, "stands", "Rangers", "3"), "keeps at least 1", f"remove {f} class 'Rangers'")
    r = run("set", f, "general", "eagles")
    assert "class 'Eagles' holds the general (it was in 'Wardens')" in r.stdout
    classes = data(f)["classes"]
    assert classes[1]["general"] is True and "general" not in classes[0]
    run("set", f, "troop", "Eagles", "archers")
    assert data(f)["classes"][1]["troop"] == "Shooters"
    refused(run("add", f, "class", "wardens", "--troop", "Spear"), "already has a class 'Wardens'", f"set {f} stands")
    assert run("remove", f, "class", "Archers of the Eaves").exit_code == 0
    assert [c["name"] for c in data(f)["classes"]] == ["Wardens", "Eagles", "Rangers"]


def test_ft_cards_find_their_place(run, tmp_path):
    f = copy(tmp_path, "fantasy-triumph/greenwood-host.yaml")
    r = run("add", f, "card", "illusion", "--number", "2")  # an army card goes to the army untold
    assert r.stdout.startswith("added Illusion: 2 to the army")
    refused(run("add", f, "card", "Deadly"), "say where Deadly goes: --to CLASS, --hero HERO")
    refused(run("add", f, "card", "Deadly", "--to", "Eagles", "--number", "2"), "Deadly takes no number")
    refused(
        run("add", f, "card", "Flying", "--to", "Eagles", "--option", "zoom", "--number", "1"),
        "options or a number, not both",
    )
    run("add", f, "card", "Deadly", "--hero", "archmage")
    assert data(f)["heroes"][0]["cards"] == [{"Spellblast": ["unlimited", "magical"]}, "Deadly"]
    run("add", f, "card", "Deadly", "--to", "Eagles")
    refused(run("remove", f, "card", "Deadly"), "is on class 'Wardens', class 'Eagles', hero 'Archmage'")
    run("remove", f, "card", "Deadly", "--from", "eagles")
    run("set", f, "card", "spellblast", "--option", "limited", "--option", "physical")
    assert data(f)["heroes"][0]["cards"][0] == {"Spellblast": ["limited", "physical"]}
    run("add", f, "card", "terrain affinity", "--to", "Rangers", "--option", "Woods", "--option", "Rough")
    assert data(f)["classes"][2]["cards"][-1] == {"Terrain Affinity": ["Woods", "Rough"]}  # a free option


def test_ft_settings(run, tmp_path):
    f = copy(tmp_path, "fantasy-triumph/greenwood-host.yaml")
    run("set", f, "player", "Robin", "Hood")
    run("set", f, "topography", "dense forest")
    d = data(f)
    assert d["player"] == "Robin Hood" and d["topography"] == "Dense Forest"
    assert list(d)[:5] == ["system", "name", "player", "points", "topography"]
    run("remove", f, "topography")
    run("remove", f, "points")
    assert "topography" not in data(f) and "points" not in data(f)
    refused(run("remove", f, "points"), "no 'points' to remove")
    refused(run("set", f, "points", "many"), "must be a number")


# ---------------------------------------------------------------------------
# Token Terrors


def test_tt_tokens(run, tmp_path):
    f = copy(tmp_path, "token-terrors/wrens-host.yaml")
    assert run("remove", f, "tokens", "goblins", "2").exit_code == 0
    assert data(f)["tokens"] == {"Wyverns": 5, "Goblins": 3}
    run("add", f, "tokens", "Flying", "Machines", "2")  # a name of two words needs no quotes
    assert data(f)["tokens"]["Flying Machines"] == 2
    run("set", f, "tokens", "Goblins", "1")
    run("remove", f, "tokens", "Flying Machines")
    r = run("add", f, "tokens", "Elves", "4")
    assert r.exit_code == 0, r.stdout
    assert data(f)["tokens"] == {"Wyverns": 5, "Goblins": 1, "Elves": 4}
    refused(run("set", f, "players", "A", "B"), "this file is an army")
    refused(run("add", f, "pick", "A", "Elves", "1"), "not a draft record")


def test_tt_draft(run, tmp_path):
    f = copy(tmp_path, "token-terrors/friday-night-draft.yaml")
    r = run("add", f, "pick", "ozzy", "Zombies", "0")
    refused(r, "N must be from 1")
    run("add", f, "pick", "ozzy", "Zombies", "1")
    assert data(f)["draft"]["picks"][-1] == {"player": "Ozzy", "faction": "Zombies", "tokens": 1}
    run("remove", f, "pick")
    run("remove", f, "pick", "1")
    assert [p["faction"] for p in data(f)["draft"]["picks"]] == ["Wyverns", "Elves", "Goblins"]
    refused(run("add", f, "tokens", "Elves", "1"), "draft record")


# ---------------------------------------------------------------------------
# Heroes III Battlefield


def test_homm3_units_and_defaults(run, tmp_path):
    f = tmp_path / "army.yaml"
    run("new", "homm3-battlefield", f)
    for cmd in (["mode", "skirmish"], ["length", "Medium"], ["faction", "castle"]):
        run("set", f, *cmd)
    r = run("set", f, "hero", "catherine")
    assert r.stdout.startswith("hero: Catherine, level V, as a Medium skirmish has it")
    r = run("add", f, "unit", "griffins")  # the side from the length
    assert "Pack side (the Medium skirmish side)" in r.stdout
    refused(run("add", f, "unit", "Sharpshooters"), "a neutral unit (--neutral), not of Castle")
    refused(run("add", f, "unit", "Gremlins"), "a unit of Tower, not of Castle; it is also a neutral unit card")
    run("set", f, "unit", "Griffins", "--side", "few")
    assert data(f)["units"] == [{"name": "Griffins", "side": "Few"}]
    run("add", f, "specialty", "1", "iv")
    assert data(f)["specialties"] == ["I", "IV"]
    run("remove", f, "specialty", "I")
    run("set", f, "level", "7")
    assert data(f)["hero"] == {"name": "Catherine", "level": "VII"}
    run("add", f, "spell", "Magic", "Arrow")  # open card names: written as typed
    assert data(f)["spells"] == ["Magic Arrow"]
    run("remove", f, "spell", "magic arrow")
    run("remove", f, "unit", "griffins")
    d = data(f)
    assert "spells" not in d and "units" not in d
    refused(run("set", f, "mode", "campaign"), "choose one of: skirmish, adventure, board")


def test_homm3_neutral_units(run, tmp_path):
    f = copy(tmp_path, "homm3-battlefield/board-neutral.yaml")
    refused(run("add", f, "unit", "Boars", "--neutral", "--side", "Few"), "no side")
    run("remove", f, "unit", "Sharpshooters")
    run("add", f, "unit", "boars", "--neutral")
    assert data(f)["units"][-1] == {"name": "Boars", "neutral": True}


# ---------------------------------------------------------------------------
# Small World of Warcraft


def test_small_world_regions_and_races(run, tmp_path):
    f = copy(tmp_path, "small-world-of-warcraft/thrall-turn-4.yaml")
    run("set", f, "region", "crossroads", "--tokens", "3", "--no-magic")
    assert data(f)["active"]["regions"][1] == {"name": "Crossroads", "tokens": 3}
    run("add", f, "region", "Thunder Bluff", "--tokens", "2", "--decline")
    assert data(f)["decline"]["regions"][-1] == {"name": "Thunder Bluff", "tokens": 2}
    refused(run("add", f, "region", "Orgrimmar"), "--tokens N")
    run("remove", f, "region", "Mulgore", "--decline")
    run("set", f, "power", "Hill", "--decline")
    assert data(f)["decline"] == {
        "race": "Tauren",
        "power": "Hill",
        "regions": [{"name": "Thunder Bluff", "tokens": 2}],
    }
    run("remove", f, "decline")
    assert "decline" not in data(f)
    refused(run("add", f, "region", "X", "--tokens", "1", "--decline"), "no race in decline")
    run("set", f, "active", "trolls", "--power", "Forest")
    assert data(f)["active"]["race"] == "Trolls" and data(f)["active"]["power"] == "Forest"
    run("remove", f, "conquest", "crossroads")
    assert "conquests" not in data(f)


def test_add_refuses_a_second_class_or_hero_of_a_name_and_points_to_set(run, tmp_path):
    # issue 15: duplicate class and hero names (matched without case) are errors (FTR015), and
    # add refuses to create one and points to set. Nothing is written.
    f = copy(tmp_path, "fantasy-triumph/greenwood-host.yaml")
    before = f.read_bytes()
    refused(
        run("add", f, "class", "RANGERS", "--troop", "Spear"),
        "already has a class 'Rangers'",
        f"armybuilder set {f} stands 'Rangers' N, or armybuilder set {f} troop 'Rangers' TROOP",  # the file, not FILE
    )
    refused(run("add", f, "hero", "archmage"), "already has a hero 'Archmage'", f"set {f} card CARD --hero 'Archmage'")
    refused(run("add", f, "hero", "Eagles"), "already has a class 'Eagles'", "give the new hero another name")
    refused(run("add", f, "class", "Archmage", "--troop", "Spear"), "already has a hero 'Archmage'")
    assert f.read_bytes() == before


def test_an_edit_of_a_name_two_classes_share_is_refused_not_made_to_the_first(run, tmp_path):
    # issue 15: "add ... card Deadly --to Legion edits the first" of two classes called Legion.
    f = tmp_path / "legion.yaml"
    f.write_text(
        "system: fantasy-triumph\nname: Twins\nclasses:\n"
        "  - {name: Legion, troop: Spear, stands: 4, general: true}\n"
        "  - {name: Legion, troop: Spear, stands: 4}\n",
        encoding="utf-8",
    )
    before = f.read_bytes()
    r = run("validate", f)
    assert r.exit_code == 1 and "FTR015" in r.stdout
    refused(run("add", f, "card", "Deadly", "--to", "Legion"), "more than one class", "entry 1", "entry 2")
    assert f.read_bytes() == before


def test_add_refuses_a_region_the_position_already_lists(run, tmp_path):
    # issue 15: "add sw.yaml region durotar --tokens 1 writes a second Durotar beside the existing one."
    f = copy(tmp_path, "small-world-of-warcraft/thrall-turn-4.yaml")
    before = f.read_bytes()
    refused(
        run("add", f, "region", "durotar", "--tokens", "1"),
        "already lists Durotar (under Orcs)",
        f"armybuilder set {f} region 'Durotar' --tokens N",
    )
    # a region held by the race in decline is the same region for the active race
    refused(run("add", f, "region", "MULGORE", "--tokens", "1"), "(under Tauren)", "--tokens N --decline")
    assert f.read_bytes() == before
    # the validator says the same of a file written by hand (SWW005)
    f.write_text(before.decode().replace("{name: Crossroads,", "{name: durotar,"), encoding="utf-8")
    r = run("validate", f)
    assert r.exit_code == 1 and "SWW005" in r.stdout


def test_small_world_bombs_and_counts(run, tmp_path):
    f = copy(tmp_path, "small-world-of-warcraft/goblins-bombs.yaml")
    run("add", f, "bomb", "Darnassus", "--opponent", "night elves")
    assert data(f)["active"]["bombs"][-1] == {"region": "Darnassus", "opponent": "Night Elves"}
    run("remove", f, "bomb", "stormwind")
    run("set", f, "bombs-spent", "4")
    run("set", f, "in_hand", "1")
    a = data(f)["active"]
    assert a["bombs_spent"] == 4 and a["in_hand"] == 1 and len(a["bombs"]) == 2
    refused(run("add", f, "conquest", "X", "--defender", "Humans"), "--defender-tokens N")
    refused(run("set", f, "in-hand", "101"), "from 0 to 100")


def test_ft_names_of_several_words_need_no_quotes(run, tmp_path):
    f = copy(tmp_path, "fantasy-triumph/greenwood-host.yaml")
    run("add", f, "class", "Wood", "Watch", "--troop", "Light Foot", "--stands", "1")
    run("add", f, "stands", "Archers", "of", "the", "Eaves", "1")
    run("add", f, "card", "Delayed", "Entry", "--to", "wood watch", "--number", "1")
    run("add", f, "army-card", "Pack", "Train", "and", "Herds")
    d = data(f)
    assert d["classes"][3]["stands"] == 3
    assert d["classes"][4] == {
        "name": "Wood Watch",
        "troop": "Light Foot",
        "stands": 1,
        "cards": [{"Delayed Entry": 1}],
    }
    assert d["army_cards"][-1] == "Pack Train and Herds"
    run("remove", f, "army-card", "pack train and herds")
    run("remove", f, "class", "Wood", "Watch")
    assert [c["name"] for c in data(f)["classes"]][-1] == "Archers of the Eaves"


def test_adding_a_card_the_part_has_already_changes_nothing_and_points_to_set(run, tmp_path):
    """Issue 26 point 4: ``add card Spellblast --hero Warboss`` twice wrote ``[Spellblast, {Spellblast:
    [unlimited, magical]}]``, and four ``add card Fast --to Trolls`` wrote ``[Fast, Fast, Fast, Fast]``.
    A card bought once for a stand or hero (FTR004), a card listed once with its number, and an
    army card bought once (FTR011) are refused (exit 2, nothing written), with the ``set card``
    that changes it."""
    f = copy(tmp_path, "fantasy-triumph/greenwood-host.yaml")
    before = f.read_bytes()
    refused(
        run("add", f, "card", "Spellblast", "--hero", "Archmage", "--option", "limited", "--option", "physical"),
        "hero 'Archmage' has Spellblast already; a card is bought once for a stand or hero (FTR004): change its "
        f"options with: armybuilder set {f} card Spellblast --hero Archmage --option OPTION; nothing was changed",
    )
    refused(run("add", f, "card", "Spellblast", "--hero", "Archmage"), "has Spellblast already")
    refused(
        run("add", f, "card", "fast", "--to", "rangers"),
        "class 'Rangers' has Fast already; a card is bought once for a stand or hero (FTR004), and it has no "
        "options to change; nothing was changed",
    )
    refused(run("add", f, "card", "Flight", "--to", "Eagles", "--option", "hover"), "class 'Eagles' has Flying already")
    refused(
        run("add", f, "card", "Delayed Entry", "--to", "Rangers", "--number", "2"),
        f"it is listed once, with a number: change the number with: armybuilder set {f} card 'Delayed Entry' "
        "--to Rangers --number N",
    )
    refused(run("add", f, "card", "Prepared Defenses", "--number", "2"), "the army has Prepared Defenses already")
    assert f.read_bytes() == before
    assert run("add", f, "card", "No Camp").exit_code in (0, 1)
    refused(run("add", f, "card", "No Camp"), "the army has No Camp already; a second No Camp buys nothing (FTR030)")
    assert run("add", f, "card", "Fortified Camp", "--option", "fortified").exit_code in (0, 1)
    refused(
        run("add", f, "card", "Fortified Camp", "--option", "fortified"), "an army buys Fortified Camp once (FTR011)"
    )
    # another part may take it (the rules say when it may not)
    assert run("add", f, "card", "Fast", "--to", "Wardens").exit_code in (0, 1)
    assert data(f)["classes"][0]["cards"] == ["Deadly", "Armored", "Fast"]
