"""Small World of Warcraft at the table (issue 48): a whole game of three turns played through the
engine alone (armybuilder.games.model), every coin worked by hand.

Coins: 1 a region held at a turn's end (base-rules.yaml coins_per_region: Small World's base rule,
unverified); the Blood Elves' 1 for each Magic region held at the turn's end (SWoW Blood Elves);
the Orcs' 1 for each conquest of an Alliance-occupied region (SWoW Orcs); the Forsaken's 1 spent
for each token enlisted, one for each loss they force (SWoW Forsaken); the Goblins' stack of 12
Bombs (SWoW Goblins). A race in decline loses its power (power_lost_in_decline, unverified).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from armybuilder.compose.game import Event
from armybuilder.games import model, store

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "small-world-of-warcraft"


def fig(t, side, key):
    return next(f for f in t.sides[side].figures if f.key == key)


def race_key(g: model.Game, side: int, name: str) -> str:
    return "race-" + str(next(i for i, r in enumerate(g.sides[side].start["races"]) if r["name"] == name))


def test_three_turns_of_coins_with_the_races_powers():
    # Wren: the Blood Elves active, the Tauren in decline (blood-elves-magic.yaml);
    # Ozzy: the Goblins active with 2 Bombs placed and 3 spent: 12 − 5 = 7 in the stack (goblins-bombs.yaml)
    wren = store.player_of_file(EXAMPLES / "blood-elves-magic.yaml", "Wren")
    ozzy = store.player_of_file(EXAMPLES / "goblins-bombs.yaml", "Ozzy")
    g = model.begin([wren, ozzy], "small-world-of-warcraft")

    def tap(kind, side, value=1, part=None):
        nonlocal g
        g, t = model.record(g, Event(kind, side, part, value))
        return t

    t = model.tracker(g)
    assert fig(t, 1, "bombs").value == "7 in the stack, 2 placed"
    # turn 1. Wren: 5 regions = 5, 2 Magic regions = +2: 7
    tap("regions", 0, 5)
    t = tap("marked", 0, 2)
    assert fig(t, 0, "turn").amount == 7
    assert t.sides[0].lines[0].text == "turn 1: 7 coins (2 from Blood Elves' Magic regions)"
    with pytest.raises(model.GameError, match="recorded for turn 1"):
        tap("regions", 0, 5)
    # Ozzy: the 2 Bombs revealed (an explosion, a miss: discarded), 3 placed: 7 − 3 = 4; 5 regions = 5
    tap("blast", 1)
    tap("miss", 1)
    for _ in range(3):
        tap("bomb", 1)
    t = tap("regions", 1, 5)
    assert fig(t, 1, "bombs").value == "4 in the stack, 3 placed"
    assert fig(t, 1, "coins").amount == 5
    t = tap("turn", None)
    # turn 2. Wren's Blood Elves go into decline: their Magic bonus is lost (no tap for it); Wren
    # picks the Orcs, who conquer 2 Alliance-occupied regions: +2; 6 regions = 6: 8
    t = tap("decline", 0)
    assert not any(a.key == "marked" for a in t.sides[0].actions)
    assert any(ln.text == "Wren has no active race: pick the new one" for ln in t.sides[0].lines)
    tap("pick", 0, 1, race_key(g, 0, "Orcs"))
    tap("conquest", 0)
    tap("conquest", 0)
    t = tap("regions", 0, 6)
    assert t.sides[0].lines[1].text == "turn 2: 8 coins (2 from Orcs' conquests of Alliance regions)"
    # Ozzy: a Bomb's region was emptied: back on the stack, 5; 4 regions = 4: 9 in all
    tap("back", 1)
    t = tap("regions", 1, 4)
    assert fig(t, 1, "bombs").value == "5 in the stack, 2 placed" and fig(t, 1, "coins").amount == 9
    tap("turn", None)
    # turn 3. Ozzy's Goblins go into decline (the 2 Bombs placed can still be revealed), Ozzy picks
    # the Forsaken, who force 1 loss and enlist 1 token for 1 coin; a second is refused; 3 regions = 3: 2
    t = tap("decline", 1)
    bomb = next(a for a in t.sides[1].actions if a.key == "bomb")
    assert bomb.why_not == "only active Goblins place Bombs"
    t = tap("blast", 1)
    tap("pick", 1, 1, race_key(g, 1, "Forsaken"))
    tap("forced", 1)
    t = tap("enlist", 1)
    with pytest.raises(model.GameError, match="one token for each loss they forced"):
        tap("enlist", 1)
    t = tap("regions", 1, 3)
    assert t.sides[1].lines[2].text == "turn 3: 2 coins (-1 Forsaken's tokens enlisted)"
    # Wren: 6 regions = 6
    t = tap("regions", 0, 6)
    # the running totals: Wren 7 + 8 + 6 = 21, Ozzy 5 + 4 + 2 = 11
    assert (fig(t, 0, "coins").amount, fig(t, 1, "coins").amount) == (21, 11)
    assert fig(t, 0, "coins").rule.unverified
    t = tap("end", None, 0)
    assert t.over and t.winner is None
    assert t.lines[0].text.startswith("The game was ended after turn 3: Wren 21 coins, Ozzy 11 coins")
