"""Small World of Warcraft at the table: each player's victory coins turn by turn, with the racial
bonuses and costs of seed 001, a race going into decline and the Goblins' bombs
(:mod:`armybuilder.compose.game`).

What is tracked, and the rule of each:

- the regions held at a turn's end, typed by the player: 1 coin each (``base-rules.yaml:
  coins_per_region``: Small World's base rule as reference data, unverified, as the cost report
  marks it);
- the powers of races.yaml, while the race is active (a race in decline loses its power unless its
  data says otherwise: ``power_lost_in_decline``, unverified): the Blood Elves' coin for each Magic
  region held at the turn's end (``region_bonus``, SWoW Blood Elves), the Orcs' coin for each
  conquest of an Alliance-occupied region (``conquest_bonus``, SWoW Orcs), the Forsaken's coin
  spent for each token enlisted, one token for each loss of a Race token they force
  (``enlist``, SWoW Forsaken), the Goblins' stack of 12 Bombs placed, revealed (an explosion or a
  miss: back to the box) or put back on the stack when the region was emptied (``bombs``, SWoW
  Goblins);
- the active race going into decline, and the new race picked after it.

Left out: the coins a player starts with, the Faction Bonus (named by the Orcs' text, its size in
no rule document) and the winner at the game's end (base rules the documents do not give): the
totals counted from the taps are said, and the players' own notes.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from armybuilder.compose.game import (
    INFO,
    NOTE,
    WARNING,
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
REGIONS_HIGH = 99  # what a typed count of regions may be (an input bound, not a rule)
TURN = Cite("your count", "The turn number, as the players count their turns.")


def start(data: dict[str, Any], result: Result) -> dict[str, Any]:
    """What a position brings into a game: its active race and race in decline, with the powers of
    every playable race (a race picked after a decline brings its own), and the base rules' figures."""
    from armybuilder.systems.small_world import model

    cat = model.catalog()
    pos = result.model if isinstance(result.model, model.Position) else model.build(data)

    def race(r: Any) -> dict[str, Any]:
        power = {k: v for k, v in r.power.items() if k in ("region_bonus", "conquest_bonus", "enlist", "bombs")}
        return {"name": r.name, "faction": r.faction, "rule": r.cite, "power": power}

    races = [race(r) for r in cat.races.values() if r.playable]
    active = pos.active.race.name if pos.active.race else None
    decline = pos.decline.race.name if pos.decline is not None and pos.decline.race else None
    return {
        "form": FORM,
        "active": active,
        "decline": decline,
        "bombs_placed": len(pos.active.bombs) if active else 0,
        "bombs_spent": pos.active.bombs_spent if active else 0,
        "races": races,
        "coins_per_region": cat.value("coins_per_region"),
        "coins_rule": cat.ref("coins_per_region"),
        "coins_note": cat.base["coins_per_region"]["note"],
        "decline_rule": cat.ref("power_lost_in_decline"),
        "power_lost_in_decline": bool(cat.value("power_lost_in_decline")),
    }


@dataclass
class Race:
    key: str
    name: str
    faction: str | None
    rule: str
    power: dict[str, Any]


@dataclass
class Turn:
    number: int
    coins: list[tuple[str, int, Cite]] = field(default_factory=list)  # (what, coins, rule)
    regions: bool = False
    marked: bool = False
    forced: int = 0
    enlisted: int = 0

    @property
    def total(self) -> int:
        return sum(c for _, c, _ in self.coins)


@dataclass
class Player:
    name: str
    races: list[Race]
    active: Race | None
    decline: Race | None
    per_region: int
    coins_rule: Cite
    decline_rule: Cite
    power_lost_in_decline: bool
    stack: int = 0  # Goblin Bombs left in the stack
    placed: int = 0
    turns: list[Turn] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def power(self, key: str) -> tuple[Race, dict[str, Any]] | None:
        """A power of the active race, or of the race in decline when it holds in decline."""
        if self.active is not None and key in self.active.power:
            return self.active, self.active.power[key]
        if self.decline is not None and key in self.decline.power:
            entry = self.decline.power[key]
            if not self.power_lost_in_decline or (isinstance(entry, dict) and entry.get("in_decline")):
                return self.decline, entry
        return None

    @property
    def coins(self) -> int:
        return sum(t.total for t in self.turns)


