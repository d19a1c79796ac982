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

A roster is a file from someone else: it is read with limits (its size, the carried list's size,
depth and number of values), a PDF with pypdf inside a guard and with bounded work (at most
``MAX_PDF_PAGES`` pages, ``MAX_PDF_OPERATIONS`` content operations and ``MAX_PDF_TEXT_BYTES`` of
content read, each stream unpacked to at most ``MAX_PDF_STREAM_BYTES`` and all of them to
``MAX_PDF_UNPACKED``: :func:`_bounded`; of its embedded files only the first named as the list is
unpacked; ``import`` reads that list only), printed counts as ASCII digits of at most
``MAX_COUNT_DIGITS``, and text from it reaches the terminal only through
:func:`armybuilder.text.one_line`.
"""

from __future__ import annotations

import itertools
import json
import re
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from armybuilder.outcome import ExitCode, Outcome
from armybuilder.text import one_line, plural

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Callable, Iterator

    from armybuilder.export.roster import Roster
    from armybuilder.findings import Result

MAX_ROSTER_BYTES = 32 * 1024 * 1024  # a roster PDF of a long list is a few hundred KiB
# A Markdown or JSON roster (the list it carries is at most 1 MiB, its tables a few times that):
# 32 MiB of line breaks took 28 s to read, and JSON of empty arrays 0.9 GB.
MAX_TEXT_ROSTER_BYTES = 8 * 1024 * 1024
MAX_JSON_ROSTER_VALUES = 1_000_000  # values of a JSON roster ("," "[" "{" counted)
MAX_MARKDOWN_LINES = 100_000  # lines of a Markdown roster (a list of 10,000 values: a few thousand)
MAX_PDF_PAGES = 100  # a roster is a few pages (the longest example's, with its rules appendix: 4)
MAX_PDF_OPERATIONS = 100_000  # content stream operations read from its pages (a full page: about 3,000)
MAX_PDF_TEXT_BYTES = 1024 * 1024  # content stream bytes whose text is read (a page: under 100 KiB, mostly its QR code)
MAX_PDF_STREAM_BYTES = 4 * 1024 * 1024  # one stream, unpacked (a roster's largest: under 100 KiB)
MAX_PDF_UNPACKED = 32 * 1024 * 1024  # every stream unpacked while a PDF is read (a roster's: under 1 MiB)
MAX_PDF_ATTACHMENTS = 64  # embedded files looked at for the list (a roster carries one)
MAX_PACKET_LISTS = 10_000  # embedded files looked at in a tournament packet (one a list)
MAX_COUNT_DIGITS = 18  # a printed error count longer than this is no count armybuilder printed
TOO_MANY = 10**MAX_COUNT_DIGITS  # such a count, as it is kept: more than any list can have
_HEX = "[0-9a-f]{64}"
_COUNT = "([0-9]+)"  # ASCII digits only: `\d` takes any script's ("١٢" is not what armybuilder prints)
# A Markdown roster's header lines; the other is the total.
_HEADER_FACTS = ("Status", "System", "Event", "Event date", "Player", "Note", "List file", "Date")
# The export facts line of a roster checked against an event pack (roster.Event.verdict_line):
# "Checked against EVENT (event pack FILE): its status and findings are the event's verdict".
_CHECKED = "Checked against "
_PACK = " (event pack "
_VERDICT = "): its status and findings are the event's verdict"


class Unreadable(Exception):
    """The roster cannot be read at all (exit 2), or carries a list that cannot be read (exit 1)."""

    def __init__(self, message: str, usage: bool = False):
        super().__init__(message)
        self.message = message
        self.usage = usage


def _count(digits: str) -> int:
    """A printed count (ASCII digits): too many digits is :data:`TOO_MANY` (int() of 4,301 digits
    raises ValueError, and no list has that many errors)."""
    return int(digits) if len(digits) <= MAX_COUNT_DIGITS else TOO_MANY


def _errors_text(count: int) -> str:
    return f"an error count of more than {MAX_COUNT_DIGITS} digits" if count >= TOO_MANY else plural(count, "error")


@dataclass
class Printed:
    """What a roster prints about its list, read back: each claim with where it is printed."""

    kind: str  # markdown, pdf, json
    carried: Any = None  # the carried list's data; None: the roster carries none
    carries: bool = False
    fingerprints: list[tuple[str, str]] = field(default_factory=list)
    statuses: list[tuple[str, str]] = field(default_factory=list)
    errors: list[tuple[str, int]] = field(default_factory=list)
    totals: list[tuple[str, str]] = field(default_factory=list)
    digest: str | None = None
    data_version: str | None = None
    event: str | None = None  # the event pack it says it was checked against (export --event); None: none
    # What the roster prints as a whole, to lay it out again from the carried list and compare:
    version: str | None = None  # the armybuilder that made it
    event_pack: str | None = None  # the event pack's file name it names
    lines: list[str] | None = None  # a Markdown roster's lines
    text: str = ""  # a PDF roster's text, every page, whitespace run together
    pages: list[str] | None = None  # a PDF roster's page texts
    raw: bytes = b""  # a PDF roster's bytes (the page that differs is read again, laid out)
    reader: Any = field(default=None, repr=False, compare=False)  # a PDF roster's pypdf reader (its pages read)
    layout: dict[str, Any] = field(default_factory=dict)  # a PDF's layout record (export.pdf.LAYOUT_KEY)
    doc: dict[str, Any] | None = None  # a JSON roster
    packet: int | None = None  # a tournament packet (not a roster): how many lists it holds
    packet_lists: dict[int, Any] = field(default_factory=dict)  # the lists a packet carries (pypdf entries)
    flagged: set[str] = field(default_factory=set)  # where a difference was found already


# -- reading a roster ----------------------------------------------------------------------------


class _LongNumber(ValueError):
    """A number in JSON with more digits than may be read (``json.loads``'s ``parse_int``)."""

    def __init__(self, size: int):
        super().__init__(size)
        self.size = size


def _int_of(limit: int) -> Any:
    def parse(text: str) -> int:
        if len(text) > limit:
            raise _LongNumber(len(text))
        return int(text)

    return parse


def _carried(text: str | bytes, where: str) -> Any:
    """The carried list's data, read from its JSON with the limits of a list file."""
    from armybuilder.yamlio import MAX_BYTES, MAX_NUMBER_CHARS, beyond_limits, refuse_constant

    raw = text.encode("utf-8") if isinstance(text, str) else text
    if len(raw) > MAX_BYTES:
        raise Unreadable(f"the list {where} is {len(raw):,} bytes; a list is at most {MAX_BYTES:,}")
    try:
        data = json.loads(raw.decode("utf-8"), parse_constant=refuse_constant, parse_int=_int_of(MAX_NUMBER_CHARS))
    except _LongNumber as exc:
        raise Unreadable(
            f"the list {where} holds a number {exc.size:,} characters long; a number in a list file is at most "
            f"{MAX_NUMBER_CHARS}"
        ) from None
    except (ValueError, RecursionError) as exc:
        raise Unreadable(f"the list {where} is damaged: it is not JSON ({one_line(exc)[:120]})") from None
    why = beyond_limits(data)
    if why is not None:
        raise Unreadable(f"the list {where} {why}; a list file may not")
    try:  # JSON may spell a lone surrogate ("\ud800"): no text of a list file holds one
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise Unreadable(f"the list {where} is damaged: it holds text that is not Unicode") from None
    return data


def _read_json(text: str) -> Printed:
    values = text.count(",") + text.count("[") + text.count("{")  # at least its values, but one
    if values > MAX_JSON_ROSTER_VALUES:  # ("[[],[],...]": 32 MiB of it took 0.9 GB to read)
        raise Unreadable(
            f"it is JSON of more than {MAX_JSON_ROSTER_VALUES:,} values; a roster holds a few thousand", usage=True
        )
    try:  # (the list it carries is read again by _carried, with the limits of a list file)
        doc = json.loads(text, parse_int=_int_of(4000))
    except _LongNumber as exc:
        raise Unreadable(
            f"it is JSON with a number {exc.size:,} digits long; no roster holds one", usage=True
        ) from None
    except (ValueError, RecursionError):
        raise Unreadable("it is not a roster: not JSON, nor Markdown nor PDF", usage=True) from None
    if not isinstance(doc, dict) or "roster_format" not in doc:
        raise Unreadable("it is JSON, but not a roster (no roster_format)", usage=True)
    p = Printed("json", doc=doc)
    if doc.get("list") is not None:
        p.carries = True
        p.carried = _carried(json.dumps(doc["list"]), "the roster carries")
    footer: dict[str, Any] = doc["footer"] if isinstance(doc.get("footer"), dict) else {}
    if isinstance(footer.get("fingerprint"), str):
        p.fingerprints.append(("footer.fingerprint", footer["fingerprint"]))
    if isinstance(doc.get("status"), str):
        p.statuses.append(("status", doc["status"]))
    if isinstance(doc.get("valid"), bool):
        p.statuses.append(("valid", "VALID" if doc["valid"] else "INVALID"))
    counts: dict[str, Any] = doc["counts"] if isinstance(doc.get("counts"), dict) else {}
    if isinstance(counts.get("error"), int) and not isinstance(counts["error"], bool):
        p.errors.append(("counts.error", min(counts["error"], TOO_MANY)))
    if isinstance(doc.get("errors"), list):
        p.errors.append(("errors", len(doc["errors"])))
    measure: dict[str, Any] = doc["measure"] if isinstance(doc.get("measure"), dict) else {}
    if isinstance(measure.get("text"), str):
        p.totals.append(("measure.text", measure["text"]))
    if isinstance(footer.get("findings_digest"), str):
        p.digest = footer["findings_digest"]
    if isinstance(footer.get("data_version"), str):
        p.data_version = footer["data_version"]
    if isinstance(footer.get("armybuilder_version"), str):
        p.version = footer["armybuilder_version"]
    event = doc.get("event")
    if isinstance(event, dict) and isinstance(event.get("name"), str):
        p.event = event["name"]
        p.event_pack = event["pack"] if isinstance(event.get("pack"), str) else None
    return p


def _read_markdown(text: str) -> Printed:
    from armybuilder.export.markdown import LIST_INFO

    if text.count("\n") >= MAX_MARKDOWN_LINES:  # (2 million lines took 44 s to read)
        raise Unreadable(
            f"it is text of more than {MAX_MARKDOWN_LINES:,} lines; a Markdown roster has a few thousand", usage=True
        )
    lines = text.split("\n")  # not splitlines(): U+2028 in a name is no line break here
    if not any(line.startswith("- Status: **") for line in lines):
        raise Unreadable("it is not a roster: not JSON, nor PDF, nor an armybuilder Markdown roster", usage=True)
    p = Printed("markdown", lines=lines)
    fence = re.compile(r"(`{3,})" + re.escape(LIST_INFO))
    for i, line in enumerate(lines):
        m = fence.fullmatch(line) if line.startswith("```") else None
        if m and not p.carries:
            end = next((j for j in range(i + 1, len(lines)) if lines[j] == m.group(1)), None)
            if end is None:
                raise Unreadable("the list the roster carries is cut short (its block has no end)")
            p.carries = True
            p.carried = _carried("\n".join(lines[i + 1 : end]), "the roster carries")
    header_end = next((n for n, line in enumerate(lines, 1) if line.startswith("## ") or line == "---"), len(lines))
    for n, line in enumerate(lines, 1):
        if not line.startswith(("- ", "> ")):  # every line read below is an item or a quote
            continue
        if m := re.match(r"^- Status: \*\*(VALID|INVALID)\*\* \(" + _COUNT + r" errors?\b", line):
            p.statuses.append((f"line {n}", m.group(1)))
            p.errors.append((f"line {n}", _count(m.group(2))))
        elif (m := re.match(r"^- Event: (.*)$", line)) and n < header_end and p.event is None:
            p.event = _unmd(m.group(1))
        elif (m := re.match(r"^- ([^:`]+): (.*)$", line)) and n < header_end and m.group(1) not in _HEADER_FACTS:
            unit, value = _unmd(m.group(1)), _unmd(m.group(2))  # "- Points: 51 of 51" is 51 of 51 points
            p.totals.append(
                (f"line {n}", value if value == "not measured" else f"{value} {unit[:1].lower()}{unit[1:]}")
            )
        elif m := re.match(r"^- (VALID|INVALID): (.*), ([^,]*)$", line):
            p.statuses.append((f"line {n}", m.group(1)))
            p.totals.append((f"line {n}", _unmd(m.group(3))))
        elif m := re.match(r"^> \*\*INVALID: " + _COUNT + " errors?;", line):
            p.statuses.append((f"line {n}", "INVALID"))
            p.errors.append((f"line {n}", _count(m.group(1))))
        elif m := re.match(r"^- Fingerprint: `(" + _HEX + ")`", line):
            p.fingerprints.append((f"line {n}", m.group(1)))
        elif m := re.match(r"^- Findings digest: `(" + _HEX + ")`", line):
            p.digest = m.group(1)
        elif m := re.match(r"^- Exported by armybuilder (\S+); .* data version (.+)$", line):
            p.version, p.data_version = m.group(1), _unmd(m.group(2))
        elif line.startswith("- Checked against ") and (found := _event_line(_unmd(line))):
            p.event_pack = found
    errors = _bullets(lines, "## Errors")
    if errors is not None:
        p.errors.append(("its Errors section", errors))
    return p


def _event_line(line: str) -> str | None:
    """The pack's file name a Markdown roster's line ``- Checked against EVENT (event pack FILE): its
    status ...`` names, as ``^- Checked against .+ \\(event pack (.+?)\\): its status ...`` would
    match it (the last `` (event pack `` with a verdict after it), found with ``str.find`` and
    ``rfind``: in time linear in the line (the regular expression backtracked: a line of 168 KB that
    repeats `` (event pack `` took 11 s)."""
    start = len("- " + _CHECKED) + 1  # ".+": one character at least
    if not line.startswith("- " + _CHECKED) or "\n" in line:
        return None
    last = line.rfind(_VERDICT)
    pack = line.rfind(_PACK, start, last - 1) if last > 0 else -1  # "(.+?)": a character at least
    if pack < 0:
        return None
    name = pack + len(_PACK)
    return line[name : line.find(_VERDICT, name + 1)]


def _pdf_event(text: str) -> tuple[str, str] | None:
    """(event, pack's file name) of a PDF roster's text, as ``Checked against (.+?) \\(event pack
    (.*?)\\): its status ...`` would find them (the first `` (event pack `` after the first
    ``Checked against ``, when a verdict follows it: no later one has a verdict after it then),
    in time linear in the text, like :func:`_event_line`."""
    if "\n" in text:  # ".": never a line break (the page's text is joined with spaces)
        return None
    checked = text.find(_CHECKED)
    if checked < 0:
        return None
    event = checked + len(_CHECKED)
    pack = text.find(_PACK, event + 1)
    if pack < 0:
        return None
    verdict = text.find(_VERDICT, pack + len(_PACK))
    if verdict < 0:
        return None
    return text[event:pack], text[pack + len(_PACK) : verdict]


def _bullets(lines: list[str], heading: str) -> int | None:
    """The number of ``- `` items under a heading, or None when there is no such heading."""
    if heading not in lines:
        return None
    count = 0
    for line in lines[lines.index(heading) + 1 :]:
        if line.startswith("## ") or line == "---":
            break
        count += line.startswith("- ")
    return count


def _unmd(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


class _TooMuch(Exception):
    """A PDF whose pages take more reading than a roster's (raised from inside pypdf's text extraction)."""


# What may still be unpacked of the PDF being read (None: no budget; see _bounded).
_UNPACKED: ContextVar[list[int] | None] = ContextVar("armybuilder_pdf_unpacked", default=None)


def _counted_decode(decode: Callable[[Any], bytes]) -> Callable[[Any], bytes]:
    """pypdf's ``decode_stream_data``, each stream it unpacks counted against :data:`_UNPACKED`."""

    def counted(stream: Any) -> bytes:
        data = decode(stream)
        left = _UNPACKED.get()
        if left is not None:
            left[0] -= len(data)
            if left[0] < 0:  # raised again at each next stream, should pypdf catch it
                raise _TooMuch
        return data

    counted.armybuilder_counted = True  # type: ignore[attr-defined]
    return counted


@contextmanager
def _bounded(budget: list[int], per_stream: int = MAX_PDF_STREAM_BYTES) -> Iterator[None]:
    """pypdf reads a PDF from someone else with bounded work: each stream unpacked to at most
    ``per_stream`` bytes, whatever its filters (pypdf's configuration, which raises
    ``LimitReachedError``), and every stream it unpacks counted against ``budget`` (:class:`_TooMuch`
    once spent: pypdf keeps each unpacked stream for the reader's life, so this bounds its memory);
    no form XObject's text read (a roster has none: its text is all in its pages' content)."""
    import pypdf.filters
    from pypdf import apply_configuration

    if not getattr(pypdf.filters.decode_stream_data, "armybuilder_counted", False):
        # its one caller, EncodedStreamObject.get_data, imports it when called: this is the one it gets
        pypdf.filters.decode_stream_data = _counted_decode(pypdf.filters.decode_stream_data)  # type: ignore[assignment]
    token = _UNPACKED.set(budget)
    try:
        with apply_configuration(
            maximum_declared_stream_length=MAX_ROSTER_BYTES,
            array_based_stream_maximum_output_length=per_stream,
            jbig2_maximum_output_length=per_stream,
            lzw_maximum_output_length=per_stream,
            run_length_maximum_output_length=per_stream,
            zlib_maximum_output_length=per_stream,
            brotli_maximum_output_length=per_stream,
            image_maximum_buffer_size=per_stream,
            stream_decoding_work_maximum_length=2 * per_stream,
            zlib_maximum_recovery_input_length=64 * 1024,  # a damaged stream is tried byte by byte: a few
            xform_maximum_invocations_per_extraction=0,
        ):
            yield
    finally:
        _UNPACKED.reset(token)


def _page_count(reader: Any, limit: int) -> int:
    """The number of pages in the PDF's page tree as pypdf's page list gives them (a page named twice
    is two pages), counted without building that list (whose cost grows with the pages): at most
    ``limit + 1`` (more than ``limit``). A node of the tree met again (a loop) is not walked again."""
    from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject

    budget = 8 * limit + 8  # the tree's nodes and entries looked at
    todo: list[Any] = [reader.trailer["/Root"].get_object()["/Pages"]]
    seen: set[int] = set()
    pages = 0
    while todo and pages <= limit and budget > 0:
        ref = todo.pop()
        budget -= 1
        node = ref.get_object()
        if not isinstance(node, DictionaryObject):
            continue
        kids = node.get("/Kids")
        if kids is None:
            pages += 1
            continue
        if isinstance(ref, IndirectObject):
            if ref.idnum in seen:
                continue
            seen.add(ref.idnum)
        kids = kids.get_object()
        if isinstance(kids, ArrayObject):
            todo.extend(kids[: budget + 1])
    return pages if pages <= limit and budget > 0 else limit + 1


def _page_texts(reader: Any) -> list[str]:
    """Each page's text, with the work bounded: a PDF of more than :data:`MAX_PDF_PAGES` pages, or whose
    pages hold more than :data:`MAX_PDF_OPERATIONS` content operations (one content stream shared by
    many pages counts on each), is no roster armybuilder wrote (:class:`Unreadable`)."""
    if _page_count(reader, MAX_PDF_PAGES) > MAX_PDF_PAGES:
        raise Unreadable(
            f"it is a PDF of more than {MAX_PDF_PAGES} pages; a roster has a few (armybuilder import reads "
            "the list it carries without reading its pages)",
            usage=True,
        )
    done = [0]

    def count(*_: Any) -> None:
        done[0] += 1
        if done[0] > MAX_PDF_OPERATIONS:  # raised again at each next operation, so pypdf stops at once
            raise _TooMuch

    texts, content = [], 0
    try:
        for page in reader.pages:
            content += _content_bytes(page)  # before its text is read: a string of megabytes is one operation
            if content > MAX_PDF_TEXT_BYTES:
                raise Unreadable(
                    f"its pages hold more than {MAX_PDF_TEXT_BYTES // (1024 * 1024)} MiB of content to read; a "
                    "roster's hold tens of kilobytes a page (armybuilder import reads the list it carries without "
                    "reading its pages)",
                    usage=True,
                )
            texts.append(page.extract_text(visitor_operand_before=count) or "")
    except _TooMuch:
        if done[0] <= MAX_PDF_OPERATIONS:
            raise
        raise Unreadable(
            f"its pages hold more than {MAX_PDF_OPERATIONS:,} drawing operations; a roster's hold a few "
            "thousand (armybuilder import reads the list it carries without reading its pages)",
            usage=True,
        ) from None
    return texts


_MAX_CONTENT_PARTS = 256  # content streams of one page (reportlab writes one)


def _content_bytes(page: Any) -> int:
    """The bytes of a page's content streams (unpacked: counted by :func:`_bounded`), as its text is
    read from them; more than :data:`MAX_PDF_TEXT_BYTES` when it has more than ``_MAX_CONTENT_PARTS``."""
    from pypdf.generic import ArrayObject, StreamObject

    contents = page.get("/Contents")
    contents = contents.get_object() if contents is not None else None
    parts = list(contents[: _MAX_CONTENT_PARTS + 1]) if isinstance(contents, ArrayObject) else [contents]
    if len(parts) > _MAX_CONTENT_PARTS:
        return MAX_PDF_TEXT_BYTES + 1
    size = 0
    for part in parts:
        stream = part.get_object() if part is not None else None
        if isinstance(stream, StreamObject):
            size += len(stream.get_data())
    return size


def _attached(reader: Any) -> bytes | None:
    """The list a PDF carries: the first of its embedded files named :data:`LIST_FILE` (as
    ``reader.attachments`` gives it), the only one unpacked, to at most the size of a list file
    (the others, and any after the first :data:`MAX_PDF_ATTACHMENTS`, are never unpacked)."""
    from pypdf.errors import LimitReachedError

    from armybuilder.export.pdf import LIST_FILE
    from armybuilder.yamlio import MAX_BYTES

    for n, entry in enumerate(reader.attachment_list):
        if n >= MAX_PDF_ATTACHMENTS:
            raise Unreadable(
                f"it is a PDF of more than {MAX_PDF_ATTACHMENTS} embedded files, none of the first of them its "
                f"list ({LIST_FILE}); a roster carries one",
                usage=True,
            )
        if LIST_FILE not in (entry.name, entry.alternative_name):
            continue
        try:
            with _bounded(_UNPACKED.get() or [MAX_BYTES + 1], per_stream=MAX_BYTES + 1):
                data: bytes = entry.content
        except LimitReachedError:
            raise Unreadable(
                f"the list the PDF carries ({LIST_FILE}) unpacks to more than {MAX_BYTES:,} bytes; a list is at "
                f"most {MAX_BYTES:,}"
            ) from None
        return data
    return None


def _read_pdf(raw: bytes, pages: bool = True) -> Printed:
    import io
    import logging

    from armybuilder.export.pdf import LIST_FILE

    logging.getLogger("pypdf").setLevel(logging.ERROR)  # a damaged PDF is said once, below
    from pypdf.errors import LimitReachedError

    budget = [MAX_PDF_UNPACKED]
    try:
        from pypdf import PdfReader

        with _bounded(budget):
            reader = PdfReader(io.BytesIO(raw))
            packet = _packet_of(reader)
            if packet is not None:
                return packet
            attached = _attached(reader)
            texts = _page_texts(reader) if pages else []
            layout = _layout_record(reader) if pages else {}
            if pages and texts and "paper" not in layout:
                layout["paper"] = "letter" if round(float(reader.pages[0].mediabox.width)) == 612 else "a4"
        if budget[0] < 0:  # pypdf caught _TooMuch and went on
            raise _TooMuch
    except Unreadable:
        raise
    except _TooMuch:
        raise Unreadable(
            f"its streams unpack to more than {MAX_PDF_UNPACKED // (1024 * 1024)} MiB; a roster's to less than one "
            "(armybuilder import reads the list it carries without reading its pages)",
            usage=True,
        ) from None
    except LimitReachedError:
        raise Unreadable(
            f"it is a PDF with a stream that unpacks to more than {MAX_PDF_STREAM_BYTES // (1024 * 1024)} MiB; a "
            "roster's are tens of kilobytes",
            usage=True,
        ) from None
    except Exception as exc:  # noqa: BLE001 - pypdf raises many types on a damaged PDF; each means it cannot be read
        raise Unreadable(f"it is a PDF that cannot be read ({type(exc).__name__})", usage=True) from None
    p = Printed("pdf", pages=texts if pages else None, layout=layout, raw=raw, reader=reader if pages else None)
    if attached is not None:
        p.carries = True
        p.carried = _carried(attached, f"the PDF carries ({LIST_FILE})")
    for number, text in enumerate(texts, 1):
        lines = [" ".join(line.split()) for line in text.split("\n")]
        for line in lines:
            if (m := re.match(r"^.* · (VALID|INVALID) · (.+)$", line)) and not line.endswith("…"):
                p.statuses.append((f"the footer of page {number}", m.group(1)))
                p.totals.append((f"the footer of page {number}", m.group(2)))
            if m := re.search(r"data version (\S+) · fingerprint", line):
                p.data_version = m.group(1)
        joined = " ".join(lines)
        p.text = f"{p.text} {joined}".strip()
        for m in re.finditer(r"[Ff]ingerprint:? (" + _HEX + ")", joined):
            p.fingerprints.append((f"page {number}", m.group(1)))
        for m in re.finditer(r"\bErrors \(" + _COUNT + r"\)", joined):
            p.errors.append((f"page {number}", _count(m.group(1))))
        for m in re.finditer(r"\bINVALID: " + _COUNT + " errors?; this list is not legal", joined):
            p.statuses.append((f"the banner on page {number}", "INVALID"))
            p.errors.append((f"the banner on page {number}", _count(m.group(1))))
        if m := re.search(r"Findings digest: (" + _HEX + ")", joined):
            p.digest = m.group(1)
        if p.event is None and (said := _pdf_event(joined)):
            p.event, p.event_pack = said
        if (m := re.search(r"Exported by armybuilder (\S+);", joined)) and p.version is None:
            p.version = m.group(1)
    return p


def _packet_of(reader: Any) -> Printed | None:
    """A tournament packet (``tournament --packet``), with the lists it carries (not unpacked:
    :func:`packet_list` unpacks one); None for any other PDF."""
    from armybuilder.export.packet import PACKET_FILE, SUBJECT

    meta = reader.metadata or {}
    subject = str(meta.get("/Subject") or "")
    said = re.search(r": ([\d,]{1,9}) lists?( \(anonymous\))?$", subject)
    packet = str(meta.get("/Keywords") or "") == SUBJECT or str(meta.get("/Title") or "").endswith(": the lists")
    if not (packet and said and str(meta.get("/Creator") or "") == "armybuilder"):
        return None
    p = Printed("pdf", packet=int(said.group(1).replace(",", "")))
    for n, entry in enumerate(reader.attachment_list):
        if n > MAX_PACKET_LISTS:
            break
        number = str(entry.name).removeprefix(PACKET_FILE).removesuffix(".json")
        if str(entry.name).startswith(PACKET_FILE) and number.isascii() and number.isdigit():  # not "²"
            p.packet_lists[int(number)] = entry
    return p


def packet_list(printed: Printed, number: int) -> bytes | None:
    """List ``number`` of a tournament packet (:attr:`Printed.packet_lists`), unpacked to at most
    the size of a list file; None when the packet carries no such list."""
    from pypdf.errors import LimitReachedError

    from armybuilder.yamlio import MAX_BYTES

    entry = printed.packet_lists.get(number)
    if entry is None:
        return None
    try:
        with _bounded([MAX_BYTES + 1], per_stream=MAX_BYTES + 1):
            data: bytes = entry.content
    except LimitReachedError:
        raise Unreadable(f"list {number} of the packet unpacks to more than {MAX_BYTES:,} bytes") from None
    except Exception as exc:  # noqa: BLE001 - pypdf raises many types on a damaged PDF
        raise Unreadable(f"list {number} of the packet cannot be read ({type(exc).__name__})") from None
    return data


def _layout_record(reader: Any) -> dict[str, Any]:
    """The layout record beside a PDF roster's carried list (:data:`armybuilder.export.pdf.LAYOUT_KEY`):
    how it was laid out; empty when it has none (a PDF armybuilder did not write)."""
    from armybuilder.export.pdf import LAYOUT_KEY, LIST_FILE

    try:
        names = reader.trailer["/Root"]["/Names"]["/EmbeddedFiles"]["/Names"]
        for i in range(0, min(len(names), 20) - 1, 2):
            if str(names[i]) == LIST_FILE:
                record = json.loads(str(names[i + 1].get_object()[f"/{LAYOUT_KEY}"]))
                return record if isinstance(record, dict) else {}
    except Exception:  # noqa: BLE001 - no record, or not one armybuilder wrote: the defaults are used
        return {}
    return {}


def read(path: Path, pages: bool = True) -> Printed:
    """What a roster file prints and carries; :class:`Unreadable` when it cannot be read.

    ``pages`` False: a PDF's attached list only (``import``: what its pages print is not needed)."""
    from armybuilder.yamlio import LoadError, read_bytes

    try:
        size = path.stat().st_size
        if size > MAX_ROSTER_BYTES:
            raise Unreadable(f"it is {size:,} bytes; a roster is at most {MAX_ROSTER_BYTES:,}", usage=True)
        raw = read_bytes(path, MAX_ROSTER_BYTES)  # a FIFO or a device is refused unopened: it never hangs
    except LoadError as exc:  # not a regular file, or it grew past the limit while it was read
        said = exc.message.replace("a list is a file on disk", "a roster is a file on disk")
        if exc.code == "ABL002":
            said = f"it is more than {MAX_ROSTER_BYTES:,} bytes; a roster is at most that"
        raise Unreadable(said, usage=True) from None
    except OSError as exc:
        raise Unreadable(f"cannot read the file ({exc.strerror or exc})", usage=True) from None
    if raw.startswith(b"%PDF-"):
        return _read_pdf(raw, pages)
    if len(raw) > MAX_TEXT_ROSTER_BYTES:
        raise Unreadable(
            f"it is {len(raw):,} bytes; a Markdown or JSON roster is at most {MAX_TEXT_ROSTER_BYTES:,}", usage=True
        )
    try:
        text = raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError:
        raise Unreadable("it is not a roster: not PDF, and not UTF-8 text", usage=True) from None
    if text.lstrip().startswith("{"):
        return _read_json(text)
    return _read_markdown(text)


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
                made.file = _unmd(line.removeprefix("- List file: "))
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
                m := _HEAD.match(text := _unmd(line[2:]))
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


def packet_said(printed: Printed, shown: str) -> str:
    """What a tournament packet is, and how to take a list out of it (verify and import say it)."""
    import shlex

    n = printed.packet or 0
    said = f"it is a tournament packet of {plural(n, 'list')} (armybuilder tournament --packet), not one roster"
    if not printed.packet_lists:
        return said + "; it carries no list file (an anonymous packet, or one made by an older armybuilder)"
    return said + f"; armybuilder import {shlex.quote(shown)} --list K takes list K (1 to {n}) out of it"


def command(roster: Path, event: Path | None = None) -> Outcome:
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
