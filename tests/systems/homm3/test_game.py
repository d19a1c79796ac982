"""Heroes III Battlefield at the table (issue 48): a whole final Combat played through the engine
alone (armybuilder.games.model). Seed 004, 1. Overview: "one player must defeat all of the units
the other player deploys onto the Battlefield board"; 5. Combat: each side takes its unit models
at set-up, and each Combat Round ends with an Expert Effect regained and 2 cards drawn.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from armybuilder.compose.game import Event
from armybuilder.games import model, store

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "homm3-battlefield"


def fig(t, side, key):
    return next(f for f in t.sides[side].figures if f.key == key)


def test_a_final_combat_until_every_deployed_unit_is_defeated():
    # Wren: Solmyr's tower guard, 5 units (adventure-medium.yaml); Ozzy: skirmish-short.yaml
    wren = store.player_of_file(EXAMPLES / "adventure-medium.yaml", "Wren")
    ozzy = store.player_of_file(EXAMPLES / "skirmish-short.yaml", "Ozzy")
    g = model.begin([wren, ozzy], "homm3-battlefield")

    def tap(kind, side, part=None, value=1):
        nonlocal g
        g, t = model.record(g, Event(kind, side, part, value))
        return t

    t = model.tracker(g)
    wren_units = [r.key for r in t.sides[0].rows]
    ozzy_units = [r.key for r in t.sides[1].rows]
    assert len(wren_units) == 5 and t.sides[0].rows[0].label == "Gremlins"
    # the Combat cannot begin before each side has deployed a unit
    with pytest.raises(model.GameError, match="each side deploys a unit first"):
        tap("fight", None, None, 0)
    # Wren deploys 3 of the 5 units, Ozzy 2 of theirs; a unit is deployed once
    for key in wren_units[:3]:
        tap("deploy", 0, key)
    for key in ozzy_units[:2]:
        t = tap("deploy", 1, key)
    with pytest.raises(model.GameError, match="deployed already"):
        tap("deploy", 0, wren_units[0])
    assert fig(t, 0, "deployed").amount == 3
    t = tap("fight", None, None, 0)
    assert t.lines[0].text == "Combat Round 1"
    # a unit not deployed cannot be defeated, and the opponent need not defeat it
    with pytest.raises(model.GameError, match="not deployed"):
        tap("defeated", 0, wren_units[4])
    tap("defeated", 1, ozzy_units[0])
    t = tap("round", None)  # round 1 ends: an Expert Effect regained, 2 cards drawn (5. Combat)
    assert t.said[-1] == "Combat Round 1 ended: each hero regains an Expert Effect and draws 2 cards"
    assert t.lines[0].text == "Combat Round 2"
    tap("defeated", 0, wren_units[0])
    tap("defeated", 0, wren_units[1])
    t = tap("defeated", 0, wren_units[2])  # 3 of Wren's 3 deployed units: Ozzy wins
    assert fig(t, 0, "defeated").value == "3 of 3"
    assert fig(t, 1, "defeated").value == "1 of 2"
    assert t.over and t.winner == 1
    assert t.lines[0].text == "Ozzy has defeated every unit Wren deployed: Ozzy wins"
    assert t.lines[0].rule.rule == "HoMM3 Battlefield 1. Overview"
    assert len(t.said) == 3 + 2 + 1 + 1 + 1 + 3
