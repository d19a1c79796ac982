"""One list as the builder page shows it, and the changes a page asks for.

The page is drawn from the list's check and its system's board (:mod:`armybuilder.compose.board`,
:func:`armybuilder.edit.offer.board_of`): the settings, a row for every part of the list with
its own controls and findings, the catalog of what can be added now (each choice with its cost,
or why it cannot be taken), and the verdict. Nothing here knows a game system.

Each control of the page is a small form carrying its edit (:func:`encode`); a change is
:func:`armybuilder.edit.engine.run_edit` under the file's lock, refused when the file is no
longer the version the page was made from, and recorded for undo (:mod:`armybuilder.history`).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from armybuilder.compose.board import BUTTON, CHOICE, NUMBER, TEXT, TOGGLE, Board, Chip, Control, Edit, Row, under
from armybuilder.digits import json_int
from armybuilder.findings import Finding, Result

VERBS = ("add", "remove", "set")
MAX_WORDS = 64  # words in one edit
MAX_WORD = 2000  # characters in one word (a note is at most 2,000)
MAX_EDIT = 16 * 1024  # characters of an encoded edit
SEGMENTED = 4  # a choice of at most this many options is drawn as buttons side by side
GENERIC = (("name", "List name"), ("player", "Player"), ("note", "Note"))  # every list schema has them


class BadEdit(ValueError):
    pass


def encode(edit: Edit) -> str:
    """An edit as a form carries it."""
    return json.dumps(
        [edit.verb, edit.part, list(edit.words), edit.value_at], ensure_ascii=False, separators=(",", ":")
    )


def decode(text: str) -> Edit:
    """The edit a form sent, checked for shape (the engine checks the rest, as for any edit)."""
    if len(text) > MAX_EDIT:
        raise BadEdit("the change is too long")
    try:
        raw = json.loads(text, parse_int=json_int)  # a number's length bounded before it is parsed
    except ValueError:
        raise BadEdit("the change could not be read; reload the page") from None
    if not (isinstance(raw, list) and len(raw) == 4):
        raise BadEdit("the change could not be read; reload the page")
    verb, part, words, at = raw
    if verb not in VERBS or not isinstance(part, str) or not 0 < len(part) <= 40:
        raise BadEdit("the change could not be read; reload the page")
    if not isinstance(words, list) or len(words) > MAX_WORDS:
        raise BadEdit("the change could not be read; reload the page")
    if not all(isinstance(w, str) and len(w) <= MAX_WORD for w in words):
        raise BadEdit("the change could not be read; reload the page")
    if at is not None and (isinstance(at, bool) or not isinstance(at, int) or not 0 <= at <= len(words)):
        raise BadEdit("the change could not be read; reload the page")
    return Edit(verb, part, tuple(words), at)


def control_id(scope: str, c: Control) -> str:
    """A control's element id: stable across changes while the control is the same one (its row
    and key, or its label), so the page keeps the focus where it was after an update."""
    digest = hashlib.sha1(f"{scope}\x00{c.key or c.label}".encode()).hexdigest()[:10]
    return "c-" + digest


# ---------------------------------------------------------------------------
# Words for the page


_USAGE = re.compile(r";?\s*usage: .*$", re.IGNORECASE | re.DOTALL)
_VERB = (
    "new|add|remove|set|validate|cost|export|share|import|verify|catalog|explain|rule|rules|tournament|diff|serve"
    "|schemas|matchup|systems|collect"
)
_COMMAND = re.compile(
    rf"\s*[;,(]?\s*(?:see|use|run|try|with|check it|look up[^:]*)?:?\s*`?armybuilder (?:{_VERB})\b[^;)`]*`?\)?"
)
_FLAG_HINT = re.compile(
    r";?\s*(?:add|use|leave out|give|say which with)\s+--[a-z][\w-]*(?: [A-Z]+)?[^;]*", re.IGNORECASE
)
_FLAG_PAREN = re.compile(
    r"\s*\((?:add|use|leave out|give|say which with)\s+--[a-z][\w-]*[^()]*\)", re.IGNORECASE
)  # "(use --force to edit it anyway: ...)", whole
_FLAG = re.compile(r"--[a-z][\w-]*")
_FILE = re.compile(r"\bFILE\b")
_THE_FILE = re.compile(r"\b([Tt])he file\b")
_NOTED = re.compile(r",? noted as [A-Z]{2,5}\d{3}")  # a finding's code, for the command line's reader


def finding_words(text: str | Finding) -> str:
    """A finding about the list in a player's words: its own (:attr:`Finding.player`, "the list needs
    a class" where a report says "the file needs an entry 'classes'"), else its message made
    :func:`plain`, and the list a list, not a file."""
    if isinstance(text, Finding):
        if text.player:
            return text.player
        text = text.message
    return _THE_FILE.sub(lambda m: m.group(1) + "he list", plain(text))


def plain(text: str) -> str:
    """An engine message in a player's words: no usage lines, commands or flags (the page offers
    its own controls for those)."""
    text = _USAGE.sub("", text)
    text = _FLAG_PAREN.sub("", text)
    text = _FLAG_HINT.sub("", text)
    text = _COMMAND.sub("", text)
    text = _FLAG.sub("", text)
    text = _FILE.sub("the list", text)
    text = _NOTED.sub("", text)
    text = re.sub(r"\(\s*\)", "", text)
    text = re.sub(r"\s+([;,.])(?=\s|$)", r"\1", " ".join(text.split()))  # not " .yaml": a suffix keeps its space
    return text.strip(" ;,")


# A message that starts with a file's name (``army.yaml is read-only``): the name is said as it is.
_FILE_FIRST = re.compile(r"^[^\s:;,]+\.(?:ya?ml|md|markdown|json|pdf|csv|xml|txt)(?![\w.])", re.IGNORECASE)


def capital(text: str) -> str:
    """``text`` with a capital first letter, unless it starts with a file's name."""
    if _FILE_FIRST.match(text):
        return text
    return text[:1].upper() + text[1:]


