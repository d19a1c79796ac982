"""What a system's builder declares: its list as rows with their own controls, and the catalog of
what can be added now, each choice with its cost and, when it cannot be taken, why.

A system offers this with a ``board`` module in its package (``systems/<package>/board.py``)
holding one function::

    def board(data: dict, result: Result, focus: str | None) -> Board

``data`` is the list's plain data (as the safe loader read it), ``result`` its check (findings,
measure, details), ``focus`` the key of the row the player is adding to (a class the catalog's
cards go on), or None. The function reads the system's own data (prices, conditions, caps) to say
what each choice costs and whether it is allowed, by the same conditions the rules use. It never
writes: every control carries the :class:`Edit` that a click makes, which the edit engine
(:func:`armybuilder.edit.engine.run_edit`) performs like any other, so the browser and the
command line can never disagree on what an edit does.

The browser builder (:mod:`armybuilder.web`) draws a :class:`Board` whatever its system; it knows
none. Words on a board are a player's words: no command-line syntax (no flags, no FILE, no
``armybuilder`` commands); the edit words inside an :class:`Edit` are never shown.

This module is declarations only (no I/O, no game data), so any layer may import it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

# Control kinds
BUTTON = "button"  # one click makes the edit: add, remove, −, +
TOGGLE = "toggle"  # on or off (``pressed``); a click makes the edit that flips it
TEXT = "text"  # a typed value (a name): the value goes into the edit at ``Edit.value_at``
NUMBER = "number"  # a typed whole or half number, within ``low``..``high``
CHOICE = "choice"  # one of ``choices``; picking one makes that choice's edit
KINDS = (BUTTON, TOGGLE, TEXT, NUMBER, CHOICE)


@dataclass(frozen=True)
class Edit:
    """One edit as the engine takes it: ``run_edit(path, verb, part, words)``.

    ``words`` are the part's words, options first, then ``"--"`` and the positional arguments (so
    a name that starts with ``--`` stays a name). For a typed control, ``value_at`` is where the
    typed value is inserted into ``words`` (its index once inserted); None for a click.
    """

    verb: str
    part: str
    words: tuple[str, ...] = ()
    value_at: int | None = None

    def with_value(self, value: str) -> Edit:
        """The edit with the typed value put in place."""
        if self.value_at is None:
            return self
        words = list(self.words)
        words.insert(self.value_at, value)
        return Edit(self.verb, self.part, tuple(words))


@dataclass(frozen=True)
class Option:
    """One choice of a :data:`CHOICE` control: what it shows, what picking it does."""

    value: str  # the value (also what a plain form sends)
    label: str  # what the player reads: "Forest", "Dense Forest (cards cost more)"
    edit: Edit | None = None  # None: the current value, or not allowed (then ``why_not``)
    cost: str = ""  # what picking it changes: "+1 point"
    why_not: str = ""  # why it cannot be picked (shown, and the option disabled)


@dataclass(frozen=True)
class Control:
    """One control of a row, a setting or a catalog entry.

    ``label`` names what the control does in full, for a screen reader and a tooltip ("Add
    Deadly to Wardens, +2 points a stand"); ``face`` is the short text it shows ("+", "Deadly").
    A control with ``why_not`` is shown disabled, with the reason beside it.
    """

    kind: str
    label: str
    face: str = ""
    edit: Edit | None = None
    cost: str = ""  # what it would change: "+2 a stand", "1 slot", "−1 coin"
    why_not: str = ""
    pressed: bool | None = None  # a toggle's state
    value: str = ""  # a typed control's current value; a choice's current value
    low: float | None = None  # a number's bounds
    high: float | None = None
    step: float = 1  # 0.5 for half numbers
    # a choice's options; a typed name's: the names the data knows, offered as it is typed (each
    # with its cost, or why it cannot be taken), a name not among them still taken as typed
    options: tuple[Option, ...] = ()
    key: str = ""  # a name for the control unique within its row ("stands", "general", "card-Deadly")
    focus: str | None = None  # a click that only chooses the row the catalog adds to (no edit)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"control {self.label!r}: unknown kind {self.kind!r}")

    @property
    def enabled(self) -> bool:
        return not self.why_not and (self.edit is not None or self.kind == CHOICE or self.focus is not None)


@dataclass(frozen=True)
class Chip:
    """A thing held by a row, shown as a chip (a card on a class): its own controls beside it."""

    key: str  # unique within the row: "Deadly", "Terrain Affinity"
    label: str  # "Deadly"
    cost: str = ""  # "+2 a stand"
    note: str = ""  # "zoom", "Woods, Wooded Hills"
    path: tuple[Any, ...] = ()  # where in the list it is (findings under it show on it)
    controls: tuple[Control, ...] = ()  # remove, options
    explain: tuple[str, str] | None = None  # (kind, name) of its catalog entry, for "explain"


@dataclass(frozen=True)
class Row:
    """One part of the list (a class, a hero, a unit, a faction's tokens, a region).

    ``key`` is unique on the board and stable across edits while the part stays where it is
    (``classes-2``); the page anchors on it. ``path`` is where the part is in the list
    (``("classes", 2)``): every finding whose path starts with it is shown on the row.
    """

    key: str
    title: str
    path: tuple[Any, ...] = ()
    subtitle: str = ""  # "Elite Foot · general"
    cost: str = ""  # "13 points", "6 tokens"
    controls: tuple[Control, ...] = ()  # rename, −, +, toggles, remove
    chips: tuple[Chip, ...] = ()
    focusable: bool = False  # the catalog can add to it (cards onto a class): offer "add to this"
    explain: tuple[str, str] | None = None


@dataclass(frozen=True)
class Entry:
    """One thing of the catalog that could be added now: a card, a troop type, a faction, a unit.

    ``add`` is the control that adds it where it goes (disabled, with why, when it cannot be).
    ``summary`` is its one line from the data; ``cost`` as the system counts it.
    """

    name: str
    add: Control
    summary: str = ""
    cost: str = ""
    explain: tuple[str, str] | None = None  # (catalog kind, name) for its explanation page
    # the heading it is listed under within its group, as players look for it ("Foot", "Mounted"):
    # the system orders a group's entries, and the page heads each run of one label with it
    group: str = ""


@dataclass(frozen=True)
class Group:
    """A heading of the catalog ("Cards for Wardens", "Troop types", "Army cards")."""

    key: str
    title: str
    entries: tuple[Entry, ...] = ()
    note: str = ""  # a line under the heading: "Choose a class to add its cards"
    # What to choose first, drawn under the note: a setting some entries wait for (they are shown
    # disabled, saying so), offered where the player meets them ("Home topography", which prices
    # Ambush): one pick, and they can be added.
    controls: tuple[Control, ...] = ()
    # its entries go on the board's ``focus`` row (the cards of the class being edited): a row's
    # focus control ("Cards") leads here, and the group stays in view through a search
    follows: bool = False


@dataclass(frozen=True)
class Section:
    """A titled group of rows on the list side ("Classes", "Heroes", "Army cards")."""

    key: str
    title: str
    rows: tuple[Row, ...] = ()
    empty: str = ""  # what to say when it has no rows: "No classes yet: add a troop type"


@dataclass
class Board:
    """A list as the builder draws it.

    ``settings`` are the list-level values (points, topography, mode, faction, the hero's level),
    each one control; ``sections`` the parts of the list; ``catalog`` what can be added now, for
    ``focus`` (the row the catalog adds to, when there is one).
    """

    settings: list[Control] = field(default_factory=list)
    sections: list[Section] = field(default_factory=list)
    catalog: list[Group] = field(default_factory=list)
    focus: str | None = None  # the row key the catalog adds to

    def controls(self) -> list[Control]:
        """Every control of the board, settings first, then the rows (and their chips), then the catalog."""
        out = list(self.settings)
        for row in self.rows():
            out += row.controls
            for chip in row.chips:
                out += chip.controls
        for group in self.catalog:
            out += [*group.controls, *(e.add for e in group.entries)]
        return out

    def rows(self) -> list[Row]:
        return [r for s in self.sections for r in s.rows]

    def edits(self) -> list[Edit]:
        """Every edit any control of the board makes (for tests: each one is one the engine takes)."""
        out: list[Edit] = []
        for c in self.controls():
            if c.edit is not None:
                out.append(c.edit)
            out.extend(o.edit for o in c.options if o.edit is not None)
        return out


# ---------------------------------------------------------------------------
# Helpers the systems share


def unique_labels(made: Board) -> Board:
    """The board with every control's label once (a screen reader, and the tests, find a control by
    its label): a label met again, in the order of :meth:`Board.controls`, gets its number
    ("Remove Deadly (2)"), which only a list with repeated names needs."""
    labels = [c.label for c in made.controls()]
    if len(set(labels)) == len(labels):
        return made
    seen: dict[str, int] = {}

    def one(c: Control) -> Control:
        n = seen.get(c.label, 0) + 1
        seen[c.label] = n
        return c if n == 1 else replace(c, label=f"{c.label} ({n})")

    def each(controls: Iterable[Control]) -> tuple[Control, ...]:
        return tuple(one(c) for c in controls)

    made.settings = list(each(made.settings))
    made.sections = [
        replace(
            s,
            rows=tuple(
                replace(
                    r, controls=each(r.controls), chips=tuple(replace(ch, controls=each(ch.controls)) for ch in r.chips)
                )
                for r in s.rows
            ),
        )
        for s in made.sections
    ]
    made.catalog = [
        replace(g, controls=each(g.controls), entries=tuple(replace(e, add=one(e.add)) for e in g.entries))
        for g in made.catalog
    ]
    return made


def edit(verb: str, part: str, *args: Any, entry: int | None = None, **opts: Any) -> Edit:
    """An :class:`Edit` from a part's positional arguments and options, as Python values:
    ``edit("add", "card", "Deadly", to="Wardens", option=["zoom"])``. A list value repeats its
    option; True gives a flag (False its ``--no-`` form, for a switch); None is left out.
    ``entry`` is the 1-based place of the entry the part's name means, for two entries that share
    a name (the engine's ``entry`` option)."""
    words: list[str] = []
    if entry is not None:
        opts = {"entry": entry, **opts}
    for key, value in opts.items():
        flag = "--" + key.replace("_", "-")
        if value is None:
            continue
        if value is True:
            words.append(flag)
        elif value is False:
            words.append("--no-" + flag[2:])
        elif isinstance(value, (list, tuple)):
            for v in value:
                words += [flag, str(v)]
        else:
            words += [flag, str(value)]
    words.append("--")
    words += [str(a) for a in args]
    return Edit(verb, part, tuple(words))


def typed(verb: str, part: str, *args: Any, at: int | None = None, entry: int | None = None, **opts: Any) -> Edit:
    """An edit that takes a typed value: it goes after the positional ``args`` given (or at
    positional place ``at``), e.g. ``typed("set", "stands", "Wardens")`` for ``stands Wardens N``."""
    e = edit(verb, part, *args, entry=entry, **opts)
    first = e.words.index("--") + 1
    place = first + (len(args) if at is None else at)
    return Edit(e.verb, e.part, e.words, place)


def signed(value: float, unit: str = "", plural_unit: str = "") -> str:
    """A change of cost as the page prints it: ``+2 points``, ``−½ point``, ``+1 token``."""
    from armybuilder.text import fmt_points

    sign = "+" if value >= 0 else "\u2212"
    amount = fmt_points(abs(value))
    if not unit:
        return f"{sign}{amount}"
    word = unit if 0 < abs(value) <= 1 else (plural_unit or unit + "s")  # ½ point, as the rulebooks say
    return f"{sign}{amount} {word}"


def under(path: Sequence[Any], prefix: Sequence[Any]) -> bool:
    """Whether a finding's ``path`` lies under a row's or chip's ``prefix``."""
    return len(prefix) > 0 and len(path) >= len(prefix) and list(path[: len(prefix)]) == list(prefix)
