"""An organiser's packet: one PDF of a tournament's lists (``tournament PACK LISTS --packet FILE``).

The first page (or pages) is the summary: the event, its rules, how many lists are legal, illegal
and broken, and a table of every list with its total, status and the reasons it is not legal. Then
every list follows in the roster's own layout (:class:`armybuilder.export.pdf.PdfExporter`), each
starting on a new page, checked against the event pack: an illegal list carries the pale INVALID
across its pages. Each list is measured alone first and laid out as ``export --event`` lays it out
(on one page wherever a snugger layout holds it: :meth:`PdfExporter._one_page`; else in the
packet's own layout, ``PACKET_SNUG``: short tables side by side, smaller type), or with
``--compact`` as ``export --compact`` does; each page has the margins of its list's layout (a page
template per set of margins). Every page's footer names the event, the list's number, its status and
fingerprint, and "page N of M".

A tournament's run gives it the lists in order (:func:`packet_of`, :func:`write_packet`: the
``tournament`` command's ``--packet`` and the event desk's download): with ``--anonymous`` they
carry a number instead of the player's and the list's names. Like every roster the packet is built
in reportlab's invariant mode: the same lists and pack give the same bytes.
"""

from __future__ import annotations

import functools
import json
import os
import tempfile
import zlib
from array import array
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from armybuilder.export import ExportError, ExportOptions, Paper
from armybuilder.export.pdf import (
    BOTTOM_MARGIN_MM,
    COMPACT_SCALES,
    GREEN,
    INSET,
    MARGIN_MM,
    PACKET_SCALES,
    PACKET_SNUG,
    RED,
    PdfExporter,
    _as_text,
    _compress_now,
    _Encoded,
    fonts,
    load_platypus,
)
from armybuilder.text import one_line, plural

if TYPE_CHECKING:  # pragma: no cover
    from types import ModuleType

    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import Flowable
    from reportlab.platypus.doctemplate import BaseDocTemplate

    from armybuilder.events.standings import Tournament
    from armybuilder.export.roster import Roster
    from armybuilder.findings import Finding

PACKET_FILE = "armybuilder-packet-list-"  # the embedded files of a packet: PACKET_FILE + "0003.json"
SUBJECT = "armybuilder tournament packet"  # a packet's keywords: how verify and import know one


def packet_file(number: int) -> str:
    """The name of list ``number``'s embedded file (names sort as numbers: the name tree is sorted)."""
    return f"{PACKET_FILE}{number:04d}.json"


KEPT_TEXTS = 2_000  # texts parsed (and line breakings) kept across lists, then let go (``_forget``)
# What measuring a list alone sets that the packet being laid out needs as it was (``_layout_of``).
_PACKET_STATE = ("_chars", "_cut", "_roster_valid", "_attachment", "s", "_pages", "_roster_pages", "_body_page")
MAX_REASONS = 8  # errors shown per list on the summary page; its own page shows every one
# The summary's table is made this many rows at a time (``_chunked_table_class``): more than a page
# holds, so that it splits where the whole table would; only the rows of one chunk are kept at a time.
SUMMARY_CHUNK = 120


@dataclass
class PacketList:
    """One list of the packet: its number, how the summary names it and its verdict (its roster is
    made again when its pages are laid out: :attr:`Packet.roster`)."""

    number: int
    label: str  # "Alice Archer: The Greenwood Host", or "List 3" when anonymous
    status: str  # legal, illegal, broken
    total: str  # "48 of 48 points", or "-"
    reasons: list[str]  # the error findings, "CODE: message"
    system: str = ""
    entry: int = 0  # its place in the run (``Tournament.entries``)


class _Spool:
    """A temporary file that holds what a packet needs again later (the summary's lines, each list's
    file to embed, each page's compressed stream), so that its memory does not grow with its lists."""

    def __init__(self) -> None:
        self._file: IO[bytes] | None = None
        self._end = 0

    def put(self, data: bytes) -> Callable[[], bytes]:
        """Keep ``data``; returns what reads it back (:class:`_Stored`)."""
        return _Stored(self, *self.place(data))

    def place(self, data: bytes) -> tuple[int, int]:
        """Keep ``data``; returns where it is: its offset and size."""
        if self._file is None:
            self._file = tempfile.TemporaryFile(prefix="armybuilder-packet-")  # noqa: SIM115 - closed by close()
        at, self._end = self._end, self._end + len(data)
        self._file.seek(at)
        self._file.write(data)
        return at, len(data)

    def _get(self, at: int, size: int) -> bytes:
        assert self._file is not None  # (read only what was put)
        self._file.seek(at)
        return self._file.read(size)

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None


class _Stored:
    """What reads back bytes kept in a spool (called): the spool, their offset and size."""

    __slots__ = ("at", "size", "spool")

    def __init__(self, spool: _Spool, at: int, size: int) -> None:
        self.spool, self.at, self.size = spool, at, size

    def __call__(self) -> bytes:
        return self.spool._get(self.at, self.size)


class PacketLists:
    """The packet's lists in order (:class:`PacketList`), each kept in the packet's spool and read
    back when it is used: what the packet holds in memory is two numbers a list (where it is in
    the spool, and its size)."""

    def __init__(self, spool: _Spool) -> None:
        self._spool = spool
        self._at, self._size = array("q"), array("q")

    def append(self, item: PacketList) -> None:
        at, size = self._spool.place(json.dumps(asdict(item)).encode("utf-8"))
        self._at.append(at)
        self._size.append(size)

    def reorder(self, order: list[int]) -> None:
        self._at = array("q", (self._at[i] for i in order))
        self._size = array("q", (self._size[i] for i in order))

    def __len__(self) -> int:
        return len(self._at)

    def __getitem__(self, index: int) -> PacketList:
        return PacketList(**json.loads(self._spool._get(self._at[index], self._size[index])))

    def __iter__(self) -> Iterator[PacketList]:
        return (self[i] for i in range(len(self)))


@dataclass
class Packet:
    event: str
    facts: list[tuple[str, str]]  # the summary's header: (label, text)
    lists: PacketLists
    roster: Callable[[PacketList], Roster]  # a list's roster, made again for its pages
    several_systems: bool = False
    anonymous: bool = False
    counts: dict[str, int] = field(default_factory=dict)  # lists, legal, illegal, broken
    spool: _Spool = field(default_factory=_Spool)


