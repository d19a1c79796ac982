"""Fantasy Triumph at the table (issue 48): whole games played through the engine alone
(armybuilder.games.model), every total worked by hand from the rules.

The victory value and breaking point are the data's (army.yaml victory_value: stands and heroes
at full cost, the army breaks when it has lost one third of it; a secondary source, unverified,
as the roster marks it). The cards: FT 32.3 (Delayed Entry counts ½ until it enters), FT 36.2.b
(a sacked Heavily Fortified Camp counts 17), FT 38.3 (Hold the Line spent), FT 39.7.a (a fake
Illusion counts nothing), FT 52 / 52.1.a (Regenerate: a returned stand no longer counts as lost,
the general stays lost), FT 60.1 (Unreliable: a stand lost on a command roll of 1).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from armybuilder.compose.game import Event
from armybuilder.games import model, store

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "fantasy-triumph"


def figure(t, side: int, key: str) -> float | None:
    return next(f.amount for f in t.sides[side].figures if f.key == key)


def row(t, side: int, label: str):
    return next(r for r in t.sides[side].rows if r.label == label)


def begin(*files: tuple[Path, str]) -> model.Game:
    players = [store.player_of_file(path, name) for path, name in files]
    return model.begin(players, "fantasy-triumph")


def tap(game: model.Game, kind: str, side: int | None, part: str | None = None, value: int = 1):
    return model.record(game, Event(kind, side, part, value))


def test_a_whole_game_until_an_army_breaks():
    # Wren plays The Iron Marches (side 0): Guard 2 × 6½ = 13 (general), Sellswords 2 × 2 = 4
    # (Unreliable, 1 stand Delayed Entry), Crossbows 3 × 4½ = 13½, Levy 3 × 1 = 3, Spears 2 × 4 = 8
    # (2 Hold the Line cards: expendable, not in the victory value), Battle Priest 4; 2 Illusions.
    # Victory value 13 + 4 + 13½ + 3 + 8 + 4 = 45½; it breaks at 45½ / 3 = 15⅙.
    # Ozzy plays The Mire Court (side 1): Saurian Guard 2 × 7 = 14 (general), Swamp Riders 2 × 4 = 8,
    # Bog Dead 3 × 2 = 6 (Regenerate: a 2-point stand returns for 0 command points, FT 52.1),
    # Skink Runners 2 × 3½ = 7, Oracle 5, Warlord 3: 43; it breaks at 43 / 3 = 14⅓. Its camp is
    # only fortified: FT 36.2.b's 17 points is a Heavily Fortified Camp's, so no sack is offered.
    g = begin((EXAMPLES / "iron-marches.yaml", "Wren"), (EXAMPLES / "mire-court.yaml", "Ozzy"))
    t = model.tracker(g)
    assert [s.name for s in t.sides] == ["Wren", "Ozzy"]
    # FT 32.3: the Sellswords' delayed stand counts as a casualty at ½ until it enters: 2 × ½ = 1
    assert (figure(t, 0, "lost"), figure(t, 0, "breaks")) == (1, pytest.approx(91 / 6))
    assert t.sides[0].lines[0].text == "Wren has lost 1 of 45½ points: it breaks at 15⅙"
    assert t.sides[0].lines[0].rule.unverified
    assert (figure(t, 1, "lost"), figure(t, 1, "breaks")) == (0, pytest.approx(43 / 3))
    assert not any(a.key == "sacked" for a in t.sides[1].actions)
    # a Delayed Entry stand cannot be lost before it enters: 1 of the 2 Sellswords is on the table
    assert row(t, 0, "Sellswords").state == "0 of 2 stands lost · 1 waiting to enter: counts ½"

    g, t = tap(g, "fake", 0)  # FT 39.7.a: a fake Illusion is removed and counts nothing: still 1
    assert figure(t, 0, "lost") == 1
    assert any("revealed as fake" in ln.text and ln.rule.rule == "FT 39.7.a" for ln in t.sides[0].lines)
    g, t = tap(g, "lost", 1, "classes-2")  # Bog Dead: 2
    assert figure(t, 1, "lost") == 2
    g, t = tap(g, "returned", 1, "classes-2")  # FT 52.1.a: returned, no longer lost: 0
    assert figure(t, 1, "lost") == 0
    g, t = tap(g, "hold", 0, "classes-4")  # FT 38.3: a Hold the Line card spent; 1 left, nothing lost
    assert figure(t, 0, "lost") == 1 and "1 Hold the Line card left" in row(t, 0, "Spears").state
    g, t = tap(g, "lost", 0, "classes-2")  # Crossbows: 1 + 4½ = 5½
    assert figure(t, 0, "lost") == 5.5
    g, t = tap(g, "enter", 0, "classes-1")  # Sellswords enter (FT 32.1): no longer counted: 5½ − 1 = 4½
    assert figure(t, 0, "lost") == 4.5
    # FT 60.1: a command roll of 1: the Sellswords (the only Unreliable class) lose a stand, at its
    # full value now that it has entered: 4½ + 2 = 6½
    g, t = tap(g, "unreliable", 0, "classes-1")
    assert figure(t, 0, "lost") == 6.5
    g, t = tap(g, "general", 1, "classes-0")  # the Saurian Guard's general stand: 7
    assert figure(t, 1, "lost") == 7
    assert any(ln.rule and ln.rule.rule == "FT 52" for ln in t.sides[1].lines)
    g, t = tap(g, "lost", 0, "classes-0")  # Guard: 6½ + 6½ = 13
    g, t = tap(g, "lost", 0, "classes-3")  # Levy: 13 + 1 = 14; 15⅙ − 14 = 1⅙ to go
    assert figure(t, 0, "lost") == 14 and figure(t, 0, "left") == pytest.approx(7 / 6)
    assert not t.over
    g, t = tap(g, "lost", 0, "classes-2")  # Crossbows: 14 + 4½ = 18½, at least 15⅙: Wren breaks
    assert figure(t, 0, "lost") == 18.5
    assert t.over and t.winner == 1
    assert t.lines[0].text == "Wren breaks: Ozzy wins"
    assert t.sides[0].lines[0].text == "Wren has lost 18½ of 45½ points: it breaks at 15⅙; Ozzy wins"
    assert t.said[0] == "Wren: an Illusion revealed as a fake: removed, counts nothing"
    assert t.said[6] == "Unreliable roll of 1: Sellswords lost a stand (Wren)"
    assert len(t.said) == 11
    # the game is over: no tap is offered but a note, a tap is refused with the reason
    assert {a.key for a in t.all_actions() if a.enabled} == {"note"}
    with pytest.raises(model.GameError, match="the game is over"):
        tap(g, "lost", 1, "classes-1")
    # undo: the game goes on again at 14
    u = model.undo(g)
    assert not model.tracker(u).over and figure(model.tracker(u), 0, "lost") == 14


def test_the_general_and_the_camp_and_a_hero_waiting(tmp_path):
    # Warband 2 stands, general, with Regenerate: 3 + 1 (FT 52) = 4 a stand; Rabble 2 × 2;
    # a hero (1 point) with Delayed Entry; a Heavily Fortified Camp (2 points, FT 36).
    # Victory value 4 × 2 + 2 × 2 + 1 = 13; it breaks at 13 / 3 = 4⅓.
    path = tmp_path / "camp.yaml"
    path.write_text(
        "system: fantasy-triumph\nname: Camp\npoints: 51\ntopography: Arable\nclasses:\n"
        "  - {name: Dead Lords, troop: Warband, stands: 2, general: true, cards: [Regenerate]}\n"
        "  - {name: Rabble, troop: Rabble, stands: 2}\n"
        "heroes:\n  - {name: Lich, cards: [Delayed Entry]}\n"
        "army_cards:\n  - Fortified Camp: heavily fortified\n"
    )
    g = begin((path, "Wren"))
    t = model.tracker(g)
    each = next(c["each"] for c in g.sides[0].start["classes"] if c["name"] == "Dead Lords")
    rabble = next(c["each"] for c in g.sides[0].start["classes"] if c["name"] == "Rabble")
    assert (each, rabble) == ("4", "2")
    # the Lich waits: 1 × ½ = ½ (FT 32.3)
    assert figure(t, 0, "lost") == 0.5 and figure(t, 0, "breaks") == pytest.approx(13 / 3)
    assert row(t, 0, "Lich").state == "waiting to enter: counts ½"
    g, t = tap(g, "general", 0, "classes-0")  # ½ + 4 = 4½: at least 4⅓, the army breaks
    assert t.over and t.winner is None and t.lines[0].text == "Wren breaks"
    g = model.undo(g)
    g, t = tap(g, "enter", 0, "heroes-0")  # the Lich enters: 0
    g, t = tap(g, "general", 0, "classes-0")  # 4
    assert figure(t, 0, "lost") == 4 and not t.over
    # FT 52.1.a: the stand returns (4 points: 2 command points, FT 52.1) and no longer counts;
    # FT 52: the general is still lost
    returned = next(a for a in row(t, 0, "Dead Lords").actions if a.key == "returned")
    assert "2 command points" in returned.label
    g, t = tap(g, "returned", 0, "classes-0")
    assert figure(t, 0, "lost") == 0
    assert "general lost" in row(t, 0, "Dead Lords").state
    assert not any(a.key == "general" for a in row(t, 0, "Dead Lords").actions)
    # FT 36.2.b: the sacked Heavily Fortified Camp counts 17: the army breaks
    g, t = tap(g, "sacked", 0)
    assert figure(t, 0, "lost") == 17 and t.over
    assert any(ln.rule and ln.rule.rule == "FT 36.2.b" for ln in t.sides[0].lines)


def test_what_is_left_before_the_army_breaks_is_never_overstated():
    # The Greenwood Host breaks at 50 / 3 = 16⅔; its Rangers' delayed stand counts 1¾ (FT 32.3):
    # 16⅔ − 1¾ = 14 11/12 = 14.9166…: said 14.91, never rounded up to 14.92
    g = begin((EXAMPLES / "greenwood-host.yaml", "Wren"))
    t = model.tracker(g)
    left = next(f for f in t.sides[0].figures if f.key == "left")
    assert left.value == "14.91 points" and left.amount == pytest.approx(179 / 12)
