"""TTB031: the Gruesome Grudges live between two armies (rivals split between the players)."""

import pytest

from armybuilder.systems.token_terrors.matchup import matchup

from .helpers import GOOD_DRAFT, army_text, draft, findings


def _live(tmp_path, a, b):
    pa, pb = tmp_path / "a.yaml", tmp_path / "b.yaml"
    pa.write_text(army_text(a, "A"), encoding="utf-8")
    pb.write_text(army_text(b, "B"), encoding="utf-8")
    import json

    out = matchup(pa, pb, "json")
    return [g["name"] for g in json.loads(out.stdout)["matchup"]["breakdown"]["grudges_live"]]


@pytest.mark.parametrize(
    "a, b, grudges",
    [
        ({"Goblins": 5, "Wyverns": 5}, {"Elves": 4, "Soldiers": 6}, ["Haughty Hatred"]),
        ({"Zombies": 5, "Goblins": 5}, {"Soldiers": 6, "Elves": 4}, ["Haughty Hatred", "Return to Dead"]),
        ({"Flying Machines": 6, "Swamplins": 4}, {"Wyverns": 5, "Goblins": 5}, ["Airborne Animosity"]),
        # sworn enemies in one army are no Grudge: both rivals must face each other
        ({"Goblins": 5, "Elves": 5}, {"Soldiers": 6, "Swamplins": 4}, []),
    ],
)
def test_grudges_live_in_a_matchup(tmp_path, a, b, grudges):
    assert _live(tmp_path, a, b) == grudges


def test_grudge_in_a_draft():
    r = draft(["Ozzy", "Wren"], GOOD_DRAFT)
    [f] = findings(r, "TTB031")
    assert f.message.startswith("the Gruesome Grudge 'Haughty Hatred' is live: Ozzy has Elves and Wren has Goblins")
    assert r.details["grudges_live"] == [
        {
            "name": "Haughty Hatred",
            "factions": ["Elves", "Goblins"],
            "challenge": "Play 3 or more games where Goblins and Elves battle each other.",
        }
    ]


def test_no_grudge_in_a_draft_without_rivals():
    r = draft(
        ["Ozzy", "Wren"],
        [("Ozzy", "Soldiers", 6), ("Wren", "Wyverns", 5), ("Ozzy", "Swamplins", 4), ("Wren", "Goblins", 5)],
    )
    assert findings(r, "TTB031") == []