def sentence(text: str) -> str:
    return capital(plain(text))


# ---------------------------------------------------------------------------
# The page's model


@dataclass
class ControlView:
    id: str
    kind: str
    label: str
    face: str
    edit: str  # encoded; "" when the control makes no edit
    cost: str
    why_not: str
    pressed: bool | None
    value: str
    low: float | None
    high: float | None
    step: float
    segmented: bool
    options: list[dict[str, Any]]
    focus: str | None
    enabled: bool
    at: str = ""  # where the page comes back without JavaScript (a row's anchor)
    shared: bool = False  # a drop-down whose options carry a word for the one edit (``shared_edit``)

    @property
    def typed(self) -> bool:
        """A control with a form of its own (a field, a drop-down), not a button of the board's form."""
        return self.kind in (TEXT, NUMBER) or (self.kind == CHOICE and not self.segmented)


def layout(cs: Sequence[ControlView]) -> list[tuple[str, list[ControlView]]]:
    """Controls as the page lays them out: ``("stepper", [−, number, +])`` where a number has its
    − and + on either side, ``("named", [text])`` for a typed name (folded away until asked for,
    unless it has the focus), ``("one", [control])`` for the rest."""
    out: list[tuple[str, list[ControlView]]] = []
    i = 0
    while i < len(cs):
        c = cs[i]
        if (
            i + 2 < len(cs)
            and c.kind == BUTTON
            and c.face in ("−", "-")
            and cs[i + 1].kind == NUMBER
            and cs[i + 2].kind == BUTTON
            and cs[i + 2].face == "+"
        ):
            out.append(("stepper", [c, cs[i + 1], cs[i + 2]]))
            i += 3
            continue
        out.append(("named" if c.kind == TEXT else "one", [c]))
        i += 1
    return out


