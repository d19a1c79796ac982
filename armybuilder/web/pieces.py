"""The list side of a list page as a tree of pieces, so that a change sends back only what changed.

Each piece is one element with an id (the board, the verdict bar, a section, a row, a typed
control's form, …), drawn by a macro of ``_board.html``; where its children go, its markup holds
:data:`SLOT`. A piece's digest covers its own markup and its children's digests, leaving out the
page's version (every form carries it, and it changes with every change).

The page that asks for a change sends the digest of the board it shows (``brd``). When the server
drew that board lately (:class:`Boards` keeps the sketches of the last few), :func:`changed` names
the pieces that differ: a piece whose own markup and children's ids are the same is looked into,
any other is sent whole. The answer is then those pieces alone, each swapped in by its id out of
band; a board that changed in its shape (a section more, a row moved) is sent whole, as before.
Nothing here knows a game: the pieces are the board's sections and rows.
"""

from __future__ import annotations

import hashlib
import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from markupsafe import Markup

SLOT = "\x00"  # where a piece's children go in its markup (no page can hold it)
# The page's version, as the pieces are drawn: every form carries the version, which changes with
# every change, so pieces are drawn and compared with this in its place, and it is put in last.
VERSION = "\ue000version\ue000"
KEPT = 64  # boards whose sketches are kept (a few pages of a few lists)
DRAWN = 1024  # rows and forms kept drawn


@dataclass(frozen=True)
class Piece:
    id: str
    shell: str  # the element's markup, SLOT where the children go
    children: tuple[Piece, ...] = ()
    digest: str = field(default="")
    own: str = ""  # the digest of the shell alone
    always: bool = False  # sent with every change (the form that carries the version; the result)

    def html(self) -> str:
        if not self.children:
            return self.shell.replace(SLOT, "")
        return self.shell.replace(SLOT, "\n".join(c.html() for c in self.children))


def piece(id: str, shell: str, children: Iterable[Piece] = (), always: bool = False) -> Piece:
    """The piece ``id``: ``shell`` with ``children`` in its SLOT."""
    kids = tuple(children)
    own = hashlib.sha1(shell.encode("utf-8")).hexdigest()[:20]
    h = hashlib.sha1(own.encode())
    for c in kids:
        h.update(f"\x01{c.id}\x02{c.digest}".encode())
    return Piece(id, shell, kids, h.hexdigest()[:20], own, always)


# What the server remembers of a board it drew: for each piece, its digest, the digest of its own
# markup and its children's ids.
Sketch = dict[str, tuple[str, str, tuple[str, ...]]]


def sketch(root: Piece) -> Sketch:
    out: Sketch = {}

    def walk(p: Piece) -> None:
        out[p.id] = (p.digest, p.own, tuple(c.id for c in p.children))
        for c in p.children:
            walk(c)

    walk(root)
    return out


def changed(root: Piece, old: Sketch) -> list[Piece] | None:
    """The pieces of ``root`` that differ from the board ``old`` sketches, outermost first, the
    ``always`` ones included; None when the board changed in its shape (send it whole)."""

    def diff(p: Piece) -> list[Piece] | None:
        known = old.get(p.id)
        if known is None:
            return None
        if p.always:
            return [p]
        if known[0] == p.digest and p is not root:  # the root holds the pieces always sent
            return []
        if not p.children or known[2] != tuple(c.id for c in p.children) or known[1] != p.own:
            return None
        out: list[Piece] = []
        for c in p.children:
            d = diff(c)
            out += [c] if d is None else d
        return out

    return diff(root)


_FIRST_TAG = re.compile(r"^(\s*<[a-zA-Z][a-zA-Z0-9]*)")


def out_of_band(p: Piece) -> str:
    """``p``'s markup to be swapped in by its id (htmx's ``hx-swap-oob``, morphed by idiomorph as
    the whole board is: the focus and what is open stay)."""
    return _FIRST_TAG.sub(r'\1 hx-swap-oob="morph"', p.html(), count=1)