def _int(raw: Any, what: str, high: int = 1000) -> int:
    if type(raw) is not int or not 0 <= raw <= high:
        raise Refused(None, f"{what} is not a whole number the game can use")
    return raw


def _player(raw: Any, name: str) -> Player:
    if not isinstance(raw, dict) or raw.get("form") != FORM or not isinstance(raw.get("races"), list):
        raise Refused(None, f"{name}: the races were not brought into the game by this armybuilder")
    races: list[Race] = []
    for i, r in enumerate(raw["races"][:40]):
        if not isinstance(r, dict) or not isinstance(r.get("name"), str) or not isinstance(r.get("power"), dict):
            raise Refused(None, f"{name}: a race cannot be read")
        power = r["power"]
        for key in ("region_bonus", "conquest_bonus", "enlist", "bombs"):
            if key in power and not isinstance(power[key], dict):
                raise Refused(None, f"{name}: {r['name']}'s power cannot be read")
        try:
            if "region_bonus" in power:
                _int(power["region_bonus"]["coins"], "a bonus", 10)
                str(power["region_bonus"]["marker"])
            if "conquest_bonus" in power:
                _int(power["conquest_bonus"]["coins"], "a bonus", 10)
            if "enlist" in power:
                _int(power["enlist"]["coins_per_token"], "a cost", 10)
            if "bombs" in power:
                _int(power["bombs"]["stack"], "a stack", 100)
        except (KeyError, TypeError):
            raise Refused(None, f"{name}: {r['name']}'s power cannot be read") from None
        faction = r.get("faction")
        if faction is not None and not isinstance(faction, str):
            raise Refused(None, f"{name}: {r['name']}'s faction cannot be read")
        races.append(Race(f"race-{i}", r["name"][:60], faction, str(r.get("rule", ""))[:80], power))

    def find(written: Any) -> Race | None:
        return next((r for r in races if r.name == written), None)

    p = Player(
        name,
        races,
        find(raw.get("active")),
        find(raw.get("decline")),
        _int(raw.get("coins_per_region"), "coins a region", 10),
        Cite(str(raw.get("coins_rule", ""))[:80], str(raw.get("coins_note", ""))[:300], True),
        Cite(
            str(raw.get("decline_rule", ""))[:80],
            "A race in decline loses its power unless its text says otherwise.",
            True,
        ),
        raw.get("power_lost_in_decline") is not False,
    )
    bombs = p.power("bombs")
    if bombs is not None:
        p.placed = _int(raw.get("bombs_placed", 0), "bombs placed", 100)
        used = p.placed + _int(raw.get("bombs_spent", 0), "bombs spent", 100)
        p.stack = max(0, _int(bombs[1]["stack"], "a stack", 100) - used)
    p.turns.append(Turn(1))
    return p


@dataclass
class State:
    players: list[Player]
    turn: int = 1
    over: bool = False


def _of(name: str) -> str:
    """The possessive: "Blood Elves'", "Forsaken's"."""
    return name + ("'" if name.endswith("s") else "'s")


def _cite(race: Race, text: str) -> Cite:
    return Cite(race.rule or "SWoW races", text)