@dataclass
class _Foot:
    valid: bool
    first: str
    second: str
    tail: str


class PacketExporter(PdfExporter):
    """The packet's pages: a summary, then each list's roster layout; per-page footers."""

    _carries = False  # the packet carries its lists by number (``_attach``), none as a roster's own
    _measuring = False  # a list being measured alone (``_layout_of``)

    def render_packet(
        self, packet: Packet, paper: Paper | str = Paper.a4, compact: bool = False, out: IO[bytes] | None = None
    ) -> bytes:
        """The packet's PDF (written to ``out`` as it is made when given, then b""). Each list is
        laid out as ``armybuilder export --event`` lays it out (:meth:`PdfExporter._one_page`: on
        one page when a snugger layout holds it), or with ``compact`` as ``export --compact`` does;
        each with the margins of its layout.

        The packet's memory does not grow with its lists (issue 45, item 10: 2,000 lists took 582
        MiB, then 132). A first pass makes each list's roster, measures its layout and keeps only
        the layout and its page count; the second makes each roster again, lays it out (its
        flowables given to reportlab one list at a time: :func:`_packet_doc_class`) and draws each
        page with its footer ("page N of M": M is the summary's pages, held until they are
        counted, and the lists' pages measured), its stream compressed and put in a temporary file,
        which the PDF is written from at its end (:func:`_written_document_class`). The summary's
        table is made a chunk of rows at a time (:func:`_chunked_table_class`), and every list's
        file to embed waits in the same temporary file."""
        load_platypus()
        if not len(packet.lists):
            raise ExportError("a packet needs at least one list")
        if getattr(packet, "_rendered", False):
            raise ExportError("a packet's lists are laid out once")
        packet._rendered = True  # type: ignore[attr-defined]  # (its spool is closed once written)
        sink = _Sink() if out is None else out
        try:
            options = ExportOptions(paper=Paper(paper), compact=compact)
            regular, bold, face = fonts()
            self.font, self.bold = regular, bold
            self._packet = packet
            layouts, list_pages = self._layouts(packet, options, compact)
            said = len(self.warnings)
            self._carried: list[tuple[int, Callable[[], bytes]]] = []
            self._build_packet(packet, Paper(paper), options, layouts, list_pages, None, sink)
            if self._total != self._drawn:  # (a list took other pages than measured: drawn again)
                sink = _Sink() if out is None else _rewound(out)
                self._carried = []
                del self.warnings[said:]
                self._build_packet(packet, Paper(paper), options, layouts, list_pages, self._drawn, sink)
            self._check_glyphs(face)
        finally:
            packet.spool.close()
        return sink.data if isinstance(sink, _Sink) else b""

    def _layouts(
        self, packet: Packet, options: ExportOptions, compact: bool
    ) -> tuple[list[tuple[bool, int, float, bool]], int]:
        """Each list's layout, measured alone (the first pass), and the pages they take together;
        the warnings of their layouts said first, as when every list was measured before the packet."""
        self._chars: set[str] = set()
        self._cut = 0
        self._attachment = None
        self._compact, self._snug, self._keep_tail = False, 0, False
        layouts: list[tuple[bool, int, float, bool]] = []
        pages = 0
        self._games: dict[str, tuple[str, list[str]]] = {}  # a game's title, what none of its lists is checked for
        for item in packet.lists:
            roster = packet.roster(item)
            if self._shared(roster) and str(roster.system_id) not in self._games:
                self._games[str(roster.system_id)] = (str(roster.system_title), self._shared(roster))
            self._own(roster)
            self._forget()
            layout, count = self._layout_of(roster, options, compact)
            layouts.append(layout)
            pages += count
        self._forget(everything=True)
        return layouts, pages

    def _build_packet(
        self,
        packet: Packet,
        paper: Paper,
        options: ExportOptions,
        layouts: list[tuple[bool, int, float, bool]],
        list_pages: int,
        total: int | None,
        sink: Any,
    ) -> None:
        """The second pass: every page laid out, drawn and written (``total``: the page count, when
        known; else the summary's pages are held until it is)."""
        from reportlab.lib.pagesizes import A4, LETTER
        from reportlab.lib.units import mm
        from reportlab.platypus import Frame, NextPageTemplate, PageBreak, PageTemplate
        from reportlab.platypus.doctemplate import LayoutError

        pagesize = LETTER if paper is Paper.letter else A4
        self._current: int = 0
        self._next: int | None = None
        self._chars = set()
        self._cut = 0
        self._attachment = None  # no roster's own list: the packet carries each list by its number
        self._compact, self._snug, self._keep_tail = False, 0, False  # the summary: the roster's own type
        self._total: int | None = total
        self._list_pages = list_pages
        self._drawn = 0
        self._styles()
        doc = _packet_doc_class()(
            sink,
            pagesize=pagesize,
            invariant=1,
            leftMargin=MARGIN_MM * mm,
            rightMargin=MARGIN_MM * mm,
            topMargin=MARGIN_MM * mm,
            bottomMargin=BOTTOM_MARGIN_MM * mm,
            title=self._short(f"{packet.event}: the lists"),
            author="armybuilder",
            creator="armybuilder",
            keywords=[SUBJECT],
            subject=f"{packet.event}: {plural(len(packet.lists), 'list')}"
            + (" (anonymous)" if packet.anonymous else ""),
            lang="en",
        )
        templates: dict[tuple[float, float], str] = {}

        def template(margins: tuple[float, float]) -> str:
            if margins not in templates:
                top, bottom = margins
                frame = Frame(doc.leftMargin, bottom * mm, doc.width, pagesize[1] - (top + bottom) * mm)
                templates[margins] = f"margins-{top:g}-{bottom:g}"
                doc.addPageTemplates(
                    PageTemplate(id=templates[margins], frames=[frame], onPage=self._page, pagesize=pagesize)
                )
            return templates[margins]

        template((MARGIN_MM, BOTTOM_MARGIN_MM))  # the summary's (the first template is the first page's)
        avail = doc.width - 2 * INSET
        story = self._summary(packet, avail) + self._every_list()
        self._feet: dict[int, _Foot] = {0: self._summary_foot(packet)}
        marker = _marker_class()

        def sections() -> Iterator[list[Flowable]]:
            for index, item in enumerate(packet.lists):
                roster = packet.roster(item)
                if roster.carried is not None and not packet.anonymous:
                    self._carried.append((item.number, packet.spool.put(roster.carried)))
                self._own(roster)
                self._forget()
                self._compact, self._snug, scale, self._keep_tail = layouts[index]
                self._styles(scale)
                section = [marker(self, index + 1), NextPageTemplate(template(self._margins())), PageBreak()]
                self._feet[index + 1] = self._list_foot(item.number, roster)
                yield section + self._story(roster, avail)

        doc.sections = sections()
        doc.story = story
        try:
            doc.build(story, canvasmaker=self._packet_canvas_class(packet.spool))
        except LayoutError as exc:
            raise ExportError(f"the packet does not fit the page ({exc})") from None
        finally:
            doc.sections = doc.story = None
            self._forget(everything=True)

    def _shared(self, roster: Roster) -> list[str]:
        """What a roster of its game says it does not check whatever the list (the system's own
        ``not_checked``, the same on every list of the game): printed once in the packet, after its
        summary (issue 46, item 13: 1,500 characters of each Fantasy Triumph list's overflow page);
        the list's own readings stay on its pages."""
        if not roster.system_id:
            return []
        from armybuilder import systems
        from armybuilder.text import not_checked_text

        try:
            every = [not_checked_text(i) for i in systems.get(roster.system_id).not_checked]
        except Exception:  # noqa: BLE001 - a game the packet cannot name: its lists keep their caveats
            return []
        return [n for n in every if n in roster.not_checked]

    def _own(self, roster: Roster) -> None:
        """The roster's "Not checked" without what its game's page says for every list, and a line
        saying where that is."""
        shared = set(self._games.get(str(roster.system_id), ("", []))[1])
        if shared:
            own = [n for n in roster.not_checked if n not in shared]
            roster.not_checked = [*own, f"what is not checked in any {roster.system_title} list: {GAME_PAGE_WHERE}"]

    def _every_list(self) -> list[Flowable]:
        """After the summary, for each game: what none of its lists is checked for, said once."""
        story: list[Flowable] = []
        for title, shared in self._games.values():
            story += self._heading(f"For every {title} list: not checked")
            story.append(self._p(GAME_PAGE_INTRO.format(game=title), "small"))
            story += self._notes(shared, fine=True)
        return story

    def _forget(self, everything: bool = False) -> None:
        """Let the texts parsed and the line breaking kept (:meth:`PdfExporter._p`) go when they
        have grown past ``KEPT_TEXTS`` (or ``everything``): what one list and the next need is kept,
        not every list's."""
        for name in ("_parsed", "_wrapped"):
            kept = self.__dict__.get(name)
            if kept is not None and (everything or len(kept) > KEPT_TEXTS):
                kept.clear()

    def _layout_of(
        self, roster: Roster, options: ExportOptions, compact: bool
    ) -> tuple[tuple[bool, int, float, bool], int]:
        """How one list is laid out in the packet, measured alone (no QR code: a packet shows none):
        (--compact, snugness, type scale, trailing sections kept with the last), and the pages it
        takes so. What the packet's own pages keep (the characters printed, the texts cut, the list
        whose page is drawn) is left as it was."""
        kept = {name: self.__dict__[name] for name in _PACKET_STATE if name in self.__dict__}
        self._measuring = True
        self._measured: dict[tuple[bool, int, float, bool], int] = {}
        try:
            layout = self._measured_layout(roster, options, compact)
            return layout, self._measured[layout]
        finally:
            self._measuring = False
            self.__dict__.update(kept)

    def _measure(self, roster: Roster, options: ExportOptions, scale: float, one_page: bool = False) -> bool:
        tail = super()._measure(roster, options, scale, one_page)
        if self._measuring:  # each layout measured, by what it is: the pages it takes
            self._measured[(self._compact, self._snug, scale, tail)] = self._pages
        return tail

    def _measured_layout(self, roster: Roster, options: ExportOptions, compact: bool) -> tuple[bool, int, float, bool]:
        self._compact = compact
        self._appendix_page = True
        if not compact:
            scale, tail = self._one_page(roster, options)
            if self._measured[(False, self._snug, scale, tail)] == 1:
                return False, self._snug, scale, tail
            # The packet's own layout (issue 46, item 13: one page a list): two columns where
            # tables are narrow, findings in small type, the type smaller in steps; as it was when
            # even the smallest does not hold it on one page.
            chosen = (False, self._snug, scale, tail)
            self._snug = PACKET_SNUG
            for packet_scale in PACKET_SCALES:
                packet_tail = self._measure(roster, options, packet_scale, one_page=True)
                if self._pages == 1:
                    return False, PACKET_SNUG, packet_scale, packet_tail
            smallest_tail = self._measure(roster, options, PACKET_SCALES[-1])
            if self._pages < self._measured[chosen]:  # fewer pages at its smallest type than as it was
                return False, PACKET_SNUG, PACKET_SCALES[-1], smallest_tail
            self._snug = chosen[1]
            return chosen
        self._snug = 0
        for scale in COMPACT_SCALES:
            tail = self._measure(roster, options, scale)
            if self._pages == 1:
                return True, 0, scale, tail
        pages = self._pages
        self._snug = PACKET_SNUG  # the packet's own layout, compact: narrow tables side by side
        for scale in COMPACT_SCALES:
            packet_tail = self._measure(roster, options, scale)
            if self._pages == 1:
                return True, PACKET_SNUG, scale, packet_tail
        if self._pages < pages:
            tail = packet_tail
        else:
            self._snug = 0
            tail = self._measure(roster, options, scale)
        self.warnings.append(
            f"{roster.title}: the list takes {self._pages} pages even with --compact (at the smallest type)"
        )
        return True, self._snug, scale, tail

    def _attach(self, canvas: Canvas) -> None:
        """Each list as a file (:func:`packet_file`), so that ``import PACKET --list K`` takes one out;
        none in an anonymous packet, whose lists name their players. Each waited in the spool and is
        read back as the PDF is written. The same objects as :func:`armybuilder.export.pdf.embed`
        makes, in the same order, each kept as a small record until it is written
        (:func:`_embedded_classes`): 2,000 lists' dictionaries and strings took 4 MiB."""
        if self._packet.anonymous or not self._carried:
            return
        from reportlab.pdfbase.pdfdoc import PDFDictionary

        doc = canvas._doc  # type: ignore[attr-defined]  # the canvas's PDFDocument, private: not in types-reportlab
        file_class, spec_class, names_class = _embedded_classes()
        specs = []
        for number, load in sorted(self._carried, key=lambda c: packet_file(c[0])):  # (embed's order: by name)
            stream = file_class(load)
            doc.Reference(stream)
            spec = spec_class(number, stream)
            doc.Reference(spec)
            specs.append(spec)
        self._carried = []
        doc.Catalog.Names = PDFDictionary({"EmbeddedFiles": PDFDictionary({"Names": names_class(specs)})})

    # --- the summary ---------------------------------------------------------------------------

    def _summary(self, packet: Packet, avail: float) -> list[Flowable]:
        from reportlab.lib import colors
        from reportlab.lib.units import mm
        from reportlab.platypus import Spacer, TableStyle
        from reportlab.platypus import Table as RLTable

        c = packet.counts
        story: list[Flowable] = [self._p(packet.event, "title")]
        broken = f" ({plural(c.get('broken', 0), 'broken file')})" if c.get("broken") else ""
        line = f"{plural(c.get('lists', 0), 'list')}: {c.get('legal', 0)} legal, {c.get('illegal', 0)} illegal{broken}"
        all_legal = c.get("legal", 0) == c.get("lists", 0)
        banner = RLTable([[self._p(line, "banner")]], colWidths=[avail])
        banner.setStyle(
            TableStyle(
                [
                    ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor(GREEN if all_legal else RED)),
                    ("LEFTPADDING", (0, 0), (-1, -1), 8),
                    ("TOPPADDING", (0, 0), (-1, -1), 5),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 6),
                ]
            )
        )
        story += [banner, Spacer(1, 4 * mm)]
        if packet.facts:
            story.append(self._facts(packet.facts, avail, 0, 45 * mm))
        story += self._heading("Lists")
        story.append(self._list_table(packet, avail))
        story.append(Spacer(1, 2 * mm))
        story.append(self._p("Each list follows on a page of its own, in this order.", "small"))
        return story

    def _list_table(self, packet: Packet, avail: float) -> Any:
        """The table of every list: its columns sized from every row's text (read one list at a
        time), its rows made a chunk at a time as it is laid out (:func:`_chunked_table_class`)."""
        head = ["#", "List", *(["System"] if packet.several_systems else []), "Total", "Status", "Reasons"]
        widths = self._col_widths(head, _Rows(self, packet), avail)
        status_col = len(head) - 2
        header = [self._p(h, "head") for h in head]
        style = self._grid_style()

        def rows(start: int, stop: int) -> tuple[list[list[Any]], list[Any]]:
            """The cells of lists ``start`` to ``stop`` (0-based), and their status colours as the
            commands of a table whose first row after the header is list ``start``. The texts
            parsed for the chunk before are let go (:meth:`_forget`): a row's texts are its own,
            never met again, and every row's were kept until the first list (4 KiB a list)."""
            from reportlab.lib import colors

            self._forget(everything=True)
            cells: list[list[Any]] = []
            commands: list[Any] = []
            for row, i in enumerate(range(start, min(stop, len(packet.lists))), 1):
                item = packet.lists[i]
                shown = _shown(item)
                text = [str(item.number), item.label, *([item.system] if packet.several_systems else [])]
                text += [item.total, item.status]
                row_cells: list[Any] = [self._p(t, "cell_r" if k == 0 else "cell") for k, t in enumerate(text)]
                cells.append([*row_cells, [self._p(r, "cell") for r in shown] or self._p("", "cell")])
                colour = GREEN if item.status == "legal" else RED
                commands.append(("TEXTCOLOR", (status_col, row), (status_col, row), colors.HexColor(colour)))
            return cells, commands

        return _chunked_table_class()(header, rows, len(packet.lists), widths, style)

    # --- every page -------------------------------------------------------------------------------

    def _summary_foot(self, packet: Packet) -> _Foot:
        c = packet.counts
        first = self._short(f"{packet.event} · summary: {c.get('legal', 0)} legal, {c.get('illegal', 0)} illegal")
        foot = _Foot(c.get("legal", 0) == c.get("lists", 0), first, "armybuilder tournament packet", "")
        self._chars.update(foot.first + foot.second)
        return foot

    def _list_foot(self, number: int, r: Roster) -> _Foot:
        first = self._short(f"{self._packet.event} · list {number} · {r.status} · {r.measure_text}")
        data = f"{r.system_id} data version {r.data_version}" if r.data_version else "no game data"
        foot = _Foot(r.valid, first, f"armybuilder {r.version} · {data} · ", f"fingerprint {r.fingerprint or 'none'}")
        self._chars.update(foot.first + foot.second + foot.tail)
        return foot

    def _page(self, canvas: Canvas, doc: BaseDocTemplate) -> None:
        """At each page's start: the list it shows (a marker before the page break said), then the
        roster's watermark when that list is illegal."""
        if self._measuring:  # a list measured alone: no watermark, no list shown
            return
        if self._next is not None:
            self._current, self._next = self._next, None
            for gone in [k for k in self._feet if k < self._current]:  # (only the lists being drawn)
                del self._feet[gone]
        canvas._armybuilder_page_of = self._current  # type: ignore[attr-defined]  # read by the footer
        self._roster_valid = self._feet[self._current].valid or self._current == 0
        super()._page(canvas, doc)

    def _draw_footer(self, canvas: Canvas, total: int, colors: ModuleType, mm: float) -> None:
        foot = self._feet[getattr(canvas, "_armybuilder_page_of", 0)]
        self._roster_valid = foot.valid
        self._foot1, self._foot2, self._foot2_tail = foot.first, foot.second, foot.tail
        super()._draw_footer(canvas, total, colors, mm)

    def _listed(self, canvas: Canvas) -> None:
        """The first list's marker is drawn (on the summary's last page): the page count is known."""
        if self._total is None:
            self._total = canvas.getPageNumber() + self._list_pages

    def _packet_canvas_class(self, spool: _Spool) -> type[Canvas]:
        """A canvas that draws each page's footer ("page N of M") when the page ends, compresses its
        stream into ``spool`` and writes the PDF from there (:func:`_written_document_class`); the
        summary's pages wait (compressed) until the page count is known."""
        from reportlab.lib import colors
        from reportlab.lib.units import mm
        from reportlab.pdfgen.canvas import Canvas

        exporter = self
        written = _written_document_class()
        shapes: dict[Any, dict[str, Any]] = {}  # the pages' shapes (:func:`_keep`), one of each

        class PacketCanvas(Canvas):
            def __init__(self, *args: Any, **kwargs: Any) -> None:
                super().__init__(*args, **kwargs)
                self._doc.__class__ = written  # type: ignore[attr-defined]  # the canvas's PDFDocument, private
                self._held: list[dict[str, Any]] = []

            def showPage(self) -> None:
                if exporter._total is None:  # a page of the summary: held, compressed, until the count is known
                    state = dict(self.__dict__)
                    code: list[str] = state.pop("_code")
                    state[_PACKED] = zlib.compress("\n".join(code).encode("utf-8"), 1) if code else None
                    state.pop("_held")
                    self._held.append(state)
                    self._startPage()  # type: ignore[attr-defined]  # Canvas's own page reset, private
                    return
                if self._held:
                    live, held = dict(self.__dict__), self._held
                    for state in held:
                        packed = state.pop(_PACKED)
                        self.__dict__.update(state)
                        self._code = [zlib.decompress(packed).decode("utf-8")] if packed else []
                        self._finish(exporter._total)
                    self.__dict__.update(live)
                    self._held = []
                self._finish(exporter._total)

            def _finish(self, total: int) -> None:
                exporter._draw_footer(self, total, colors, mm)
                Canvas.showPage(self)
                page = self._doc.Pages.pages[-1]  # type: ignore[attr-defined]  # the canvas's PDFDocument, private
                _compress_now(page, spool.put)
                _lean(page)
                _keep(self._doc, shapes)  # type: ignore[attr-defined]  # the canvas's PDFDocument, private

            def save(self) -> None:
                if self._held:  # (a summary with no list after it: none in a packet)
                    exporter._total = len(self._held)
                    self.showPage = lambda: None  # type: ignore[method-assign]
                exporter._drawn = len(self._doc.Pages.pages)  # type: ignore[attr-defined]  # private
                exporter._pages = exporter._drawn
                exporter._attach(self)
                Canvas.save(self)

        return PacketCanvas


