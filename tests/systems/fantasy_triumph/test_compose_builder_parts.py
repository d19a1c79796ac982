"""The compose parts the builder board needs, on the command line: renaming a class or a hero
(``set class CLASS --name NEW``, ``set hero HERO --name NEW``), taking the general from a class
(``remove general CLASS``), a card's free choices typed in one value separated by commas, and
``--entry N`` for two classes of one name.

Names tell classes and heroes apart (FTR015, the list format), so a rename to a name another class
or hero has is refused, as ``add class`` and ``add hero`` refuse it. The general is one stand of a
class (army construction rules: "exactly one general, who is a stand", army.yaml ``generals``);
taking it away leaves the army without one, which the check reports (FTR022).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from armybuilder.yamlio import load_file

ROOT = Path(__file__).resolve().parents[3]
GREENWOOD = ROOT / "examples" / "fantasy-triumph" / "greenwood-host.yaml"


def copy(tmp_path: Path) -> Path:
    target = tmp_path / "host.yaml"
    shutil.copyfile(GREENWOOD, target)
    return target


def data(f: Path) -> dict:
    return load_file(f).data


def refused(r, *words: str) -> None:
    assert r.exit_code == 2, r.stdout
    for w in words:
        assert w in r.stderr, r.stderr


def test_set_class_name_renames_it_and_keeps_its_stands_and_cards(run, tmp_path):
    f = copy(tmp_path)
    r = run("set", f, "class", "eagles", "--name", "Sky Riders")
    assert r.exit_code == 0, r.stderr
    assert "class 'Eagles' is now called 'Sky Riders'" in r.stdout
    eagles = data(f)["classes"][1]
    assert eagles == {"name": "Sky Riders", "troop": "Javelin Cavalry", "stands": 2, "cards": [{"Flying": "zoom"}]}
    assert "# 4 + 2 = 6 a stand, 12 MU" in f.read_text(encoding="utf-8")  # its comment stays


def test_set_hero_name_renames_it(run, tmp_path):
    f = copy(tmp_path)
    r = run("set", f, "hero", "Archmage", "--name", "Seer of the Grove")
    assert r.exit_code == 0, r.stderr
    assert data(f)["heroes"] == [{"name": "Seer of the Grove", "cards": [{"Spellblast": ["unlimited", "magical"]}]}]


def test_a_rename_to_a_name_another_class_or_hero_has_is_refused(run, tmp_path):
    f = copy(tmp_path)
    before = f.read_bytes()
    refused(run("set", f, "class", "Eagles", "--name", "RANGERS"), "already has a class 'Rangers'", "FTR015")
    refused(run("set", f, "class", "Eagles", "--name", "archmage"), "already has a hero 'Archmage'")
    refused(run("set", f, "hero", "Archmage", "--name", "Wardens"), "already has a class 'Wardens'")
    refused(run("set", f, "class", "Eagles"), "--name NEW")
    refused(run("set", f, "class", "Eagles", "--name", "   "), "1 to 200 characters")
    assert f.read_bytes() == before
    # the class may keep its own name in another case
    assert run("set", f, "class", "Eagles", "--name", "EAGLES").exit_code == 0
    assert data(f)["classes"][1]["name"] == "EAGLES"


def test_remove_general_takes_it_from_the_class(run, tmp_path):
    f = copy(tmp_path)
    r = run("remove", f, "general", "Wardens")
    assert r.exit_code == 0 and "FTR022" in r.stdout  # written; the army has no general now
    assert "FTR022" in r.stdout
    assert "general" not in data(f)["classes"][0]
    refused(run("remove", f, "general", "Eagles"), "class 'Eagles' does not hold the general")
    assert run("set", f, "general", "Eagles").exit_code == 0
    assert data(f)["classes"][1]["general"] is True


def test_free_choices_may_be_typed_in_one_value_separated_by_commas(run, tmp_path):
    # FT 58.1: Terrain Affinity names two terrain types (a free choice, count 2 in cards.yaml).
    f = copy(tmp_path)
    r = run("set", f, "card", "Terrain Affinity", "--to", "Archers of the Eaves", "--option", " Marsh ,  Stream ")
    assert r.exit_code == 0, r.stderr
    assert data(f)["classes"][3]["cards"] == [{"Terrain Affinity": ["Marsh", "Stream"]}]
    # repeated --option still works, and a comma means nothing to a card of fixed choices
    run("set", f, "card", "Terrain Affinity", "--to", "Archers of the Eaves", "--option", "Woods", "--option", "Rough")
    assert data(f)["classes"][3]["cards"] == [{"Terrain Affinity": ["Woods", "Rough"]}]
    refused(
        run("set", f, "card", "Spellblast", "--hero", "Archmage", "--option", "limited, magical"),
        "unknown option 'limited, magical'",
    )


def test_entry_says_which_of_two_classes_of_one_name(run, tmp_path):
    f = tmp_path / "twins.yaml"
    f.write_text(
        "system: fantasy-triumph\nname: Twins\nclasses:\n"
        "  - {name: Legion, troop: Spear, stands: 4, general: true}\n"
        "  - {name: Legion, troop: Horde, stands: 4}\n",
        encoding="utf-8",
    )
    assert run("set", f, "class", "Legion", "--entry", "2", "--name", "Rabble of Legion").exit_code == 0
    assert [c["name"] for c in data(f)["classes"]] == ["Legion", "Rabble of Legion"]
    refused(run("set", f, "class", "Legion", "--entry", "2", "--name", "X"), "entry 2")
