from .helpers import check, errors, messages, position


def test_one_token_a_region_for_most_races_passes():
    r = check(
        position(
            decline={"race": "Humans", "regions": [{"name": "Elwynn", "tokens": 1}, {"name": "Westfall", "tokens": 1}]}
        )
    )
    assert r.valid


def test_two_tokens_for_a_declined_human_region_fail():
    r = check(position(decline={"race": "Humans", "regions": [{"name": "Elwynn", "tokens": 2}]}))
    assert errors(r) == ["SWW006"]
    assert "leaves 1 in each region" in messages(r, "SWW006")[0]


def test_tauren_leave_two_not_three():
    assert check(position(decline={"race": "Tauren", "regions": [{"name": "Mulgore", "tokens": 2}]})).valid
    r = check(position(decline={"race": "Tauren", "regions": [{"name": "Mulgore", "tokens": 3}]}))
    assert errors(r) == ["SWW006"]
    assert "instead of 1" in messages(r, "SWW006")[0]
    assert r.findings[0].rule == "SWoW Tauren"


def test_declined_orcs_leave_one_token_like_any_race():
    # The Orcs' entry in seed 001 says nothing of decline (the 2-token floor is the Tauren's), so
    # the usual count holds: "they leave 2 Race tokens in each Region, instead of 1" (the Tauren).
    def declined_orcs(n):
        return check(
            position(
                active={"race": "Trolls", "regions": [{"name": "Echo Isles", "tokens": 2}]},
                decline={"race": "Orcs", "regions": [{"name": "Orgrimmar", "tokens": n}]},
                conquests=None,
            )
        )

    assert declined_orcs(1).valid
    r = declined_orcs(2)
    assert errors(r) == ["SWW006"]
    assert messages(r, "SWW006") == [
        "Orgrimmar: the declined Orcs have 2 tokens here; a race in decline leaves 1 in each region"
    ]


def test_a_race_whose_decline_count_is_unsettled_is_not_checked(monkeypatch):
    from .helpers import with_powers

    with_powers(monkeypatch, Humans={"decline_tokens_per_region": None})
    r = check(position(decline={"race": "Humans", "regions": [{"name": "Elwynn", "tokens": 3}]}))
    assert "SWW006" not in errors(r)
