"""An organiser's packet: one PDF of a tournament's lists (``tournament PACK LISTS --packet FILE``).

The first page (or pages) is the summary: the event, its rules, how many lists are legal, illegal
and broken, and a table of every list with its total, status and the reasons it is not legal. Then
every list follows in the roster's own layout (:class:`armybuilder.export.pdf.PdfExporter`), each
starting on a new page, checked against the event pack: an illegal list carries the pale INVALID
across its pages. Each list is measured alone first and laid out as ``export --event`` lays it out
(on one page wherever a snugger layout holds it: :meth:`PdfExporter._one_page`), or with
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
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from armybuilder.export import ExportError, ExportOptions, Paper
from armybuilder.export.pdf import (
    BOTTOM_MARGIN_MM,
    COMPACT_SCALES,
    GREEN,
    INSET,
    MARGIN_MM,
    RED,
    PdfExporter,
    embed,
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


@dataclass
class PacketList:
    """One list of the packet: its number, how the summary names it, its verdict and its roster."""

    number: int
    label: str  # "Alice Archer: The Greenwood Host", or "List 3" when anonymous
    status: str  # legal, illegal, broken
    total: str  # "48 of 48 points", or "-"
    reasons: list[str]  # the error findings, "CODE: message"
    roster: Roster | None  # None once laid out: a packet lets each list's roster go (``render``)
    system: str = ""


@dataclass
class Packet:
    event: str
    facts: list[tuple[str, str]]  # the summary's header: (label, text)
    lists: list[PacketList]
    several_systems: bool = False
    anonymous: bool = False
    counts: dict[str, int] = field(default_factory=dict)  # lists, legal, illegal, broken


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

    def render_packet(self, packet: Packet, paper: Paper | str = Paper.a4, compact: bool = False) -> bytes:
        """The packet's PDF. Each list is laid out as ``armybuilder export --event`` lays it out
        (:meth:`PdfExporter._one_page`: on one page when a snugger layout holds it), or with
        ``compact`` as ``export --compact`` does; each with the margins of its layout.

        The lists are laid out one at a time (issue 45, item 10: 2,000 lists took 582 MiB): each is
        measured, its flowables made and laid out only when the one before it is all but done
        (:func:`_packet_doc_class`), and its pages kept compressed until the footers, which need the
        page count, are drawn; so the memory a packet takes does not grow with its lists' flowables.
        The bytes are those of one story of every list built at once."""
        load_platypus()
        from reportlab.lib.pagesizes import A4, LETTER
        from reportlab.lib.units import mm
        from reportlab.platypus import Frame, NextPageTemplate, PageBreak, PageTemplate
        from reportlab.platypus.doctemplate import LayoutError

        if not packet.lists:
            raise ExportError("a packet needs at least one list")
        if any(item.roster is None for item in packet.lists):
            raise ExportError("a packet's lists are laid out once")
        self._packet = packet
        self._carried: list[tuple[int, bytes | None]] = []  # each list's file, embedded when the PDF is saved
        regular, bold, face = fonts()
        self.font, self.bold = regular, bold
        pagesize = LETTER if Paper(paper) is Paper.letter else A4
        options = ExportOptions(paper=Paper(paper), compact=compact)
        self._current: int = 0
        self._next: int | None = None
        self._chars: set[str] = set()
        self._cut = 0
        self._attachment = None  # no roster's own list: the packet carries each list by its number
        self._compact, self._snug, self._keep_tail = False, 0, False  # the summary: the roster's own type
        self._styles()
        buf = _Sink()
        doc = _packet_doc_class()(
            buf,
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
        story = self._summary(packet, avail)
        self._feet = [self._summary_foot(packet)]
        marker = _marker_class()
        said = len(self.warnings)
        layout_warnings: list[str] = []  # said first, as when every list was measured before the packet

        def sections() -> Iterator[list[Flowable]]:
            for item in packet.lists:
                roster, item.roster = item.roster, None  # let go once laid out: only its file is kept
                assert roster is not None  # (checked above)
                self._carried.append((item.number, roster.carried))
                self._forget()
                before = len(self.warnings)
                layout = self._layout_of(roster, options, compact)
                layout_warnings.extend(self.warnings[before:])
                del self.warnings[before:]
                self._compact, self._snug, scale, self._keep_tail = layout
                self._styles(scale)
                section = [marker(self, len(self._feet)), NextPageTemplate(template(self._margins())), PageBreak()]
                self._feet.append(self._list_foot(item.number, roster))
                yield section + self._story(roster, avail)

        doc.sections = sections()
        doc.story = story
        self._current, self._next = 0, None
        try:
            doc.build(story, canvasmaker=self._canvas_class())
        except LayoutError as exc:
            raise ExportError(f"the packet does not fit the page ({exc})") from None
        finally:
            doc.sections = doc.story = None
            self._forget(everything=True)
        self.warnings[said:said] = layout_warnings
        self._check_glyphs(face)
        return buf.data

    def _forget(self, everything: bool = False) -> None:
        """Let the texts parsed and the line breaking kept (:meth:`PdfExporter._p`) go when they
        have grown past ``KEPT_TEXTS`` (or ``everything``): what one list and the next need is kept,
        not every list's."""
        for name in ("_parsed", "_wrapped"):
            kept = self.__dict__.get(name)
            if kept is not None and (everything or len(kept) > KEPT_TEXTS):
                kept.clear()

    def _layout_of(self, roster: Roster, options: ExportOptions, compact: bool) -> tuple[bool, int, float, bool]:
        """How one list is laid out in the packet, measured alone (no QR code: a packet shows none):
        (--compact, snugness, type scale, trailing sections kept with the last). Measured while the
        packet is being laid out: what the packet's own pages keep (the characters printed, the
        texts cut, the list whose page is drawn) is left as it was."""
        kept = {name: self.__dict__[name] for name in _PACKET_STATE if name in self.__dict__}
        self._measuring = True
        try:
            return self._measured_layout(roster, options, compact)
        finally:
            self._measuring = False
            self.__dict__.update(kept)

    def _measured_layout(self, roster: Roster, options: ExportOptions, compact: bool) -> tuple[bool, int, float, bool]:
        self._compact = compact
        self._appendix_page = True
        if not compact:
            scale, tail = self._one_page(roster, options)
            return False, self._snug, scale, tail
        self._snug = 0
        for scale in COMPACT_SCALES:
            tail = self._measure(roster, options, scale)
            if self._pages == 1:
                break
        else:
            self.warnings.append(
                f"{roster.title}: the list takes {self._pages} pages even with --compact (at the smallest type)"
            )
        return True, 0, scale, tail

    def _attach(self, canvas: Canvas) -> None:
        """Each list as a file (:func:`packet_file`), so that ``import PACKET --list K`` takes one out;
        none in an anonymous packet, whose lists name their players."""
        if self._packet.anonymous:
            return
        files: list[tuple[str, bytes, str, dict[str, str]]] = [
            (packet_file(number), carried, f"List {number} of the packet", {})
            for number, carried in self._carried
            if carried is not None
        ]
        embed(canvas, files)

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
        from reportlab.lib import colors
        from reportlab.platypus import Table as RLTable
        from reportlab.platypus import TableStyle

        head = ["#", "List", *(["System"] if packet.several_systems else []), "Total", "Status", "Reasons"]
        rows: list[list[str]] = []
        cells: list[list[Any]] = []
        for item in packet.lists:
            shown = item.reasons[:MAX_REASONS]
            if len(item.reasons) > MAX_REASONS:
                shown.append(f"and {len(item.reasons) - MAX_REASONS} more (on its page)")
            text = [str(item.number), item.label, *([item.system] if packet.several_systems else [])]
            text += [item.total, item.status]
            rows.append([*text, max(shown, key=len) if shown else ""])
            cells.append(
                [self._p(t, "cell_r" if i == 0 else "cell") for i, t in enumerate(text)]
                + [[self._p(r, "cell") for r in shown] or self._p("", "cell")]
            )
        widths = self._col_widths(head, rows, avail)
        data = [[self._p(h, "head") for h in head], *cells]
        table = RLTable(data, colWidths=widths, repeatRows=1, hAlign="LEFT")
        style = self._grid_style()
        status_col = len(head) - 2
        for row, item in enumerate(packet.lists, 1):
            colour = GREEN if item.status == "legal" else RED
            style.append(("TEXTCOLOR", (status_col, row), (status_col, row), colors.HexColor(colour)))
        table.setStyle(TableStyle(style))
        return table

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
        canvas._armybuilder_page_of = self._current  # type: ignore[attr-defined]  # read back by the footer
        self._roster_valid = self._feet[self._current].valid or self._current == 0
        super()._page(canvas, doc)

    def _draw_footer(self, canvas: Canvas, total: int, colors: ModuleType, mm: float) -> None:
        foot = self._feet[getattr(canvas, "_armybuilder_page_of", 0)]
        self._roster_valid = foot.valid
        self._foot1, self._foot2, self._foot2_tail = foot.first, foot.second, foot.tail
        super()._draw_footer(canvas, total, colors, mm)


