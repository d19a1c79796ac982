"""``armybuilder verify ROSTER [--event PACK]``: does a roster still say what its list says?

Every roster (``armybuilder export``: Markdown, PDF or JSON) carries the list it was made from,
as JSON (:func:`armybuilder.fingerprint.carried_bytes`): a fenced ``json armybuilder-list``
block in Markdown, the embedded file ``armybuilder-list.json`` in a PDF, the ``list`` field in
JSON. ``verify`` reads that list back, checks it again with the game data installed now (and
against an event pack with ``--event``), and compares what the roster prints with what the list
says now:

* the fingerprint (every place the roster prints one) with the carried list's;
* the status (VALID or INVALID) and the number of errors;
* the total (``51 of 51 points``), every place it is printed;
* the findings digest (:func:`armybuilder.fingerprint.findings_digest`): a roster whose errors
  were cut out no longer matches it;
* everything else it prints: the roster is laid out again from the carried list, as it was made
  (its file name and date, ``--with-rules``, ``--min-severity``; a PDF's paper and ``--compact``,
  from the layout record beside its list), and compared line by line (Markdown), page by page
  (PDF, its text as pypdf lays it out) or value by value (JSON); the first row that differs is
  named. A finding's line, and the list lines an event pack's finding names, are where it is in
  the file the roster was made from, which the carried list cannot tell: they are taken as printed.

The data version the roster names is compared with the installed one, so a difference caused by
new game data is told apart from an edited printout. Exit code 0 when everything agrees, 1 with
each difference (a roster that carries no list, or a list that is illegal under ``--event``,
cannot be verified), 2 for a usage error (no such file, a pack that cannot be used).

A roster made with ``export --event PACK`` names its event (the ``Event:`` header line, the footer's
"Checked against EVENT (event pack FILE)" line, the JSON ``event``): its status, total and findings
are the event's verdict, which the game's rules alone cannot give again. So such a roster is
verified only with its pack: without ``--event`` verify says so and exits 2; with it, the carried
list is checked against the pack and compared with what the roster prints, and a pack for another
event than the one the roster names is a difference. A roster that names an event and says INVALID
truthfully verifies, but the exit code is 1, as for any list illegal under ``--event``.

A roster is a file from someone else: it is read back with limits, a PDF with bounded work
(:mod:`armybuilder.export.readback`), and text from it reaches the terminal only through
:func:`armybuilder.text.one_line`.
"""

from __future__ import annotations

import itertools
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from armybuilder.export.readback import MAX_COUNT_DIGITS, TOO_MANY, Printed, Unreadable, packet_said, read, unmd
from armybuilder.outcome import ExitCode, Outcome
from armybuilder.text import one_line, plural

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Callable

    from armybuilder.export.roster import Roster
    from armybuilder.findings import Result


def _errors_text(count: int) -> str:
    return f"an error count of more than {MAX_COUNT_DIGITS} digits" if count >= TOO_MANY else plural(count, "error")


# -- comparing -----------------------------------------------------------------------------------


@dataclass
class Verdict:
    """What ``verify`` found: the roster as the carried list gives it now, and each difference."""

    printed: Printed
    now: Roster | None = None
    result: Result | None = None
    pack: Any = None  # the event pack the roster's status is compared under (it names an event)
    differences: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def _status_words(roster: Roster) -> str:
    return "is VALID" if roster.valid else f"has {plural(roster.counts['error'], 'error')}"


