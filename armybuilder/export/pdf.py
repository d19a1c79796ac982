"""PDF roster with reportlab: a page to print and hand to an opponent or an organiser.

Layout (A4 or Letter, 15 mm margins): the list's name; a full-width status banner (green
VALID, red INVALID with the number of errors); the header facts (system, measure, findings,
file, date), with the QR code of the list's share code beside them (:mod:`.qr`); every error
in a red-edged box; one table per section of the army (header row
repeated when a table continues on the next page, columns sized to fit the page, numbers
right-aligned), with its notes; the warnings and info findings; and the export facts
(armybuilder version, data version, fingerprint). Every page carries a footer with the list's
name, its status, its measure, the fingerprint and "page N of M"; the pages of an invalid list
also carry a pale "INVALID" across them, so no page of it passes for a legal list. The header
facts show the event and its date (``--event PACK``, also named in the export facts) and the list's
player and note when it has them; ``--with-rules`` adds the rules appendix
after the roster (a table of what the list uses, from a new page). A short roster that would spill
a few lines onto a second page is set snug instead (less padding, its fine print smaller) when that
keeps it on one page (``SNUG_STEPS``: the spacing tightened first, then the type a little smaller).
Whatever the layout, no page holds only the roster's trailing sections ("Not checked" and the
export facts): when one would, the section before them goes over with them. ``--compact`` aims
at one page for everything, the appendix too: smaller type, less padding, each table's notes run
together, no heading starting a new page; it tries
``COMPACT_SCALES`` in turn, and warns whenever the PDF takes more than one page (then the roster
keeps a page of its own when it fits one, and the appendix follows it).
Every layout tried is only measured (laid out, its pages counted, nothing drawn or written:
``_measure``); the one chosen is then built into the PDF, once.

The list the roster carries is an embedded file; its file specification also records how the
roster was laid out (``LAYOUT_KEY``: the file name, date, paper, ``--compact``, ``--min-severity``,
``--with-rules``), so that ``armybuilder verify`` can lay the roster out again and compare its pages.

Every text is cut to ``MAX_TEXT`` characters (with an ellipsis, and a warning) before layout:
reportlab's line breaking takes time with the square of a paragraph's length, and a list file
(up to 1 MiB) may hold a name of a million characters. At most ``MAX_FINDINGS`` errors (and as
many warnings and notes) are printed, then how many more there are. So every list a command
accepts exports in a second or two.

Text is set in DejaVu Sans, bundled in ``armybuilder/fonts`` (accented, Greek and Cyrillic
names print as written; the fonts are subset to those scripts by ``tools/subset_fonts.py``).
Chinese, Japanese and Korean characters, which it lacks, are set run by run in reportlab's CID
fonts (``CJK_FONTS``: Adobe's Asian fonts, supplied by the PDF reader, so no font file is bundled or
embedded; their text stays Unicode, so it reads back). Other characters the font lacks are
reported as warnings instead of silently printing as boxes. The
document is built in reportlab's invariant mode: the same roster gives
the same bytes.

reportlab is imported only here, and only when a PDF is rendered.
"""

from __future__ import annotations

import functools
import io
import json
import sys
import zlib
from collections.abc import Callable, Iterable
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, Literal

from armybuilder.export import Exporter, ExportError, ExportOptions, Paper
from armybuilder.export.appendix import NOTHING_USED, RULES_INTRO
from armybuilder.export.roster import Roster, Table, finding_text, notices_heading
from armybuilder.text import one_line

if TYPE_CHECKING:  # pragma: no cover
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import Flowable, Paragraph
    from reportlab.platypus import Table as RLTable
    from reportlab.platypus.doctemplate import BaseDocTemplate, SimpleDocTemplate

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"
LIST_FILE = "armybuilder-list.json"  # the embedded file that holds the list a roster was made from
LAYOUT_KEY = "ArmybuilderLayout"  # its file specification's entry: how the roster was laid out (JSON)
MARGIN_MM = 15
INSET = 6  # points: platypus frames pad their content by 6 points on each side
REGULAR, BOLD = "ArmybuilderSans", "ArmybuilderSans-Bold"
MAX_TEXT = 1000  # characters of one text (a name, a cell, a finding) laid out; the rest is cut
MAX_FINDINGS = 100  # errors, and warnings and notes, printed; the rest are counted (validate lists them)
COMPACT = 0.8  # --compact: every type size times this (9-point text at 7.2 points)...
COMPACT_SCALES = (1.0, 0.9, 0.8)  # ...and times these in turn until the roster fits one page (5.8 points)
COMPACT_MARGIN_MM = 10  # --compact: the top margin
# A short roster spilling onto a second page: (type scale, snugness) in turn, until it fits one. Snug
# (1): half the paddings, a 10 mm top margin, its fine print small; snugger (2): less space around
# headings and a lower bottom margin too. The spacing is tightened before the type shrinks, and the
# type never below 0.85 (7.65-point text, 6.4-point fine print: --compact goes down to 5.8).
SNUG_STEPS = ((1.0, 1), (1.0, 2), (0.92, 2), (0.85, 2))
SNUG_GAPS = (1.0, 0.6, 0.35, 0.15)  # the space around headings, times this, by snugness
# A packet's list that even the snuggest step leaves on more than one page (issue 46, item 13): the
# packet's own layout, snugness 3 (``PACKET_SNUG``): the snugger spacing, its findings in small type,
# tables short enough set two side by side (``_arranged``), and the type at each of
# ``PACKET_SCALES`` in turn until it fits (never below 0.7: 6.3-point text, 6-point cells; --compact
# goes down to 5.8).
PACKET_SNUG = 3
PACKET_SCALES = (0.92, 0.85, 0.8, 0.75, 0.7)
COLUMN_GAP = 10  # points between the two columns of the packet's layout
PACKET_PADDING = 0.4  # the packet's layout: the paddings of banners, boxes and table cells, times this
BOTTOM_MARGIN_MM = 22  # above the footer (the footer's rule is at 16 mm)...
SNUGGER_BOTTOM_MARGIN_MM = 18  # ...and snugger
COMPACT_PADDING = 0.5  # --compact: the paddings of banners, boxes and table cells, and the gaps, times this

_registered: tuple[str, str, TTFont | None] | None = None


def _xml(text: str) -> str:
    """``&``, ``>`` and ``<`` as entities, for reportlab's paragraph markup: what
    ``xml.sax.saxutils.escape`` does, without importing it (it pulls in urllib.request, http.client,
    email and ssl: about 24 ms of every PDF)."""
    return text.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")


def load_platypus() -> None:
    """Import reportlab's platypus, its pattern of web addresses compiled when first used (never,
    for a roster: 25 to 50 ms of every PDF; :mod:`armybuilder.lazyre`)."""
    if "reportlab.platypus.paragraph" in sys.modules:
        return
    from armybuilder.lazyre import REPORTLAB_URI, deferred, lazy_module

    lazy_module("PIL.Image")  # reportlab's pictures: a roster has none
    with deferred(REPORTLAB_URI):
        import reportlab.platypus.paragraph  # noqa: F401 - imported for its side effect: loaded


def fonts() -> tuple[str, str, TTFont | None]:
    """Register the bundled fonts once: (regular name, bold name, the regular TTFont or None).

    Without the bundled files (a broken install) the PDF falls back to Helvetica, and the
    exporter warns about every character Helvetica cannot print.
    """
    global _registered
    if _registered is None:
        from reportlab.pdfbase import pdfmetrics
        from reportlab.pdfbase.ttfonts import TTFError, TTFont

        try:
            regular = TTFont(REGULAR, str(FONT_DIR / "DejaVuSans.ttf"))
            bold = TTFont(BOLD, str(FONT_DIR / "DejaVuSans-Bold.ttf"))
        except (OSError, TTFError):  # missing or unreadable font files
            _registered = ("Helvetica", "Helvetica-Bold", None)
        else:
            pdfmetrics.registerFont(regular)
            pdfmetrics.registerFont(bold)
            pdfmetrics.registerFontFamily(REGULAR, normal=REGULAR, bold=BOLD, italic=REGULAR, boldItalic=BOLD)
            _registered = (REGULAR, BOLD, regular)
    return _registered


