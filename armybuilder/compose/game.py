"""What a system's game-day tracker declares: what each side brings into a game, the taps a
player can make at each point of it, and the totals and consequences of the taps made, each with
the rule it comes from.

A system offers this with a ``game`` module in its package (``systems/<package>/game.py``)
holding two functions::

    def start(data: dict, result: Result) -> dict
    def play(starts: Sequence[dict], names: Sequence[str], events: Sequence[Event]) -> Tracker

``start`` reads a checked list (its plain data, as the safe loader read it, and its check) and
returns what that list brings into a game: plain JSON data (str, int, float, bool, None, lists
and dicts with str keys) that the game file keeps, so a game goes on with the list as it was when
it began, whatever happens to the list or to the system's data later. It reads the system's own
data (costs, cards) and never writes.

``play`` is pure: from the sides' starts (one or two, in the order of the game's sides), their
names as the players gave them, and the events recorded so far, in order, it computes the
:class:`Tracker`: each side's parts with their state and the taps offered now, the running totals
and the consequences in a player's words. An event that is not among the actions the tracker
offered at that point (a hostile or damaged game file) is refused by raising :class:`Refused`
with its place and a reason in a player's words; :func:`replay` does this for a system that
keeps its state in one object. A start ``play`` cannot read (not what this system's ``start``
makes) is refused the same way, with ``index`` None.

Every number a tracker shows cites its rule (:class:`Cite`: "FT 32.3"), as a finding does; a
rule the system takes from a public source the seed assumes but does not give is marked
``unverified``. Where a rule document says nothing about something players track, the system
leaves it out or offers it as the player's own note (an event of kind :data:`NOTE`): it never
invents a rule.

The engine (:mod:`armybuilder.games`) keeps the game file, records, undoes and redoes events,
and asks the system's ``play`` for the tracker; the faces draw a :class:`Tracker` whatever its
system, and know none. Words on a tracker are a player's words: no command-line syntax, no file
or key names.

This module is declarations only (no I/O, no game data), so any layer may import it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

# The kind of a note the player writes about the game (what no rule document tracks): offered by
# every tracker that wants notes, counted by none.
NOTE = "note"

# Bounds on what one event may hold (a game file is hostile input).
KIND_MAX = 40  # characters of a kind or a part key
NOTE_MAX = 200  # characters of a note
VALUE_LOW, VALUE_HIGH = -999, 999  # the event's small number
SIDES_MAX = 2  # a game tracks one side or two


class Refused(ValueError):
    """An event (or a start) that the tracker does not offer at that point.

    ``index`` is the event's place in the game's events (0-based), None for a start that cannot
    be read; ``reason`` says why in a player's words ("Rangers has no stands left to lose").
    """

    def __init__(self, index: int | None, reason: str):
        super().__init__(reason)
        self.index = index
        self.reason = reason

    def __str__(self) -> str:
        return self.reason if self.index is None else f"tap {self.index + 1}: {self.reason}"


@dataclass(frozen=True)
class Event:
    """What one tap records.

    ``kind`` is the system's own word for it ("lost", "entered", "revealed", "surge", "turn");
    ``side`` the index of the side it is about in the game's sides (None: the whole game, such as
    "next turn" or "end the game"); ``part`` the key of the :class:`Row` it is about (None: the
    side as a whole); ``value`` a small whole number (how many stands, coins, tokens; a dice roll);
    ``note`` the player's own words, kept and shown, never counted.

    Two events are the same tap when :meth:`key` is equal: the note is free.
    """

    kind: str
    side: int | None = 0
    part: str | None = None
    value: int = 1
    note: str = ""

    def key(self) -> tuple[str, int | None, str | None, int]:
        return (self.kind, self.side, self.part, self.value)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "side": self.side, "part": self.part, "value": self.value}
        if self.note:
            out["note"] = self.note
        return out

    @classmethod
    def from_dict(cls, raw: Any) -> Event:
        """An event from its plain data; a ValueError in a player's words when it is not one (any
        key but those of :meth:`to_dict`, a value of the wrong type or out of bounds)."""
        if not isinstance(raw, Mapping):
            raise ValueError("a tap is not a set of values")
        unknown = sorted(str(k)[:KIND_MAX] for k in raw if k not in ("kind", "side", "part", "value", "note"))
        if unknown:
            raise ValueError(f"a tap holds {', '.join(unknown)}, which no tap holds")
        kind = raw.get("kind")
        if not isinstance(kind, str) or not 0 < len(kind) <= KIND_MAX:
            raise ValueError("a tap has no kind")
        side = raw.get("side", 0)
        if side is not None and (type(side) is not int or not 0 <= side < SIDES_MAX):
            raise ValueError("a tap is about a side the game does not have")
        part = raw.get("part")
        if part is not None and (not isinstance(part, str) or not 0 < len(part) <= KIND_MAX):
            raise ValueError("a tap is about a part that is not named")
        value = raw.get("value", 1)
        if type(value) is not int or not VALUE_LOW <= value <= VALUE_HIGH:
            raise ValueError(f"a tap's number is not a whole number from {VALUE_LOW} to {VALUE_HIGH}")
        note = raw.get("note", "")
        if not isinstance(note, str) or len(note) > NOTE_MAX:
            raise ValueError(f"a note is not text of at most {NOTE_MAX} characters")
        return cls(kind, side, part, value, note)


@dataclass(frozen=True)
class Cite:
    """The rule a number or a tap comes from, as a finding cites it: ``rule`` is the section
    ("FT 32.3", "TT 4.2"); ``unverified`` marks a rule taken from a public source the seed assumes
    but does not give (shown as such); ``text`` is one line of what it says, for the "?"."""

    rule: str
    text: str = ""
    unverified: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "text": self.text, "unverified": self.unverified}


@dataclass(frozen=True)
class Action:
    """One tap a player can make now: ``label`` names it in full ("Rangers: 1 stand lost"),
    ``face`` is what the button shows ("−1 stand"), ``event`` what it records, ``rule`` the rule
    that says what it counts. A tap that cannot be taken now has ``why_not`` ("Rangers has no
    stands left"), shown disabled with the reason (its ``event`` may still say what it would
    record, so a refusal of that tap in a game file gives the same reason).

    ``key`` is unique within its row or side ("lost", "entered"); ``number`` marks a tap whose
    value the player types (a dice roll, coins), within ``low``..``high``: its ``event`` then
    carries ``low`` and the typed value replaces it.
    """

    key: str
    label: str
    face: str = ""
    event: Event | None = None
    rule: Cite | None = None
    why_not: str = ""
    number: bool = False
    low: int = 0
    high: int = 0

    @property
    def enabled(self) -> bool:
        return self.event is not None and not self.why_not

    def offers(self, event: Event) -> bool:
        """Whether ``event`` is this tap (for a typed number: any value within its bounds)."""
        if not self.enabled or self.event is None:
            return False
        if self.number:
            return event.key()[:3] == self.event.key()[:3] and self.low <= event.value <= self.high
        return event.key() == self.event.key()

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "key": self.key,
            "label": self.label,
            "face": self.face,
            "event": self.event.to_dict() if self.event else None,
            "rule": self.rule.to_dict() if self.rule else None,
            "why_not": self.why_not,
        }
        if self.number:
            out.update(number=True, low=self.low, high=self.high)
        return out


@dataclass(frozen=True)
class Figure:
    """A running total: ``label`` ("Lost"), ``value`` in a player's words ("17 of 50 points"),
    ``amount`` the number itself for JSON and tests (None when it is not one number), its rule."""

    key: str
    label: str
    value: str
    amount: float | None = None
    rule: Cite | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "label": self.label,
            "value": self.value,
            "amount": self.amount,
            "rule": self.rule.to_dict() if self.rule else None,
        }


# Tones of a line
INFO = "info"  # how the game stands
WARNING = "warning"  # close to a consequence: "one more stand and the army breaks"
VERDICT = "verdict"  # a consequence reached: "The army breaks", "Ozzy wins"
TONES = (INFO, WARNING, VERDICT)


@dataclass(frozen=True)
class Line:
    """A consequence in a player's words, with its rule: "The army has lost 17 of 50 points: it
    breaks at 16⅔" (FT 32.1)."""

    text: str
    rule: Cite | None = None
    tone: str = INFO

    def __post_init__(self) -> None:
        if self.tone not in TONES:
            raise ValueError(f"line {self.text!r}: unknown tone {self.tone!r}")

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "tone": self.tone, "rule": self.rule.to_dict() if self.rule else None}