def compare(printed: Printed, file: str, pack: Any = None) -> Verdict:
    """Check the carried list again (and under ``pack``) and compare it with what is printed.

    A roster that names an event is compared with the list checked under ``pack`` (without a pack
    it cannot be verified); any other with the list checked under the game's rules, and ``pack``
    then only says whether the list is legal at the event too."""
    from armybuilder.check import check
    from armybuilder.export.roster import Event, from_result
    from armybuilder.fingerprint import CanonicalError, carried_bytes, of_data
    from armybuilder.yamlio import Document

    v = Verdict(printed)
    if not printed.carries:
        v.differences.append(
            "the roster carries no list, so what it prints cannot be checked (it was made by an older "
            "armybuilder, or the list was cut out of it): ask for the list file, or a new roster"
        )
        return v
    try:
        carried = carried_bytes(printed.carried)
        fingerprint = of_data(printed.carried)
    except CanonicalError as exc:
        v.differences.append(f"the list the roster carries has no canonical form ({exc})")
        return v
    if printed.event is not None and pack is None:
        v.differences.append(
            f"the roster was checked against the event {one_line(printed.event)}, so what it prints is that "
            "event's verdict: verify it with the event's pack (--event PACK)"
        )
        return v
    label = f"{file} (the list it carries)"
    v.pack = pack if printed.event is not None else None
    result = check(Document(printed.carried), label, pack=v.pack)
    now = from_result(result, fingerprint, carried=carried, event=Event.of(v.pack) if v.pack else None)
    v.now, v.result = now, result
    if v.pack is not None and _words(printed.event) != _words(v.pack.event):
        v.differences.append(
            f"the roster was checked against the event {one_line(printed.event)}; the pack given is for "
            f"{one_line(v.pack.event)}: give the pack of the roster's event"
        )
        return v  # its status, total and findings are another event's: comparing them says nothing more

    if not printed.fingerprints:
        v.differences.append("the roster prints no fingerprint")
    flagged = printed.flagged
    for where, value in dict.fromkeys(printed.fingerprints):
        if value != fingerprint:
            flagged.add(where)
            v.differences.append(
                f"the fingerprint printed at {where} is {value[:16]}…; the list the roster carries has "
                f"{fingerprint[:16]}…: the list or its printed fingerprint was changed"
            )
    if not isinstance(printed.carried, dict):
        v.differences.append(
            "the list the roster carries is not a list (a list is a mapping of keys: system, name...): "
            "it was cut or changed"
        )
    # No data version now (the carried list names no system armybuilder has): none to compare with
    same_data = printed.data_version is None or now.data_version is None or printed.data_version == now.data_version
    if not same_data:
        v.notes.append(
            f"the roster was made with data version {one_line(printed.data_version)}; armybuilder has "
            f"{now.data_version}, so a difference may come from the new game data"
        )
    flagged.update(where for where, status in printed.statuses if status != now.status)
    for status in dict.fromkeys(s for _, s in printed.statuses):
        if status != now.status:
            v.differences.append(f"the roster says {status}; the list it carries {_status_words(now)} now")
    if not printed.statuses:
        v.differences.append("the roster prints no status (VALID or INVALID)")
    errors_now = now.counts["error"]
    for where, count in printed.errors:
        if count != errors_now and all(s == now.status for _, s in printed.statuses):
            flagged.add(where)
            v.differences.append(
                f"the roster prints {_errors_text(count)} ({where}); the list it carries has {errors_now}"
            )
    for where, total in dict.fromkeys(printed.totals):
        if total != now.measure_text:
            flagged.add(where)
            why = (
                "the printed total was edited"
                if same_data
                else f"with data version {now.data_version} the total is {now.measure_text}"
            )
            v.differences.append(
                f"{why}: the roster says {one_line(total)} ({where}); the list it carries comes to {now.measure_text}"
            )
    if printed.digest is not None and printed.digest != now.findings_digest:
        flagged.add("digest")
        what = "the findings" if same_data else f"the findings with data version {now.data_version}"
        v.differences.append(
            f"{what} of the list it carries do not match the roster's findings digest: "
            "its findings were edited, or the list was checked with other rules"
        )
    if pack is not None and v.pack is None:
        under = check(Document(printed.carried), label, pack=pack)
        if not under.valid:
            errors = [f for f in under.sorted_findings() if f.severity.value == "error"]
            v.differences.append(
                f"the roster says {now.status if now.valid else 'INVALID'}; under {one_line(pack.event)} the "
                f"list it carries has {plural(len(errors), 'error')}: "
                + "; ".join(one_line(f"{f.code} {f.message}") for f in errors[:5])
                + ("; ..." if len(errors) > 5 else "")
            )
    if isinstance(printed.carried, dict):
        v.differences += _whole(printed, result, fingerprint, carried, v.pack, now.data_version)
    return v


