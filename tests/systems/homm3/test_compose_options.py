"""Each compose part declares exactly the options it reads: given all of them, it reads each one
(none is left over) and asks for nothing it does not declare."""

import pytest

from armybuilder.compose.base import EditError
from armybuilder.compose.parts import parse
from armybuilder.systems.homm3 import compose
from tests.support.compose_parts import every_option, run_part

from ._lists import EXAMPLES

SYSTEM_ID = "homm3-battlefield"
TEXT = (EXAMPLES / "skirmish-medium.yaml").read_text(encoding="utf-8") + "opponent: player\n"

# The positional words of each part, for TEXT above (every option is given too).
ARGS = {
    ("set", "name"): ["X"],
    ("set", "mode"): ["board"],
    ("set", "length"): ["short"],
    ("set", "opponent"): ["neutral"],
    ("set", "faction"): ["Castle"],
    ("set", "hero"): ["Catherine"],
    ("set", "level"): ["VII"],
    ("set", "unit"): ["Griffins"],
    ("add", "unit"): ["Halberdiers"],
    ("add", "ability"): ["Logistics"],
    ("add", "artifact"): ["X"],
    ("add", "spell"): ["Fire Wall"],
    ("add", "specialty"): ["VI"],
    ("add", "skirmish-units"): [],
    ("remove", "unit"): ["Griffins"],
    ("remove", "ability"): ["Archery"],
    ("remove", "artifact"): ["Sword of Judgement"],
    ("remove", "spell"): ["Bless"],
    ("remove", "specialty"): ["IV"],
    ("remove", "length"): [],
    ("remove", "opponent"): [],
    ("remove", "name"): [],
}
OFF = ("neutral",)  # a neutral unit takes no side: the unit parts are tried with --no-neutral


def test_every_part_is_tried():
    assert sorted(ARGS) == sorted((p.verb, p.name) for p in compose.PARTS)


@pytest.mark.parametrize("part", compose.PARTS, ids=lambda p: f"{p.verb}-{p.name}")
def test_a_part_reads_what_it_declares(part):
    text = TEXT
    if (part.verb, part.name) == ("add", "skirmish-units"):  # a unit the length needs is missing
        text = "\n".join(line for line in TEXT.splitlines() if "Halberdiers" not in line) + "\n"
    asked = run_part(compose, SYSTEM_ID, text, part, ARGS[part.verb, part.name] + every_option(part, OFF))
    assert asked <= {o.key for o in part.options}


def test_each_option_is_declared_once_and_shared():
    by_key = {}
    for part in compose.PARTS:
        for o in part.options:
            assert by_key.setdefault(o.key, o) is o  # one Opt object per option, reused
    assert {k: o.kind for k, o in by_key.items()} == {
        "side": "text",
        "alternate": "switch",
        "neutral": "switch",
        "level": "text",
    }
    assert by_key["side"].names() == ["Few", "Pack"] and by_key["level"].names()[:2] == ["I", "II"]


def test_a_neutral_unit_with_a_side_is_refused():
    (add,) = [p for p in compose.PARTS if (p.verb, p.name) == ("add", "unit")]
    with pytest.raises(EditError, match="leave out --side"):
        run_part(compose, SYSTEM_ID, TEXT, add, ["Boars", "--neutral", "--side", "Few"])


def test_an_option_of_another_part_does_not_apply():
    (name,) = [p for p in compose.PARTS if (p.verb, p.name) == ("set", "name")]
    with pytest.raises(EditError, match="--level does not apply to 'set name'"):
        parse(name, ["X", "--level", "V"], SYSTEM_ID, lambda: compose.PARTS)