class Kept:
    """At most ``kept`` values by key, the least lately used let go first; safe across threads."""

    def __init__(self, kept: int) -> None:
        self.kept = kept
        self._values: OrderedDict[Any, Any] = OrderedDict()
        self._lock = threading.Lock()
        self._making: dict[Any, threading.Lock] = {}

    def get(self, key: Any) -> Any:
        with self._lock:
            found = self._values.get(key)
            if found is not None:
                self._values.move_to_end(key)
            return found

    def put(self, key: Any, value: Any) -> None:
        with self._lock:
            self._values[key] = value
            self._values.move_to_end(key)
            while len(self._values) > self.kept:
                self._values.popitem(last=False)

    def made(self, key: Any, make: Callable[[], Any]) -> Any:
        """The value kept for ``key``, else ``make()``'s, kept: who asks for the same key while it
        is being made waits for that making instead of making it again."""
        found = self.get(key)
        if found is not None:
            return found
        with self._lock:
            turn = self._making.setdefault(key, threading.Lock())
        try:
            with turn:
                found = self.get(key)
                if found is None:
                    found = make()
                    self.put(key, found)
        finally:
            with self._lock:
                self._making.pop(key, None)
        return found


class Boards:
    """What the builder drew lately: the sketches of its boards by digest (any page of any list: a
    digest names its markup, so no page can be given another's pieces), and its rows and typed
    controls' forms by everything they are drawn from."""

    def __init__(self, kept: int = KEPT, drawn: int = DRAWN) -> None:
        self._sketches = Kept(kept)
        self._drawn = Kept(drawn)

    def get(self, digest: str) -> Sketch | None:
        found: Sketch | None = self._sketches.get(digest)
        return found

    def put(self, digest: str, drawn: Sketch) -> None:
        self._sketches.put(digest, drawn)

    def drawn(self, macro: Callable[..., Any], name: str, *args: Any) -> str:
        """``macro(*args)``, drawn once for the same arguments (a macro of ``_board.html`` that
        draws from its arguments alone; their repr is all of them: dataclasses and dicts)."""
        key = (name, repr(args))
        found: str | None = self._drawn.get(key)
        if found is None:
            found = str(macro(*args))
            self._drawn.put(key, found)
        return found


def draw(macros: Any, m: dict[str, Any], boards: Boards) -> Piece:
    """The board of a list page from its model ``m`` (what :func:`armybuilder.web.builder.list_page`
    gives the template, with :data:`VERSION` for the version), as pieces. ``m["brdhash"]`` is set
    to the board's digest before the form that carries it is drawn."""
    slot = Markup(SLOT)
    view = m["view"]
    ctx = m["ctx"]

    def p(id: str, shell: Any, children: Iterable[Piece] = (), always: bool = False) -> Piece:
        return piece(id, str(shell), children, always)

    sections = []
    if view.board is not None:
        for s in view.sections:
            rows = [p(f"row-{r.key}", boards.drawn(macros.row, "row", ctx, m["system"], r)) for r in s["rows"]]
            sections.append(p(f"s-{s['key']}", macros.section(m, s, slot), rows))
    army = [p("army", macros.army(m, slot), sections)] if view.board is not None else []
    side = p("list", macros.list_side(m, slot), army)
    setup = [p("setup", macros.setup(m))] if view.board is not None else []
    typed = [p(f"t-{c.id}", boards.drawn(macros.typed, "typed", ctx, c)) for c in view.typed]
    # The settings, the findings and the roster after the list (on a phone, after the catalog too:
    # style.css): the army and what can be added to it come first.
    sheet = [side, *setup, p("findings", macros.findings(m)), *typed, p("roster", macros.roster(m))]
    # The bar beside the sheet, not in it: on a wide screen it spans the sheet and the catalog.
    rest = [p("bar", macros.bar(m)), p("result", macros.result(m), always=True), p("sheet", macros.sheet(slot), sheet)]
    # The board's digest leaves out the pieces sent with every change anyway: the result, and the
    # form that carries the digest.
    m["brdhash"] = piece("board", SLOT, [r for r in rest if not r.always]).digest
    acts = p("acts", macros.acts(m), always=True)
    return p("board", macros.board(slot), [acts, *rest])