# -- everything the roster prints ------------------------------------------------------------------

_LEVELS = ("info", "warning", "error")  # export --min-severity: which notices a roster may have left out
_HEAD = re.compile(r"\b([A-Z]{3}[0-9]{3})(?: \(([^()]*)\))?: ")  # a finding's head: code (severity, file, line)
_QUOTED = 120  # characters of a printed line quoted in a difference
# PDF lines that say what the claims above compare already: the footers, the banner, the export facts.
_PDF_CLAIMS = re.compile(
    r" · (VALID|INVALID) · |^armybuilder \S+ · |[Ff]ingerprint:? [0-9a-f]{16}|Findings digest|^Errors \("
    r"|INVALID: [0-9]+ error"
)


@dataclass
class _Made:
    """How a roster was made, as far as it tells: what laying it out again needs besides the list."""

    file: str | None = None
    date: str | None = None
    with_rules: bool = False
    levels: tuple[str, ...] = _LEVELS  # the --min-severity it may have been made with
    paper: str = "a4"
    compacts: tuple[bool, ...] = (False,)  # a PDF's --compact, or both when it does not tell
    link: str | None = None  # a PDF's --link: its QR code opens the list on a published site


def _made(printed: Printed) -> _Made:
    made = _Made()
    if printed.kind == "markdown" and printed.lines is not None:
        lines = printed.lines
        end = next((n for n, line in enumerate(lines) if line.startswith("## ") or line == "---"), len(lines))
        for line in lines[:end]:
            if line.startswith("- List file: ") and made.file is None:
                made.file = unmd(line.removeprefix("- List file: "))
            elif line.startswith("- Date: ") and made.date is None:
                made.date = line.removeprefix("- Date: ")
        made.with_rules = "## Rules used" in lines
    elif printed.kind == "pdf":
        record = printed.layout

        def text(key: str) -> str | None:
            value = record.get(key)
            return value if isinstance(value, str) else None

        made.file, made.date = text("file"), text("date")
        made.with_rules = record.get("with_rules") is True
        made.paper = "letter" if record.get("paper") == "letter" else "a4"
        made.link = text("link")
        if record.get("min_severity") in _LEVELS:
            made.levels = (record["min_severity"],)
        if isinstance(record.get("compact"), bool):
            made.compacts = (record["compact"],)
        else:  # no layout record (not a PDF armybuilder writes now): what its first page says
            made.compacts = (False, True)
            lines = [" ".join(line.split()) for line in (printed.pages or [""])[0].split("\n")]
            for label in ("List file", "Date"):
                if label in lines[:-1]:
                    value = lines[lines.index(label) + 1]
                    made.file, made.date = (value, made.date) if label == "List file" else (made.file, value)
            made.with_rules = "Rules used" in printed.text
    elif printed.doc is not None:
        doc = printed.doc
        made.file = doc["file"] if isinstance(doc.get("file"), str) else None
        footer = doc["footer"] if isinstance(doc.get("footer"), dict) else {}
        made.date = footer["date"] if isinstance(footer.get("date"), str) else None
        made.with_rules = "rules" in doc
    return made


def _quote(text: str | None, end: str) -> str:
    if text is None:
        return end
    shown = one_line(text)
    return f"'{shown[:_QUOTED]}…'" if len(shown) > _QUOTED else f"'{shown}'"