BOX = "\u25a1"  # WHITE SQUARE, in DejaVu Sans: what a character with no glyph prints as (issue 46, item 14)


def unprintable(text: str) -> list[str]:
    """The characters of ``text`` a PDF roster or packet cannot draw (a box in their place): the
    check behind the exporter's warning (``tournament --packet``), for the desk's organiser page to
    say it beside a player's name (issue 46, item 14). CJK characters are set in a CJK font."""
    face = fonts()[2]
    out: list[str] = []
    for c in dict.fromkeys(text):
        if c.isspace() or ord(c) < 32 or cjk_script(c) is not None:
            continue
        if face is None:
            try:
                c.encode("cp1252")
            except UnicodeEncodeError:
                out.append(c)
        elif ord(c) not in face.face.charToGlyph:
            out.append(c)
    return out


# Names in Chinese, Japanese or Korean: the bundled DejaVu Sans has none of their characters, so a
# run of them is set in one of the CJK fonts every PDF reader knows (reportlab's CID fonts: Adobe's
# Asian font packs, which a reader supplies; no font file is bundled or embedded). Their text is
# Unicode in the PDF (UCS-2 encodings): pypdf and pdftotext read the names back.
CJK_FONTS = {"zh": "STSong-Light", "ja": "HeiseiKakuGo-W5", "ko": "HYGothic-Medium"}
CJK_START = "\u1100"  # no character below this is CJK: a text all below it is set in one font


def cjk_script(c: str) -> str | None:
    """``ko`` (Hangul), ``ja`` (kana), ``han`` (Han ideographs, CJK punctuation, full-width forms), or
    None for a character of no CJK script."""
    o = ord(c)
    if 0x1100 <= o <= 0x11FF or 0x3130 <= o <= 0x318F or 0xA960 <= o <= 0xA97F or 0xAC00 <= o <= 0xD7FF:
        return "ko"
    if 0x3040 <= o <= 0x30FF or 0x31F0 <= o <= 0x31FF or 0xFF66 <= o <= 0xFF9F:
        return "ja"
    if (
        0x2E80 <= o <= 0x2FDF
        or 0x3000 <= o <= 0x303F
        or 0x3100 <= o <= 0x312F
        or 0x31A0 <= o <= 0x31EF
        or 0x3200 <= o <= 0x4DBF
        or 0x4E00 <= o <= 0x9FFF
        or 0xF900 <= o <= 0xFAFF
        or 0xFE30 <= o <= 0xFE4F
        or 0xFF00 <= o <= 0xFFEF
        or 0x20000 <= o <= 0x3FFFF
    ):
        return "han"
    return None


def _covered(c: str) -> bool:
    """Whether the main font has a glyph for ``c``."""
    face = fonts()[2]
    if face is None:
        try:
            c.encode("cp1252")
        except UnicodeEncodeError:
            return False
        return True
    return ord(c) in face.face.charToGlyph


@functools.cache
def cjk_font(language: str) -> str:
    """The CID font for ``language`` (``CJK_FONTS``), registered once (its bold and italic: itself)."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont

    name = CJK_FONTS[language]
    pdfmetrics.registerFont(UnicodeCIDFont(name))
    pdfmetrics.registerFontFamily(name, normal=name, bold=name, italic=name, boldItalic=name)
    return name


def font_runs(text: str, font: str) -> list[tuple[str, str]]:
    """``text`` as (font, part) runs: in ``font`` but for the CJK characters it has no glyph for,
    which are set in a CJK font (Japanese when the text holds kana, Korean for Hangul, else
    Chinese). A character of another script the font lacks stays in ``font`` (and is warned of)."""
    if not text or max(text) < CJK_START:
        return [(font, text)]
    japanese = any(cjk_script(c) == "ja" for c in text)
    runs: list[tuple[str, str]] = []
    for c in text:
        script = None if _covered(c) else cjk_script(c)
        if script is None:
            chosen = font
        else:
            chosen = cjk_font("ko" if script == "ko" else "ja" if japanese or script == "ja" else "zh")
        if runs and runs[-1][0] == chosen:
            runs[-1] = (chosen, runs[-1][1] + c)
        else:
            runs.append((chosen, c))
    return runs


def _markup(text: str, font: str) -> str:
    """``text`` as paragraph markup (escaped), each CJK run in its font (:func:`font_runs`)."""
    return "".join(
        _xml(part) if chosen == font else f'<font name="{chosen}">{_xml(part)}</font>'
        for chosen, part in font_runs(text, font)
    )


def text_width(text: str, font: str, size: float) -> float:
    """The width of ``text`` in ``font`` at ``size``, its CJK runs in their font (:func:`font_runs`)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    if not text or max(text) < CJK_START:
        return stringWidth(text, font, size)
    return sum(stringWidth(part, chosen, size) for chosen, part in font_runs(text, font))


def draw_text(canvas: Canvas, x: float, y: float, text: str, font: str, size: float) -> None:
    """``canvas.drawString`` of ``text`` in ``font``, its CJK runs in their font (:func:`font_runs`)."""
    runs = font_runs(text, font)
    if len(runs) == 1 and runs[0][0] == font:
        canvas.drawString(x, y, text)
        return
    line = canvas.beginText(x, y)  # one text object: its text reads back as one line
    for chosen, part in runs:
        line.setFont(chosen, size)
        line.textOut(part)
    line.textLine("")  # ends the line, as a drawString does for a reader of its text
    canvas.drawText(line)
    canvas.setFont(font, size)


def split_lines(text: str, font: str, size: float, width: float) -> list[str]:
    """``text`` broken into lines of at most ``width`` (reportlab's ``simpleSplit``, between words),
    measured with its CJK runs in their font; a word too wide for a line (CJK is written without
    spaces) is broken between its characters."""
    if not text or max(text) < CJK_START:
        from reportlab.lib.utils import simpleSplit

        return list(simpleSplit(text, font, size, width))
    lines: list[str] = []
    line = ""
    for word in text.split():
        joined = f"{line} {word}" if line else word
        if text_width(joined, font, size) <= width:
            line = joined
            continue
        if line:
            lines.append(line)
        line = ""
        for c in word:  # (only a word wider than a line of its own is broken)
            if line and text_width(line + c, font, size) > width:
                lines.append(line)
                line = ""
            line += c
    if line:
        lines.append(line)
    return lines


GREEN = "#1d7a35"
RED = "#b0001a"
PALE_RED = "#fbe6e8"
AMBER = "#b36b00"
PALE_AMBER = "#fff4e0"
GRID = "#9a9a9a"
HEAD = "#e3e3e3"
STRIPE = "#f4f4f4"
WATERMARK = "#f7d4d8"


