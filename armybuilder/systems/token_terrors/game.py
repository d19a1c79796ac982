"""Token Terrors at the table: each player's Surge Points, where each faction's tokens are
(Battleground, Reserves, Cemetery), the win, and which Terrible Tactics and Gruesome Grudges the
result reveals (:mod:`armybuilder.compose.game`). Rule document 000 is the only source:

- Surge Points (TT Setup, TT Surge Points): each player starts with 1; a Rest gains 1 (the end of
  an activation, or a talent that rests a token), a Dash (3 consecutive Moves through 3 new
  spaces) gains 1; each command issued past the 3 starting ones spends 1. Kickstart (the
  Swamplins' trait): resting a Swamplin with 0 Surge Points gains 2 (read as 2 in all: the rulebook
  has Swamplins "setting up each turn with 2 Surge in the chamber");
- tokens: all start in Reserves; a token goes onto the Battleground at set-up and when you
  Reinforce (TT Playing Your Turn: with 4 or fewer on the Battleground, add from Reserves until 5);
  Build (Flying Machines) adds one from Reserves even past 5; a destroyed token goes to its
  controller's Cemetery (TT Battle); Infect (Zombies) returns 1 Zombie from the Cemetery to the
  Reserves when the infecting Zombie destroys a token;
- the win (TT How to Win): a player whose opponent has no tokens on the Battleground or in
  Reserves wins;
- at the end, each challenge of tactics.yaml and grudges.yaml the game meets or counts towards
  (TT Terrible Tactics Challenges, TT Gruesome Grudge Challenges); what a game cannot know (12 moves
  of a Wyvern in one turn) is said as not tracked.

How many tokens go onto the Battleground at set-up the rulebook shows only in a figure and the
Example of Play (5 and 5): the player places them, one tap each.
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
START_SURGE = 1  # TT Setup: "showing they each have 1 Surge Point"
REINFORCE_TO = 5  # TT Playing Your Turn, REINFORCE: "until you have 5 Tokens on the Battleground"

SETUP = Cite("TT Setup", "Each player sets their Surge Die to 1: each has 1 Surge Point.")
REST = Cite("TT Surge Points", "REST. Any time a Token becomes Rested, gain 1 Surge point.")
DASH = Cite(
    "TT Surge Points",
    "DASH. During your turn, if you complete 3 consecutive Move commands through three unique spaces, "
    "gain 1 Surge Point.",
)
SPEND = Cite(
    "TT Surge Points",
    "After your 3 Commands, spend Surge Points to issue additional Commands, one Surge Point per Command.",
)
KICKSTART = Cite("TT Swamplins", "KICKSTART (TRAIT): When you rest a Swamplin if you have 0 Surge Points, gain 2.")
REINFORCE = Cite(
    "TT Playing Your Turn",
    "REINFORCE: with 4 or fewer Tokens on the Battleground, add Tokens from your reserves until you have 5.",
)
DESTROYED = Cite(
    "TT Battle", "A Token that takes damage equal to or greater than its Threat is destroyed: its Cemetery."
)
INFECT = Cite(
    "TT Zombies", "INFECT: if this Zombie destroys any Token, return 1 Zombie from your Cemetery to your Reserves."
)
BUILD = Cite("TT Flying Machines", "BUILD: add a Flying Machine from your Reserves (even past 5 on the Battleground).")
WIN = Cite(
    "TT How to Win", "If your opponent has no Tokens on the Battleground or in their Reserves, you win the game!"
)
TACTICS = Cite("TT Terrible Tactics Challenges", "Complete a challenge during a clash to reveal its Tactic.")
GRUDGES = Cite("TT Gruesome Grudge Challenges", "Play the games a Grudge's challenge asks for to reveal it.")

# What each challenge asks at the end of a game, by the card's name in tactics.yaml (its words are
# the data's): on the Battleground (each faction at least 1), remaining (not destroyed: at least
# so many), Infect performed, Flying Machines on the Battleground at once, only these factions
# drafted, and how many wins it needs. A challenge a game cannot know is None.
CHALLENGES: dict[str, dict[str, Any] | None] = {
    "The Alliance of Elves and Men": {"board": ["Soldiers", "Elves"], "wins": 2},
    "Corpse Cover": {"board": ["Elves", "Zombies"], "infect": 2},
    "Field Command": {"only": ["Soldiers", "Flying Machines"], "wins": 3},
    "Tampered Tech": {"board": ["Goblins", "Flying Machines"], "at_once": ("Flying Machines", 6)},
    "Death from Above": {"board": ["Goblins", "Wyverns"]},
    "Big Bad Bird Bait": None,  # 12 Move commands with a Wyvern in one turn: not tracked
    "Goblin War Frenzy": {"board": ["Swamplins", "Goblins"]},
    "Treacherous Scum": {"remaining": ("Swamplins", 3)},
    "Decayed Buffet": {"board": ["Wyverns", "Zombies"]},
}


def start(data: dict[str, Any], result: Result) -> dict[str, Any]:
    """What a list brings into a game: its tokens by faction, with the talents that move them
    (Infect, Build, Kickstart, by the data's talent names). A draft list brings its first player's
    tokens."""
    from armybuilder.systems.token_terrors import model

    cat = model.catalog()
    ctx = model.read(data, cat)
    army = ctx.armies[0] if ctx.armies else None
    factions = []
    for name, n in army.counts.items() if army else ():
        if n <= 0:
            continue
        talents = {t["name"] for t in cat.faction(name).get("talents", [])}
        factions.append(
            {
                "name": name,
                "tokens": n,
                "infect": "Infect" in talents,
                "build": "Build" in talents,
                "kickstart": "Kickstart" in talents,
            }
        )
    return {"form": FORM, "factions": factions, "from_draft": ctx.kind == "draft" and army is not None}


@dataclass
class Faction:
    key: str
    name: str
    tokens: int
    infect: bool
    build: bool
    kickstart: bool
    board: int = 0
    cemetery: int = 0
    most_at_once: int = 0

    @property
    def reserves(self) -> int:
        return self.tokens - self.board - self.cemetery

    @property
    def remaining(self) -> int:
        return self.tokens - self.cemetery


@dataclass
class Player:
    name: str
    factions: list[Faction]
    surge: int = START_SURGE
    infected: int = 0
    from_draft: bool = False
    notes: list[str] = field(default_factory=list)

    def faction(self, key: str | None) -> Faction | None:
        return next((f for f in self.factions if f.key == key), None)

    @property
    def on_board(self) -> int:
        return sum(f.board for f in self.factions)

    @property
    def left(self) -> int:
        return sum(f.board + f.reserves for f in self.factions)

    def count(self, name: str, what: str) -> int:
        return sum(getattr(f, what) for f in self.factions if f.name == name)


def _player(raw: Any, name: str) -> Player:
    if not isinstance(raw, dict) or raw.get("form") != FORM or not isinstance(raw.get("factions"), list):
        raise Refused(None, f"{name}: the tokens were not brought into the game by this armybuilder")
    out = []
    for i, f in enumerate(raw["factions"][:20]):
        if not isinstance(f, dict) or not isinstance(f.get("name"), str) or len(f["name"]) > 60:
            raise Refused(None, f"{name}: a faction cannot be read")
        n = f.get("tokens")
        if type(n) is not int or not 0 < n <= 100:
            raise Refused(None, f"{name}: {f['name']}'s tokens are not a whole number the game can use")
        out.append(
            Faction(
                f"faction-{i}",
                f["name"],
                n,
                f.get("infect") is True,
                f.get("build") is True,
                f.get("kickstart") is True,
            )
        )
    if not out:
        raise Refused(None, f"{name} brings no tokens")
    return Player(name, out, from_draft=raw.get("from_draft") is True)


@dataclass
class State:
    players: list[Player]
    over: bool = False
    ended: bool = False


def _faction_actions(state: State, side: int, p: Player, f: Faction) -> Iterator[Action]:
    closed = "the game is over" if state.over else ""
    full = f"{p.name} has {p.on_board} tokens on the Battleground: reinforce only up to {REINFORCE_TO}"
    yield Action(
        "deploy",
        f"{f.name}: 1 onto the Battleground",
        "Onto the Battleground",
        Event("deploy", side, f.key, 1),
        REINFORCE,
        closed or (f"no {f.name} in Reserves" if f.reserves <= 0 else (full if p.on_board >= REINFORCE_TO else "")),
    )
    yield Action(
        "destroyed",
        f"{f.name}: 1 destroyed",
        "Destroyed",
        Event("destroyed", side, f.key, 1),
        DESTROYED,
        closed or ("" if f.board > 0 else f"no {f.name} on the Battleground"),
    )
    if f.build:
        yield Action(
            "build",
            f"{f.name}: Build (1 from Reserves)",
            "Build",
            Event("build", side, f.key, 1),
            BUILD,
            closed
            or (
                f"no {f.name} on the Battleground to build"
                if f.board <= 0
                else (f"no {f.name} in Reserves" if f.reserves <= 0 else "")
            ),
        )
    if f.infect:
        yield Action(
            "infect",
            f"{f.name}: Infect (1 back from the Cemetery to Reserves)",
            "Infect",
            Event("infect", side, f.key, 1),
            INFECT,
            closed
            or (
                f"no {f.name} on the Battleground to infect"
                if f.board <= 0
                else (f"no {f.name} in the Cemetery" if f.cemetery <= 0 else "")
            ),
        )


def _side_actions(state: State, side: int, p: Player) -> Iterator[Action]:
    closed = "the game is over" if state.over else ""
    yield Action("rest", "Surge +1 (Rest)", "+1 Rest", Event("surge", side, "rest", 1), REST, closed)
    yield Action("dash", "Surge +1 (Dash)", "+1 Dash", Event("surge", side, "dash", 1), DASH, closed)
    if any(f.kickstart for f in p.factions):
        yield Action(
            "kickstart",
            "Surge +2 (Kickstart: a Swamplin rests at 0 Surge Points)",
            "+2 Kickstart",
            Event("surge", side, "kickstart", 2),
            KICKSTART,
            closed or ("" if p.surge == 0 else "Kickstart is only at 0 Surge Points"),
        )
    yield Action(
        "spend",
        "Surge −1 (a command)",
        "−1 Surge",
        Event("surge", side, "spend", -1),
        SPEND,
        closed or ("" if p.surge > 0 else f"{p.name} has no Surge Points"),
    )
    yield note_action(side)


def offered(state: State, event: Event | None = None) -> Iterator[Action]:
    """The taps offered now (with ``event``: only those that could record it, for a replay)."""
    return offered_taps(
        event,
        state.players,
        lambda side, p: _side_actions(state, side, p),
        lambda p: p.factions,
        lambda side, p, f: _faction_actions(state, side, p, f),
        over=state.over,
    )


def apply(state: State, event: Event) -> str:
    if event.kind == "end":
        state.over = state.ended = True
        return "The game was ended"
    p = state.players[event.side or 0]
    if event.kind == NOTE:
        return noted(p.name, p.notes, event.note)
    if event.kind == "surge":
        p.surge += event.value
        said = {
            "rest": "Surge +1 (Rest)",
            "dash": "Surge +1 (Dash)",
            "kickstart": "Surge +2 (Kickstart)",
            "spend": "Surge −1 (a command)",
        }[str(event.part)]
        return f"{p.name}: {said}: {p.surge}"
    f = p.faction(event.part)
    assert f is not None  # offered: a faction of the player
    if event.kind in ("deploy", "build"):
        f.board += 1
        f.most_at_once = max(f.most_at_once, f.board)
        said = f"{f.name}: 1 onto the Battleground" + (" (Build)" if event.kind == "build" else "")
    elif event.kind == "destroyed":
        f.board -= 1
        f.cemetery += 1
        said = f"{f.name}: 1 destroyed"
    else:  # infect
        f.cemetery -= 1
        p.infected += 1
        said = f"{f.name}: Infect: 1 back to Reserves"
    if any(q.left == 0 for q in state.players) and len(state.players) == 2:
        state.over = True
    return f"{p.name}: {said}"


def _challenges(state: State, winner: int) -> list[Line]:
    """What the win reveals, or counts towards, for the winner (tactics.yaml, grudges.yaml)."""
    from armybuilder.resources import load_data

    p = state.players[winner]
    other = state.players[1 - winner]
    out: list[Line] = []
    for card in load_data("token-terrors", "tactics")["tactics"]:
        name = card["name"]
        cond = CHALLENGES.get(name)
        text = f"{name}: {card['challenge']}"
        if cond is None:
            if name in CHALLENGES and p.count("Wyverns", "tokens"):
                out.append(Line(f"{text} Not tracked by this tracker", Cite(card["rule"], card["challenge"])))
            continue
        met = all(p.count(n, "board") >= 1 for n in cond.get("board", []))
        if "infect" in cond:
            met = met and p.infected >= cond["infect"]
        if "at_once" in cond:
            n, most = cond["at_once"]
            met = met and max((f.most_at_once for f in p.factions if f.name == n), default=0) >= most
        if "remaining" in cond:
            n, least = cond["remaining"]
            met = met and p.count(n, "remaining") >= least
        if "only" in cond:
            met = met and {f.name for f in p.factions} <= set(cond["only"])
        if not met:
            continue
        wins = cond.get("wins")
        said = f"{p.name}'s win counts towards {name} ({wins} wins needed)" if wins else f"{p.name} reveals {name}"
        out.append(Line(said, Cite(card["rule"], card["challenge"]), VERDICT if not wins else INFO))
    for card in load_data("token-terrors", "grudges")["grudges"]:
        a, b = card["factions"]
        mine = {f.name for f in p.factions}
        theirs = {f.name for f in other.factions}
        if (a in mine and b in theirs) or (b in mine and a in theirs):
            out.append(
                Line(
                    f"This game counts towards {card['name']}: {card['challenge']}",
                    Cite(card["rule"], card["challenge"]),
                )
            )
    return out


def play(starts: Sequence[dict[str, Any]], names: Sequence[str], events: Sequence[Event]) -> Tracker:
    players = [_player(s, str(n)) for s, n in zip(starts, names, strict=True)]
    state, said = replay(State(players), events, offered, apply)
    winner: int | None = None
    if len(players) == 2:
        out = [i for i, p in enumerate(players) if p.left == 0]
        if len(out) == 1:
            winner = 1 - out[0]
    sides = []
    for side, p in enumerate(players):
        rows = tuple(
            Row(
                f.key,
                f.name,
                f"{f.board} on the Battleground · {f.reserves} in Reserves · {f.cemetery} in the Cemetery",
                tuple(_faction_actions(state, side, p, f)),
                subtitle=f"{f.tokens} token{'s' * (f.tokens != 1)}",
                boxes=f.tokens,
                gone=f.remaining == 0,
            )
            for f in p.factions
        )
        figures = (
            Figure("surge", "Surge Points", str(p.surge), float(p.surge), SETUP),
            Figure("board", "On the Battleground", str(p.on_board), float(p.on_board), REINFORCE),
            Figure("left", "Tokens left", f"{p.left} of {sum(f.tokens for f in p.factions)}", float(p.left), WIN),
        )
        lines: list[Line] = []
        if p.left == 0 and len(players) == 2:
            lines.append(Line(f"{p.name} has no tokens left: {players[1 - side].name} wins", WIN, VERDICT))
        else:
            lines.append(
                Line(f"{p.name} has {p.left} token{'s' * (p.left != 1)} on the Battleground or in Reserves", WIN)
            )
        if p.on_board <= REINFORCE_TO - 1 and any(f.reserves for f in p.factions) and not state.over:
            lines.append(
                Line(f"{p.on_board} on the Battleground: reinforce from Reserves up to {REINFORCE_TO}", REINFORCE)
            )
        if p.from_draft:
            lines.append(Line(f"The tokens are the draft's first player's, {p.name} here", None))
        sides.append(Side(p.name, rows, tuple(_side_actions(state, side, p)), figures, tuple(lines)))
    lines = []
    if winner is not None:
        lines.append(Line(f"{players[1 - winner].name} has no tokens left: {players[winner].name} wins", WIN, VERDICT))
        lines += _challenges(state, winner)
    elif state.ended:
        lines.append(Line("The game was ended with tokens left on both sides", None, INFO))
    game_actions = tuple(a for a in offered(state) if a.key == "end")
    rules = (SETUP, REST, DASH, SPEND, KICKSTART, REINFORCE, DESTROYED, INFECT, BUILD, WIN, TACTICS, GRUDGES)
    return Tracker(sides, game_actions, tuple(lines), state.over, winner, said, rules)