def _whole(
    printed: Printed, result: Result, fingerprint: str, carried: bytes, pack: Any, data_now: str | None
) -> list[str]:
    """The first thing the roster prints that the list it carries does not give, as a difference:
    the roster laid out again from that list, as it was made (its file name, date, appendix,
    ``--min-severity``; a PDF's paper and ``--compact``), and compared line by line (Markdown), page by
    page (PDF) or value by value (JSON). [] when everything agrees. What the claims above compared
    already (the total, the status...) is not said twice."""
    from dataclasses import replace

    from armybuilder import __version__
    from armybuilder.export import ExportError
    from armybuilder.export.roster import Event, from_result
    from armybuilder.reporters import MinSeverity

    laid_out = {"markdown": printed.lines, "pdf": printed.pages}.get(printed.kind, printed.doc)
    if laid_out is None:  # a PDF read for its list only
        return []
    made = _made(printed)
    event = Event.of(pack) if pack is not None else None
    if event is not None and printed.event_pack:
        event = replace(event, pack=printed.event_pack)
    base = from_result(result, fingerprint, date=made.date, carried=carried, with_rules=made.with_rules, event=event)
    base.file = made.file or base.file
    base.version = printed.version or base.version
    base.data_version = printed.data_version or base.data_version  # the new data's differences are told below
    if printed.event_pack:  # the event pack's findings name it as the roster does
        base.errors = [replace(f, source=printed.event_pack) if f.source else f for f in base.errors]
        base.notices = [replace(f, source=printed.event_pack) if f.source else f for f in base.notices]
    told = _printed_findings(printed)
    base.errors, base.notices = _as_printed(printed, told, base.errors), _as_printed(printed, told, base.notices)
    best: tuple[Any, str | Callable[[], str]] | None = None
    tried: set[tuple[bool, tuple[int, ...]]] = set()
    for level in made.levels:
        keep = MinSeverity(level)
        kept = tuple(n for n, f in enumerate(base.notices) if keep.keeps(f))
        roster = replace(base, notices=[base.notices[n] for n in kept])
        for compact in made.compacts:
            if (compact, kept) in tried:  # a level that keeps the same notices lays out the same roster
                continue
            tried.add((compact, kept))
            try:
                found = _first_difference(printed, roster, made, level, compact)
            except ExportError as exc:
                return [f"the list it carries cannot be laid out as a PDF roster again ({exc})"]
            if found is None:
                return []
            if best is None or found[0] > best[0]:
                best = found
    assert best is not None
    said = best[1] if isinstance(best[1], str) else best[1]()
    if printed.data_version is not None and data_now is not None and printed.data_version != data_now:
        said += f" (with data version {data_now}: the difference may come from the new game data)"
    elif printed.version is not None and printed.version != __version__:
        said += (
            f" (the roster was made by armybuilder {one_line(printed.version)}, this is {__version__}: "
            "its layout may differ)"
        )
    return [said]


_LIST_LINES = re.compile(r"list lines? [0-9]+(?:, [0-9]+)*")  # where in the file an event pack's finding is
_WHERE_LINE = re.compile("line [0-9]+")


@dataclass
class _Told:
    """A finding as the roster prints it: its code, its line, its text without either (:func:`_key`),
    the list lines it names, and for a JSON roster its column."""

    code: str
    line: int | None
    key: str
    list_lines: list[str]
    column: int | None = None


