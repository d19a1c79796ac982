"""A game as plain data, and what is done with it: no I/O.

A game's data (what a game file holds, and what the static site keeps in the browser)::

    {
      "armybuilder": "game", "form": 1,
      "system": "<system id>",               # every side's list is of this system
      "revision": 7,                        # one more at each change: a write from an older one merges
      "sides": [                            # one or two, in the order the tracker shows them
        {"name": "Wren",                    # as the players gave it
         "list": "army.yaml",               # where the list came from (a file's name, "a share code")
         "fingerprint": "<64 hex digits>",  # the list's fingerprint when the game began
         "data": {...},                     # the list as it was when the game began
         "start": {...}},                   # what the system's start() took from it
        ...],
      "events": [{"kind": "lost", "side": 0, "part": "classes-1", "value": 1}, ...],
      "position": 5                         # how many of the events count; the rest can be redone
    }

Every function here takes and returns :class:`Game` values; :func:`read` checks a game's data
whatever it holds (too many events, a side that is not there, an event the tracker did not offer
at that point) and raises :class:`GameError` with the reason in a player's words.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from armybuilder.compose.game import SIDES_MAX, Event, Refused, Tracker, plain
from armybuilder.findings import Result

FORM = 1
MARK = "game"
EVENTS_MAX = 5000  # taps a game holds (a long game has a few hundred)
NAME_MAX = 60  # characters of a side's name
SOURCE_MAX = 200  # characters of where a list came from


class GameError(ValueError):
    """A game that cannot be read or a change that cannot be made, in a player's words.

    ``stale``: the game changed since the page was shown (another tab): nothing was changed, the
    page shows the game as it is now.
    """

    def __init__(self, message: str, stale: bool = False):
        super().__init__(message)
        self.message = message
        self.stale = stale

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class Player:
    """One side of a game as it began: its name, where its list came from, the list's fingerprint
    and data as they were then, and what the system's ``start`` took from it."""

    name: str
    source: str
    fingerprint: str
    data: dict[str, Any]
    start: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "list": self.source,
            "fingerprint": self.fingerprint,
            "data": self.data,
            "start": self.start,
        }


@dataclass(frozen=True)
class Game:
    system: str
    sides: tuple[Player, ...]
    events: tuple[Event, ...] = ()
    position: int = 0
    revision: int = 0

    @property
    def played(self) -> tuple[Event, ...]:
        """The events that count (those after ``position`` were undone and can be redone)."""
        return self.events[: self.position]

    @property
    def can_undo(self) -> bool:
        return self.position > 0

    @property
    def can_redo(self) -> bool:
        return self.position < len(self.events)

    def to_dict(self) -> dict[str, Any]:
        return {
            "armybuilder": MARK,
            "form": FORM,
            "system": self.system,
            "revision": self.revision,
            "sides": [s.to_dict() for s in self.sides],
            "events": [e.to_dict() for e in self.events],
            "position": self.position,
        }


def _module(system_id: str) -> Any:
    """The system's ``game`` module; GameError when the system is unknown or tracks no game."""
    from armybuilder import systems

    try:
        manifest = systems.manifest(system_id)
    except KeyError:
        raise GameError(f"the game is of a system armybuilder does not know ({system_id[:40]!r})") from None
    if not manifest.has("game"):
        raise GameError(f"lists of {system_id} cannot be played as a game yet")
    return manifest.module("game")


def has_tracker(system_id: str | None) -> bool:
    """Whether lists of this system can be played as a game."""
    from armybuilder import systems

    if system_id is None:
        return False
    try:
        return systems.manifest(system_id).has("game")
    except KeyError:
        return False


def player(data: dict[str, Any], result: Result, name: str, source: str) -> Player:
    """One side from a checked list: what it brings into a game. GameError when it cannot be
    played (not a list, a system with no tracker)."""
    from armybuilder.fingerprint import CanonicalError, of_data

    if not isinstance(data, dict) or result.system is None:
        raise GameError(f"{source} is not a list armybuilder can read")
    module = _module(result.system)
    try:
        start = module.start(data, result)
    except (TypeError, KeyError, ValueError, AttributeError, IndexError):
        # A list not of its system's shape (a hostile share code, a damaged file): start() reads
        # a checked list's values, and one of the wrong type is said, not a failure.
        raise GameError(f"{source} cannot be played: it is not a well-formed list of its game") from None
    if not plain(start):
        raise GameError(f"{source}: its system gave a start that is not plain data")
    try:
        fingerprint = of_data(data)
        kept = _plain_copy(data)
    except (CanonicalError, ValueError):
        raise GameError(f"{source} holds values a game cannot keep") from None
    return Player(_name(name, source), source[:SOURCE_MAX], fingerprint, kept, start)


