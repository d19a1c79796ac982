"""HMB018 unit-side: Few in Short, Pack in Medium and Large; no side for a neutral unit."""

from ._lists import ADVENTURE, BOARD, LARGE, MEDIUM, SHORT, assert_clean, findings, variant


def test_passes():
    for base in (SHORT, MEDIUM, LARGE, ADVENTURE, BOARD):
        assert_clean(base, "HMB018")


def test_wrong_side_fails():
    units = [dict(u, side="Pack", name=u["name"].lower()) for u in SHORT["units"]]
    got = findings(variant(SHORT, units=units), "HMB018")
    assert len(got) == 5
    assert got[0].message == "a Short skirmish uses every unit on its Few side; Skeletons is on its Pack side"
    units = [dict(u, side="Few") for u in MEDIUM["units"][:1]] + MEDIUM["units"][1:]
    (f,) = findings(variant(MEDIUM, units=units), "HMB018")
    assert "on its Pack side; Halberdiers is on its Few side" in f.message


def test_side_on_a_neutral_unit_fails():
    units = [*BOARD["units"][:4], {"name": "Sharpshooters", "neutral": True, "side": "Pack"}]
    (f,) = findings(variant(BOARD, units=units), "HMB018")
    assert f.message == ("Sharpshooters is a neutral unit with one card, which has no Few or Pack side: leave side out")