def _side_actions(state: State, side: int, p: Player) -> Iterator[Action]:
    closed = "the game is over" if state.over else ""
    turn = p.turns[-1]
    yield Action(
        "regions",
        f"Regions held at the end of turn {state.turn}",
        "Regions held",
        Event("regions", side, None, 0),
        p.coins_rule,
        closed or (f"recorded for turn {state.turn}" if turn.regions else ""),
        number=True,
        low=0,
        high=REGIONS_HIGH,
    )
    rb = p.power("region_bonus")
    if rb is not None:
        race, entry = rb
        marker = str(entry["marker"]).capitalize()
        yield Action(
            "marked",
            f"{marker} regions {race.name} hold at the end of turn {state.turn}",
            f"{marker} regions",
            Event("marked", side, None, 0),
            _cite(race, f"{entry['coins']} bonus Victory Coin for each {marker} Region they occupy at turn's end."),
            closed or (f"recorded for turn {state.turn}" if turn.marked else ""),
            number=True,
            low=0,
            high=REGIONS_HIGH,
        )
    cb = p.power("conquest_bonus")
    if cb is not None:
        race, entry = cb
        yield Action(
            "conquest",
            f"{race.name} conquered a region the {entry['defender_faction']} occupied (+{entry['coins']})",
            f"+{entry['coins']} {entry['defender_faction']} region",
            Event("conquest", side, None, 1),
            _cite(race, f"Each conquest of an {entry['defender_faction']}-occupied Region is worth 1 bonus coin."),
            closed,
        )
    en = p.power("enlist")
    if en is not None:
        race, entry = en
        cost = int(entry["coins_per_token"])
        rule = _cite(race, "Each time they force the loss of a Race token, they may spend 1 coin for a token.")
        yield Action(
            "forced",
            f"{race.name} forced the loss of a Race token",
            "Forced a loss",
            Event("forced", side, None, 1),
            rule,
            closed,
        )
        why = ""
        if turn.enlisted >= turn.forced:
            why = "one token for each loss they forced this turn"
        elif p.coins < cost:
            why = f"{p.name} has no coin to spend"
        yield Action(
            "enlist",
            f"{race.name}: enlist 1 token (−{cost} coin)",
            f"Enlist (−{cost})",
            Event("enlist", side, None, 1),
            rule,
            closed or why,
        )
    bombs = p.power("bombs")
    if bombs is not None or p.placed:
        rule = Cite("SWoW Goblins", "Bombs: placed at the end of the turn; revealed next turn; a miss has no effect.")
        none_placed = "no Bomb is on the board"
        yield Action(
            "bomb",
            "Goblins: a Bomb placed",
            "Bomb placed",
            Event("bomb", side, None, 1),
            rule,
            closed
            or (
                "only active Goblins place Bombs"
                if bombs is None
                else ("" if p.stack > 0 else "the Bomb stack is used up")
            ),
        )
        for key, label in (
            ("blast", "an explosion"),
            ("miss", "a miss"),
            ("back", "back on the stack (region emptied)"),
        ):
            yield Action(
                key,
                f"Goblins: a Bomb revealed: {label}" if key != "back" else f"Goblins: a Bomb {label}",
                label.capitalize() if key != "back" else "Back on the stack",
                Event(key, side, None, 1),
                rule,
                closed or ("" if p.placed else none_placed),
            )
    if p.active is not None:
        yield Action(
            "decline",
            f"{p.active.name} go into decline",
            "Into decline",
            Event("decline", side, None, 1),
            p.decline_rule,
            closed,
        )
    else:
        for r in p.races:
            yield Action(
                f"pick-{r.key}",
                f"Pick {r.name} as the new race",
                r.name,
                Event("pick", side, r.key, 1),
                None,
                closed,
            )
    yield note_action(side)


def offered(state: State, event: Event | None = None) -> Iterator[Action]:
    """The taps offered now (with ``event``: only those that could record it, for a replay)."""
    closed = "the game is over" if state.over else ""
    turn = Action("turn", f"Next turn (turn {state.turn + 1})", "Next turn", Event("turn", None, None, 1), TURN, closed)
    return offered_taps(
        event, state.players, lambda side, p: _side_actions(state, side, p), game_taps=(turn,), over=state.over
    )


