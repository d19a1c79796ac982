"""Heroes III Battlefield at the table: each side's units deployed onto the Battlefield board and
defeated in the final Combat, against the win condition (:mod:`armybuilder.compose.game`).

From seed 004:

- the win (1. Overview, Victory): "one player must defeat all of the units the other player
  deploys onto the Battlefield board"; in Adventure mode the final Combat comes after the last
  Adventure round, in Skirmish mode straight away;
- deployment (5. Combat): each side takes its 7 unit models at set-up; the player places them on
  the board, one tap each, then the Combat begins (a unit not deployed is not one the opponent
  must defeat);
- each Combat Round, in Adventure and Skirmish, ends with an Expert Effect regained and 2 cards
  drawn (5. Combat, Per-Round regen): said as a reminder with the round's number.

Left out: the Adventure Phase's resources and rounds (the list is the army at the final Combat),
a unit's damage and stunned tokens (the players' own board state).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from armybuilder.compose.game import (
    INFO,
    NOTE,
    VERDICT,
    Action,
    Cite,
    Event,
    Figure,
    Line,
    Refused,
    Row,
    Side,
    Tracker,
    note_action,
    noted,
    offered_taps,
    replay,
)
from armybuilder.findings import Result

FORM = 1
WIN = Cite(
    "HoMM3 Battlefield 1. Overview",
    "Victory: one player must defeat all of the units the other player deploys onto the Battlefield board.",
)
DEPLOY = Cite("HoMM3 Battlefield 5. Combat", "Each side takes its 7 unit models at setup.")
ROUND = Cite(
    "HoMM3 Battlefield 5. Combat",
    "In Adventure and Skirmish, at the end of each Combat Round, regain one used Expert Effect up to your Hero's "
    "Limit, and draw 2 cards from your Deck.",
)


def start(data: dict[str, Any], result: Result) -> dict[str, Any]:
    """What an army brings into the final Combat: its units (each one miniature), its hero, its mode."""
    from armybuilder.systems.homm3 import model

    army = result.model if isinstance(result.model, model.Army) else model.build(data)
    units = [
        {"key": f"units-{u.index}", "name": u.label, "side": u.side_label, "tier": (u.unit or {}).get("tier")}
        for u in army.known_units()
    ]
    mode = data.get("mode")
    return {
        "form": FORM,
        "units": units,
        "hero": army.hero_name if isinstance(army.hero_name, str) else "",
        "mode": mode if isinstance(mode, str) else "",
    }


@dataclass
class Unit:
    key: str
    name: str
    side: str
    deployed: bool = False
    defeated: bool = False


@dataclass
class Player:
    name: str
    units: list[Unit]
    hero: str
    mode: str
    notes: list[str] = field(default_factory=list)

    def unit(self, key: str | None) -> Unit | None:
        return next((u for u in self.units if u.key == key), None)

    @property
    def deployed(self) -> int:
        return sum(u.deployed for u in self.units)

    @property
    def defeated(self) -> int:
        return sum(u.defeated for u in self.units)

    @property
    def beaten(self) -> bool:
        return self.deployed > 0 and self.defeated == self.deployed


def _text(raw: Any, what: str, name: str) -> str:
    if not isinstance(raw, str) or len(raw) > 100:
        raise Refused(None, f"{name}: {what} cannot be read")
    return raw


def _player(raw: Any, name: str) -> Player:
    if not isinstance(raw, dict) or raw.get("form") != FORM or not isinstance(raw.get("units"), list):
        raise Refused(None, f"{name}: the army was not brought into the game by this armybuilder")
    units = []
    for u in raw["units"][:30]:
        if not isinstance(u, dict):
            raise Refused(None, f"{name}: a unit cannot be read")
        units.append(
            Unit(
                _text(u.get("key"), "a unit", name),
                _text(u.get("name"), "a unit", name),
                _text(u.get("side", ""), "a side", name),
            )
        )
    if len({u.key for u in units}) != len(units):
        raise Refused(None, f"{name}: two units share a key")
    return Player(
        name, units, _text(raw.get("hero", ""), "the hero", name), _text(raw.get("mode", ""), "the mode", name)
    )


@dataclass
class State:
    players: list[Player]
    fighting: bool = False
    round: int = 0
    over: bool = False
    ended: bool = False


def _unit_actions(state: State, side: int, p: Player, u: Unit) -> Iterator[Action]:
    closed = "the game is over" if state.over else ""
    if not state.fighting:
        yield Action(
            "deploy",
            f"{u.name}: deployed",
            "Deployed",
            Event("deploy", side, u.key, 1),
            DEPLOY,
            closed or ("deployed already" if u.deployed else ""),
        )
        return
    why = "" if u.deployed and not u.defeated else ("defeated already" if u.defeated else "not deployed")
    yield Action("defeated", f"{u.name}: defeated", "Defeated", Event("defeated", side, u.key, 1), WIN, closed or why)


def offered(state: State, event: Event | None = None) -> Iterator[Action]:
    """The taps offered now (with ``event``: only those that could record it, for a replay)."""
    return offered_taps(
        event,
        state.players,
        lambda side, p: (note_action(side),),
        lambda p: p.units,
        lambda side, p, u: _unit_actions(state, side, p, u),
        game_taps=_game_actions(state),
        over=state.over,
    )


def _game_actions(state: State) -> Iterator[Action]:
    """The taps about the whole game, before its end: the Combat begun, then each round's end."""
    closed = "the game is over" if state.over else ""
    if not state.fighting:
        ready = all(p.deployed for p in state.players)
        yield Action(
            "fight",
            "Begin the Combat",
            "Begin the Combat",
            Event("fight", None, None, 0),
            DEPLOY,
            closed or ("" if ready else "each side deploys a unit first"),
        )
    else:
        yield Action(
            "round",
            f"Combat Round {state.round} ends",
            "Round ends",
            Event("round", None, None, 1),
            ROUND,
            closed,
        )


