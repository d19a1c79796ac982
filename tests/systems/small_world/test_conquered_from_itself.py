"""SWW020 conquered-from-itself: a conquest's defender is never the active race.

Small World's base rules (reference, unverified; base-rules.yaml, own_region_not_conquered): "A race
cannot conquer a region it already occupies". Issue 36, point 8: "A Small World region can be
'conquered' from your own active race." The race in decline is another race: its regions can be
conquered (the Thrall position's Tauren).
"""

from .helpers import check, errors, messages, position
from .test_board_conquests import BASE_RULE, add, of


def test_a_conquest_from_the_active_race_fails():
    # Thrall's Orcs "conquer" Crossroads from 1 Orc token: 3 tokens (2 + 1 defender), within the 7 free
    conquests = [{"region": "Crossroads", "defender": "orcs", "defender_tokens": 1, "tokens": 3}]
    r = check(position(conquests=conquests))
    assert errors(r) == ["SWW020"]
    assert messages(r, "SWW020") == [
        "Crossroads is conquered from the Orcs, the active race itself; a race cannot conquer a region it "
        "already occupies: name the race that held it before the conquest, or no defender for an empty region"
    ]
    (f,) = [f for f in r.findings if f.code == "SWW020"]
    assert f.path == ("conquests", 0, "defender") and f.rule == BASE_RULE


def test_a_conquest_from_the_race_in_decline_or_another_passes():
    for defender in ("Tauren", "Humans"):
        conquests = [{"region": "Crossroads", "defender": defender, "defender_tokens": 1, "tokens": 3}]
        assert "SWW020" not in errors(check(position(conquests=conquests))), defender


def test_the_board_does_not_offer_a_conquest_from_the_active_race():
    b = of(position(conquests=None), "active-regions-1")
    refused = add(b, "From the Orcs")
    assert refused.edit is None
    assert refused.why_not == (
        f"the Orcs are the active race: a race cannot conquer a region it already occupies ({BASE_RULE})"
    )
    assert add(b, "From the Tauren").edit is not None  # the race in decline is another race
