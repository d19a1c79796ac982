from .helpers import check, errors, messages, position


def goblins(bombs, spent=0):
    return {"race": "Goblins", "regions": [{"name": "Ratchet", "tokens": 2}], "bombs": bombs, "bombs_spent": spent}


def test_twelve_bombs_in_all_pass():
    bombs = [{"region": f"Region {i}"} for i in range(4)]
    assert check(position(active=goblins(bombs, 8), conquests=None)).valid


def test_thirteen_bombs_fail():
    bombs = [{"region": f"Region {i}"} for i in range(4)]
    r = check(position(active=goblins(bombs, 9), conquests=None))
    assert errors(r) == ["SWW012"]
    assert "13 in all; their stack holds 12" in messages(r, "SWW012")[0]


def test_two_bombs_in_one_region_fail():
    r = check(position(active=goblins([{"region": "Stormwind"}, {"region": "stormwind"}]), conquests=None))
    assert errors(r) == ["SWW012"]
    assert r.findings[0].path == ("active", "bombs", 1, "region")


def test_bomb_in_the_players_own_region_or_on_their_race_fails():
    r = check(position(active=goblins([{"region": "Mulgore"}]), conquests=None))  # the declined Tauren's
    assert errors(r) == ["SWW012"] and "declined Tauren" in r.findings[0].message
    r = check(position(active=goblins([{"region": "Stormwind", "opponent": "Tauren"}]), conquests=None))
    assert errors(r) == ["SWW012"] and "own race" in r.findings[0].message
    r = check(position(active=goblins([{"region": "Stormwind", "opponent": "Murlocs"}]), conquests=None))
    assert errors(r) == ["SWW012"]