def apply(state: State, event: Event) -> str:
    if event.kind == "fight":
        state.fighting, state.round = True, 1
        return "The Combat begins: Combat Round 1"
    if event.kind == "round":
        state.round += 1
        return f"Combat Round {state.round - 1} ended: each hero regains an Expert Effect and draws 2 cards"
    if event.kind == "end":
        state.over = state.ended = True
        return "The game was ended"
    p = state.players[event.side or 0]
    if event.kind == NOTE:
        return noted(p.name, p.notes, event.note)
    u = p.unit(event.part)
    assert u is not None  # offered: one of the side's units
    if event.kind == "deploy":
        u.deployed = True
        return f"{p.name}: {u.name} deployed"
    u.defeated = True
    if any(q.beaten for q in state.players):
        state.over = True
    return f"{p.name}: {u.name} defeated"


def play(starts: Sequence[dict[str, Any]], names: Sequence[str], events: Sequence[Event]) -> Tracker:
    players = [_player(s, str(n)) for s, n in zip(starts, names, strict=True)]
    state, said = replay(State(players), events, offered, apply)
    beaten = [i for i, p in enumerate(players) if p.beaten]
    winner = 1 - beaten[0] if len(players) == 2 and len(beaten) == 1 else None
    sides = []
    for side, p in enumerate(players):
        rows = tuple(
            Row(
                u.key,
                u.name,
                "defeated" if u.defeated else ("deployed" if u.deployed else "not deployed"),
                tuple(_unit_actions(state, side, p, u)),
                subtitle=u.side,
                boxes=1,
                gone=u.defeated,
            )
            for u in p.units
        )
        left = p.deployed - p.defeated
        figures = (
            Figure("deployed", "Deployed", str(p.deployed), float(p.deployed), DEPLOY),
            Figure("defeated", "Defeated", f"{p.defeated} of {p.deployed}", float(p.defeated), WIN),
        )
        said_lines: list[Line]
        if p.beaten:
            said_lines = [Line(f"Every unit {p.name} deployed is defeated", WIN, VERDICT)]
        elif state.fighting:
            said_lines = [Line(f"{p.name} has {left} of {p.deployed} deployed units left", WIN)]
        else:
            said_lines = [Line(f"{p.name} has deployed {p.deployed} of {len(p.units)} units", DEPLOY)]
        actions = tuple(a for a in offered(state) if a.key == "note" and a.event is not None and a.event.side == side)
        sides.append(Side(p.name, rows, actions, figures, tuple(said_lines)))
    lines: list[Line] = []
    if winner is not None:
        lines.append(
            Line(
                f"{players[winner].name} has defeated every unit {players[1 - winner].name} deployed: "
                f"{players[winner].name} wins",
                WIN,
                VERDICT,
            )
        )
    elif state.ended:
        lines.append(Line("The game was ended before a side's units were all defeated", None, INFO))
    elif state.fighting:
        lines.append(Line(f"Combat Round {state.round}", ROUND))
    game_actions = tuple(a for a in offered(state) if a.event is not None and a.event.side is None)
    return Tracker(sides, game_actions, tuple(lines), state.over, winner, said, (WIN, DEPLOY, ROUND))