GAME_PAGE_INTRO = (
    "What armybuilder does not check in any {game} list, said once here for the packet's lists of it; "
    "each list's pages say what is its own."
)
GAME_PAGE_WHERE = "after the packet's summary"

_PACKED = "_armybuilder_packed"  # a summary page held by the packet's canvas: its drawing, compressed


@functools.cache
def _embedded_classes() -> tuple[Any, Any, Any]:
    """A packet's embedded lists as small records, each written as the objects
    :func:`armybuilder.export.pdf.embed` makes (the same bytes), then let go: the file's stream
    (its bytes read from the spool), its file specification (its name and description made from
    the list's number) and the catalog's array of names."""
    from reportlab.pdfbase.pdfdoc import (
        PDFArray,
        PDFDictionary,
        PDFName,
        PDFObject,
        PDFObjectReference,
        PDFStream,
        PDFString,
    )

    class EmbeddedList(PDFObject):
        __slots__ = ("__InternalName__", "load")
        __RefOnly__ = 1
        load: Callable[[], bytes] | None

        def __init__(self, load: Callable[[], bytes]) -> None:
            self.load = load

        def format(self, document: Any) -> Any:
            assert self.load is not None  # (a document is written once)
            data, self.load = self.load(), None
            info = {"Type": PDFName("EmbeddedFile"), "Subtype": "/application#2Fjson"}
            stream = PDFStream(PDFDictionary({**info, "Params": PDFDictionary({"Size": len(data)})}), data)
            return stream.format(document)

    class ListSpec(PDFObject):
        __slots__ = ("__InternalName__", "number", "stream")
        __RefOnly__ = 1

        def __init__(self, number: int, stream: Any) -> None:
            self.number, self.stream = number, stream

        def format(self, document: Any) -> Any:
            name = packet_file(self.number)
            spec = PDFDictionary(
                {
                    "Type": PDFName("Filespec"),
                    "F": PDFString(name),
                    "UF": PDFString(name),
                    "Desc": PDFString(f"List {self.number} of the packet"),
                    "EF": PDFDictionary({"F": PDFObjectReference(self.stream.__InternalName__)}),
                    "AFRelationship": PDFName("Source"),
                }
            )
            return spec.format(document)

    class Names(PDFObject):
        __slots__ = ("specs",)

        def __init__(self, specs: list[Any]) -> None:
            self.specs = specs

        def format(self, document: Any) -> Any:
            names: list[Any] = []
            for spec in self.specs:
                names += [PDFString(packet_file(spec.number)), PDFObjectReference(spec.__InternalName__)]
            return PDFArray(names).format(document)

    return EmbeddedList, ListSpec, Names


