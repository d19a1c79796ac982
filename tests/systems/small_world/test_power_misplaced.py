from .helpers import check, errors, messages, position


def test_bombs_on_the_active_goblins_pass():
    r = check(
        position(
            active={
                "race": "Goblins",
                "regions": [{"name": "Ratchet", "tokens": 2}],
                "bombs": [{"region": "Stormwind"}],
                "bombs_spent": 1,
            },
            conquests=None,
        )
    )
    assert r.valid


def test_bombs_on_orcs_fail():
    r = check(
        position(
            active={"race": "Orcs", "regions": [{"name": "Durotar", "tokens": 2}], "bombs": [{"region": "Stormwind"}]},
            conquests=None,
        )
    )
    assert errors(r) == ["SWW007"]
    assert "Goblins" in messages(r, "SWW007")[0]


def test_bombs_and_enlisting_on_a_race_in_decline_fail():
    r = check(position(decline={"race": "Goblins", "regions": [{"name": "Ratchet", "tokens": 1}], "bombs_spent": 2}))
    assert errors(r) == ["SWW007"]
    assert "revealed when they go into decline" in messages(r, "SWW007")[0]
    r = check(position(decline={"race": "Forsaken", "regions": [{"name": "Tirisfal", "tokens": 1}], "enlisted": 1}))
    assert errors(r) == ["SWW007"]
    assert r.findings[0].rule == "SWoW Forsaken"


def test_zero_values_are_harmless():
    r = check(
        position(
            active={
                "race": "Orcs",
                "regions": [{"name": "Durotar", "tokens": 2}],
                "bombs": [],
                "bombs_spent": 0,
                "enlisted": 0,
            },
            conquests=None,
        )
    )
    assert r.valid
