"""SWW016 lone-defender: a conquered region cannot have held a lone Tauren token.

Seed 001, the Tauren: "Under no circumstances should a Tauren token be left alone, even during
the 'Ready your troops' phase. If a Race token would be left alone for any reason, the player
controlling The Tauren must redeploy it to a Region they already control." A conquest whose
defender is the Tauren with 1 token describes a board that cannot exist.
"""

from .helpers import check, errors, messages, position

# The Orcs who conquered Mulgore hold it at the end of the turn.
ORCS = {"race": "Orcs", "regions": [{"name": "Mulgore", "tokens": 4}, {"name": "Crossroads", "tokens": 2}]}


def test_a_tauren_region_with_one_token_cannot_be_conquered():
    r = check(
        position(
            active=ORCS, decline=None, conquests=[{"region": "Mulgore", "defender": "Tauren", "defender_tokens": 1}]
        )
    )
    assert errors(r) == ["SWW016"]
    assert messages(r, "SWW016") == [
        "the conquest of Mulgore says 1 token of the Tauren held it, but a region of the Tauren always "
        "holds at least 2, active or in decline (a token left alone is redeployed): check the defender "
        "and its tokens"
    ]
    f = r.findings[0]
    assert f.rule == "SWoW Tauren" and f.path == ("conquests", 0, "defender_tokens")


def test_two_tauren_tokens_or_one_of_another_race_pass():
    # 2 Tauren tokens: the conquest costs 2 + 2 = 4 tokens.
    r = check(
        position(
            active=ORCS, decline=None, conquests=[{"region": "Mulgore", "defender": "Tauren", "defender_tokens": 2}]
        )
    )
    assert "SWW016" not in errors(r) and r.details["conquests"][0]["cost"] == 4
    r = check(position(conquests=[{"region": "Crossroads", "defender": "Orcs", "defender_tokens": 1}]))
    assert "SWW016" not in errors(r)  # the Orcs have no floor