class _Rows:
    """The summary's rows as text, read one list at a time: what its columns are sized by
    (:meth:`PdfExporter._col_widths`, which reads each row once or twice)."""

    def __init__(self, exporter: PacketExporter, packet: Packet) -> None:
        self.exporter, self.packet = exporter, packet

    def __iter__(self) -> Iterator[list[str]]:
        several = self.packet.several_systems
        for item in self.packet.lists:
            shown = _shown(item)
            text = [str(item.number), item.label, *([item.system] if several else [])]
            text += [item.total, item.status]
            yield [*text, max(shown, key=len) if shown else ""]


def _shown(item: PacketList) -> list[str]:
    """The reasons the summary shows for a list: the first MAX_REASONS, then how many more."""
    shown = item.reasons[:MAX_REASONS]
    if len(item.reasons) > MAX_REASONS:
        shown.append(f"and {len(item.reasons) - MAX_REASONS} more (on its page)")
    return shown


class _Sink:
    """Where the PDF is written: its bytes, kept as they are (a BytesIO would copy them)."""

    data = b""

    def write(self, data: bytes) -> None:
        self.data += data


def _rewound(out: IO[bytes]) -> IO[bytes]:
    out.seek(0)
    out.truncate()
    return out


@functools.cache
def _packet_doc_class() -> Any:
    """A BaseDocTemplate whose story (``doc.story``) is given one list's flowables at a time from
    ``doc.sections``: the next list's are added when the story holds only the last flowable of the
    one before, so what reportlab looks ahead at (a flowable kept with the next) is there, as in
    one story of every list, and the flowables laid out are let go (reportlab takes each from the
    front of the story)."""
    from reportlab.platypus import BaseDocTemplate

    class PacketDoc(BaseDocTemplate):
        story: list[Any] | None = None
        sections: Iterator[list[Any]] | None = None

        def filterFlowables(self, flowables: list[Any]) -> None:
            if flowables is self.story and len(flowables) <= 1 and self.sections is not None:
                flowables.extend(next(self.sections, ()))

    return PacketDoc


