from .helpers import check, errors, position


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


def test_a_lone_declined_tauren_token_fails_once():
    r = check(position(decline={"race": "Tauren", "regions": [{"name": "Mulgore", "tokens": 1}]}))
    assert errors(r) == ["SWW011"]  # not SWW006 as well
    assert "declined Tauren" in r.findings[0].message
