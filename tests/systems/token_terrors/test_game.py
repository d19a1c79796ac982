"""Token Terrors at the table (issue 48): a whole game played through the engine alone
(armybuilder.games.model), every count worked by hand from rule document 000.

Wren: Zombies 3, Elves 2, Swamplins 5; Ozzy: Soldiers 6, Goblins 4 (10 tokens each, TT Draft
Your Army). Every token starts in Reserves; each player starts with 1 Surge Point (TT Setup).
"""

from __future__ import annotations

import pytest

from armybuilder.compose.game import Event
from armybuilder.games import model, store


def lists(tmp_path):
    wren = tmp_path / "wren.yaml"
    wren.write_text("system: token-terrors\nname: Wren\ntokens:\n  Zombies: 3\n  Elves: 2\n  Swamplins: 5\n")
    ozzy = tmp_path / "ozzy.yaml"
    ozzy.write_text("system: token-terrors\nname: Ozzy\ntokens:\n  Soldiers: 6\n  Goblins: 4\n")
    return [store.player_of_file(wren, "Wren"), store.player_of_file(ozzy, "Ozzy")]


def fig(t, side, key):
    return next(f.amount for f in t.sides[side].figures if f.key == key)


def state(t, side, label):
    return next(r.state for r in t.sides[side].rows if r.label == label)


def test_a_whole_game_to_the_win_and_what_it_reveals(tmp_path):
    g = model.begin(lists(tmp_path), "token-terrors")

    def tap(kind, side, part=None, value=1):
        nonlocal g
        g, t = model.record(g, Event(kind, side, part, value))
        return t

    t = model.tracker(g)
    assert (fig(t, 0, "surge"), fig(t, 1, "surge")) == (1, 1)  # TT Setup
    assert fig(t, 0, "left") == 10 and fig(t, 0, "board") == 0
    # Surge Points (TT Surge Points): 1 + 1 (Rest) + 1 (Dash) = 3; three commands past the 3 starting ones: 0
    tap("surge", 0, "rest", 1)
    tap("surge", 0, "dash", 1)
    for _ in range(3):
        t = tap("surge", 0, "spend", -1)
    assert fig(t, 0, "surge") == 0
    with pytest.raises(model.GameError, match="Wren has no Surge Points"):
        tap("surge", 0, "spend", -1)
    # Kickstart: a Swamplin rests at 0 Surge Points: 2 (TT Swamplins); not again at 2
    t = tap("surge", 0, "kickstart", 2)
    assert fig(t, 0, "surge") == 2
    with pytest.raises(model.GameError, match="only at 0 Surge Points"):
        tap("surge", 0, "kickstart", 2)
    # set-up: 3 Zombies and 2 Elves onto the Battleground: 5; a sixth is refused (reinforce up to 5)
    for _ in range(3):
        tap("deploy", 0, "faction-0")
    for _ in range(2):
        t = tap("deploy", 0, "faction-1")
    assert fig(t, 0, "board") == 5
    assert state(t, 0, "Swamplins") == "0 on the Battleground · 5 in Reserves · 0 in the Cemetery"
    with pytest.raises(model.GameError, match="reinforce only up to 5"):
        tap("deploy", 0, "faction-2")
    # a Zombie destroyed (TT Battle): 9 left; Infect brings one back to Reserves (TT Zombies): 10; twice
    for _ in range(2):
        t = tap("destroyed", 0, "faction-0")
        assert fig(t, 0, "left") == 9
        t = tap("infect", 0, "faction-0")
        assert fig(t, 0, "left") == 10
    assert state(t, 0, "Zombies") == "1 on the Battleground · 2 in Reserves · 0 in the Cemetery"
    with pytest.raises(model.GameError, match="no Zombies in the Cemetery"):
        tap("infect", 0, "faction-0")
    # Ozzy: Goblins 4 and Soldiers 1 on the Battleground, then every token destroyed, the Soldiers
    # reinforcing one at a time: 10 destroyed, 0 left: Wren wins (TT How to Win)
    for _ in range(4):
        tap("deploy", 1, "faction-1")
    for _ in range(4):
        tap("destroyed", 1, "faction-1")
    for n in range(6):
        tap("deploy", 1, "faction-0")
        t = tap("destroyed", 1, "faction-0")
        assert fig(t, 1, "left") == 10 - 4 - (n + 1)
    assert t.over and t.winner == 0
    assert t.lines[0].text == "Ozzy has no tokens left: Wren wins"
    said = [ln.text for ln in t.lines[1:]]
    # Corpse Cover: at least 1 Elf (2) and 1 Zombie (1) on the Battleground, Infect twice
    assert "Wren reveals Corpse Cover" in said
    # Treacherous Scum: 3 or more Swamplins remaining (5, none destroyed)
    assert "Wren reveals Treacherous Scum" in said
    # the Grudges: Goblins against Elves, Zombies against Soldiers: this game counts for both
    assert any(s.startswith("This game counts towards Haughty Hatred") for s in said)
    assert any(s.startswith("This game counts towards Return to Dead") for s in said)
    assert not any("Death from Above" in s or "Decayed Buffet" in s for s in said)
    assert len(t.said) == 6 + 5 + 4 + 8 + 12  # surge, set-up, Zombies, Ozzy's Goblins, his Soldiers
    # the end: a tap is refused; undo the last one: the game goes on, 1 left
    with pytest.raises(model.GameError, match="the game is over"):
        tap("surge", 1, "rest", 1)
    u = model.tracker(model.undo(g))
    assert not u.over and fig(u, 1, "left") == 1


def test_every_tactic_of_the_data_has_its_challenge_read():
    from armybuilder.resources import load_data
    from armybuilder.systems.token_terrors.game import CHALLENGES

    names = {c["name"] for c in load_data("token-terrors", "tactics")["tactics"]}
    assert set(CHALLENGES) == names