@functools.cache
def _written_document_class() -> Any:
    """reportlab's PDFDocument writing each object to the file as it is formatted (reportlab joins
    them all in memory, then writes them): the same bytes, in the same order."""
    from reportlab import rl_config
    from reportlab.pdfbase import pdfdoc

    class Written(pdfdoc.PDFFile):
        def __init__(self, out: Any, version: Any) -> None:
            self.out = out
            super().__init__(version)

        def add(self, s: Any) -> int:
            data = pdfdoc.pdfdocEnc(s)
            at, self.offset = self.offset, self.offset + len(data)
            self.out.write(data)
            return at

        def format(self, document: Any) -> bytes:
            return b""

    class WrittenDocument(pdfdoc.PDFDocument):
        def SaveToFile(self, filename: Any, canvas: Any) -> None:
            self._out = filename
            self.GetPDFData(canvas)

        def format(self) -> bytes:  # PDFDocument.format (reportlab 4 and 5), its output written as it goes
            doc: Any = self  # (reportlab is untyped here)
            doc.encrypt.prepare(doc)
            cat, info = doc.Catalog, doc.info
            doc.Reference(cat)
            doc.Reference(info)
            encryptref = None
            encryptinfo = doc.encrypt.info()
            if encryptinfo:
                encryptref = doc.Reference(encryptinfo)
            counter = 0
            ids = []
            numbertoid, idToOb, idToOf = doc.numberToId, doc.idToObject, doc.idToOffset
            doc.__accum__ = File = Written(doc._out, doc._pdfVersion)
            while True:
                counter += 1
                if counter not in numbertoid:
                    break
                oid = numbertoid[counter]
                obj = idToOb[oid]
                IOf = pdfdoc.PDFIndirectObject(oid, obj).format(doc)
                if not rl_config.invariant and rl_config.pdfComments:
                    File.add(f"% {oid!a}: class {obj.__class__.__name__[:50]} \n")
                idToOf[oid] = File.add(IOf)
                ids.append(oid)
                _written(idToOb, oid, obj)
            del doc.__accum__
            lno = len(numbertoid)
            if counter - 1 != lno:
                raise ValueError(f"counter {counter} doesn't match number to id dictionary {lno}")
            xref = pdfdoc.PDFCrossReferenceTable()
            xref.addsection(0, ids)
            xrefoffset = File.add(xref.format(doc))
            trailer = pdfdoc.PDFTrailer(
                startxref=xrefoffset,
                Size=lno + 1,
                Root=doc.Reference(cat),
                Info=doc.Reference(info),
                Encrypt=encryptref,
                ID=doc.ID(),
            )
            File.add(trailer.format(doc))
            return b""

    return WrittenDocument