class PdfExporter(Exporter):
    name = "pdf"
    suffix = ".pdf"
    binary = True

    _compact = False  # --compact: one page, smaller type, tighter tables, notes run together
    _appendix_page = True  # the rules appendix starts a new page (with --compact, only when one page cannot hold all)
    _snug = 0  # a short roster that would spill a few lines onto a second page: tighter spacing (SNUG_STEPS)
    _keep_tail = False  # the last section before the trailing ones kept on their page (no page of those alone)
    _body_page = 0  # the page the roster's last section ends on (before "Not checked" and the export facts)
    _pages = 0
    _roster_pages = 0
    _carries = True  # the PDF carries the roster's list (and shows its QR code); a packet's lists do not

    def render(self, roster: Roster, options: ExportOptions) -> bytes:
        load_platypus()
        self._compact = options.compact
        self._link = options.link
        self._snug = 0
        self._appendix_page = True
        self._layout = _layout_record(roster, options)
        # Every layout tried is measured (laid out, never drawn or written: ``_measure``); only the
        # one chosen is built into a PDF, once.
        if not self._compact:
            scale, tail = self._one_page(roster, options)
            return self._final(roster, options, scale, tail)
        # --compact: the largest type that fits everything, the rules appendix too, on one page
        self._appendix_page = False
        for scale in COMPACT_SCALES:
            tail = self._measure(roster, options, scale)
            if self._pages == 1:
                return self._final(roster, options, scale, tail)
        if roster.rules is not None:  # the roster alone on its page, when it fits, and the appendix after it
            self._appendix_page = True
            for scale in COMPACT_SCALES:
                tail = self._measure(roster, options, scale)
                if self._roster_pages == 1:
                    data = self._final(roster, options, scale, tail)
                    self.warnings.append(
                        f"the roster and its rules appendix take {self._pages} pages even with --compact: the "
                        f"roster is on page 1, the appendix on {_pages_text(2, self._pages)}"
                    )
                    return data
        data = self._final(roster, options, scale, tail)  # the last tried: the smallest type
        self.warnings.append(
            f"the roster takes {self._roster_pages} pages even with --compact (at the smallest type): "
            "it has too many rows or findings for one page"
            + (
                f" (and its rules appendix {_pages_text(self._roster_pages + 1, self._pages)})"
                if roster.rules is not None
                else ""
            )
        )
        return data

    def _one_page(self, roster: Roster, options: ExportOptions) -> tuple[float, bool]:
        """The layout of a roster without --compact: the type scale and ``_keep_tail`` (``_snug`` is
        left set): as it is when it takes one page or more than two, else the first of SNUG_STEPS
        that keeps it on one (a tournament packet lays each list out with it too)."""
        self._snug = 0
        tail = self._measure(roster, options, 1.0)
        if self._roster_pages != 2:  # one page, or a long roster: laid out as it is
            return 1.0, tail
        # A short roster spilling onto a second page: the first of SNUG_STEPS that keeps it on one.
        # The snuggest is tried first: when even it spills (a roster of two pages, the most
        # common), none of the others can hold it, and one measure more is all it costs.
        *looser, (snuggest_scale, snuggest) = SNUG_STEPS
        self._snug = snuggest
        snug_tail = self._measure(roster, options, snuggest_scale, one_page=True)
        if self._roster_pages != 1:
            self._snug = 0
            return 1.0, tail
        for scale, self._snug in looser:
            roomier_tail = self._measure(roster, options, scale, one_page=True)
            if self._roster_pages == 1:
                return scale, roomier_tail
        self._snug = snuggest
        return snuggest_scale, snug_tail

    def _margins(self) -> tuple[float, float]:
        """The top and bottom margins (mm) of the layout set (--compact, ``_snug``)."""
        top = COMPACT_MARGIN_MM if self._compact or self._snug else MARGIN_MM
        return top, (SNUGGER_BOTTOM_MARGIN_MM if self._snug > 1 else BOTTOM_MARGIN_MM)

    @property
    def _tight(self) -> float:
        """What paddings and gaps are multiplied by: less with --compact."""
        if self._snug >= PACKET_SNUG:
            return PACKET_PADDING
        return COMPACT_PADDING if self._compact or self._snug else 1.0

    def _measure(self, roster: Roster, options: ExportOptions, scale: float, one_page: bool = False) -> bool:
        """Lay the roster out with type at ``scale`` (1: the compact sizes as they are, with --compact)
        and count its pages (``_pages``, ``_roster_pages``), drawing and writing nothing; again with
        the roster's last section kept with its trailing ones when a page would hold only those.
        Returns whether it is (``_keep_tail``), for :meth:`_final`. Says no warning: the PDF built says its own.
        ``one_page``: only whether it fits one page matters; a roster of more is not laid out again
        (keeping a section with the next never takes fewer pages)."""
        said = len(self.warnings)
        self._keep_tail = False
        self._build(roster, options, scale, measure=True)
        alone = self._roster_pages > self._body_page > 0  # a page of "Not checked" and the export facts alone
        if alone and not (one_page and self._roster_pages > 1):
            self._keep_tail = True
            self._build(roster, options, scale, measure=True)
        del self.warnings[said:]
        return self._keep_tail

    def _final(self, roster: Roster, options: ExportOptions, scale: float, keep_tail: bool) -> bytes:
        """The PDF of the layout chosen (as measured): the same pages, drawn and written."""
        self._keep_tail = keep_tail
        return self._build(roster, options, scale)

    def _build(self, roster: Roster, options: ExportOptions, scale: float, measure: bool = False) -> bytes:
        """The PDF; with ``measure``, only its layout: the pages counted, nothing drawn (b"")."""
        from reportlab.lib.pagesizes import A4, LETTER
        from reportlab.lib.units import mm
        from reportlab.platypus import SimpleDocTemplate

        self._chars: set[str] = set()
        self._cut = 0  # texts cut to MAX_TEXT characters
        self._pages = 0  # set when the document is saved
        self._roster_pages = 0  # the pages before the rules appendix: set with it, else all of them
        self._body_page = 0  # set when the roster's last section is drawn
        self._roster_valid = roster.valid
        self._attachment = roster.carried if self._carries else None  # the list it carries: an embedded file
        regular, bold, face = fonts()
        self.font, self.bold = regular, bold
        self._styles(scale)
        pagesize = LETTER if Paper(options.paper) is Paper.letter else A4
        buf = io.BytesIO()
        doc = (_measuring_doc_class() if measure else SimpleDocTemplate)(
            buf,
            pagesize=pagesize,
            invariant=1,
            leftMargin=MARGIN_MM * mm,
            rightMargin=MARGIN_MM * mm,
            topMargin=self._margins()[0] * mm,
            bottomMargin=self._margins()[1] * mm,
            title=self._short(roster.title),
            author="armybuilder",
            creator=f"armybuilder {roster.version}",
            subject=f"{roster.system_label} roster: {roster.status}, {roster.measure_text}",
            keywords=[f"fingerprint sha256:{roster.fingerprint}"] if roster.fingerprint else [],
            lang="en",
        )
        story = self._story(roster, doc.width - 2 * INSET)
        self._footer_text(roster)
        from reportlab.platypus.doctemplate import LayoutError

        try:
            canvas = self._measuring_canvas_class() if measure else self._canvas_class()
            doc.build(story, onFirstPage=self._page, onLaterPages=self._page, canvasmaker=canvas)
        except LayoutError as exc:
            raise ExportError(f"the roster does not fit the page ({exc})") from None
        if measure:
            return b""
        self._check_glyphs(face)
        if self._cut:
            self.warnings.append(
                f"{self._cut} text{'s' if self._cut > 1 else ''} longer than {MAX_TEXT:,} characters "
                f"{'were' if self._cut > 1 else 'was'} cut short (…) in the PDF"
            )
        return buf.getvalue()

    # --- text and styles -------------------------------------------------------------------

    def _styles(self, scale: float = 1.0) -> None:
        """The paragraph styles; with --compact smaller (``COMPACT``), times ``scale``: made once per
        layout and kept (each layout measured is made again, and a packet has a thousand lists), so
        that a text is parsed once per style (:meth:`_p`)."""
        key = (scale, self._compact, self._snug, self.font, self.bold)
        made: dict[Any, dict[str, Any]] = self.__dict__.setdefault("_made_styles", {})
        if key not in made:
            made[key] = self._make_styles(scale)
        self.s = made[key]

    def _make_styles(self, scale: float) -> dict[str, Any]:
        from reportlab.lib import colors
        from reportlab.lib.enums import TA_RIGHT
        from reportlab.lib.styles import ParagraphStyle

        k = scale * (COMPACT if self._compact else 1.0)

        def size(points: float, leading: float, **kw: Any) -> dict[str, Any]:
            return {"fontSize": points * k, "leading": leading * k, **kw}

        base = ParagraphStyle("base", fontName=self.font, bulletFontName=self.font, **size(9, 11.5))
        title = (18, 22) if not self._compact else (13, 16)  # the compact title is smaller still
        gap = 0.4 if self._compact else SNUG_GAPS[self._snug]  # the space around headings
        return {
            "base": base,
            "title": ParagraphStyle("title", base, fontName=self.bold, **size(*title, spaceAfter=6 * gap)),
            "banner": ParagraphStyle(
                "banner",
                base,
                fontName=self.bold,
                textColor=colors.white,
                **size(*((14, 17) if not self._compact else (11, 13))),
            ),
            "h2": ParagraphStyle(
                "h2", base, fontName=self.bold, **size(12, 15, spaceBefore=10 * gap, spaceAfter=4 * gap)
            ),
            "label": ParagraphStyle("label", base, fontName=self.bold),
            "cell": ParagraphStyle("cell", base, **size(8.5, 10.5)),
            "cell_r": ParagraphStyle("cell_r", base, alignment=TA_RIGHT, **size(8.5, 10.5)),
            "head": ParagraphStyle("head", base, fontName=self.bold, **size(8.5, 10.5)),
            "head_r": ParagraphStyle("head_r", base, fontName=self.bold, alignment=TA_RIGHT, **size(8.5, 10.5)),
            "note": ParagraphStyle("note", base, leftIndent=10, bulletIndent=2, spaceBefore=1, **size(8, 10)),
            "small": ParagraphStyle("small", base, **size(7.5, 9.5)),
            "small_note": ParagraphStyle("small_note", base, leftIndent=10, bulletIndent=2, **size(7.5, 9.5)),
        }

    def _heading(self, text: str) -> list[Flowable]:
        """A section heading, never alone at the foot of a page: it starts a new page unless
        there is room for it and the first rows under it (with --compact, which aims at one page,
        it never starts one)."""
        from reportlab.platypus import CondPageBreak

        if self._compact:
            return [self._p(text, "h2")]
        return [CondPageBreak(72), self._p(text, "h2")]

    def _notes(self, notes: list[str], fine: bool = False) -> list[Flowable]:
        """Notes under a table: one bullet each, or with --compact a paragraph of as many as fit in
        one text's MAX_TEXT characters (``fine``: the fine print of a snug page, in small type)."""
        if self._compact:
            paragraphs: list[str] = []
            for n in notes:
                if paragraphs and len(paragraphs[-1]) + 3 + len(n) <= MAX_TEXT:
                    paragraphs[-1] += " · " + n
                else:
                    paragraphs.append(n)
            return [self._p(p, "note") for p in paragraphs]
        style = "small_note" if (fine and self._snug) or self._snug >= PACKET_SNUG else "note"
        return [self._p(n, style, bullet="•") for n in notes]

    def _p(self, text: str, style: str, bullet: str | None = None) -> Paragraph:
        """A paragraph of text from the roster (escaped: a name is never markup)."""
        text = self._short(str(text))
        self._chars.update(text)  # (the warning names the characters as written)
        if not text.isascii():  # a character with no glyph: the box it prints as, not a NUL in the PDF's text
            for c in unprintable(text):
                text = text.replace(c, BOX)
        # reportlab parses each paragraph's markup (an HTML parser: most of a story's time); the same
        # text in the same style parses the same, so each is parsed once and its fragments copied
        chosen = self.s[style]
        parsed: dict[tuple[str, int], tuple[str, Any, list[Any]]] = self.__dict__.setdefault("_parsed", {})
        wrapped: dict[Any, Any] = self.__dict__.setdefault("_wrapped", {})
        key = (text, id(chosen))
        if key not in parsed:
            markup = _markup(text, chosen.fontName)
            first: Paragraph = _paragraph_class()(wrapped, (key, bullet), markup, chosen, bulletText=bullet)
            if not isinstance(first.bulletText, list):  # (always: a bullet is given as text, markup is escaped)
                parsed[key] = (first.text, first.style, first.frags)
            return first
        said, parsed_style, frags = parsed[key]
        clones = [f.clone() for f in frags]
        again: Paragraph = _paragraph_class()(
            wrapped, (key, bullet), said, parsed_style, bulletText=bullet, frags=clones
        )
        return again

    def _short(self, text: str) -> str:
        """``text``, cut to MAX_TEXT characters with an ellipsis (counted for the warning), on one
        line with no control character or direction mark (:func:`armybuilder.text.one_line`, as the
        Markdown roster prints it: an ESC or a line break from a name was a NUL in the PDF's text,
        and a U+202E turned the text after it around)."""
        if len(text) > MAX_TEXT:
            self._cut += 1
            text = text[: MAX_TEXT - 1] + "…"
        return one_line(text)

    def _width(self, text: str, font: str, size: float) -> float:
        return text_width(text, font, size)

    def _draw(self, canvas: Canvas, x: float, y: float, text: str, font: str, size: float) -> None:
        draw_text(canvas, x, y, text, font, size)

    # --- the story ---------------------------------------------------------------------------

    def _story(self, r: Roster, avail: float) -> list[Flowable]:
        from reportlab.lib import colors
        from reportlab.lib.units import mm
        from reportlab.platypus import KeepTogether, Spacer, TableStyle
        from reportlab.platypus import Table as RLTable

        story: list[Flowable] = [self._p(r.title, "title")]

        banner_text = "VALID" if r.valid else r.invalid_banner
        banner = RLTable([[self._p(banner_text, "banner")]], colWidths=[avail])
        tight = self._tight
        banner.setStyle(
            TableStyle(
                [
                    ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor(GREEN if r.valid else RED)),
                    ("LEFTPADDING", (0, 0), (-1, -1), 8),
                    ("RIGHTPADDING", (0, 0), (-1, -1), 8),
                    ("TOPPADDING", (0, 0), (-1, -1), 5 * tight),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 6 * tight),
                ]
            )
        )
        story += [banner, Spacer(1, 4 * mm * tight)]

        facts = [
            ("System", r.system_label + (f" ({r.system_id})" if r.system_id else "")),
            (r.measure_label, r.measure_value),
            ("Status", f"{r.status} ({r.counts_text})"),
            *((label, one_line(value)) for label, value in r.header_facts),  # no control character on the page
            ("List file", r.file),
        ]
        if r.date:
            facts.append(("Date", r.date))
        if self._snug >= PACKET_SNUG and len(facts) > 3:  # the packet's layout: the facts in two columns
            story.append(self._with_qr(avail, lambda width: self._fact_columns(facts, width)))
        else:
            story.append(self._with_qr(avail, lambda width: self._facts(facts, width, 30 * mm, 70 * mm)))

        last: int | None = None  # where the last section before the trailing ones starts in the story
        if r.errors:
            last = len(story)
            story += self._heading(f"Errors ({len(r.errors)})")
            errors_style = "small" if self._snug >= PACKET_SNUG else "base"  # the packet's: one compact block
            story.append(self._box(self._findings(r.errors, "errors"), avail, RED, PALE_RED, errors_style))

        for section in self._sections(r.tables, avail):
            last = len(story)
            story += section

        if r.notices:
            last = len(story)
            heading = notices_heading(r.notices)
            story += self._heading(heading)
            lines = self._findings(r.notices, heading.lower(), True)
            warned = heading != "Notes"  # amber for warnings; notes alone in the table's grey (issue 41)
            edge, fill = (AMBER, PALE_AMBER) if warned else (GRID, STRIPE)
            story.append(self._box(lines, avail, edge, fill, "small" if self._compact or self._snug else "base"))
        story.append(self._body_end())

        if r.not_checked and self._snug >= PACKET_SNUG:  # the packet's layout: one line of fine print
            story += [Spacer(1, 3), self._p("Not checked: " + " · ".join(r.not_checked), "small")]
        elif r.not_checked:  # what a VALID does not cover
            story += self._heading("Not checked")
            story += self._notes(r.not_checked, fine=True)

        end = [
            f"{r.status}: {r.title}, {r.measure_text}.",
            f"Exported by armybuilder {r.version}; {r.data_label}" + (f"; {r.date}" if r.date else "") + ".",
            *([one_line(r.event.verdict_line) + "."] if r.event else []),
            (
                f"Fingerprint: {r.fingerprint} (SHA-256 of the list's canonical content; "
                "armybuilder fingerprint FILE prints it for a file)."
                if r.fingerprint
                else "Fingerprint: none (the file cannot be read as a list)."
            ),
        ]
        if r.findings_digest:
            carried = getattr(self, "_attachment", None) is not None
            end.append(
                f"Findings digest: {r.findings_digest}"
                + (
                    " (this PDF carries the list it was made from: armybuilder verify FILE checks it again)."
                    if carried
                    else "."
                )
            )
        block = RLTable([[self._p(line, "small")] for line in end], colWidths=[avail])
        block.setStyle(
            TableStyle(
                [
                    ("LINEABOVE", (0, 0), (-1, 0), 0.5, colors.HexColor(GRID)),
                    ("LEFTPADDING", (0, 0), (-1, -1), 0),
                    ("TOPPADDING", (0, 0), (-1, -1), 1),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
                    ("TOPPADDING", (0, 0), (-1, 0), 4),
                ]
            )
        )
        story.append(KeepTogether([Spacer(1, 6 * mm * tight), block]))
        if self._keep_tail and last is not None:  # no page of the trailing sections alone
            story[last:] = [KeepTogether(story[last:])]
        if r.rules is not None:
            story += self._rules(r, avail)
        return story

    def _section(self, t: Table, width: float, in_column: bool = False) -> list[Flowable]:
        """A table's section: its heading, its table (an empty one shows no header row: its notes
        say why) and its notes, ``width`` wide (``in_column``: in one of two columns, its heading
        never a page break)."""
        from reportlab.platypus import Spacer

        story: list[Flowable] = [self._p(t.title, "h2")] if in_column else self._heading(t.title)
        if t.columns and t.rows:
            story.append(self._table(t, width))
        if t.notes:
            story.append(Spacer(1, 2))
            story += self._notes(t.notes)
        return story

    def _sections(self, tables: list[Table], avail: float) -> list[list[Flowable]]:
        """Each table's section, in order; in the packet's own layout (``PACKET_SNUG``) two tables
        next to each other that both fit half the width (every column at its natural width, and
        the heading) set side by side, the first on the left (issue 46, item 13)."""
        if self._snug < PACKET_SNUG:
            return [self._section(t, avail) for t in tables]
        from reportlab.platypus import Table as RLTable
        from reportlab.platypus import TableStyle

        half = (avail - COLUMN_GAP) / 2
        narrow = [self._fits(t, half) for t in tables]
        sections: list[list[Flowable]] = []
        i = 0
        while i < len(tables):
            if narrow[i] and i + 1 < len(tables) and narrow[i + 1]:
                left, right = (self._section(t, half, in_column=True) for t in tables[i : i + 2])
                pair = RLTable([[left, right]], colWidths=[half + COLUMN_GAP, half], hAlign="LEFT")
                flush = [(f"{side}PADDING", (0, 0), (-1, -1), 0) for side in ("LEFT", "RIGHT", "TOP", "BOTTOM")]
                pair.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), *flush]))
                sections.append([pair])
                i += 2
            else:
                sections.append(self._section(tables[i], avail))
                i += 1
        return sections

    def _fits(self, t: Table, width: float) -> bool:
        """Whether a table's every column at its natural width, and its heading, fit ``width``."""
        if self._width(self._short(t.title), self.bold, self.s["h2"].fontSize) > width:
            return False
        if not (t.columns and t.rows):
            return True
        rows = [[self._short(c) for c in row] for row in t.text_rows()]
        pad, size = (3.5 if self._compact else 6.5), self.s["cell"].fontSize
        natural = 0.0
        for i, col in enumerate(t.columns):
            w = self._width(col, self.bold, size)
            for row in rows:
                w = max(w, self._width(row[i], self.font, size))
            natural += w + pad
        return natural <= width

    def _body_end(self) -> Flowable:
        """A flowable of no size after the roster's last section: it notes the page that section ends
        on, so that a page holding only the trailing sections is seen (and laid out again)."""
        from reportlab.platypus.flowables import Flowable

        exporter = self

        class BodyEnd(Flowable):
            draws_when_measured = True  # the one drawing a measure needs (see _measuring_doc_class)

            def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
                return (0, 0)

            def draw(self) -> None:
                exporter._body_page = self.canv.getPageNumber()

        return BodyEnd()

    def _rules(self, r: Roster, avail: float) -> list[Flowable]:
        """The rules appendix (``--with-rules``): a table of each item the list uses, its kind, its
        rule and its summary, after the roster, from a new page (the roster's pages are counted
        for --compact: the roster on one page, the appendix after it)."""
        from reportlab.platypus import PageBreak
        from reportlab.platypus.flowables import Flowable

        exporter = self

        class RosterEnd(Flowable):  # no size: drawn on the roster's last page, it counts them
            draws_when_measured = True

            def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
                return (0, 0)

            def draw(self) -> None:
                exporter._roster_pages = self.canv.getPageNumber()

        from armybuilder.compose.catalog import printed

        def cited(rule: str | None) -> str:
            return (printed(r.system_id, rule) if r.system_id else rule) if rule else "-"

        rows: list[list[Any]] = [[e.name, e.kind, cited(e.rule), e.summary_text] for e in r.rules or []]
        story: list[Flowable] = [RosterEnd(), *([PageBreak()] if self._appendix_page else [])]
        story += [*self._heading("Rules used"), self._p(RULES_INTRO, "small")]
        if rows:
            story.append(self._table(Table("Rules used", ["Name", "Kind", "Rule", "Summary"], rows), avail))
        else:
            story.append(self._p(NOTHING_USED.capitalize() + ".", "base"))
        return story

    def _with_qr(self, avail: float, make: Callable[[float], Flowable]) -> Flowable:
        """``make(width)`` beside the QR code of the list's share code (:mod:`.qr`), in the header's
        right corner; ``make(avail)`` alone when the list has no code or it is too long for one. Only
        a PDF that carries the list shows it (a packet carries none: an anonymous one must not)."""
        carried = getattr(self, "_attachment", None)
        if carried is None:
            return make(avail)
        from armybuilder.export import qr
        from armybuilder.sharecode import ShareCodeError, encode_carried, link

        try:
            text = encode_carried(carried)
            base = getattr(self, "_link", None)
            code = qr.flowable(
                link(base, text) if base else text, self.font, caption=qr.LINK_CAPTION if base else qr.CAPTION
            )
        except (qr.TooLong, ShareCodeError) as exc:
            self.warnings.append(str(exc) if isinstance(exc, qr.TooLong) else f"no QR code: {exc.message}")
            return make(avail)
        self._chars.update("".join(qr.CAPTION + qr.LINK_CAPTION))
        from reportlab.lib.units import mm
        from reportlab.platypus import Table as RLTable
        from reportlab.platypus import TableStyle

        width = qr.SIDE_MM * mm
        row = RLTable([[make(avail - width - 4 * mm), code]], colWidths=[avail - width, width], hAlign="LEFT")
        flush = [(f"{side}PADDING", (0, 0), (-1, -1), 0) for side in ("LEFT", "RIGHT", "TOP", "BOTTOM")]
        row.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), *flush]))
        return row

    def _facts(self, facts: list[tuple[str, str]], avail: float, floor: float, cap: float) -> RLTable:
        """Label and value rows, the labels' column as wide as the widest label (within floor and cap)."""
        from reportlab.lib.units import mm
        from reportlab.platypus import Table as RLTable
        from reportlab.platypus import TableStyle

        size = self.s["label"].fontSize
        label_w = min(max(floor, max(self._width(k, self.bold, size) for k, _ in facts) + 4 * mm), cap)
        table = RLTable(
            [[self._p(k, "label"), self._p(v, "base")] for k, v in facts],
            colWidths=[label_w, avail - label_w],
            hAlign="LEFT",
        )
        table.setStyle(
            TableStyle(
                [
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("LEFTPADDING", (0, 0), (-1, -1), 0),
                    ("TOPPADDING", (0, 0), (-1, -1), 1),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
                ]
            )
        )
        return table

    def _fact_columns(self, facts: list[tuple[str, str]], avail: float) -> RLTable:
        """The facts in two columns, the first half on the left (the packet's layout)."""
        from reportlab.lib.units import mm
        from reportlab.platypus import Table as RLTable
        from reportlab.platypus import TableStyle

        half = (avail - COLUMN_GAP) / 2
        cut = (len(facts) + 1) // 2
        left, right = (self._facts(part, half, 20 * mm, 45 * mm) for part in (facts[:cut], facts[cut:]))
        pair = RLTable([[left, right]], colWidths=[half + COLUMN_GAP, half], hAlign="LEFT")
        flush = [(f"{side}PADDING", (0, 0), (-1, -1), 0) for side in ("LEFT", "RIGHT", "TOP", "BOTTOM")]
        pair.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), *flush]))
        return pair

    def _findings(self, found: list[Any], what: str, with_severity: bool = False) -> list[str]:
        """The lines of a findings box: the first MAX_FINDINGS, then how many more there are."""
        lines = [finding_text(f, with_severity=with_severity) for f in found[:MAX_FINDINGS]]
        more = len(found) - MAX_FINDINGS
        if more > 0:
            lines.append(f"… and {more:,} more (armybuilder validate lists them all)")
            self.warnings.append(
                f"the PDF shows the first {MAX_FINDINGS} of {len(found):,} {what}; armybuilder validate lists them all"
            )
        return lines

    def _box(self, lines: list[str], avail: float, edge: str, fill: str, style: str = "base") -> RLTable:
        from reportlab.lib import colors
        from reportlab.platypus import Table as RLTable
        from reportlab.platypus import TableStyle

        pad = self._tight
        box = RLTable([[self._p(line, style)] for line in lines], colWidths=[avail], hAlign="LEFT")
        box.setStyle(
            TableStyle(
                [
                    ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor(fill)),
                    ("LINEBEFORE", (0, 0), (0, -1), 3, colors.HexColor(edge)),
                    ("LEFTPADDING", (0, 0), (-1, -1), 7),
                    ("RIGHTPADDING", (0, 0), (-1, -1), 5),
                    ("TOPPADDING", (0, 0), (-1, -1), 2 * pad),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 3 * pad),
                ]
            )
        )
        return box

    def _table(self, t: Table, avail: float) -> RLTable:
        from reportlab.platypus import Table as RLTable
        from reportlab.platypus import TableStyle

        numeric = t.numeric()
        rows = [[self._short(c) for c in row] for row in t.text_rows()]
        widths = self._col_widths(t.columns, rows, avail)
        data = [[self._p(c, "head_r" if numeric[i] else "head") for i, c in enumerate(t.columns)]]
        data += [[self._p(c, "cell_r" if numeric[i] else "cell") for i, c in enumerate(row)] for row in rows]
        table = RLTable(data, colWidths=widths, repeatRows=1, hAlign="LEFT")
        table.setStyle(TableStyle(self._grid_style()))
        return table

    @property
    def _cell_padding(self) -> float:
        """A table cell's padding on each side, left and right (less with --compact)."""
        return 3 * self._tight

    def _grid_style(self) -> list[Any]:
        """The ruled table of every army section: a grey header row, striped rows, thin grid
        (with --compact, less padding)."""
        from reportlab.lib import colors

        pad = self._tight
        return [
            ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor(HEAD)),
            ("ROWBACKGROUNDS", (0, 1), (-1, -1), [None, colors.HexColor(STRIPE)]),
            ("GRID", (0, 0), (-1, -1), 0.25, colors.HexColor(GRID)),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (-1, -1), self._cell_padding),
            ("RIGHTPADDING", (0, 0), (-1, -1), self._cell_padding),
            ("TOPPADDING", (0, 0), (-1, -1), 2 * pad),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 3 * pad),
        ]

    def _col_widths(self, columns: list[str], rows: Iterable[list[str]], avail: float) -> list[float]:
        """Each column as wide as its longest cell; when that is too wide for the page, narrow
        columns keep their width and the wide ones share the rest in proportion, none narrower than
        its floor (``_col_floors``): one huge cell never squeezes its neighbours below their padding."""
        pad, size = (3.5 if self._compact else 6.5), self.s["cell"].fontSize
        natural = []
        for i, col in enumerate(columns):
            w = self._width(col, self.bold, size)
            for row in rows:
                w = max(w, self._width(row[i], self.font, size))
            natural.append(w + pad)
        if sum(natural) <= avail:
            return natural
        floors = self._col_floors(columns, rows, natural, avail)
        widths = [0.0] * len(natural)  # every column gets its width below
        left, open_ = avail, list(range(len(natural)))
        while open_:
            share = left / len(open_)
            fixed = {i: natural[i] for i in open_ if natural[i] <= share}
            if not fixed:
                total = sum(natural[i] for i in open_)
                fixed = {i: floors[i] for i in open_ if left * natural[i] / total < floors[i]}
                if not fixed:
                    for i in open_:
                        widths[i] = left * natural[i] / total
                    break
            for i, w in fixed.items():
                widths[i] = w
                left -= w
            open_ = [i for i in open_ if i not in fixed]
        return widths

    def _col_floors(
        self, columns: list[str], rows: Iterable[list[str]], natural: list[float], avail: float
    ) -> list[float]:
        """The narrowest each column may be made: its cell padding and its longest word, header or
        cell (three letters at least), so no word is broken; never more than its natural width, and
        each at most an equal share of ``avail``, so all the floors together fit."""
        size, padding = self.s["cell"].fontSize, 2 * self._cell_padding + 1
        least, share = self._width("MMM", self.bold, size), avail / len(columns)
        floors = []
        for i, col in enumerate(columns):
            word = max((self._width(w, self.bold, size) for w in col.split()), default=0.0)
            for row in rows:
                word = max(word, *(self._width(w, self.font, size) for w in row[i].split()), 0.0)
                if word + padding >= share:
                    break
            floors.append(min(natural[i], max(least, word) + padding, share))
        return floors

    # --- every page --------------------------------------------------------------------------

    def _footer_text(self, r: Roster) -> None:
        self._foot1 = f"{self._short(r.title)} · {r.status} · {r.measure_text}"
        self._foot1_tail = f" · {r.status} · {r.measure_text}"  # cut last: verify reads the status and total
        data = f"{r.system_id} data version {r.data_version}" if r.data_version else "no game data"
        self._foot2 = f"armybuilder {r.version} · {data} · "
        self._foot2_tail = f"fingerprint {r.fingerprint or 'none'}"  # never shortened
        self._chars.update(self._foot1 + self._foot2 + self._foot2_tail)

    def _page(self, canvas: Canvas, doc: BaseDocTemplate) -> None:
        """Drawn under each page's content: the pale INVALID across an invalid list's pages."""
        if self._roster_valid:
            return
        from reportlab.lib import colors

        w, h = doc.pagesize
        canvas.saveState()
        canvas.setFillColor(colors.HexColor(WATERMARK))
        canvas.setFont(self.bold, 96)
        canvas.translate(w / 2, h / 2)
        canvas.rotate(55)
        canvas.drawCentredString(0, -34, "INVALID")
        canvas.restoreState()

    def _canvas_class(self) -> type[Canvas]:
        """A canvas that knows the page count when it draws the footers ("page N of M")."""
        from reportlab.lib import colors
        from reportlab.lib.units import mm
        from reportlab.pdfgen.canvas import Canvas

        exporter = self

        class FooterCanvas(Canvas):
            """Each page is kept (its drawing compressed: a packet has thousands) until the document
            is saved, then given its footer and written, its stream compressed there and then."""

            def __init__(self, *args: Any, **kwargs: Any) -> None:
                super().__init__(*args, **kwargs)
                self._pages: list[dict[str, Any] | None] = []

            def showPage(self) -> None:
                state = dict(self.__dict__)
                code: list[str] = state.pop("_code")
                state[_PACKED] = zlib.compress("\n".join(code).encode("utf-8"), 1) if code else None
                self._pages.append(state)
                self._startPage()  # type: ignore[attr-defined]  # Canvas's own page reset, private: not in types-reportlab

            def save(self) -> None:
                total = len(self._pages)
                exporter._pages = total
                exporter._roster_pages = exporter._roster_pages or total
                for i, state in enumerate(self._pages):
                    assert state is not None  # (each page is let go once written)
                    packed = state.pop(_PACKED)
                    self.__dict__.update(state)
                    self._code = [zlib.decompress(packed).decode("utf-8")] if packed else []
                    self._pages[i] = state = None
                    exporter._draw_footer(self, total, colors, mm)
                    Canvas.showPage(self)
                    _compress_now(self._doc.Pages.pages[-1])  # type: ignore[attr-defined]  # the canvas's PDFDocument, private
                exporter._attach(self)
                Canvas.save(self)

        return FooterCanvas

    def _measuring_canvas_class(self) -> type[Canvas]:
        """A canvas that only counts the pages (for :meth:`_measure`): nothing is kept or written."""
        from reportlab.pdfgen.canvas import Canvas

        exporter = self

        class MeasuringCanvas(Canvas):
            _shown = 0

            def showPage(self) -> None:
                self._shown += 1
                self._startPage()  # type: ignore[attr-defined]  # Canvas's own page reset, private: not in types-reportlab

            def save(self) -> None:
                exporter._pages = self._shown
                exporter._roster_pages = exporter._roster_pages or self._shown

        return MeasuringCanvas

    def _attach(self, canvas: Canvas) -> None:
        """Embed the list the roster was made from (``LIST_FILE``: its content, as
        :func:`armybuilder.fingerprint.carried_bytes` writes it) as a file
        attachment: the catalog's ``EmbeddedFiles`` name tree (PDF 1.7, 7.11.4). reportlab has no
        API for it, so the objects are made with its ``pdfdoc`` classes."""
        data = getattr(self, "_attachment", None)
        if data is None:
            return
        layout = json.dumps(getattr(self, "_layout", None) or {}, sort_keys=True)
        said = "The list this roster was made from (armybuilder verify checks it again)"
        embed(canvas, [(LIST_FILE, data, said, {LAYOUT_KEY: layout})])

    def _draw_footer(self, canvas: Canvas, total: int, colors: ModuleType, mm: float) -> None:
        w, _ = canvas._pagesize  # type: ignore[attr-defined]  # the page's own size, private: not in types-reportlab
        left, right = MARGIN_MM * mm + INSET, w - MARGIN_MM * mm - INSET
        page = f"page {canvas.getPageNumber()} of {total}"
        size = 7.5
        canvas.saveState()
        canvas.setStrokeColor(colors.HexColor(GRID))
        canvas.setLineWidth(0.5)
        canvas.line(left, 16 * mm, right, 16 * mm)
        canvas.setFillColor(colors.HexColor(GREEN if self._roster_valid else RED))
        canvas.setFont(self.bold, size)
        room = right - left - self._width(page, self.font, size) - 6 * mm
        tail = getattr(self, "_foot1_tail", "")  # (a packet's footers are its own)
        self._draw(canvas, left, 12.5 * mm, self._fit_title(self._foot1, tail, size, room), self.bold, size)
        canvas.setFillColor(colors.black)
        canvas.setFont(self.font, size)
        canvas.drawRightString(right, 12.5 * mm, page)
        canvas.setFont(self.font, 6.5)
        tail = self._width(self._foot2_tail, self.font, 6.5)
        head = self._fit(self._foot2, self.font, 6.5, right - left - tail)
        self._draw(canvas, left, 9 * mm, head + self._foot2_tail, self.font, 6.5)
        canvas.restoreState()

    def _fit_title(self, text: str, tail: str, size: float, room: float) -> str:
        """The first footer line in ``room``: a long list name is cut (…), not the status and total
        after it, which ``armybuilder verify`` reads back (a cut footer is not read)."""
        rest = room - self._width(tail, self.bold, size)
        fits = self._width(text, self.bold, size) <= room
        if fits or not tail or not text.endswith(tail) or rest <= self._width("…", self.bold, size):
            return self._fit(text, self.bold, size, room)
        return self._fit(text[: len(text) - len(tail)], self.bold, size, rest) + tail

    def _fit(self, text: str, font: str, size: float, room: float) -> str:
        """``text``, or its longest beginning that fits ``room`` with an ellipsis (a binary search:
        one character at a time took a second per page for a long name)."""
        if self._width(text, font, size) <= room:
            return text
        low, high = 0, len(text)  # text[:low] + "…" fits; text[:high] + "…" may not
        while low < high:
            mid = (low + high + 1) // 2
            if self._width(text[:mid] + "…", font, size) <= room:
                low = mid
            else:
                high = mid - 1
        return text[:low] + "…"

    # --- what the font cannot print --------------------------------------------------------

    def _check_glyphs(self, face: TTFont | None) -> None:
        chars = sorted(c for c in self._chars if not c.isspace() and ord(c) >= 32)
        if face is None:
            missing = []
            for c in chars:
                try:
                    c.encode("cp1252")
                except UnicodeEncodeError:
                    if cjk_script(c) is None:  # a CJK character is set in a CJK font
                        missing.append(c)
            if missing:
                self.warnings.append(
                    "the bundled DejaVu Sans font is missing from this installation; "
                    "Helvetica cannot print " + _listing(missing)
                )
            return
        cmap = face.face.charToGlyph
        missing = [c for c in chars if ord(c) not in cmap and cjk_script(c) is None]  # CJK: in a CJK font
        if missing:
            self.warnings.append(
                "the bundled font has no glyph for " + _listing(missing) + "; the PDF shows a box in its place"
            )