def _plain_copy(data: Any) -> Any:
    """The list's data as JSON keeps it (numbers, text, lists and mappings with text keys)."""
    import json

    from armybuilder.fingerprint import carried_bytes

    out: Any = json.loads(carried_bytes(data))
    return out


def _name(name: str, source: str) -> str:
    from armybuilder.text import one_line

    cleaned = one_line(str(name or "")).strip()[:NAME_MAX]
    return cleaned or one_line(source).strip()[:NAME_MAX] or "Player"


def begin(players: list[Player], system: str) -> Game:
    """A new game of these sides (one or two, all of ``system``)."""
    if not 1 <= len(players) <= SIDES_MAX:
        raise GameError(f"a game is played by one or {SIDES_MAX} sides")
    game = Game(system, tuple(players))
    tracker(game)  # each start must be one the system's play reads
    return game


def tracker(game: Game) -> Tracker:
    """The game at its position, as its system computes it. GameError when an event is not one the
    tracker offered at that point (a damaged or hostile game)."""
    module = _module(game.system)
    try:
        made: Tracker = module.play([s.start for s in game.sides], [s.name for s in game.sides], list(game.played))
    except Refused as exc:
        raise GameError(f"the game cannot be replayed: {exc}") from None
    return made


def record(game: Game, event: Event, revision: int | None = None) -> tuple[Game, Tracker]:
    """The game with ``event`` recorded at its position (the taps undone are gone) and its new
    tracker. ``revision``: the game's revision the tap was made on; a tap made on an older one is
    recorded on the game as it is now when it is still offered there (two tabs: both taps count),
    else refused. GameError when the tap is not offered now."""
    now = tracker(game)
    action = now.offers(event)
    if action is None:
        why = _why_not(now, event)
        stale = revision is not None and revision != game.revision
        raise GameError(
            ("the game changed in another tab, and " if stale else "") + (why or "that tap is not offered now"),
            stale=stale,
        )
    if len(game.events[: game.position]) >= EVENTS_MAX:
        raise GameError(f"a game holds at most {EVENTS_MAX} taps")
    made = replace(
        game, events=(*game.events[: game.position], event), position=game.position + 1, revision=game.revision + 1
    )
    return made, tracker(made)


def _why_not(now: Tracker, event: Event) -> str:
    for a in now.all_actions():
        if a.event is not None and a.event.key()[:3] == event.key()[:3] and a.why_not:
            return f"{a.label}: {a.why_not}"
    return ""


def undo(game: Game, revision: int | None = None) -> Game:
    """The game with its last counted tap undone (it can be redone). ``revision``: the game's
    revision the page showed; when the game changed since (another tab), nothing is undone."""
    _fresh(game, revision, "undo")
    if not game.can_undo:
        raise GameError("there is no tap to undo")
    return replace(game, position=game.position - 1, revision=game.revision + 1)


def redo(game: Game, revision: int | None = None) -> Game:
    """The game with the last undone tap counted again."""
    _fresh(game, revision, "redo")
    if not game.can_redo:
        raise GameError("there is no tap to redo")
    return replace(game, position=game.position + 1, revision=game.revision + 1)


def joined(game: Game, side: Player, revision: int | None = None) -> Game:
    """The game with a second side added (the opponent's list, after the game began): the taps
    made so far stay as they were. ``revision``: the game's revision the page showed."""
    _fresh(game, revision, "add")
    if len(game.sides) >= SIDES_MAX:
        raise GameError(f"the game has its {SIDES_MAX} sides already")
    system = side.data.get("system")
    if system != game.system:
        raise GameError("that list is not of the same game as this one")
    made = replace(game, sides=(*game.sides, side), revision=game.revision + 1)
    _check_all(made)
    return made


def _fresh(game: Game, revision: int | None, what: str) -> None:
    if revision is not None and revision != game.revision:
        raise GameError(f"the game changed in another tab since this page was shown; nothing to {what}", stale=True)


