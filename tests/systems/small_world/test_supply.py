from .helpers import check, errors, messages, position


def orcs(in_hand, *tokens):
    return {
        "race": "Orcs",
        "in_hand": in_hand,
        "regions": [{"name": name, "tokens": t} for name, t in zip(("Durotar", "Crossroads"), tokens, strict=True)],
    }


def test_exactly_the_box_supply_passes():
    r = check(position(active=orcs(3, 4, 4)))  # 11 of 11
    assert r.valid
    assert (r.measure.total, r.measure.limit, r.measure.unit) == (11, 11, "tokens")


def test_one_token_beyond_the_box_fails():
    r = check(position(active=orcs(4, 4, 4)))  # 12 of 11
    assert errors(r) == ["SWW004"]
    (msg,) = messages(r, "SWW004")
    assert "12 tokens (8 on the board, 4 in hand)" in msg and "11 Orcs tokens" in msg


def test_declined_race_beyond_its_box_fails():
    regions = [{"name": f"R{i}", "tokens": 2} for i in range(9)]  # 18 Tauren, box of 16
    r = check(position(decline={"race": "Tauren", "regions": regions}))
    assert errors(r) == ["SWW004"]


def test_forsaken_beyond_20_fails_even_when_enlisted():
    forsaken = {
        "race": "Forsaken",
        "in_hand": 1,
        "enlisted": 1,
        "regions": [{"name": "Tirisfal", "tokens": 10}, {"name": "Silverpine", "tokens": 10}],
    }
    conquest = [{"region": "Silverpine", "defender": "Worgen", "defender_tokens": 1}]
    r = check(position(active=forsaken, conquests=conquest))
    assert errors(r) == ["SWW004"]
    (f,) = [f for f in r.findings if f.code == "SWW004"]
    assert f.rule == "SWoW Forsaken" and "enlisting never goes beyond it" in f.message
    forsaken["in_hand"] = 0
    assert check(position(active=forsaken, conquests=conquest)).valid  # 20 of 20
