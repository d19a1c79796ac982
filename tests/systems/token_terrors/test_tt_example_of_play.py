"""The rulebook's Example of Play (Ozzy and Wren), as armies, computed by hand.

"Each has 5 Tokens on their side of the Battleground, 5 Tokens in their Reserves": 10 tokens,
all Typical (1 slot each), so 10 of 10 slots. Wren is the second player, so Ozzy drafted first.
"""

import json

from armybuilder.check import check_path
from armybuilder.systems.token_terrors.matchup import matchup

from .helpers import EXAMPLES, FIXTURES, GOOD_DRAFT, draft

WREN = FIXTURES / "example-of-play-wren.yaml"
OZZY = FIXTURES / "example-of-play-ozzy.yaml"
ON_BOARD, IN_RESERVE = 5, 5


def test_both_armies_are_legal_and_fill_ten_slots():
    for path in (WREN, OZZY):
        r = check_path(path)
        assert r.valid, [f.message for f in r.findings]
        assert (r.measure.total, r.measure.limit) == (ON_BOARD + IN_RESERVE, 10)


def test_the_factions_the_example_shows():
    wren = check_path(WREN).details["army"]
    ozzy = check_path(OZZY).details["army"]
    w = {f["faction"]: f["tokens"] for f in wren["factions"]}
    o = {f["faction"]: f["tokens"] for f in ozzy["factions"]}
    # two Wyverns adjacent (fig 16); three Goblins (active, moved by Enable, reinforced: figs 23-26)
    assert w["Wyverns"] >= 2 and w["Goblins"] >= 3
    # three Soldiers: the active one and two moved by March (figs 20-22)
    assert o["Soldiers"] >= 3
    assert not set(w) & set(o)


def test_the_talents_used_in_the_example_cost_one_command_each():
    wren = {t["name"]: t["command_cost"] for t in check_path(WREN).details["army"]["talents"]}
    ozzy = {t["name"]: t["command_cost"] for t in check_path(OZZY).details["army"]["talents"]}
    # Wren: Take Flight (1st command), Rush (2nd), a Sure Shot (3rd), Battle for 1 Surge Point;
    # later Enable for 1 Surge Point. Ozzy: March (1st), Blindside (2nd and 3rd), Phalanx for 1 Surge Point.
    assert (wren["Take Flight"], wren["Rush"], wren["Enable"]) == (1, 1, 1)
    assert (ozzy["March"], ozzy["Phalanx"]) == (1, 1)


def test_the_two_armies_as_a_matchup():
    r = matchup(OZZY, WREN, "json")
    assert r.code == 0
    data = json.loads(r.stdout)
    assert data["valid"] is True
    assert data["matchup"]["breakdown"]["shared_factions"] == []
    assert data["matchup"]["points"] == {"total": 20, "limit": 20, "unit": "slots (both players)"}


def test_a_draft_that_ends_in_these_armies():
    r = draft(["Ozzy", "Wren"], GOOD_DRAFT)
    assert r.valid
    players = {p["player"]: {f["faction"]: f["tokens"] for f in p["factions"]} for p in r.details["players"]}
    for name, path in (("Ozzy", OZZY), ("Wren", WREN)):
        army = {f["faction"]: f["tokens"] for f in check_path(path).details["army"]["factions"]}
        assert players[name] == army
    assert r.details["first_player"] == "Ozzy"


def test_the_shipped_examples_are_the_same_armies():
    for fixture, example in ((WREN, "wrens-host.yaml"), (OZZY, "ozzys-muster.yaml")):
        a = check_path(fixture).details["army"]["factions"]
        b = check_path(EXAMPLES / example).details["army"]["factions"]
        assert a == b
