"""Each compose part declares exactly the options it reads: given all of them, it reads each one
(none is left over) and asks for nothing it does not declare."""

import pytest

from armybuilder.compose.base import EditError
from armybuilder.compose.parts import parse
from armybuilder.systems.small_world import compose
from tests.support.compose_parts import every_option, run_part

SYSTEM_ID = "small-world-of-warcraft"
TEXT = """\
system: small-world-of-warcraft
name: Test
active:
  race: Orcs
  in_hand: 3
  regions:
    - {name: Durotar, tokens: 3}
  bombs:
    - {region: Barrens}
  bombs_spent: 1
decline:
  race: Tauren
  power: Hill
  enlisted: 1
  regions:
    - {name: Mulgore, tokens: 2}
conquests:
  - {region: Crossroads, defender: Humans, defender_tokens: 1}
"""

# The positional words of each part, for TEXT above (every option is given too).
ARGS = {
    ("set", "active"): ["Orcs"],
    ("set", "decline"): ["Tauren"],
    ("set", "power"): ["Hill"],
    ("set", "in-hand"): ["2"],
    ("set", "bombs-spent"): ["1"],
    ("set", "enlisted"): ["1"],
    ("set", "region"): ["Mulgore"],
    ("set", "conquest"): ["Crossroads"],
    ("set", "name"): ["X"],
    ("add", "region"): ["Ashenvale"],
    ("add", "bomb"): ["Ashenvale"],
    ("add", "conquest"): ["Ashenvale"],
    ("remove", "region"): ["Mulgore"],
    ("remove", "bomb"): ["Barrens"],
    ("remove", "conquest"): ["Crossroads"],
    ("remove", "decline"): [],
    ("remove", "power"): [],
    ("remove", "in-hand"): [],
    ("remove", "bombs-spent"): [],
    ("remove", "enlisted"): [],
    ("remove", "name"): [],
}


def test_every_part_is_tried():
    assert sorted(ARGS) == sorted((p.verb, p.name) for p in compose.PARTS)


@pytest.mark.parametrize("part", compose.PARTS, ids=lambda p: f"{p.verb}-{p.name}")
def test_a_part_reads_what_it_declares(part):
    asked = run_part(compose, SYSTEM_ID, TEXT, part, ARGS[part.verb, part.name] + every_option(part))
    assert asked <= {o.key for o in part.options}


def test_each_option_is_declared_once_and_shared():
    by_key = {}
    for part in compose.PARTS:
        for o in part.options:
            assert by_key.setdefault(o.key, o) is o  # one Opt object per option, reused
    assert set(by_key) == {
        "tokens",
        "decline",
        "magic",
        "rename",
        "power",
        "opponent",
        "defender",
        "defender_tokens",
        "defender_faction",
        "mountain",
        "defences",
        "die",
    }
    assert by_key["tokens"].kind == "int" and by_key["decline"].kind == "flag" and by_key["die"].kind == "switch"
    assert "Orcs" in by_key["defender"].names() and by_key["defender_faction"].names() == [
        "Horde",
        "Alliance",
        "Neutral",
    ]


def test_an_option_of_another_part_does_not_apply():
    (in_hand,) = [p for p in compose.PARTS if (p.verb, p.name) == ("set", "in-hand")]
    with pytest.raises(EditError, match="--decline does not apply to 'set in-hand'"):
        parse(in_hand, ["2", "--decline"], SYSTEM_ID, lambda: compose.PARTS)
    with pytest.raises(EditError, match=r"no such option --magik .*did you mean '--magic'"):
        parse(
            next(p for p in compose.PARTS if (p.verb, p.name) == ("add", "region")),
            ["X", "--magik"],
            SYSTEM_ID,
            lambda: compose.PARTS,
        )