@dataclass(frozen=True)
class Row:
    """One part of a side (a stand group, a hero, a faction's tokens, a race, a unit): ``key`` is
    unique within its side and the same through the game (events name it); ``state`` says how it
    stands in a player's words ("2 of 4 stands lost", "not entered yet: counts ½"); ``actions``
    are its taps; ``boxes`` how many boxes the paper sheet gives it (stands, tokens; 0: none)."""

    key: str
    label: str
    state: str = ""
    actions: tuple[Action, ...] = ()
    rule: Cite | None = None
    subtitle: str = ""  # "Rangers · 4 stands · 3 points a stand"
    boxes: int = 0
    gone: bool = False  # wholly lost: drawn struck through

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "label": self.label,
            "subtitle": self.subtitle,
            "state": self.state,
            "boxes": self.boxes,
            "gone": self.gone,
            "rule": self.rule.to_dict() if self.rule else None,
            "actions": [a.to_dict() for a in self.actions],
        }


@dataclass(frozen=True)
class Side:
    """One player's side: its ``name`` as the players gave it, its parts, the taps that are about
    the side as a whole ("Surge +1 (Rest)"), its running totals and its consequences."""

    name: str
    rows: tuple[Row, ...] = ()
    actions: tuple[Action, ...] = ()
    figures: tuple[Figure, ...] = ()
    lines: tuple[Line, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "rows": [r.to_dict() for r in self.rows],
            "actions": [a.to_dict() for a in self.actions],
            "figures": [f.to_dict() for f in self.figures],
            "lines": [ln.to_dict() for ln in self.lines],
        }