def _key(text: str) -> str:
    """A finding's printed text without where it is in the file the roster was made from: its line,
    the list lines it names (whitespace run together)."""
    m = _HEAD.match(text)
    if m and m.group(2):
        where = [w for w in m.group(2).split(", ") if w and not _WHERE_LINE.fullmatch(w)]
        text = m.group(1) + (f" ({', '.join(where)})" if where else "") + ": " + text[m.end() :]
    if "list line" in text:
        text = _LIST_LINES.sub("list line", text)
    return "".join(text.split())  # a PDF breaks a word too long for its line: no space counts


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _printed_findings(printed: Printed) -> list[_Told]:
    """Each finding the roster prints, in its order (a PDF's: at most the boxes' worth)."""
    from armybuilder.export.pdf import MAX_FINDINGS

    out: list[_Told] = []
    if printed.kind == "markdown" and printed.lines is not None:
        section = ""
        for line in printed.lines:
            if line.startswith("## ") or line == "---":
                section = line
            elif section in ("## Errors", "## Warnings and notes", "## Notes") and (
                m := _HEAD.match(text := unmd(line[2:]))
            ):
                out.append(_Told(m.group(1), _line_of(m.group(2)), _key(text), _LIST_LINES.findall(text)))
    elif printed.kind == "pdf":
        heads = list(itertools.islice(_HEAD.finditer(printed.text), 2 * MAX_FINDINGS + 2))
        for n, m in enumerate(heads):
            end = heads[n + 1].start() if n + 1 < len(heads) else m.start() + 2000  # to the next one
            text = printed.text[m.start() : end]
            out.append(_Told(m.group(1), _line_of(m.group(2)), _key(text), _LIST_LINES.findall(text)))
    elif printed.doc is not None:
        for group in ("errors", "notices"):
            items = printed.doc.get(group)
            for item in items if isinstance(items, list) else []:
                if isinstance(item, dict) and isinstance(item.get("code"), str):
                    said = item.get("message")
                    said = said if isinstance(said, str) else ""
                    key = _LIST_LINES.sub(
                        "list line", json.dumps([item["code"], item.get("severity"), said, item.get("rule")])
                    )
                    found = _LIST_LINES.findall(said)
                    out.append(_Told(item["code"], _int(item.get("line")), key, found, _int(item.get("column"))))
    return out


def _line_of(where: str | None) -> int | None:
    m = re.search(r"(?:^|, )line ([0-9]{1,9})$", where or "")
    return int(m.group(1)) if m else None


def _keys(kind: str, f: Any) -> list[str]:
    """The keys (:func:`_key`) ``f`` may be printed with (without and with its severity)."""
    from armybuilder.export.pdf import MAX_TEXT
    from armybuilder.export.roster import finding_text

    if kind == "json":
        return [_LIST_LINES.sub("list line", json.dumps([f.code, f.severity.value, f.message, f.rule]))]
    texts = [finding_text(f), finding_text(f, with_severity=True)]
    if kind == "pdf":  # as the PDF cuts a long text
        texts = [t if len(t) <= MAX_TEXT else t[: MAX_TEXT - 1] + "…" for t in texts]
    return [_key(one_line(t)) for t in texts]


def _as_printed(printed: Printed, printed_findings: list[_Told], found: list[Any]) -> list[Any]:
    """``found`` (the carried list's findings, which have no lines: it is not the file) in the order the
    roster prints them, each with the line it prints and the list lines it names (where it is in the
    file the roster was made from); a finding the roster prints otherwise is matched with the next
    one of its code; those the roster does not print follow, in their own order."""
    from collections import deque
    from dataclasses import replace

    exact: dict[str, deque[int]] = {}  # a key: the findings (their indexes) printed so, in order
    starts: dict[str, dict[str, None]] = {}  # a PDF's: the keys by their beginning
    by_code: dict[str, deque[int]] = {}
    for n, f in enumerate(found):
        for k in dict.fromkeys(_keys(printed.kind, f)):
            exact.setdefault(k, deque()).append(n)
            starts.setdefault(k[:_START], {})[k] = None
        by_code.setdefault(f.code, deque()).append(n)
    used: set[int] = set()

    def take(queue: deque[int] | None) -> int | None:
        while queue and queue[0] in used:
            queue.popleft()
        return queue.popleft() if queue else None

    out = []
    for told in printed_findings:
        if not by_code.get(told.code):  # none of its code left (an error, when these are the notices)
            continue
        key: str | None = told.key
        if printed.kind == "pdf":  # its text runs on past the finding: the longest key it starts with
            fits = [k for k in starts.get(told.key[:_START], {}) if told.key.startswith(k) and exact[k]]
            key = max(fits, key=len, default=None)
        i = take(exact.get(key)) if key is not None else None
        if i is None:
            i = take(by_code.get(told.code))
        if i is None:
            continue
        used.add(i)
        f = found[i]
        shown = replace(f, line=told.line, message=_put_back(f.message, told.list_lines))
        out.append(replace(shown, column=told.column) if printed.kind == "json" else shown)
    return out + [f for n, f in enumerate(found) if n not in used]


