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


def test_the_messages_name_the_modes_from_the_data():
    (f,) = findings(variant(BOARD, length="short"), "HMB001")
    assert f.message == (
        "length: short is for skirmish and adventure; a regular game on the Battlefield board has "
        "no length: leave it out"
    )
    (f,) = findings(variant(MEDIUM, opponent="neutral"), "HMB001")
    assert f.message == (
        "opponent: neutral is for mode: board; skirmish is always one player against another: leave it out"
    )


def test_which_modes_take_a_length_or_an_opponent_is_data(monkeypatch):
    import copy
    from dataclasses import replace

    from armybuilder.systems.homm3 import model

    rules = copy.deepcopy(model.catalog().rules)
    rules["modes"]["skirmish"]["unit_limit"] = {"player": 7, "neutral": 5}  # as if it depended on the opponent
    changed = replace(model.catalog(), rules=rules)
    monkeypatch.setattr(model, "catalog", lambda: changed)
    assert findings(variant(MEDIUM, opponent="neutral"), "HMB001") == []
    (f,) = findings(variant(ADVENTURE, opponent="neutral"), "HMB001")
    assert f.message.startswith("opponent: neutral is for mode: skirmish or board; adventure is always")
