"""SWW011 tauren-alone: the Tauren's 2-token floor, active and in decline (seed 001).

Seed 001, the Tauren's entry: "These large, resilient warriors may never occupy (nor conquer) a
Region with less than 2 Race tokens." ... "Under no circumstances should a Tauren token be left
alone, even during the 'Ready your troops' phase. If a Race token would be left alone for any
reason, the player controlling The Tauren must redeploy it to a Region they already control."
"""

from .helpers import check, errors, messages, position


def test_tauren_in_pairs_pass():
    r = check(
        position(
            active={
                "race": "Tauren",
                "regions": [{"name": "Mulgore", "tokens": 2}, {"name": "Thunder Bluff", "tokens": 5}],
            },
            decline={"race": "Orcs", "regions": [{"name": "Durotar", "tokens": 1}]},
            conquests=None,
        )
    )
    assert r.valid


def test_a_lone_active_tauren_token_fails():
    r = check(
        position(active={"race": "Tauren", "regions": [{"name": "Mulgore", "tokens": 1}]}, decline=None, conquests=None)
    )
    assert errors(r) == ["SWW011"]
    assert messages(r, "SWW011") == [
        "Mulgore: a Tauren token is left alone (the Tauren); the Tauren never occupy a region with fewer "
        "than 2 tokens: move it to a region the player already holds"
    ]
    assert r.findings[0].rule == "SWoW Tauren" and r.findings[0].path == ("active", "regions", 0, "tokens")


def test_a_lone_declined_tauren_token_fails_once():
    r = check(position(decline={"race": "Tauren", "regions": [{"name": "Mulgore", "tokens": 1}]}))
    assert errors(r) == ["SWW011"]  # not SWW006 as well
    assert "declined Tauren" in r.findings[0].message


def test_other_races_may_hold_one_token():
    r = check(position(active={"race": "Humans", "regions": [{"name": "Elwynn", "tokens": 1}]}, conquests=None))
    assert r.valid