_WRITTEN = object()  # an object of the PDF already written: only its name is kept


def _written(objects: dict[str, Any], name: str, obj: Any) -> None:
    """Let an object go once it is written (a reference to it needs only its name, which stays
    known); a page keeps only its name, which the page tree refers to it by."""
    from reportlab.pdfbase.pdfdoc import PDFPage

    objects[name] = _WRITTEN
    if isinstance(obj, PDFPage):
        internal = obj.__dict__.get("__InternalName__")
        obj.__dict__.clear()
        obj.__dict__["__InternalName__"] = internal


def _lean(page: Any) -> None:
    """A page waiting to be written without what it holds for nothing: its unset entries (None, as
    its class has them) and its empty colour and shading tables (its class's own, empty too)."""
    cls = _lean_page_class()
    for name in [k for k, v in page.__dict__.items() if v is None and k in cls.__NoDefault__]:
        del page.__dict__[name]
    for name in ("_shadingUsed", "_colorsUsed"):
        if not page.__dict__.get(name, True):
            del page.__dict__[name]
    page.__class__ = cls


def _keep(doc: Any, shapes: dict[Any, dict[str, Any]]) -> None:
    """The page just drawn, waiting to be written, as a small record (:func:`_kept_page_class`):
    its name, its shape (its entries but its stream, one dict shared by every page of the same
    entries, from ``shapes``) and what reads its encoded stream back from the spool. A page held
    1.6 KiB of entries of its own, a stream object and its filters: 2,000 lists, 5 MiB. A page
    that is not as :func:`_compress_now` leaves it is kept as it is."""
    page = doc.Pages.pages[-1]
    contents = page.__dict__.get("Contents")
    filters = getattr(contents, "filters", None) or []
    if not filters or not isinstance(filters[0], _Encoded) or filters[0].load is None:
        return
    if any(not isinstance(f, _Encoded) or f.data is not None for f in filters[1:]):
        return
    load: Any = filters[0].load
    text = isinstance(load, functools.partial) and load.func is _as_text  # (ASCII85: given back as text)
    load = load.args[0] if text else load
    state = {k: v for k, v in page.__dict__.items() if k not in ("Contents", "__InternalName__")}
    try:
        key = (tuple(f.pdfname for f in filters), text, _key(state))
    except TypeError:  # an entry of another kind than a roster's pages have: the page as it is
        return
    shape = shapes.setdefault(key, {**state, _FILTERS: key[:2]})
    kept = _kept_page_class()()
    kept.__InternalName__ = page.__InternalName__
    kept.shape, kept.load = shape, load
    doc.Pages.pages[-1] = doc.idToObject[kept.__InternalName__] = kept


_FILTERS = "_armybuilder_filters"  # a kept page's shape: its stream's filters, by name


def _key(value: Any) -> Any:
    """A page's entry as something to compare and hash (TypeError for a kind not known here)."""
    from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary

    if value is None or isinstance(value, bool | int | float | str | bytes):
        return (type(value).__name__, value)
    if isinstance(value, list | tuple):
        return (type(value).__name__, tuple(_key(v) for v in value))
    if isinstance(value, dict):
        return ("dict", tuple((k, _key(v)) for k, v in value.items()))
    if type(value) is PDFDictionary:
        return ("PDFDictionary", _key(value.dict))
    if type(value) is PDFArray:
        return ("PDFArray", _key(value.sequence))
    raise TypeError(type(value).__name__)


