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


def test_declined_orcs_are_not_checked():
    for n in (1, 2):
        r = check(
            position(
                active={"race": "Trolls", "regions": [{"name": "Echo Isles", "tokens": 2}]},
                decline={"race": "Orcs", "regions": [{"name": "Orgrimmar", "tokens": n}]},
                conquests=None,
            )
        )
        assert r.valid, r.findings