@dataclass
class Tracker:
    """A game at one point: its sides, the taps about the whole game ("Next turn", "End the
    game"), the consequences for the game as a whole, whether it is ``over`` and who won
    (``winner``, a side's index; None: nobody yet, or a draw, which ``lines`` says), ``said`` one
    line in a player's words for each event recorded so far ("Rangers: 1 stand lost"), in order,
    and ``rules``: every rule the tracker applies, for a sheet or a result page."""

    sides: list[Side] = field(default_factory=list)
    actions: tuple[Action, ...] = ()
    lines: tuple[Line, ...] = ()
    over: bool = False
    winner: int | None = None
    said: tuple[str, ...] = ()
    rules: tuple[Cite, ...] = ()

    def all_actions(self) -> Iterator[Action]:
        """Every tap of the tracker: the game's, then each side's, then each row's."""
        yield from self.actions
        for side in self.sides:
            yield from side.actions
            for row in side.rows:
                yield from row.actions

    def offers(self, event: Event) -> Action | None:
        """The tap that records ``event`` now, or None: it is not offered at this point."""
        return next((a for a in self.all_actions() if a.offers(event)), None)

    def to_dict(self) -> dict[str, Any]:
        return {
            "sides": [s.to_dict() for s in self.sides],
            "actions": [a.to_dict() for a in self.actions],
            "lines": [ln.to_dict() for ln in self.lines],
            "over": self.over,
            "winner": self.winner,
            "said": list(self.said),
            "rules": [c.to_dict() for c in self.rules],
        }


# ---------------------------------------------------------------------------
# Helpers the systems share

S = TypeVar("S")
P = TypeVar("P")  # a system's side (an army, a player)
K = TypeVar("K", bound="Keyed")  # a system's part of a side (a stand group, a unit, a faction)

