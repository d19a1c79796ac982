from .helpers import check, codes, errors, messages, position


def test_known_races_in_any_case_pass():
    r = check(
        position(
            active={"race": "oRcS", "regions": [{"name": "Durotar", "tokens": 2}]},
            decline={"race": "night elves", "regions": [{"name": "Ashenvale", "tokens": 1}]},
            conquests=[{"region": "Durotar", "defender": "MURLOCS", "defender_tokens": 1}],
        )
    )
    assert "SWW001" not in codes(r)
    assert r.valid
    assert r.details["races"][0]["race"] == "Orcs"


def test_unknown_active_race_fails_with_a_suggestion():
    r = check(position(active={"race": "Orks", "regions": [{"name": "Durotar", "tokens": 2}]}, conquests=None))
    assert errors(r) == ["SWW001"]
    (msg,) = messages(r, "SWW001")
    assert "'Orks'" in msg and "did you mean 'Orcs'" in msg
    f = r.sorted_findings()[0]
    assert (f.line, f.rule) == (4, "SWoW races")  # the line of "race: Orks"


def test_unknown_decline_race_defender_and_bomb_opponent():
    r = check(
        position(
            active={
                "race": "Goblins",
                "regions": [{"name": "Ratchet", "tokens": 2}],
                "bombs": [{"region": "Stormwind", "opponent": "Humanz"}],
            },
            decline={"race": "Taurens", "regions": [{"name": "Mulgore", "tokens": 2}]},
            conquests=[{"region": "Ratchet", "defender": "Kobold", "defender_tokens": 1}],
        )
    )
    assert errors(r) == ["SWW001"] * 3
    text = " ".join(messages(r, "SWW001"))
    for hint in ("'Tauren'", "'Humans'", "'Kobolds'"):
        assert hint in text


def test_no_suggestion_lists_the_races():
    r = check(position(active={"race": "Zzzz", "regions": [{"name": "Durotar", "tokens": 2}]}))
    (msg,) = messages(r, "SWW001")
    assert "Blood Elves" in msg and "Murlocs" not in msg