@functools.cache
def _paragraph_class() -> Any:
    """A maker of reportlab Paragraphs (``make(kept, key, text, style, ...)``) whose line breaking is
    kept in ``kept`` (one dict per exporter) for each text, style and width: a roster is laid out
    several times to choose its layout (and a table wraps its cells again on each page), and a
    paragraph of one fragment breaks the same at the same width."""
    # What a wrap sets (its lines, height, width) is shared between paragraphs: only read when drawn.
    from reportlab.platypus import Paragraph

    class KeptParagraph(Paragraph):
        kept_wraps: Any = None  # (a part split off by reportlab, made as its class: not kept)
        kept_key: Any = None

        def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
            kept = self.kept_wraps
            if kept is None or len(self.frags) != 1:
                return super().wrap(availWidth, availHeight)
            hit = kept.get((self.kept_key, availWidth))
            if hit is not None:
                self.__dict__.update(hit[0])
                return hit[1]  # type: ignore[no-any-return]
            before = dict(self.__dict__)
            size = super().wrap(availWidth, availHeight)
            changed = {k: v for k, v in self.__dict__.items() if k not in before or before[k] is not v}
            if "frags" not in changed and getattr(getattr(self, "blPara", None), "kind", None) == 0:
                kept[(self.kept_key, availWidth)] = (changed, size)
            return size

    def make(kept_wraps: dict[Any, Any], kept_key: Any, *args: Any, **kwargs: Any) -> KeptParagraph:
        made = KeptParagraph(*args, **kwargs)
        made.kept_wraps, made.kept_key = kept_wraps, kept_key
        return made

    return make


