"""HMB001 mode-keys: length only in skirmish/adventure, opponent only on the board."""

from ._lists import ADVENTURE, BOARD, MEDIUM, assert_clean, findings, variant


def test_passes():
    for base in (MEDIUM, ADVENTURE, BOARD):
        assert_clean(base, "HMB001")


def test_length_in_board_mode_fails():
    (f,) = findings(variant(BOARD, length="short"), "HMB001")
    assert "length: short" in f.message and "no length" in f.message
    assert f.path == ("length",) and f.line is not None


def test_opponent_in_skirmish_fails():
    (f,) = findings(variant(MEDIUM, opponent="neutral"), "HMB001")
    assert "opponent: neutral is for mode: board" in f.message
    assert f.rule == "HoMM3 Battlefield 1. Overview"