_START = 20  # characters of a key a PDF's findings are looked up by


def _put_back(message: str, printed: list[str]) -> str:
    """``message`` with its list lines, in turn, as the roster printed them."""
    parts = _LIST_LINES.split(message)
    found = _LIST_LINES.findall(message)
    said = [printed[i] if i < len(printed) else found[i] for i in range(len(found))]
    return "".join(part + (said[i] if i < len(said) else "") for i, part in enumerate(parts))


def _first_difference(
    printed: Printed, roster: Roster, made: _Made, level: str, compact: bool = False
) -> tuple[Any, str | Callable[[], str]] | None:
    """(where, what) of the first thing ``printed`` shows that ``roster`` laid out does not, or None
    (a PDF's what: a function that says it, called only for the difference that is said)."""
    if printed.kind == "markdown":
        from armybuilder.export.markdown import MarkdownExporter

        return _lines_differ(printed.lines or [], MarkdownExporter().text(roster).split("\n"), printed.flagged)
    if printed.kind == "pdf":
        from armybuilder.export import ExportOptions, Paper, exporter

        data = exporter("pdf").render(roster, ExportOptions(Paper(made.paper), compact, level, made.link))
        return _pages_differ(printed, data)
    return _values_differ(printed.doc or {}, roster.to_dict(), printed.flagged)


def _lines_differ(lines: list[str], expected: list[str], flagged: set[str]) -> tuple[Any, str] | None:
    for i in range(max(len(lines), len(expected))):
        a = lines[i] if i < len(lines) else None
        b = expected[i] if i < len(expected) else None
        if a == b or f"line {i + 1}" in flagged or ("digest" in flagged and (a or "").startswith("- Findings digest:")):
            continue
        if a is None:
            return i, f"the roster ends at line {i}; the list it carries gives more: {_quote(b, '')}"
        return i, f"line {i + 1} of the roster reads {_quote(a, '')}; the list it carries gives " + _quote(
            b, "nothing there (the roster is longer)"
        )
    return None


def _pages_differ(printed: Printed, data: bytes) -> tuple[Any, str | Callable[[], str]] | None:
    """The first line of the roster's pages that the PDF laid out from its list (``data``) does not have:
    compared as pypdf reads the text (a cell a line), the page that differs is read again as laid
    out, to name the row (pypdf's layout mode: a table's row on one line), when that difference is
    the one said (the function returned).

    Text is read from ``data`` only where it may differ: a roster of the same bytes has the same
    text, and a page of the same content and resources (:func:`_same_page`) the same page text."""
    import functools
    import io

    from pypdf import PdfReader

    if data == printed.raw:  # the roster is the PDF laid out again, byte for byte
        return None
    pages, reader = printed.pages or [], PdfReader(io.BytesIO(data))
    count = len(reader.pages)
    for number in range(1, max(len(pages), count) + 1):
        if number > len(pages) or number > count:
            return (number, 0), (
                f"the roster has {plural(len(pages), 'page')}; the list it carries gives " + plural(count, "page")
            )
        page = reader.pages[number - 1]
        if _same_page(printed, number, page):
            continue
        told = any(where.endswith(f"page {number}") for where in printed.flagged) or "digest" in printed.flagged
        found = _rows_differ(pages[number - 1], page.extract_text() or "", told)
        if found is not None:
            return (number, found[0]), functools.partial(_row_said, printed, page, number, found, told)
    return None


