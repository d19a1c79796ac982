"""HMB019 unit-limit: 7 against a player, 5 against neutral units on the board."""

from ._lists import BOARD, LARGE, assert_clean, check, findings, variant

RAMPART = [
    {"name": n, "side": "Pack"}
    for n in ("Centaurs", "Dwarves", "Elves", "Pegasi", "Dendroids", "Unicorns", "Gold Dragons")
]


def test_passes_at_the_limit():
    assert_clean(BOARD, "HMB019")  # 5 against neutral units
    assert_clean(variant(BOARD, opponent="player", units=RAMPART), "HMB019")  # 7 against a player


def test_skirmish_has_no_limit():
    result = check(LARGE)
    assert result.measure.limit is None and result.measure.total == 7
    assert_clean(LARGE, "HMB019")


def test_over_the_limit_fails():
    (f,) = findings(variant(BOARD, units=RAMPART[:6]), "HMB019")
    assert f.message == "a Combat against Neutral Units on the Battlefield board places up to 5 units; the list has 6"
    units = [*RAMPART, {"name": "Sharpshooters", "neutral": True}]
    (f,) = findings(variant(BOARD, opponent="player", units=units), "HMB019")
    assert f.message == ("a player-versus-player Combat on the Battlefield board places up to 7 units; the list has 8")
