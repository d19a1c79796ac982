"""A game file is hostile input (issue 48): whatever a game's data holds, reading it gives the game
or a GameError in a player's words, never another exception. Every value of every system's start
is replaced in turn by values of the wrong kind or out of bounds."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from armybuilder.games import model, store

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
GAMES = {
    "fantasy-triumph": ("fantasy-triumph/iron-marches.yaml", "fantasy-triumph/mire-court.yaml"),
    "token-terrors": ("token-terrors/wrens-host.yaml", "token-terrors/flying-squadron.yaml"),
    "small-world-of-warcraft": (
        "small-world-of-warcraft/goblins-bombs.yaml",
        "small-world-of-warcraft/forsaken-enlist.yaml",
    ),
    "homm3-battlefield": ("homm3-battlefield/skirmish-short.yaml", "homm3-battlefield/adventure-medium.yaml"),
}
JUNK: list[Any] = [None, True, -1, 10**12, 1.5, "", "x" * 400, "1/0", [], {}, [1], {"a": 1}]


def paths(value: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [at] if at else []
    if isinstance(value, dict):
        for k, v in value.items():
            out += paths(v, (*at, k))
    elif isinstance(value, list):
        for i, v in enumerate(value[:3]):  # the first entries of a list: the others are read alike
            out += paths(v, (*at, i))
    return out


def put(data: Any, at: tuple[Any, ...], value: Any) -> None:
    for key in at[:-1]:
        data = data[key]
    data[at[-1]] = value


@pytest.mark.parametrize("system", sorted(GAMES))
def test_every_value_of_a_start_replaced_is_read_or_refused_in_words(system):
    a, b = GAMES[system]
    game = model.begin([store.player_of_file(EXAMPLES / a), store.player_of_file(EXAMPLES / b)], system)
    raw = game.to_dict()
    assert model.read(copy.deepcopy(raw)) == game
    start = raw["sides"][0]["start"]
    tried = 0
    for at in paths(start):
        for junk in JUNK:
            changed = copy.deepcopy(raw)
            put(changed["sides"][0]["start"], at, junk)
            try:
                made = model.read(changed)
            except model.GameError as exc:
                assert str(exc) and "Traceback" not in str(exc)
            else:
                model.tracker(made)  # a start that reads gives a tracker
            tried += 1
    assert tried > 50


@pytest.mark.parametrize("system", sorted(GAMES))
def test_a_players_note_reads_alike_in_every_game(system):
    """The note tap (compose.game.note_action, counted by no rule: OWN) says the same in every
    game: "SIDE: note: WORDS", and "SIDE: note" when it has no words. Each game wrote the line out
    again itself, and three said "SIDE: note: " with nothing after it (Fantasy Triumph did not)."""
    from armybuilder.compose.game import NOTE, Event

    a, b = GAMES[system]
    game = model.begin([store.player_of_file(EXAMPLES / a), store.player_of_file(EXAMPLES / b)], system)
    name = game.sides[0].name
    game, _ = model.record(game, Event(NOTE, 0, None, 0, "rain on the left flank"))
    game, now = model.record(game, Event(NOTE, 0, None, 0, ""))
    assert now.said == (f"{name}: note: rain on the left flank", f"{name}: note")