# The rule of a player's own note: none.
OWN = Cite("your note", "Kept with the game, counted by no rule.")


class Keyed(Protocol):
    """A part of a side, named in events by its ``key``."""

    @property
    def key(self) -> str: ...


def note_action(side: int) -> Action:
    """The tap that adds the player's own note about ``side`` (kind :data:`NOTE`), counted by no rule."""
    return Action("note", "Add a note", "Note", Event(NOTE, side, None, 0), OWN)


def noted(name: str, notes: list[str], note: str) -> str:
    """A :func:`note_action` tap applied: ``note`` kept with the side's ``notes``, and its line
    ("NAME: note: WORDS"; "NAME: note" when the player wrote none)."""
    notes.append(note)
    return f"{name}: note: {note}" if note else f"{name}: note"


def offered_taps(
    event: Event | None,
    sides: Sequence[P],
    side_taps: Callable[[int, P], Iterable[Action]],
    parts: Callable[[P], Iterable[K]] | None = None,
    part_taps: Callable[[int, P, K], Iterable[Action]] | None = None,
    game_taps: Iterable[Action] = (),
    over: bool = False,
) -> Iterator[Action]:
    """The taps a tracker offers now, in its order: each side's (``side_taps(index, side)``) then
    its parts' (``part_taps(index, side, part)`` for each of ``parts(side)``), then the whole
    game's (``game_taps``) and last :func:`end_action`. With ``event``, only those that could
    record it (its side's, its part's; the game's only for an event about no side), for
    :func:`replay`. ``game_taps`` is read only when the game's taps are given."""
    for index, side in enumerate(sides):
        if event is not None and event.side != index:
            continue
        yield from side_taps(index, side)
        if parts is None or part_taps is None:
            continue
        for part in parts(side):
            if event is None or event.part == part.key:
                yield from part_taps(index, side, part)
    if event is not None and event.side is not None:
        return
    yield from game_taps
    yield end_action(over)


def end_action(over: bool) -> Action:
    """The tap every tracker offers last: the game ended where it stands (kind ``"end"``, about the
    whole game), not taken once the game is over."""
    return Action(
        "end",
        "End the game here",
        "End the game",
        Event("end", None, None, 0),
        None,
        "the game is over" if over else "",
    )


def replay(
    state: S,
    events: Sequence[Event],
    offered: Callable[[S, Event], Iterable[Action]],
    apply: Callable[[S, Event], str],
) -> tuple[S, tuple[str, ...]]:
    """Play ``events`` on ``state`` in order: each must be one of the taps ``offered(state, event)``
    gives at that point (else :class:`Refused`, with its place and why), then ``apply(state,
    event)`` changes the state and returns the event's line in a player's words. Returns the state
    and the lines, for a system's ``play`` to draw its :class:`Tracker` from.

    ``offered(state, event)`` may give every tap of that point, or only those that could record
    ``event`` (its side's, its part's): the same answer, made faster (a game is replayed whole at
    each tap)."""
    said: list[str] = []
    for index, event in enumerate(events):
        taps = list(offered(state, event))
        if not any(a.offers(event) for a in taps):
            blocked = next(
                (a for a in taps if a.event is not None and a.event.key()[:3] == event.key()[:3] and a.why_not), None
            )
            if blocked is not None:
                raise Refused(index, f"{blocked.label}: {blocked.why_not}")
            raise Refused(index, "this tap is not one the game offers at that point")
        said.append(apply(state, event))
    return state, tuple(said)


def plain(value: Any, depth: int = 0) -> bool:
    """Whether ``value`` is plain JSON data (what a ``start`` returns and a game file keeps)."""
    if depth > 32:
        return False
    if value is None or isinstance(value, (str, bool, int)):
        return True
    if isinstance(value, float):
        return value == value and value not in (float("inf"), float("-inf"))
    if isinstance(value, list):
        return all(plain(v, depth + 1) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and plain(v, depth + 1) for k, v in value.items())
    return False