@functools.cache
def _measuring_doc_class() -> type[SimpleDocTemplate]:
    """A SimpleDocTemplate whose frames lay out and split every flowable as ever but draw none (a
    measure of the pages: the drawing is most of a PDF's time). A flowable that records where it
    lands (``draws_when_measured``) is still drawn. Nothing global is changed: the flowable's
    ``drawOn`` is shadowed for the one call, on the instance."""
    from reportlab.platypus import SimpleDocTemplate
    from reportlab.platypus.frames import Frame

    def no_drawing(*args: Any, **kwargs: Any) -> None:
        return None

    class MeasuringFrame(Frame):
        def add(self, flowable: Flowable, canv: Canvas, trySplit: int = 0) -> Literal[0, 1]:
            if getattr(flowable, "draws_when_measured", False):
                return Frame.add(self, flowable, canv, trySplit)
            flowable.drawOn = no_drawing  # type: ignore[method-assign]  # this one call's, on the instance
            try:
                return Frame.add(self, flowable, canv, trySplit)
            finally:
                del flowable.drawOn

        _add = add

    class MeasuringDoc(SimpleDocTemplate):
        def addPageTemplates(self, pageTemplates: Any) -> None:
            for template in pageTemplates if isinstance(pageTemplates, list) else [pageTemplates]:
                for frame in template.frames:  # (Frame's __setattr__ would keep __class__ in its __dict__)
                    object.__setattr__(frame, "__class__", MeasuringFrame)
            super().addPageTemplates(pageTemplates)

    return MeasuringDoc


