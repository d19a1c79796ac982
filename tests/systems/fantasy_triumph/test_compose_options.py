"""The Fantasy Triumph compose parts declare exactly the options they read (compose.py).

Each part is run on the Greenwood Host example (a round-trip tree, in memory) with a request that
records which options the part asks for; the keys asked are the part's declared options, no more
and no fewer. ``parts.parse`` then accepts each declared spelling and refuses the others.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from armybuilder.compose.parts import EditError, parse
from armybuilder.systems.fantasy_triumph import compose
from tests.support.compose_parts import edit

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "fantasy-triumph" / "greenwood-host.yaml"
SYSTEM = "fantasy-triumph"

# (verb, part) -> the arguments and options that let the part do its edit on the example
RUNS = {
    ("add", "class"): (["Guards"], {"troop": "Spear"}),
    ("add", "hero"): (["Seer"], {}),
    ("add", "stands"): (["Eagles", "1"], {}),
    ("add", "card"): (["Illusion"], {}),
    ("remove", "class"): (["Eagles"], {}),
    ("remove", "hero"): (["Archmage"], {}),
    ("remove", "stands"): (["Rangers", "1"], {}),
    ("remove", "general"): (["Wardens"], {}),
    ("remove", "card"): (["Deadly"], {}),
    ("remove", "points"): ([], {}),
    ("remove", "topography"): ([], {}),
    ("remove", "player"): ([], {}),
    ("remove", "note"): ([], {}),
    ("remove", "invasion"): ([], {}),
    ("remove", "maneuver"): ([], {}),
    ("set", "name"): (["The", "Host"], {}),
    ("set", "player"): (["Ann"], {}),
    ("set", "note"): (["a", "note"], {}),
    ("set", "points"): (["48"], {}),
    ("set", "invasion"): (["0"], {}),
    ("set", "maneuver"): (["4"], {}),
    ("set", "topography"): (["Dense", "Forest"], {}),
    ("set", "general"): (["Eagles"], {}),
    ("set", "stands"): (["Eagles", "3"], {}),
    ("set", "troop"): (["Eagles", "Horse Bow"], {}),
    ("set", "class"): (["Eagles"], {"name": "Sky Riders"}),
    ("set", "hero"): (["Archmage"], {"name": "Seer"}),
    ("set", "card"): (["Deadly"], {}),
}


def _part_id(p) -> str:
    return f"{p.verb}-{p.name}"


def test_every_part_has_a_run():
    assert {(p.verb, p.name) for p in compose.PARTS} == set(RUNS)


@pytest.mark.parametrize("part", compose.PARTS, ids=_part_id)
def test_a_part_reads_exactly_its_declared_options(part):
    args, opts = RUNS[(part.verb, part.name)]
    removes_key = part.verb == "remove" and part.name in ("player", "note", "invasion", "maneuver")
    extra = "player: Bo\nnote: old\ninvasion: 1\nmaneuver: 3\n" if removes_key else ""
    said, asked = edit(SYSTEM, EXAMPLE.read_text(encoding="utf-8") + extra, part, args, opts)
    assert said
    assert asked == {o.key for o in part.options}


def _part(verb: str, name: str):
    [p] = [p for p in compose.PARTS if p.verb == verb and p.name == name]
    return p


def test_add_class_options_parse():
    got = parse(
        _part("add", "class"),
        ["Guards", "--troop", "Elite Foot", "--stands=3", "--no-general"],
        SYSTEM,
        lambda: compose.PARTS,
    )
    assert got.args == ["Guards"]
    assert got.opts == {"troop": "Elite Foot", "stands": 3, "general": False}


def test_add_card_options_parse():
    got = parse(
        _part("add", "card"),
        ["Spellblast", "--hero", "Archmage", "--option", "unlimited", "--option", "magical"],
        SYSTEM,
        lambda: compose.PARTS,
    )
    assert got.opts == {"hero": "Archmage", "option": ["unlimited", "magical"]}
    got = parse(_part("add", "card"), ["Illusion", "--army", "--number", "2"], SYSTEM, lambda: compose.PARTS)
    assert got.opts == {"army": True, "number": 2}


def test_remove_card_takes_from_as_another_spelling_of_to():
    got = parse(_part("remove", "card"), ["Deadly", "--from", "Wardens"], SYSTEM, lambda: compose.PARTS)
    assert got.opts == {"to": "Wardens"}


def test_an_option_of_another_part_does_not_apply():
    with pytest.raises(EditError, match="--option does not apply to 'remove card' in fantasy-triumph"):
        parse(_part("remove", "card"), ["Deadly", "--option", "x"], SYSTEM, lambda: compose.PARTS)
    with pytest.raises(EditError, match="--troop does not apply to 'add hero'"):
        parse(_part("add", "hero"), ["Seer", "--troop", "Spear"], SYSTEM, lambda: compose.PARTS)


def test_a_whole_number_is_required_for_stands_and_number():
    with pytest.raises(EditError, match="--stands takes a whole number"):
        parse(_part("add", "class"), ["G", "--troop", "Spear", "--stands", "two"], SYSTEM, lambda: compose.PARTS)
    with pytest.raises(EditError, match="--number takes a whole number"):
        parse(_part("set", "card"), ["Illusion", "--number", "x"], SYSTEM, lambda: compose.PARTS)


def test_option_values_complete_from_the_data_and_the_file():
    opts = {o.key: o for p in compose.PARTS for o in p.options}
    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    assert "Elite Foot" in opts["troop"].names(None)
    assert opts["to"].names(data) == ["Wardens", "Eagles", "Rangers", "Archers of the Eaves"]
    assert opts["hero"].names(data) == ["Archmage"]
    assert {"zoom", "heavily fortified", "unlimited"} <= set(opts["option"].names(None))


def test_no_help_names_the_system():
    for p in compose.PARTS:
        for o in p.options:
            assert not o.help.startswith("Fantasy Triumph"), o.help


def test_importing_compose_stays_light():
    code = (
        "import sys, armybuilder.systems.fantasy_triumph.compose\n"
        "heavy = [m for m in sys.modules if m.startswith('ruamel') or m.endswith('fantasy_triumph.model')]\n"
        "print(heavy)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