@dataclass
class ChipView:
    key: str
    label: str
    cost: str
    note: str
    controls: list[ControlView]
    findings: list[Finding]
    explain: tuple[str, str] | None

    @property
    def groups(self) -> list[tuple[str, list[ControlView]]]:
        return layout(self.controls)


@dataclass
class RowView:
    key: str
    title: str
    subtitle: str
    cost: str
    controls: list[ControlView]
    chips: list[ChipView]
    findings: list[Finding]
    focusable: bool
    focused: bool
    explain: tuple[str, str] | None
    worst: str = ""  # error | warning | info | ""
    open: bool = False  # its editor open under its line (the part just changed, added or asked for)

    @property
    def groups(self) -> list[tuple[str, list[ControlView]]]:
        return layout(self.controls)

    def holds(self, ident: str) -> bool:
        """Whether one of the row's controls (its own or its cards') has the element id ``ident``."""
        return any(c.id == ident for c in self.controls) or any(c.id == ident for ch in self.chips for c in ch.controls)


@dataclass
class Page:
    board: Board | None
    settings: list[ControlView] = field(default_factory=list)
    generic: list[ControlView] = field(default_factory=list)
    sections: list[dict[str, Any]] = field(default_factory=list)
    catalog: list[dict[str, Any]] = field(default_factory=list)
    loose: list[Finding] = field(default_factory=list)  # findings on no row
    autofocus: str = ""  # the control the page puts the focus in: a new part's first field
    unverified: bool = False  # the list side shows the word "unverified": say once what it means
    catalog_unverified: bool = False  # the catalog does
    fresh: str = ""  # the key of the row of the part the change just added
    typed: list[ControlView] = field(default_factory=list)  # every control with a form of its own


def shared_edit(edits: Sequence[Edit]) -> tuple[Edit, list[str]] | None:
    """When every edit is the same but for one word in the same place (a drop-down of troop types
    or topographies), that edit with the word left out (to be typed in at ``value_at``) and each
    edit's word: the page then carries one edit and a word per option, not an edit per option."""
    if len(edits) < 2 or any(e.value_at is not None for e in edits):
        return None
    first = edits[0]
    if any(e.verb != first.verb or e.part != first.part or len(e.words) != len(first.words) for e in edits):
        return None
    differ = {i for e in edits for i, w in enumerate(e.words) if w != first.words[i]}
    if len(differ) != 1:
        return None
    (at,) = differ
    words = first.words[:at] + first.words[at + 1 :]
    return Edit(first.verb, first.part, words, at), [e.words[at] for e in edits]


def _view(scope: str, c: Control, kept: Mapping[str, str], at: str = "") -> ControlView:
    ident = control_id(scope, c)
    options = []
    picks = [o for o in c.options if o.edit is not None]
    shared = shared_edit([o.edit for o in picks if o.edit is not None]) if len(c.options) > SEGMENTED else None
    words = dict(zip([id(o) for o in picks], shared[1], strict=True)) if shared is not None else {}
    for o in c.options:
        edit = words.get(id(o), "") if shared is not None else encode(o.edit) if o.edit is not None else ""
        options.append(
            {
                "value": o.value,
                "label": o.label,
                "edit": edit,
                "cost": o.cost,
                "why_not": o.why_not,
                "current": o.value == c.value,
            }
        )
    value = kept.get(ident, c.value)
    return ControlView(
        id=ident,
        kind=c.kind,
        label=c.label,
        face=c.face or c.label,
        edit=encode(shared[0]) if shared is not None else encode(c.edit) if c.edit is not None else "",
        cost=c.cost,
        why_not=c.why_not,
        pressed=c.pressed,
        value=value,
        low=c.low,
        high=c.high,
        step=c.step,
        segmented=c.kind == CHOICE and len(c.options) <= SEGMENTED,
        options=options,
        focus=c.focus,
        enabled=c.enabled,
        at=at,
        shared=shared is not None,
    )