def apply(state: State, event: Event) -> str:
    if event.kind == "turn":
        state.turn += 1
        for p in state.players:
            p.turns.append(Turn(state.turn))
        return f"Turn {state.turn}"
    if event.kind == "end":
        state.over = True
        return "The game was ended"
    p = state.players[event.side or 0]
    turn = p.turns[-1]
    if event.kind == NOTE:
        return noted(p.name, p.notes, event.note)
    if event.kind == "regions":
        turn.regions = True
        turn.coins.append(("regions held", event.value * p.per_region, p.coins_rule))
        return f"{p.name}: {event.value} regions held at the end of turn {state.turn}"
    if event.kind == "marked":
        race, entry = p.power("region_bonus") or (None, {})
        assert race is not None
        marker = str(entry["marker"]).capitalize()
        turn.marked = True
        turn.coins.append((f"{_of(race.name)} {marker} regions", event.value * int(entry["coins"]), _cite(race, "")))
        return f"{p.name}: {event.value} {marker} regions held by {race.name}"
    if event.kind == "conquest":
        race, entry = p.power("conquest_bonus") or (None, {})
        assert race is not None
        turn.coins.append(
            (f"{_of(race.name)} conquests of {entry['defender_faction']} regions", int(entry["coins"]), _cite(race, ""))
        )
        return f"{p.name}: {race.name} conquered a region the {entry['defender_faction']} occupied"
    if event.kind == "forced":
        turn.forced += 1
        return f"{p.name}: a Race token lost to {p.active.name if p.active else 'them'}"
    if event.kind == "enlist":
        race, entry = p.power("enlist") or (None, {})
        assert race is not None
        turn.enlisted += 1
        turn.coins.append((f"{_of(race.name)} tokens enlisted", -int(entry["coins_per_token"]), _cite(race, "")))
        return f"{p.name}: {race.name} enlisted 1 token"
    if event.kind == "bomb":
        p.stack -= 1
        p.placed += 1
        return f"{p.name}: a Bomb placed ({p.stack} left in the stack)"
    if event.kind in ("blast", "miss", "back"):
        p.placed -= 1
        if event.kind == "back":
            p.stack += 1
        return {"blast": f"{p.name}: a Bomb exploded", "miss": f"{p.name}: a Bomb missed"}.get(
            event.kind, f"{p.name}: a Bomb back on the stack"
        )
    if event.kind == "decline":
        assert p.active is not None
        p.decline, p.active = p.active, None
        return f"{p.name}: {p.decline.name} go into decline"
    if event.kind == "pick":
        p.active = next(r for r in p.races if r.key == event.part)
        return f"{p.name}: {p.active.name} picked"
    return event.kind


def _turn_line(t: Turn) -> str:
    extras: dict[str, int] = {}
    for what, c, _ in t.coins:
        if what != "regions held":
            extras[what] = extras.get(what, 0) + c
    bits = ", ".join(f"{c:+d} {what}" if c < 0 else f"{c} from {what}" for what, c in extras.items() if c)
    coins = t.total
    return f"turn {t.number}: {coins} coin{'s' * (abs(coins) != 1)}" + (f" ({bits})" if bits else "")


def play(starts: Sequence[dict[str, Any]], names: Sequence[str], events: Sequence[Event]) -> Tracker:
    players = [_player(s, str(n)) for s, n in zip(starts, names, strict=True)]
    state, said = replay(State(players), events, offered, apply)
    sides = []
    for side, p in enumerate(players):
        rows = []
        if p.active is not None:
            rows.append(Row("active", p.active.name, "active", subtitle=p.active.faction or ""))
        if p.decline is not None:
            rows.append(Row("decline", p.decline.name, "in decline", subtitle=p.decline.faction or ""))
        figures = [
            Figure("coins", "Victory coins", str(p.coins), float(p.coins), p.coins_rule),
            Figure("turn", f"Turn {state.turn}", str(p.turns[-1].total), float(p.turns[-1].total), p.coins_rule),
        ]
        if p.power("bombs") is not None or p.placed:
            figures.append(
                Figure(
                    "bombs", "Bombs", f"{p.stack} in the stack, {p.placed} placed", float(p.stack), Cite("SWoW Goblins")
                )
            )
        lines = [Line(_turn_line(t), p.coins_rule) for t in p.turns if t.coins]
        lines.append(Line(f"{p.name} has {p.coins} coins from the turns tracked", p.coins_rule))
        if p.active is None and not state.over:
            lines.append(Line(f"{p.name} has no active race: pick the new one", None, WARNING))
        sides.append(Side(p.name, tuple(rows), tuple(_side_actions(state, side, p)), tuple(figures), tuple(lines)))
    lines = [Line(f"Turn {state.turn}", TURN)]
    if state.over:
        totals = ", ".join(f"{p.name} {p.coins} coins" for p in players)
        lines = [
            Line(
                f"The game was ended after turn {state.turn}: {totals} (the winner is the base game's rule, "
                "which the rule documents do not give)",
                players[0].coins_rule if players else None,
                INFO,
            )
        ]
    game_actions = tuple(offered(state))[-2:]
    rules = tuple({c.rule: c for p in players for c in (p.coins_rule, p.decline_rule)}.values())
    return Tracker(sides, game_actions, tuple(lines), state.over, None, said, rules)
