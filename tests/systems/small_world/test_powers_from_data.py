"""A race's power comes from its data: any race whose entry carries a power is held to it.

The bundled data gives the region minimum to the Tauren (seed 001); here other races get it
through test data, and the findings name those races.
"""

from .helpers import check, errors, messages, position, with_powers

ACTIVE_ONLY = {"tokens": 3, "active": True, "in_decline": False}
ALWAYS = {"tokens": 2, "active": True, "in_decline": True}


def test_region_minimum_for_a_race_given_it(monkeypatch):
    with_powers(monkeypatch, Humans={"region_minimum": ACTIVE_ONLY})
    r = check(
        position(
            active={"race": "Humans", "regions": [{"name": "Elwynn", "tokens": 2}, {"name": "Westfall", "tokens": 3}]},
            decline=None,
            conquests=None,
        )
    )
    assert errors(r) == ["SWW011"]
    assert messages(r, "SWW011") == [
        "Elwynn holds 2 tokens of the Humans; the Humans never occupy a region with fewer than 3 tokens"
    ]
    assert r.findings[0].rule == "SWoW Humans"


def test_region_minimum_only_in_the_states_the_data_names(monkeypatch):
    with_powers(monkeypatch, Humans={"region_minimum": ACTIVE_ONLY})
    r = check(position(decline={"race": "Humans", "regions": [{"name": "Elwynn", "tokens": 1}]}))
    assert "SWW011" not in errors(r)


def test_the_tauren_lose_it_when_their_data_does(monkeypatch):
    with_powers(monkeypatch, Tauren={"decline_tokens_per_region": 2})
    r = check(position(active={"race": "Tauren", "regions": [{"name": "Mulgore", "tokens": 1}]}, decline=None))
    assert "SWW011" not in errors(r)


def test_a_lone_token_for_a_race_given_the_floor(monkeypatch):
    with_powers(monkeypatch, Orcs={"region_minimum": ALWAYS})
    active = {"race": "Orcs", "in_hand": 3, "regions": [{"name": "Durotar", "tokens": 1}]}
    r = check(position(active=active, conquests=None))
    assert errors(r) == ["SWW011"]
    assert messages(r, "SWW011") == [
        "Durotar: an Orcs token is left alone (the Orcs); the Orcs never occupy a region with fewer than 2 "
        "tokens: move it to a region the player already holds"
    ]
    assert r.findings[0].rule == "SWoW Orcs"


def test_a_declined_race_below_its_floor_is_not_reported_twice(monkeypatch):
    with_powers(monkeypatch, Humans={"region_minimum": ALWAYS})
    r = check(position(decline={"race": "Humans", "regions": [{"name": "Elwynn", "tokens": 1}]}, conquests=None))
    assert errors(r) == ["SWW011"]  # not SWW006 (a race in decline leaves 1) as well
    assert "the declined Humans" in messages(r, "SWW011")[0]


def test_a_defender_floor_only_when_it_holds_in_every_state(monkeypatch):
    conquest = [{"region": "Elwynn", "defender": "Humans", "defender_tokens": 2}]
    orcs = {
        "race": "Orcs",
        "in_hand": 3,
        "regions": [{"name": "Durotar", "tokens": 3}, {"name": "Elwynn", "tokens": 2}],
    }
    with_powers(monkeypatch, Humans={"region_minimum": ACTIVE_ONLY})
    assert "SWW016" not in errors(check(position(active=orcs, conquests=conquest)))  # the defender may be in decline
    with_powers(monkeypatch, Humans={"region_minimum": {"tokens": 3, "active": True, "in_decline": True}})
    r = check(position(active=orcs, conquests=conquest))
    assert errors(r) == ["SWW016"] and r.findings[0].rule == "SWoW Humans"


def test_conquest_minimum_for_a_race_given_it(monkeypatch):
    with_powers(monkeypatch, Trolls={"conquest_minimum": 3})
    r = check(
        position(
            active={"race": "Trolls", "regions": [{"name": "Echo Isles", "tokens": 3}]},
            decline=None,
            conquests=[{"region": "Echo Isles", "tokens": 2, "die": True}],
        )
    )
    assert errors(r) == ["SWW008"]
    assert messages(r, "SWW008") == [
        "the conquest of Echo Isles commits 2 tokens; even with the reinforcement die the Trolls need at least 3"
    ]
    assert r.findings[0].rule == "SWoW Trolls"


def test_bombs_and_enlisting_cite_the_race_given_them(monkeypatch):
    with_powers(
        monkeypatch,
        Humans={"bombs": {"stack": 1, "per_region": 1}},
        Dwarves={"enlist": {"coins_per_token": 1, "tokens_per_loss": 1}},
    )
    r = check(
        position(
            active={
                "race": "Humans",
                "regions": [{"name": "Elwynn", "tokens": 2}],
                "bombs": [{"region": "Durotar"}, {"region": "Barrens"}],
            },
            decline=None,
            conquests=None,
        )
    )
    assert errors(r) == ["SWW012"]
    assert r.findings[0].rule == "SWoW Humans" and "the Humans have 2 bombs on the board" in r.findings[0].message
    r = check(
        position(
            active={"race": "Dwarves", "regions": [{"name": "Ironforge", "tokens": 2}], "enlisted": 1},
            decline=None,
            conquests=None,
        )
    )
    assert errors(r) == ["SWW013"]
    assert r.findings[0].rule == "SWoW Dwarves"