class _Sink:
    """Where the PDF is written: its bytes, kept as they are (a BytesIO would copy them)."""

    data = b""

    def write(self, data: bytes) -> None:
        self.data += data


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

    return Marker


def render(packet: Packet, paper: Paper | str = Paper.a4, compact: bool = False) -> tuple[bytes, list[str]]:
    """The packet's PDF bytes, and the warnings for stderr (characters the font cannot print...);
    ``compact``: each list laid out as ``export --compact`` lays it out. The packet is used up: each
    list's roster is let go once laid out (only its file is kept, to embed), so a packet is rendered once."""
    exporter = PacketExporter()
    data = exporter.render_packet(packet, paper, compact)
    return data, exporter.warnings


# -- the packet of a tournament's run ------------------------------------------------------


def packet_of(t: Tournament, anonymous: bool = False) -> Packet:
    """The packet of a run (:class:`Packet`): each list checked again
    against the pack for its roster (a run keeps only what the reports need). With ``anonymous``
    the lists are numbered in fingerprint order, not the order of their files (which may follow
    the players' names), and carry no player or list name."""
    import hashlib

    from armybuilder.export.roster import build, from_result

    base = os.path.commonpath([os.path.dirname(e.file) or "." for e in t.entries]) if t.entries else ""
    made = []
    for e in t.entries:
        try:
            roster = build(Path(e.file), pack=t.pack)[0]
        except Exception:  # noqa: BLE001 - one list that cannot be laid out must not lose the packet
            roster = from_result(e.result, None)
        key = roster.fingerprint
        if key is None:
            try:
                key = hashlib.sha256(Path(e.file).read_bytes()).hexdigest()
            except OSError:
                key = ""
        made.append((e, roster, key))
    if anonymous:
        made.sort(key=lambda m: (m[2], m[0].index))
    lists = []
    for number, (e, roster, _) in enumerate(made, 1):
        if anonymous:
            roster.name, roster.file, label = f"List {number}", "(left out: anonymous)", f"List {number}"
            roster.player = roster.note = None  # the list's own words may name its player
            _unnamed(roster, e.file)
        else:
            who = e.player or (os.path.relpath(e.file, base) if base else e.file)
            label = who + (f": {e.result.name}" if e.result.name else "")
            if e.player:  # the player as the run knows them (a desk's name) on the list's pages too
                roster.player = e.player
        total = roster.measure_text if roster.measure.total is not None else "-"
        reasons = [f"{f.code}: {f.message}" for f in roster.errors]
        lists.append(PacketList(number, label, e.status, total, reasons, roster, e.result.system or "-"))
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
    return Packet(t.pack.event, facts, lists, len(t.pack.system_ids) > 1, anonymous, t.summary())


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

    try:
        data, warnings = render(packet_of(t, anonymous), compact=compact)
    except ExportError as exc:
        return False, one_line(f"{path}: cannot lay out the packet: {exc}")
    try:
        atomic_write(path, data, force=force)
    except FileExistsError:
        return False, one_line(f"{path} already exists; use --force to overwrite it")
    except OSError as exc:
        return False, one_line(f"{path}: cannot write the packet: {exc.strerror or exc}")
    how = "".join(f", {word}" for word, given in (("anonymous", anonymous), ("compact", compact)) if given)
    extra = "".join(f"; {w}" for w in warnings)
    return True, one_line(f"wrote packet {path} ({plural(len(t.entries), 'list')}{how}){extra}")