_PACKED = "_armybuilder_packed"  # a page kept by the footer canvas: its drawing, compressed


class _Encoded:
    """A filter of a page's stream whose work is done: the outermost gives the encoded bytes (once),
    the others pass them through; each names its filter in the stream's ``Filter`` array. The bytes
    are held, or read back when the page is written (``load``: a packet keeps them in a file)."""

    def __init__(self, pdfname: str, data: Any = None, load: Callable[[], Any] | None = None) -> None:
        self.pdfname, self.data, self.load = pdfname, data, load

    def encode(self, text: Any) -> Any:
        if self.data is None and self.load is None:
            return text
        data = self.data if self.data is not None else self.load() if self.load is not None else b""
        self.data = self.load = None  # (a document is formatted once)
        return data


def _compress_now(page: Any, keep: Callable[[bytes], Callable[[], bytes]] | None = None) -> None:
    """Encode a page's stream when the page is written, not when the whole document is: the
    filters reportlab's ``PDFPage.check_format`` gives it (zlib, then ASCII85), applied as its
    ``PDFStream.format`` applies them, so the same bytes; only the encoded pages wait for the end
    (``keep``: where they wait, given the bytes, giving back what reads them again)."""
    from reportlab import rl_config
    from reportlab.pdfbase.pdfdoc import PDFBase85Encode, PDFStream, PDFZCompress

    stream = page.stream
    if page.Override_default_compilation or page.Contents or not stream or not page.compression:
        return  # (none of these in a roster: left to reportlab)
    filters: list[Any] = [PDFBase85Encode, PDFZCompress] if rl_config.useA85 else [PDFZCompress]
    data = stream
    for f in reversed(filters):
        data = f.encode(data)
    load: Callable[[], Any] | None = None
    if keep is not None:  # (ASCII85 gives text: kept as its bytes, given back as text)
        kept = keep(data.encode("latin-1") if isinstance(data, str) else data)
        load = functools.partial(_as_text, kept) if isinstance(data, str) else kept
    contents = PDFStream()
    contents.filters = [
        _Encoded(f.pdfname, None if load is not None else data, load) if i == 0 else _Encoded(f.pdfname)
        for i, f in enumerate(filters)
    ]
    contents.content = b""
    contents.__Comment__ = "page stream"  # type: ignore[attr-defined]  # as reportlab names it
    page.Contents, page.stream = contents, None