def _row_said(printed: Printed, page: Any, number: int, found: tuple[int, str | None, str | None], told: bool) -> str:
    """The difference ``found`` on page ``number`` (as pypdf reads the text) said with the row that
    differs as laid out on the page, when pypdf can lay both pages out (else the line it read)."""
    import io

    from pypdf import PdfReader

    try:  # the row, as laid out on the page
        given = printed.reader if printed.reader is not None else PdfReader(io.BytesIO(printed.raw))
        laid_out = (
            given.pages[number - 1].extract_text(extraction_mode="layout"),
            page.extract_text(extraction_mode="layout"),
        )
    except Exception:  # noqa: BLE001 - pypdf read this page once already; the line it read is said then
        laid_out = None
    row = _rows_differ(*laid_out, told) if laid_out else None
    a, b = (row or found)[1:]
    return f"page {number} of the roster reads {_quote(a, 'nothing more')}; the list it carries gives " + _quote(
        b, "nothing more there"
    )


_SAME_BUDGET = 20_000  # objects of a page laid out again compared with the roster's (a page's: a few hundred)


def _same_page(printed: Printed, number: int, page: Any) -> bool:
    """Whether page ``number`` of the roster has the same content stream and resources (fonts, their
    maps, images and forms; streams compared as decoded) as ``page`` of the PDF laid out again,
    both on the page itself: all pypdf reads a page's text from, so its text is the same. The walk
    goes along ``page``'s objects (armybuilder's own), the roster's beside them, and stops at the first
    that differs or after ``_SAME_BUDGET`` objects; False when it cannot tell."""
    from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject, StreamObject

    budget = [_SAME_BUDGET]
    seen: set[tuple[int, int, int, int]] = set()

    def same(a: Any, b: Any) -> bool:
        budget[0] -= 1
        if budget[0] < 0:
            return False
        if isinstance(a, IndirectObject) and isinstance(b, IndirectObject):
            pair = (a.idnum, a.generation, b.idnum, b.generation)
            if pair in seen:  # compared already, or being compared (a loop): the rest of the walk tells
                return True
            seen.add(pair)
        a = a.get_object() if isinstance(a, IndirectObject) else a
        b = b.get_object() if isinstance(b, IndirectObject) else b
        if type(a) is not type(b):
            return False
        if isinstance(b, DictionaryObject):  # a stream too: its dictionary, then its data
            if a.keys() != b.keys() or not all(same(a.raw_get(k), b.raw_get(k)) for k in b):
                return False
            return not isinstance(b, StreamObject) or bool(a.get_data() == b.get_data())
        if isinstance(b, ArrayObject):
            return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
        return bool(a == b)

    try:
        given = printed.reader.pages[number - 1] if printed.reader is not None else None
        keys = ("/Contents", "/Resources")
        return (
            given is not None
            and all(k in given and k in page for k in keys)
            and all(same(given.raw_get(k), page.raw_get(k)) for k in keys)
        )
    except Exception:  # noqa: BLE001 - a damaged object of the roster: its text is read and compared
        return False


def _rows_differ(page: str, expected: str, told: bool) -> tuple[int, str | None, str | None] | None:
    """(where, what the page reads, what it should) of the first line that differs, or None (``told``:
    a line of what the claims compare differs and was said already)."""

    def rows(text: str) -> list[str]:
        return [" ".join(line.split()) for line in text.split("\n") if line.strip()]

    a_rows, b_rows = rows(page), rows(expected)
    for i in range(max(len(a_rows), len(b_rows))):
        a = a_rows[i] if i < len(a_rows) else None
        b = b_rows[i] if i < len(b_rows) else None
        if a == b or (told and a is not None and _PDF_CLAIMS.search(a)):
            continue
        return i, a, b
    return None


# The JSON roster's keys the claims above compare (where they are named), and what a key's name says.
_JSON_CLAIMS = {
    "status": ("status", "valid"),
    "valid": ("status", "valid"),
    "counts.error": ("counts",),
    "errors": ("errors",),
}