@functools.cache
def _kept_page_class() -> Any:
    """A page kept by :func:`_keep`: written as the page it was (a LeanPage of its shape, its
    stream read back), then let go."""
    from reportlab.pdfbase.pdfdoc import PDFObject, PDFStream

    lean = _lean_page_class()

    class KeptPage(PDFObject):
        __slots__ = ("__InternalName__", "load", "shape")
        __RefOnly__ = 1  # as a page: written as an object of its own, referred to
        __InternalName__: str
        load: Callable[[], Any] | None
        shape: dict[str, Any] | None

        def format(self, document: Any) -> Any:
            assert self.shape is not None  # (a document is written once)
            page = lean.__new__(lean)
            page.__dict__.update({k: v for k, v in self.shape.items() if k != _FILTERS})
            names, text = self.shape[_FILTERS]
            assert self.load is not None
            load = functools.partial(_as_text, self.load) if text else self.load
            contents = PDFStream()
            contents.filters = [_Encoded(names[0], None, load), *(_Encoded(n) for n in names[1:])]
            contents.content = b""
            contents.__Comment__ = "page stream"  # type: ignore[attr-defined]  # as reportlab names it
            page.Contents = contents
            page.__InternalName__ = self.__InternalName__
            self.shape = self.load = None  # (a document is written once)
            return page.format(document)

    return KeptPage


@functools.cache
def _lean_page_class() -> Any:
    from reportlab.pdfbase.pdfdoc import PDFPage

    # (the tables are only read when the page is written: one empty table for every page)
    return type("LeanPage", (PDFPage,), {**dict.fromkeys(PDFPage.__NoDefault__), "_shadingUsed": {}, "_colorsUsed": {}})


@functools.cache
def _chunked_table_class() -> Any:
    """The summary's table, a flowable that lays out and splits as one reportlab Table of every
    row, holding only ``SUMMARY_CHUNK`` rows or so: a Table of the header and the next rows, split
    by reportlab where a page ends; the rest (reportlab's own second part of the split, with the
    commands it rewrote) is given the next rows when it runs short, its commands that reach its
    last row made to reach the end (-1), as they do in the whole table."""
    from reportlab.platypus import Table, TableStyle
    from reportlab.platypus.flowables import Flowable

    commands = ("_linecmds", "_bkgrndcmds", "_spanCmds", "_nosplitCmds", "_srflcmds", "_sircmds")

    def table(data: list[list[Any]], widths: list[float], style: list[Any]) -> Any:
        made = Table(data, colWidths=widths, repeatRows=1, hAlign="LEFT")
        made.setStyle(TableStyle(style))
        return made

    class ChunkedTable(Flowable):
        def __init__(
            self,
            header: list[Any],
            rows: Callable[[int, int], tuple[list[list[Any]], list[Any]]],
            count: int,
            widths: list[float],
            style: list[Any],
            start: int = 0,
            rest: Any = None,
        ) -> None:
            super().__init__()
            self.header, self.rows, self.count, self.widths, self.style = header, rows, count, widths, style
            self.start = start  # the first list (0-based) of ``table`` after its header
            self.table = rest if rest is not None else self._first(SUMMARY_CHUNK)
            self.hAlign = "LEFT"

        @property
        def end(self) -> int:  # the list after the table's last row
            return int(self.start + self.table._nrows - 1)

        def _first(self, size: int) -> Any:
            cells, colours = self.rows(0, size)
            return table([self.header, *cells], self.widths, self.style + colours)

        def _more(self) -> None:
            """Give the table the next SUMMARY_CHUNK rows."""
            if self.start == 0:
                self.table = self._first(self.table._nrows - 1 + SUMMARY_CHUNK)
                return
            old, last = self.table, self.table._nrows - 1
            cells, colours = self.rows(self.end, self.end + SUMMARY_CHUNK)
            fresh = table([self.header, *cells], self.widths, self.style + colours)
            heights = list(old._argH) + [None] * len(cells)
            grown = Table(
                old._cellvalues + fresh._cellvalues[1:],
                colWidths=old._colWidths,
                rowHeights=heights,
                repeatRows=old.repeatRows,
                normalizedData=1,
                cellStyles=old._cellStyles + fresh._cellStyles[1:],
                hAlign="LEFT",
                spaceAfter=getattr(old, "spaceAfter", None),
            )

            def ending(c: Any) -> Any:
                (sc, sr), (ec, er) = c[1:3]
                return (c[0], (sc, -1 if sr == last else sr), (ec, -1 if er == last else er), *c[3:])

            for name in commands:
                setattr(grown, name, [ending(c) for c in getattr(old, name)])
            self.table = grown

        def _whole(self) -> Any:
            return self.table if self.end >= self.count else None

        def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
            while True:
                w, h = self.table.wrap(available_width, available_height)
                if self.end >= self.count or h > available_height:
                    return w, h
                self._more()  # it would fit with rows left: it must hold more than a page

        def split(self, available_width: float, available_height: float) -> list[Any]:
            self.wrap(available_width, available_height)
            parts = self.table.split(available_width, available_height)
            if len(parts) != 2:
                return list(parts)
            first, rest = parts
            taken = first._nrows - 1
            left = ChunkedTable(self.header, self.rows, self.count, self.widths, self.style, self.start + taken, rest)
            if left.end >= left.count:
                return [first, rest]
            if rest._nrows - 1 < SUMMARY_CHUNK:
                left._more()
            return [first, left]

        def drawOn(self, canvas: Any, x: float, y: float, _sW: float = 0) -> None:
            self.table.drawOn(canvas, x, y, _sW)

    def make(header: list[Any], rows: Any, count: int, widths: list[float], style: list[Any]) -> Any:
        if count <= SUMMARY_CHUNK:  # one Table, as ever
            cells, colours = rows(0, count)
            return table([header, *cells], widths, style + colours)
        return ChunkedTable(header, rows, count, widths, style)

    return make


def _marker_class() -> Any:
    """A flowable of no size, put before each list's page break: it tells the exporter which list
    the next page shows (the page's start is drawn before its first flowable)."""
    from reportlab.platypus.flowables import Flowable

    class Marker(Flowable):
        def __init__(self, exporter: PacketExporter, index: int) -> None:
            super().__init__()
            self.exporter, self.index = exporter, index

        def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
            return (0, 0)

        def draw(self) -> None:
            self.exporter._next = self.index
            self.exporter._listed(self.canv)

    return Marker