_RANK = {"error": 3, "warning": 2, "info": 1}


def _worst(findings: Sequence[Finding]) -> str:
    best = max((f.severity.value for f in findings), key=lambda s: _RANK.get(s, 0), default="")
    return best


def _place(
    findings: Sequence[Finding], rows: Sequence[Row]
) -> tuple[dict[tuple[str, str], list[Finding]], list[Finding]]:
    """Each finding on the most specific row or chip whose path it lies under; the rest loose."""
    placed: dict[tuple[str, str], list[Finding]] = {}
    loose: list[Finding] = []
    for f in findings:
        path = list(f.path)
        best: tuple[str, str] | None = None
        depth = 0
        for row in rows:
            if under(path, row.path) and len(row.path) > depth:
                best, depth = (row.key, ""), len(row.path)
            for chip in row.chips:
                if under(path, chip.path) and len(chip.path) > depth:
                    best, depth = (row.key, chip.key), len(chip.path)
        if best is None:
            loose.append(f)
        else:
            placed.setdefault(best, []).append(f)
    return placed, loose


def generic_controls(system: str, data: Mapping[str, Any]) -> list[Control]:
    """The list's name, player and note: typed controls of the system's ``set`` parts of those names."""
    from armybuilder.compose.board import typed
    from armybuilder.edit.engine import adapter

    names = {p.name for p in adapter(system).PARTS if p.verb == "set"}
    out = []
    for key, label in GENERIC:
        if key in names:
            value = data.get(key)
            shown = str(value) if isinstance(value, (str, int, float)) and not isinstance(value, bool) else ""
            out.append(Control(TEXT, label, label, typed("set", key), value=shown, key=key))
    return out


def _has(doc: Any, path: Sequence[Any]) -> bool:
    for step in path:
        if (isinstance(doc, dict) and step in doc) or (
            isinstance(doc, list) and isinstance(step, int) and 0 <= step < len(doc)
        ):
            doc = doc[step]
        else:
            return False
    return True


def _at(doc: Any, path: Sequence[Any]) -> Any:
    for step in path:
        if not _has(doc, [step]):
            return None
        doc = doc[step]
    return doc


def _taken_out(data: Any, before: Any, path: Sequence[Any]) -> bool:
    """Whether the change took a part out of the list that holds the place ``path`` (a row's place
    is its key: the row there may now be the next part, not the one the change was made to)."""
    if before is None or not path or not isinstance(path[-1], int):
        return False
    now, then = _at(data, path[:-1]), _at(before, path[:-1])
    return isinstance(now, list) and isinstance(then, list) and len(now) < len(then)