def changed(game: Game, side: int, data: Any) -> bool:
    """Whether ``data`` (the list as it is now) is not the list side ``side`` began the game with."""
    from armybuilder.fingerprint import CanonicalError, of_data

    try:
        return of_data(data) != game.sides[side].fingerprint
    except (CanonicalError, ValueError):
        return True


# ---------------------------------------------------------------------------
# Reading a game's data


def read(raw: Any) -> Game:
    """A game from its plain data (a game file's JSON, the browser's stored game), every value
    checked; GameError with the reason when it is not one this armybuilder can play."""
    if not isinstance(raw, dict) or raw.get("armybuilder") != MARK:
        raise GameError("this is not an armybuilder game")
    if raw.get("form") != FORM:
        raise GameError("this game was saved by another version of armybuilder, which this one cannot read")
    unknown = sorted(str(k)[:40] for k in raw if k not in _KEYS)
    if unknown:
        raise GameError(f"the game holds {', '.join(unknown)}, which no game holds")
    system = raw.get("system")
    if not isinstance(system, str) or not 0 < len(system) <= 40:
        raise GameError("the game does not say its system")
    revision = raw.get("revision")
    if type(revision) is not int or not 0 <= revision < 2**53:
        raise GameError("the game's revision is not a whole number")
    sides_raw = raw.get("sides")
    if not isinstance(sides_raw, list) or not 1 <= len(sides_raw) <= SIDES_MAX:
        raise GameError(f"a game is played by one or {SIDES_MAX} sides")
    sides = tuple(_side(s, i) for i, s in enumerate(sides_raw))
    events_raw = raw.get("events")
    if not isinstance(events_raw, list) or len(events_raw) > EVENTS_MAX:
        raise GameError(f"the game's taps are not a list of at most {EVENTS_MAX}")
    events: list[Event] = []
    for i, e in enumerate(events_raw):
        try:
            event = Event.from_dict(e)
        except ValueError as exc:
            raise GameError(f"tap {i + 1}: {exc}") from None
        if event.side is not None and event.side >= len(sides):
            raise GameError(f"tap {i + 1} is about a side the game does not have")
        events.append(event)
    position = raw.get("position")
    if type(position) is not int or not 0 <= position <= len(events):
        raise GameError("the game does not say how many of its taps count")
    game = Game(system, sides, tuple(events), position, revision)
    _check_all(game)
    return game


_KEYS = ("armybuilder", "form", "system", "revision", "sides", "events", "position")
_SIDE_KEYS = ("name", "list", "fingerprint", "data", "start")


def _side(raw: Any, index: int) -> Player:
    where = f"side {index + 1}"
    if not isinstance(raw, dict):
        raise GameError(f"{where} is not a set of values")
    unknown = sorted(str(k)[:40] for k in raw if k not in _SIDE_KEYS)
    if unknown:
        raise GameError(f"{where} holds {', '.join(unknown)}, which no side holds")
    name, source, fingerprint = raw.get("name"), raw.get("list", ""), raw.get("fingerprint")
    if not isinstance(name, str) or not 0 < len(name) <= NAME_MAX:
        raise GameError(f"{where} has no name")
    if not isinstance(source, str) or len(source) > SOURCE_MAX:
        raise GameError(f"{where} does not say where its list came from")
    if not isinstance(fingerprint, str) or len(fingerprint) != 64 or fingerprint.strip("0123456789abcdef"):
        raise GameError(f"{where} has no fingerprint of its list")
    data, start = raw.get("data"), raw.get("start")
    if not isinstance(data, dict) or not plain(data):
        raise GameError(f"{where} does not hold its list")
    if not isinstance(start, dict) or not plain(start):
        raise GameError(f"{where} does not hold what its list brought into the game")
    return Player(name, source, fingerprint, data, start)


def _check_all(game: Game) -> None:
    """Every event, the undone ones too, must be one the tracker offered at its point: a redo must
    never bring back a tap that was not."""
    if game.position == len(game.events):
        tracker(game)
        return
    tracker(replace(game, position=len(game.events)))


@dataclass
class Summary:
    """A game at one point for a report: its tracker and its game."""

    game: Game
    tracker: Tracker
    changed: list[bool | None] = field(default_factory=list)  # per side; None: its list is not at hand