def render(packet: Packet, paper: Paper | str = Paper.a4, compact: bool = False) -> tuple[bytes, list[str]]:
    """The packet's PDF bytes, and the warnings for stderr (characters the font cannot print...);
    ``compact``: each list laid out as ``export --compact`` lays it out. A packet is rendered once
    (its spool is let go)."""
    exporter = PacketExporter()
    data = exporter.render_packet(packet, paper, compact)
    return data, exporter.warnings


def render_to(packet: Packet, out: IO[bytes], paper: Paper | str = Paper.a4, compact: bool = False) -> list[str]:
    """The packet's PDF written to ``out`` (a file that can be rewound) as it is made: its memory
    does not grow with the packet; returns the warnings."""
    exporter = PacketExporter()
    exporter.render_packet(packet, paper, compact, out)
    return exporter.warnings


# -- the packet of a tournament's run ------------------------------------------------------


def packet_of(t: Tournament, anonymous: bool = False) -> Packet:
    """The packet of a run (:class:`Packet`): each list checked again against the pack for its
    roster (a run keeps only what the reports need), and what the summary shows of it kept in the
    packet's spool; its roster is made again when its pages are laid out (:attr:`Packet.roster`), so
    no roster is kept. With ``anonymous`` the lists are numbered in fingerprint order, not the
    order of their files (which may follow the players' names), and carry no player or list name."""
    import hashlib

    base = os.path.commonpath([os.path.dirname(e.file) or "." for e in t.entries]) if t.entries else ""
    spool = _Spool()
    lists = PacketLists(spool)
    keys: list[tuple[str, int]] = []
    for index, e in enumerate(t.entries):
        roster = _roster(t, index, anonymous, base, 0)
        key = roster.fingerprint
        if key is None and anonymous:
            try:
                key = hashlib.sha256(Path(e.file).read_bytes()).hexdigest()
            except OSError:
                key = ""
        if anonymous:  # (the order of an anonymous packet: only then kept, 2,000 digests)
            keys.append((key or "", e.index))
        label = _label(e, base) if not anonymous else ""
        total = roster.measure_text if roster.measure.total is not None else "-"
        reasons = [f"{f.code}: {f.message}" for f in roster.errors]
        lists.append(PacketList(0, label, e.status, total, reasons, e.system or "-", index))
    order = list(range(len(t.entries)))
    if anonymous:
        order.sort(key=lambda i: keys[i])
    lists.reorder(order)
    numbered = PacketLists(spool)
    for number, item in enumerate(lists, 1):
        item.number = number
        if anonymous:
            item.label = f"List {number}"
        numbered.append(item)

    def roster_of(item: PacketList) -> Roster:
        return _roster(t, item.entry, anonymous, base, item.number)

    shown = (("date", "Date"), ("organiser", "Organiser"), ("url", "Web"))
    facts = [(label, str(t.pack.data[key])) for key, label in shown if key in t.pack.data]
    facts.append(("Event pack", os.path.basename(t.pack.file)))
    facts += [(f"Rules: {sid}", r.words()) for sid, r in t.pack.rules.items()]
    if not anonymous:
        facts += [("Players' names", said) for said in t.names_lines(os.path.basename)]
    if anonymous:
        facts.append(
            (
                "Anonymous",
                "player and list names are left out; the lists are numbered in fingerprint order "
                "(armybuilder fingerprint FILE gives a file's fingerprint, printed at the foot of its pages)",
            )
        )
    return Packet(t.pack.event, facts, numbered, roster_of, len(t.pack.system_ids) > 1, anonymous, t.summary(), spool)


def _label(e: Any, base: str) -> str:
    who = e.player or (os.path.relpath(e.file, base) if base else e.file)
    return str(who + (f": {e.name}" if e.name else ""))


def _roster(t: Tournament, index: int, anonymous: bool, base: str, number: int) -> Roster:
    """The roster of the run's list ``index``, checked again against the pack, named as the packet
    names it (list ``number`` when anonymous)."""
    from armybuilder.export.roster import build, from_result

    e = t.entries[index]
    try:
        roster = build(Path(e.file), pack=t.pack)[0]
    except Exception:  # noqa: BLE001 - one list that cannot be laid out must not lose the packet
        roster = from_result(e.result, None)
    if anonymous:
        roster.name, roster.file = f"List {number}", "(left out: anonymous)"
        roster.player = roster.note = None  # the list's own words may name its player
        _unnamed(roster, e.file)
    elif e.player:  # the player as the run knows them (a desk's name) on the list's pages too
        roster.player = e.player
    return roster


def _unnamed(roster: Roster, file: str) -> None:
    """An anonymous roster's findings without the file's name (a message may quote its path)."""
    from dataclasses import replace

    names = sorted({file, os.path.basename(file)} - {""}, key=len, reverse=True)

    def clean(f: Finding) -> Finding:
        message = f.message
        for name in names:
            message = message.replace(name, "the file")
        return replace(f, message=message, source=None if f.source == file else f.source)

    roster.errors = [clean(f) for f in roster.errors]
    roster.notices = [clean(f) for f in roster.notices]


def write_packet(t: Tournament, path: Path, anonymous: bool, force: bool, compact: bool = False) -> tuple[bool, str]:
    """Write the packet: whether it was written, and the line that says so (or why not)."""
    from armybuilder.fsutil import atomic_write

    with tempfile.TemporaryFile(prefix="armybuilder-packet-") as made:
        try:  # written to a file as it is made, then moved into place: no packet held in memory
            warnings = render_to(packet_of(t, anonymous), made, compact=compact)
        except ExportError as exc:
            return False, one_line(f"{path}: cannot lay out the packet: {exc}")
        made.seek(0)
        try:
            atomic_write(path, made, force=force)
        except FileExistsError:
            return False, one_line(f"{path} already exists; use --force to overwrite it")
        except OSError as exc:
            return False, one_line(f"{path}: cannot write the packet: {exc.strerror or exc}")
    how = "".join(f", {word}" for word, given in (("anonymous", anonymous), ("compact", compact)) if given)
    extra = "".join(f"; {w}" for w in warnings)
    return True, one_line(f"wrote packet {path} ({plural(len(t.entries), 'list')}{how}){extra}")