def build_page(
    result: Result, board: Board | None, kept: Mapping[str, str], before: Any = None, opened: Sequence[str] = ()
) -> Page:
    """The page's model. ``kept``: typed values to show again (a refused change); ``before``: the
    list as it was before the change just made, so that a part it added gets the focus;
    ``opened``: the rows whose editors are open (a row's anchor, ``row-KEY``, or a control's id):
    the part a change was made to, or the one the catalog was asked to add to. A part added, and
    the part that holds the field the focus goes to, are opened too."""
    page = Page(board)
    findings = result.sorted_findings()
    if board is None:
        page.loose = list(findings)
        return page
    data = result.document if isinstance(result.document, dict) else {}
    assert result.system is not None
    page.generic = [_view("list", c, kept, "about") for c in generic_controls(result.system, data)]
    page.settings = [_view("settings", c, kept, "settings") for c in board.settings]
    rows = board.rows()
    placed, page.loose = _place(findings, rows)
    for s in board.sections:
        views = []
        for r in s.rows:
            chips = [
                ChipView(
                    ch.key,
                    ch.label,
                    ch.cost,
                    ch.note,
                    [_view(f"{r.key}/{ch.key}", c, kept, f"row-{r.key}") for c in ch.controls],
                    placed.get((r.key, ch.key), []),
                    ch.explain,
                )
                for ch in r.chips
            ]
            own = placed.get((r.key, ""), [])
            views.append(
                RowView(
                    r.key,
                    r.title,
                    r.subtitle,
                    r.cost,
                    [_view(r.key, c, kept, f"row-{r.key}") for c in r.controls],
                    chips,
                    own,
                    r.focusable,
                    r.key == board.focus,
                    r.explain,
                    _worst([*own, *(f for ch in chips for f in ch.findings)]),
                )
            )
        page.sections.append({"key": s.key, "title": s.title, "rows": views, "empty": s.empty})
    if kept:
        page.autofocus = next(iter(kept))
    elif before is not None:
        fresh = next((r for r in rows if r.path and _has(data, r.path) and not _has(before, r.path)), None)
        page.fresh = fresh.key if fresh is not None else ""
        if fresh is not None:
            typed_views = [v for sec in page.sections for v in sec["rows"] if v.key == fresh.key]
            first = next((c for v in typed_views for c in v.controls if c.kind in (TEXT, NUMBER) and c.enabled), None)
            page.autofocus = first.id if first is not None else ""
    wanted = {*opened, page.autofocus} - {""}
    # A part removed: the row at its place is the next part, whose editor stays shut (its part is
    # not the one the player was editing).
    moved = {r.key for r in rows if _taken_out(data, before, r.path)}
    for sec in page.sections:
        for v in sec["rows"]:
            v.open = v.key not in moved and (f"row-{v.key}" in wanted or any(v.holds(w) for w in wanted))
    for g in board.catalog:
        adds = [_view(f"cat/{g.key}", e.add, kept, f"g-{g.key}") for e in g.entries]
        entries = _one_entry_a_thing(
            [
                {
                    "name": e.name,
                    "summary": e.summary,
                    "cost": e.cost,
                    "explain": e.explain,
                    "add": add,
                    "group": e.group,
                }
                for e, add in zip(g.entries, adds, strict=True)
            ]
        )
        closed = bool(adds) and not any(a.enabled for a in adds) and not g.controls  # nothing to add: folded away
        first = [_view(f"cat/{g.key}", c, kept, f"g-{g.key}") for c in g.controls]  # what to choose first
        page.catalog.append(
            {
                "key": g.key,
                "title": g.title,
                "note": g.note,
                "first": first,
                "entries": entries,
                "closed": closed,
                "follows": g.follows,
            }
        )
    page.typed = [c for c in _every_view(page) if c.typed]
    page.unverified = _unverified(_list_words(page, findings))
    page.catalog_unverified = _unverified(_catalog_words(page))
    return page


_UNVERIFIED = re.compile(r"\bunverified\b", re.IGNORECASE)


def _unverified(texts: Sequence[str]) -> bool:
    return any(_UNVERIFIED.search(t) for t in texts if t)


def _control_words(cs: Sequence[ControlView]) -> list[str]:
    out = []
    for c in cs:
        out += [c.label, c.face, c.cost, c.why_not]
        out += [str(o.get(k, "")) for o in c.options for k in ("label", "cost", "why_not")]
    return out


def _list_words(page: Page, findings: Sequence[Finding]) -> list[str]:
    """What the list side shows in words: its rows, settings and findings."""
    out = _control_words([*page.generic, *page.settings])
    for f in findings:
        out += [finding_words(f), f.rule or ""]
    for s in page.sections:
        for r in s["rows"]:
            out += [r.title, r.subtitle, r.cost, *_control_words(r.controls)]
            for ch in r.chips:
                out += [ch.label, ch.note, ch.cost, *_control_words(ch.controls)]
    return out


def _catalog_words(page: Page) -> list[str]:
    out = []
    for g in page.catalog:
        out += [g["title"], g["note"], *_control_words(g["first"])]
        for e in g["entries"]:
            out += [e["name"], e["summary"], e["cost"], *_control_words([o["add"] for o in e["options"]])]
    return out