def _values_differ(doc: dict[str, Any], expected: dict[str, Any], flagged: set[str]) -> tuple[Any, str] | None:
    skip = {key for where in flagged for key in _JSON_CLAIMS.get(where, (where,))}
    if "digest" in flagged:
        skip.add("footer.findings_digest")

    def walk(a: Any, b: Any, path: str) -> tuple[Any, str] | None:
        if path in skip:
            return None
        if isinstance(a, dict) and isinstance(b, dict):
            for key in [*b, *(k for k in a if k not in b)]:
                found = walk(a.get(key, _MISSING), b.get(key, _MISSING), f"{path}.{key}" if path else str(key))
                if found:
                    return found
            return None
        if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
            for i, (x, y) in enumerate(zip(a, b, strict=True)):
                found = walk(x, y, f"{path}[{i}]")
                if found:
                    return found
            return None
        if a == b and type(a) is type(b):
            return None
        shown_a = "nothing" if a is _MISSING else _quote(json.dumps(a, ensure_ascii=False), "")
        shown_b = "nothing" if b is _MISSING else _quote(json.dumps(b, ensure_ascii=False), "")
        return path, f"the roster's {path} is {shown_a}; the list it carries gives {shown_b}"

    found = walk(doc, expected, "")
    return (0, found[1]) if found else None


_MISSING = object()


def _words(text: str | None) -> str:
    """A name as a roster prints it: single spaces (as a PDF's text gives it back), its control
    characters as U+FFFD (as the Markdown roster prints them)."""
    return one_line(text or "")


def verify(roster: Path, event: Path | None = None) -> Outcome:
    """The ``verify`` command: exit 0 when the roster agrees with the list it carries, 1 when not."""
    pack = None
    if event is not None:
        from armybuilder import events

        try:
            pack = events.load(event)
        except events.PackError as exc:
            return Outcome.usage(
                *exc.lines(), one_line(f"{event}: the event pack cannot be used; nothing was verified")
            )
        except OSError as exc:
            return Outcome.usage(one_line(f"{event}: cannot read the file ({exc.strerror or exc})"))
    shown = one_line(roster)
    try:
        printed = read(Path(roster))
    except Unreadable as exc:
        if exc.usage:
            return Outcome.usage(f"armybuilder verify: {shown}: {exc.message}")
        return Outcome(f"{shown}: cannot be verified: {exc.message}\n", [], ExitCode.INVALID)
    if printed.packet is not None:
        return Outcome.usage(f"armybuilder verify: {shown}: {packet_said(printed, shown)}")
    if printed.event is not None and pack is None:
        return Outcome.usage(
            one_line(
                f"armybuilder verify: {shown}: the roster was checked against the event {printed.event}, so its "
                f"status and findings are that event's; give its event pack: armybuilder verify {shown} --event PACK"
            )
        )
    v = compare(printed, str(roster), pack)
    notes = [f"{shown}: note: {n}" for n in v.notes]
    if v.differences:
        out = [f"{shown}: does not verify ({plural(len(v.differences), 'difference')}):"]
        out += [f"  - {d}" for d in v.differences]
        return Outcome("\n".join(out) + "\n", notes, ExitCode.INVALID)
    now = v.now
    assert now is not None  # a roster that carries a list has been checked again
    if v.pack is not None:  # the roster's status is the event's: the same, legal or not
        event_text = f" at {one_line(v.pack.event)}" + (
            ", where it is legal" if now.valid else f", where it is not legal ({plural(now.counts['error'], 'error')})"
        )
    else:
        event_text = f"; legal at {one_line(pack.event)}" if pack is not None else ""
    line = (
        f"{shown}: verified: {now.status}, {now.measure_text}, fingerprint {now.fingerprint}; the list it "
        f"carries checks the same with {one_line(now.data_label)}{event_text}"
    )
    return Outcome(line + "\n", notes, ExitCode.of(now.valid) if v.pack is not None else ExitCode.OK)
