"""TTB030: two pre-built armies may not share a faction unless --allow-shared-factions."""

from armybuilder.systems.token_terrors.matchup import matchup

from .helpers import army_text


def _pair(tmp_path, a, b):
    pa, pb = tmp_path / "a.yaml", tmp_path / "b.yaml"
    pa.write_text(army_text(a, "Wren's Host"), encoding="utf-8")
    pb.write_text(army_text(b, "Rival"), encoding="utf-8")
    return pa, pb


def test_no_shared_faction_passes(tmp_path):
    r = matchup(*_pair(tmp_path, {"Wyverns": 5, "Goblins": 5}, {"Soldiers": 6, "Elves": 4}))
    assert r.code == 0
    assert "TTB030" not in r.stdout


def test_a_shared_faction_fails(tmp_path):
    a, b = _pair(tmp_path, {"Wyverns": 5, "Goblins": 5}, {"wyverns": 1, "Soldiers": 6, "Elves": 3})
    r = matchup(a, b)
    assert r.code == 1
    assert (
        f"{a}:4:12: TTB030 [error] Wyverns are in both armies (Wren's Host 5, Rival 1); pre-built armies "
        "should not share a faction (if both players agree, use --allow-shared-factions) "
        "(TT Draft Your Army: shared factions)"
    ) in r.stdout


def test_allowed_when_both_players_agree(tmp_path):
    r = matchup(
        *_pair(tmp_path, {"Wyverns": 5, "Goblins": 5}, {"Wyverns": 1, "Soldiers": 6, "Elves": 3}), allow_shared=True
    )
    assert r.code == 0, r.stdout
    assert "TTB030" not in r.stdout