def added_row(page: Page, asked: str | None) -> str:
    """The key of the row of the part the change just made added, when the catalog should follow
    it (add its cards to it); "" for none. It follows a part the catalog can add to when the
    player had chosen the catalog's row (``asked``: it is stale now), or when the board's own
    choice is a part of another kind (another section: a hero, where a class was added); a choice
    among parts of one kind is the board's (whose turn it is to draft)."""
    if not page.fresh or page.board is None:
        return ""
    where = {v.key: sec["key"] for sec in page.sections for v in sec["rows"]}
    fresh: RowView | None = next((v for sec in page.sections for v in sec["rows"] if v.key == page.fresh), None)
    if fresh is None or not fresh.focusable or fresh.key == page.board.focus:
        return ""
    if asked is not None or where.get(page.board.focus or "") != where[fresh.key]:
        return str(fresh.key)
    return ""


def _one_entry_a_thing(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The catalog's entries with the options of one thing on one entry: the entries that explain
    the same thing, named after it with their option in brackets ("Illusion (1 card)" ...
    "Illusion (6 cards)"), become one entry, "Illusion", whose ``options`` are buttons named by the
    option ("1 card"). An entry of its own keeps its one "Add" (``options`` of one, unnamed)."""
    from dataclasses import replace

    out: list[dict[str, Any]] = []
    by_thing: dict[Any, dict[str, Any]] = {}
    for e in entries:
        thing = e["explain"]
        base = thing[1] if thing else None
        option = e["name"][len(base) :].strip() if base and e["name"].startswith(base) else ""
        shared = by_thing.get(thing) if thing and option.startswith("(") and option.endswith(")") else None
        if shared is None and thing and option.startswith("(") and option.endswith(")"):
            shared = {**e, "name": base, "options": [], "cost": ""}
            by_thing[thing] = shared
            out.append(shared)
        if shared is None:
            out.append({**e, "options": [{"label": "", "add": e["add"]}]})
            continue
        add = e["add"]
        shared["options"].append({"label": option[1:-1], "add": replace(add, face=option[1:-1]), "own": add})
        if e["summary"] and not shared["summary"]:
            shared["summary"] = e["summary"]
    for e in out:  # a thing with one option is an entry of its own after all
        if len(e["options"]) == 1 and e["options"][0]["label"]:
            only = e["options"][0]
            e["options"] = [{"label": "", "add": only["own"]}]
            e["name"] = f"{e['name']} ({only['label']})"
            e["cost"] = only["own"].cost
        e["add"] = next((o["add"] for o in e["options"] if o["add"].enabled), e["options"][0]["add"])
    return out


def _every_view(page: Page) -> list[ControlView]:
    out = [*page.generic, *page.settings]
    for s in page.sections:
        for r in s["rows"]:
            out += r.controls
            for ch in r.chips:
                out += ch.controls
    for g in page.catalog:
        out += g["first"]
        out += [o["add"] for e in g["entries"] for o in e["options"]]
    return out


def measure_line(result: Result) -> tuple[str, str]:
    """The total as the sticky bar shows it, and what is left (or over)."""
    from armybuilder.text import fmt_points

    m = result.measure
    if m.total is None:
        return "no total yet", ""
    total = m.text() or ""
    if m.limit is None or m.incomplete:  # what is left is not known while a part has no price
        return total, ""
    left = m.limit - m.total
    return total, (f"{fmt_points(left)} left" if left >= 0 else f"{fmt_points(-left)} over")


# ---------------------------------------------------------------------------
# Changes


@dataclass
class Said:
    """What a change did, in the page's words; ``status`` the HTTP status a script is answered with."""

    kind: str  # ok | invalid | refused
    lines: list[str] = field(default_factory=list)
    status: int = 200
    kept: dict[str, str] = field(default_factory=dict)  # a typed value to show again (control id -> value)
    at: str = ""  # the row (or control) the page comes back at
    before: Any = None  # the list before the change (a part it added gets the focus)
    written: bytes | None = None  # what the change wrote, and its check: the page is drawn from them
    after: Result | None = None


def said_of(outcome: Any) -> Said:
    """An edit's structured result (:class:`armybuilder.edit.engine.Made`) in the page's words: what
    was done, then the findings it caused, changed (the same finding with other numbers: "Changed:
    the army has 7 stands … (was 6)") and fixed, as the engine tells them apart
    (:func:`armybuilder.edit.engine.changes`, which the command line prints too). Info notes are
    left to the list itself."""
    from armybuilder.edit.engine import changes

    made = outcome.detail
    if made is None or made.kind in ("refused", "stale", "locked"):
        # The engine's own words for a player (EditError.player): no command line to take out.
        message = made.player if made is not None else plain(" ".join(outcome.stderr))
        status = {"stale": 409, "locked": 423}.get(made.kind if made is not None else "", 422)
        if made is not None and made.kind == "stale":
            return Said(
                "refused",
                [
                    "This list was changed elsewhere since the page was shown, so nothing was changed. "
                    "The page now shows it as it is: make the change again."
                ],
                409,
            )
        return Said(
            "refused", [capital(message) + ("" if message.endswith(".") else ".") + " Nothing was changed."], status
        )
    lines = [sentence(made.said)]
    after: Result = made.after
    before: Result | None = made.before
    if made.kind == "same":
        lines = [sentence(made.said.split(" (no change")[0]) + ": nothing to change."]
    done = made.changes if made.changes is not None else changes(before, after)
    said = finding_words
    lines += [f"New {f.severity.value}: {said(f)}" for f in done.caused if f.severity.value != "info"]
    lines += [f"Changed: {said(now)} (was: {said(was)})" for was, now in done.changed if now.severity.value != "info"]
    lines += [f"Fixed: {said(f)}" for f in done.fixed if f.severity.value != "info"]
    return Said(
        "ok" if after.valid else "invalid", list(dict.fromkeys(lines)), before=before.document if before else None
    )


def change(path: Path, edit: Edit, version: str) -> Said:
    """Make one change the page asked for, recorded for undo."""
    from armybuilder.edit.engine import run_edit
    from armybuilder.history import record

    wrote: list[bytes] = []

    def remember(before: bytes, after: bytes, said: str) -> None:
        wrote.append(after)
        record(path, before, after, said)

    options = edit.words[: edit.words.index("--")] if "--" in edit.words else edit.words
    if any(w.partition("=")[0] == "--force" for w in options):  # never from a page: a read-only file stays so
        return Said("refused", ["The builder never forces a change onto a read-only list. Nothing was changed."], 422)
    outcome = run_edit(path, edit.verb, edit.part, list(edit.words), version=version, on_write=remember)
    said = said_of(outcome)
    if wrote and outcome.detail is not None:
        said.written, said.after = wrote[-1], outcome.detail.after
    return said


def step(path: Path, back: bool, version: str | None = None) -> Said:
    """Undo (``back``) or redo the list's last change; refused (409) when the list is no longer the
    ``version`` the page showed, as a change from that page is."""
    from armybuilder.history import HistoryError, redo, undo

    try:
        said = (undo if back else redo)(path, version)
    except HistoryError as exc:
        if exc.stale:
            what = "undone" if back else "redone"
            return Said(
                "refused",
                [
                    f"This list was changed elsewhere since the page was shown, so nothing was {what}. "
                    "The page now shows it as it is."
                ],
                409,
            )
        return Said("refused", [sentence(exc.message) + "."], 423 if exc.locked else 409)
    return Said("ok", [("Undone: " if back else "Redone: ") + plain(said)])


__all__ = ["BUTTON", "NUMBER", "TEXT", "TOGGLE", "Chip", "Row", "build_page", "change", "decode", "encode", "step"]
