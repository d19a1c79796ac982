"""Reading a roster back: what a roster file (``armybuilder export``: Markdown, PDF or JSON) prints
about its list, and the list it carries (:func:`read`), or one list of a tournament packet
(:func:`packet_list`). ``verify`` compares what it prints with what the list says now; ``import``
and the desk take the list out of it (:mod:`armybuilder.sources`).

Every roster carries the list it was made from, as JSON
(:func:`armybuilder.fingerprint.carried_bytes`): a fenced ``json armybuilder-list`` block in
Markdown, the embedded file ``armybuilder-list.json`` in a PDF, the ``list`` field in JSON.

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

import json
import re
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from armybuilder.text import one_line, plural

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Callable, Iterator
    from pathlib import Path

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
            p.event = unmd(m.group(1))
        elif (m := re.match(r"^- ([^:`]+): (.*)$", line)) and n < header_end and m.group(1) not in _HEADER_FACTS:
            unit, value = unmd(m.group(1)), unmd(m.group(2))  # "- Points: 51 of 51" is 51 of 51 points
            p.totals.append(
                (f"line {n}", value if value == "not measured" else f"{value} {unit[:1].lower()}{unit[1:]}")
            )
        elif m := re.match(r"^- (VALID|INVALID): (.*), ([^,]*)$", line):
            p.statuses.append((f"line {n}", m.group(1)))
            p.totals.append((f"line {n}", unmd(m.group(3))))
        elif m := re.match(r"^> \*\*INVALID: " + _COUNT + " errors?;", line):
            p.statuses.append((f"line {n}", "INVALID"))
            p.errors.append((f"line {n}", _count(m.group(1))))
        elif m := re.match(r"^- Fingerprint: `(" + _HEX + ")`", line):
            p.fingerprints.append((f"line {n}", m.group(1)))
        elif m := re.match(r"^- Findings digest: `(" + _HEX + ")`", line):
            p.digest = m.group(1)
        elif m := re.match(r"^- Exported by armybuilder (\S+); .* data version (.+)$", line):
            p.version, p.data_version = m.group(1), unmd(m.group(2))
        elif line.startswith("- Checked against ") and (found := _event_line(unmd(line))):
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


def unmd(text: str) -> str:
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


def packet_said(printed: Printed, shown: str) -> str:
    """What a tournament packet is, and how to take a list out of it (verify and import say it)."""
    import shlex

    n = printed.packet or 0
    said = f"it is a tournament packet of {plural(n, 'list')} (armybuilder tournament --packet), not one roster"
    if not printed.packet_lists:
        return said + "; it carries no list file (an anonymous packet, or one made by an older armybuilder)"
    return said + f"; armybuilder import {shlex.quote(shown)} --list K takes list K (1 to {n}) out of it"
