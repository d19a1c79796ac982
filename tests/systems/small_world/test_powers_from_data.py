"""A race's power comes from its data: any race whose entry carries a power is held to it.

The bundled data gives the region minimum to the Orcs and the "never alone" rule to the Tauren
(seed 001); here other races get them through test data, and the findings name those races.
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
    assert errors(r) == ["SWW010"]
    assert messages(r, "SWW010") == [
        "Elwynn holds 2 tokens of the Humans; the Humans never occupy a region with fewer than 3"
    ]
    assert r.findings[0].rule == "SWoW Humans"


def test_region_minimum_only_in_the_states_the_data_names(monkeypatch):
    with_powers(monkeypatch, Humans={"region_minimum": ACTIVE_ONLY})
    r = check(position(decline={"race": "Humans", "regions": [{"name": "Elwynn", "tokens": 1}]}))
    assert "SWW010" not in errors(r)


def test_the_orcs_lose_it_when_their_data_does(monkeypatch):
    with_powers(monkeypatch, Orcs={"conquest_bonus": {"defender_faction": "Alliance", "coins": 1}})
    r = check(position(active={"race": "Orcs", "in_hand": 3, "regions": [{"name": "Durotar", "tokens": 1}]}))
    assert "SWW010" not in errors(r)


def test_never_alone_for_a_race_given_it(monkeypatch):
    with_powers(monkeypatch, Orcs={"never_alone": ALWAYS})
    r = check(position(active={"race": "Orcs", "in_hand": 3, "regions": [{"name": "Durotar", "tokens": 1}]}))
    assert errors(r) == ["SWW011"]
    assert messages(r, "SWW011") == [
        "Durotar: an Orcs token is left alone (the Orcs); an Orcs token is never "
        "alone: move it to a region the player already holds (at least 2 a region)"
    ]
    assert r.findings[0].rule == "SWoW Orcs"


def test_a_declined_race_never_alone_is_not_reported_twice(monkeypatch):
    with_powers(monkeypatch, Humans={"never_alone": ALWAYS})
    r = check(position(decline={"race": "Humans", "regions": [{"name": "Elwynn", "tokens": 1}]}))
    assert errors(r) == ["SWW011"]  # not SWW006 (a race in decline leaves 1) as well
    assert "the declined Humans" in messages(r, "SWW011")[0]


def test_both_minimums_on_one_race_report_each_region_once(monkeypatch):
    with_powers(monkeypatch, Humans={"region_minimum": ACTIVE_ONLY, "never_alone": ALWAYS})
    r = check(
        position(
            active={"race": "Humans", "regions": [{"name": "Elwynn", "tokens": 1}, {"name": "Westfall", "tokens": 2}]},
            decline=None,
            conquests=None,
        )
    )
    assert [(f.code, f.path[2]) for f in r.sorted_findings() if f.severity.value == "error"] == [
        ("SWW011", 0),
        ("SWW010", 1),
    ]


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