def _as_text(load: Callable[[], bytes]) -> str:
    return load().decode("latin-1")


def _pages_text(first: int, last: int) -> str:
    return f"page {first}" if first == last else f"pages {first} to {last}"


def _layout_record(roster: Roster, options: ExportOptions) -> dict[str, Any]:
    """How the roster was laid out, beside the list it carries: what ``armybuilder verify`` needs to
    lay it out again from that list and compare every page (none of it is a claim about the list)."""
    return {
        "file": roster.file,
        "date": roster.date,
        "paper": Paper(options.paper).value,
        "compact": options.compact,
        "min_severity": options.min_severity,
        "with_rules": roster.rules is not None,
        "event_pack": roster.event.pack if roster.event else None,
        **({"link": options.link} if options.link else {}),
    }


def _listing(chars: list[str]) -> str:
    shown = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in chars[:10])
    return shown + (f" and {len(chars) - 10} more" if len(chars) > 10 else "")


def embed(canvas: Canvas, files: list[tuple[str, Any, str, dict[str, str]]]) -> None:
    """Embed files (name, bytes, description, extra entries of the file specification) as file
    attachments: the catalog's ``EmbeddedFiles`` name tree (PDF 1.7, 7.11.4), names in order.
    reportlab has no API for it, so the objects are made with its ``pdfdoc`` classes. A file's
    bytes may be read only when the PDF is written: an object with their ``size`` and ``load()``."""
    from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFName, PDFStream, PDFString

    doc = canvas._doc  # type: ignore[attr-defined]  # the canvas's PDFDocument, private: not in types-reportlab
    names: list[Any] = []
    for name, data, said, extra in sorted(files, key=lambda f: f[0]):
        later = not isinstance(data, bytes)
        stream = (_later_stream_class() if later else PDFStream)(
            PDFDictionary(
                {
                    "Type": PDFName("EmbeddedFile"),
                    "Subtype": "/application#2Fjson",  # a PDF name, written with its '/' escaped
                    "Params": PDFDictionary({"Size": data.size if later else len(data)}),
                }
            ),
            data,
        )
        spec = PDFDictionary(
            {
                "Type": PDFName("Filespec"),
                "F": PDFString(name),
                "UF": PDFString(name),
                "Desc": PDFString(said),
                "EF": PDFDictionary({"F": doc.Reference(stream)}),
                "AFRelationship": PDFName("Source"),
                **{key: PDFString(value) for key, value in extra.items()},
            }
        )
        names += [PDFString(name), doc.Reference(spec)]
    if names:
        doc.Catalog.Names = PDFDictionary({"EmbeddedFiles": PDFDictionary({"Names": PDFArray(names)})})


@functools.cache
def _later_stream_class() -> Any:
    """A PDFStream whose content is read when it is written (``content.load()``), then let go."""
    from reportlab.pdfbase.pdfdoc import PDFStream

    class LaterStream(PDFStream):
        def format(self, document: Any) -> Any:
            later = self.content
            self.content = later.load()
            try:
                return super().format(document)
            finally:
                self.content = later

    return LaterStream
