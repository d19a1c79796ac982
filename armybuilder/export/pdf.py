"""PDF roster with reportlab: a page to print and hand to an opponent or an organiser.

Layout (A4 or Letter, 15 mm margins): the list's name; a full-width status banner (green
VALID, red INVALID with the number of errors); the header facts (system, measure, findings,
file, date); every error in a red-edged box; one table per section of the army (header row
repeated when a table continues on the next page, columns sized to fit the page, numbers
right-aligned), with its notes; the warnings and info findings; and the export facts
(armybuilder version, data version, fingerprint). Every page carries a footer with the list's
name, its status, its measure, the fingerprint and "page N of M"; the pages of an invalid list
also carry a pale "INVALID" across them, so no page of it passes for a legal list.

Every text is cut to ``MAX_TEXT`` characters (with an ellipsis, and a warning) before layout:
reportlab's line breaking takes time with the square of a paragraph's length, and a list file
(up to 1 MiB) may hold a name of a million characters. At most ``MAX_FINDINGS`` errors (and as
many warnings and notes) are printed, then how many more there are. So every list a command
accepts exports in a second or two.

Text is set in DejaVu Sans, bundled in ``armybuilder/fonts`` (accented, Greek and Cyrillic
names print as written). Characters the font lacks are reported as warnings instead of silently
printing as boxes. The document is built in reportlab's invariant mode: the same roster gives
the same bytes.

reportlab is imported only here, and only when a PDF is rendered.
"""

from __future__ import annotations

import io
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape as _xml

from armybuilder.export import Exporter, ExportError, ExportOptions, Paper
from armybuilder.export.roster import Roster, Table, finding_text

if TYPE_CHECKING:  # pragma: no cover
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import Flowable, Paragraph
    from reportlab.platypus import Table as RLTable
    from reportlab.platypus.doctemplate import BaseDocTemplate

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"
LIST_FILE = "armybuilder-list.json"  # the embedded file that holds the list a roster was made from
MARGIN_MM = 15
INSET = 6  # points: platypus frames pad their content by 6 points on each side
REGULAR, BOLD = "ArmybuilderSans", "ArmybuilderSans-Bold"
MAX_TEXT = 1000  # characters of one text (a name, a cell, a finding) laid out; the rest is cut
MAX_FINDINGS = 100  # errors, and warnings and notes, printed; the rest are counted (validate lists them)

_registered: tuple[str, str, TTFont | None] | None = None


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

    def render(self, roster: Roster, options: ExportOptions) -> bytes:
        from reportlab.lib.pagesizes import A4, LETTER
        from reportlab.lib.units import mm
        from reportlab.platypus import SimpleDocTemplate

        self._chars: set[str] = set()
        self._cut = 0  # texts cut to MAX_TEXT characters
        self._roster_valid = roster.valid
        self._attachment = roster.carried  # the list the roster carries: an embedded file
        regular, bold, face = fonts()
        self.font, self.bold = regular, bold
        self._styles()
        pagesize = LETTER if Paper(options.paper) is Paper.letter else A4
        buf = io.BytesIO()
        doc = SimpleDocTemplate(
            buf,
            pagesize=pagesize,
            invariant=1,
            leftMargin=MARGIN_MM * mm,
            rightMargin=MARGIN_MM * mm,
            topMargin=MARGIN_MM * mm,
            bottomMargin=22 * mm,
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
            doc.build(story, onFirstPage=self._page, onLaterPages=self._page, canvasmaker=self._canvas_class(roster))
        except LayoutError as exc:
            raise ExportError(f"the roster does not fit the page ({exc})") from None
        self._check_glyphs(face)
        if self._cut:
            self.warnings.append(
                f"{self._cut} text{'s' if self._cut > 1 else ''} longer than {MAX_TEXT:,} characters "
                f"{'were' if self._cut > 1 else 'was'} cut short (…) in the PDF"
            )
        return buf.getvalue()

    # --- text and styles -------------------------------------------------------------------

    def _styles(self) -> None:
        from reportlab.lib import colors
        from reportlab.lib.enums import TA_RIGHT
        from reportlab.lib.styles import ParagraphStyle

        base = ParagraphStyle("base", fontName=self.font, fontSize=9, leading=11.5, bulletFontName=self.font)
        self.s = {
            "base": base,
            "title": ParagraphStyle("title", base, fontName=self.bold, fontSize=18, leading=22, spaceAfter=6),
            "banner": ParagraphStyle(
                "banner", base, fontName=self.bold, fontSize=14, leading=17, textColor=colors.white
            ),
            "h2": ParagraphStyle("h2", base, fontName=self.bold, fontSize=12, leading=15, spaceBefore=10, spaceAfter=4),
            "label": ParagraphStyle("label", base, fontName=self.bold),
            "cell": ParagraphStyle("cell", base, fontSize=8.5, leading=10.5),
            "cell_r": ParagraphStyle("cell_r", base, fontSize=8.5, leading=10.5, alignment=TA_RIGHT),
            "head": ParagraphStyle("head", base, fontName=self.bold, fontSize=8.5, leading=10.5),
            "head_r": ParagraphStyle(
                "head_r", base, fontName=self.bold, fontSize=8.5, leading=10.5, alignment=TA_RIGHT
            ),
            "note": ParagraphStyle("note", base, fontSize=8, leading=10, leftIndent=10, bulletIndent=2, spaceBefore=1),
            "small": ParagraphStyle("small", base, fontSize=7.5, leading=9.5),
        }

    def _heading(self, text: str) -> list[Flowable]:
        """A section heading, never alone at the foot of a page: it starts a new page unless
        there is room for it and the first rows under it."""
        from reportlab.platypus import CondPageBreak

        return [CondPageBreak(72), self._p(text, "h2")]

    def _p(self, text: str, style: str, bullet: str | None = None) -> Paragraph:
        """A paragraph of text from the roster (escaped: a name is never markup)."""
        from reportlab.platypus import Paragraph

        text = self._short(str(text))
        self._chars.update(text)
        return Paragraph(_xml(text), self.s[style], bulletText=bullet)

    def _short(self, text: str) -> str:
        """``text``, cut to MAX_TEXT characters with an ellipsis (counted for the warning)."""
        if len(text) <= MAX_TEXT:
            return text
        self._cut += 1
        return text[: MAX_TEXT - 1] + "…"

    def _width(self, text: str, font: str, size: float) -> float:
        from reportlab.pdfbase.pdfmetrics import stringWidth

        return stringWidth(text, font, size)

    # --- the story ---------------------------------------------------------------------------

    def _story(self, r: Roster, avail: float) -> list[Flowable]:
        from reportlab.lib import colors
        from reportlab.lib.units import mm
        from reportlab.platypus import KeepTogether, Spacer, TableStyle
        from reportlab.platypus import Table as RLTable

        story: list[Flowable] = [self._p(r.title, "title")]

        banner_text = "VALID" if r.valid else r.invalid_banner
        banner = RLTable([[self._p(banner_text, "banner")]], colWidths=[avail])
        banner.setStyle(
            TableStyle(
                [
                    ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor(GREEN if r.valid else RED)),
                    ("LEFTPADDING", (0, 0), (-1, -1), 8),
                    ("RIGHTPADDING", (0, 0), (-1, -1), 8),
                    ("TOPPADDING", (0, 0), (-1, -1), 5),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 6),
                ]
            )
        )
        story += [banner, Spacer(1, 4 * mm)]

        facts = [
            ("System", r.system_label + (f" ({r.system_id})" if r.system_id else "")),
            (r.measure_label, r.measure_value),
            ("Status", f"{r.status} ({r.counts_text})"),
            ("List file", r.file),
        ]
        if r.date:
            facts.append(("Date", r.date))
        story.append(self._facts(facts, avail, 30 * mm, 70 * mm))

        if r.errors:
            story += self._heading(f"Errors ({len(r.errors)})")
            story.append(self._box(self._findings(r.errors, "errors"), avail, RED, PALE_RED))

        for t in r.tables:
            story += self._heading(t.title)
            if t.columns:
                story.append(self._table(t, avail))
            if t.notes:
                story.append(Spacer(1, 2))
                story += [self._p(n, "note", bullet="•") for n in t.notes]

        if r.notices:
            story += self._heading("Warnings and notes")
            story.append(self._box(self._findings(r.notices, "warnings and notes", True), avail, AMBER, PALE_AMBER))

        if r.not_checked:  # what a VALID does not cover
            story += self._heading("Not checked")
            story += [self._p(n, "note", bullet="•") for n in r.not_checked]

        end = [
            f"{r.status}: {r.title}, {r.measure_text}.",
            f"Exported by armybuilder {r.version}; {r.data_label}" + (f"; {r.date}" if r.date else "") + ".",
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
        story.append(KeepTogether([Spacer(1, 6 * mm), block]))
        return story

    def _facts(self, facts: list[tuple[str, str]], avail: float, floor: float, cap: float) -> RLTable:
        """Label and value rows, the labels' column as wide as the widest label (within floor and cap)."""
        from reportlab.lib.units import mm
        from reportlab.platypus import Table as RLTable
        from reportlab.platypus import TableStyle

        label_w = min(max(floor, max(self._width(k, self.bold, 9) for k, _ in facts) + 4 * mm), cap)
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

    def _box(self, lines: list[str], avail: float, edge: str, fill: str) -> RLTable:
        from reportlab.lib import colors
        from reportlab.platypus import Table as RLTable
        from reportlab.platypus import TableStyle

        box = RLTable([[self._p(line, "base")] for line in lines], colWidths=[avail], hAlign="LEFT")
        box.setStyle(
            TableStyle(
                [
                    ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor(fill)),
                    ("LINEBEFORE", (0, 0), (0, -1), 3, colors.HexColor(edge)),
                    ("LEFTPADDING", (0, 0), (-1, -1), 7),
                    ("RIGHTPADDING", (0, 0), (-1, -1), 5),
                    ("TOPPADDING", (0, 0), (-1, -1), 2),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
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

    @staticmethod
    def _grid_style() -> list[Any]:
        """The ruled table of every army section: a grey header row, striped rows, thin grid."""
        from reportlab.lib import colors

        return [
            ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor(HEAD)),
            ("ROWBACKGROUNDS", (0, 1), (-1, -1), [None, colors.HexColor(STRIPE)]),
            ("GRID", (0, 0), (-1, -1), 0.25, colors.HexColor(GRID)),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (-1, -1), 3),
            ("RIGHTPADDING", (0, 0), (-1, -1), 3),
            ("TOPPADDING", (0, 0), (-1, -1), 2),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
        ]

    def _col_widths(self, columns: list[str], rows: list[list[str]], avail: float) -> list[float]:
        """Each column as wide as its longest cell; when that is too wide for the page, narrow
        columns keep their width and the wide ones share the rest in proportion."""
        pad, size = 6.5, 8.5
        natural = []
        for i, col in enumerate(columns):
            w = self._width(col, self.bold, size)
            for row in rows:
                w = max(w, self._width(row[i], self.font, size))
            natural.append(w + pad)
        if sum(natural) <= avail:
            return natural
        widths = [0.0] * len(natural)  # every column gets its width below
        left, open_ = avail, list(range(len(natural)))
        while open_:
            share = left / len(open_)
            fits = [i for i in open_ if natural[i] <= share]
            if not fits:
                total = sum(natural[i] for i in open_)
                for i in open_:
                    widths[i] = left * natural[i] / total
                break
            for i in fits:
                widths[i] = natural[i]
                left -= natural[i]
            open_ = [i for i in open_ if i not in fits]
        return widths

    # --- every page --------------------------------------------------------------------------

    def _footer_text(self, r: Roster) -> None:
        self._foot1 = f"{self._short(r.title)} · {r.status} · {r.measure_text}"
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

    def _canvas_class(self, r: Roster) -> type[Canvas]:
        """A canvas that knows the page count when it draws the footers ("page N of M")."""
        from reportlab.lib import colors
        from reportlab.lib.units import mm
        from reportlab.pdfgen.canvas import Canvas

        exporter = self

        class FooterCanvas(Canvas):
            def __init__(self, *args: Any, **kwargs: Any) -> None:
                super().__init__(*args, **kwargs)
                self._pages: list[dict[str, Any]] = []

            def showPage(self) -> None:
                self._pages.append(dict(self.__dict__))
                self._startPage()  # type: ignore[attr-defined]  # Canvas's own page reset, private: not in types-reportlab

            def save(self) -> None:
                total = len(self._pages)
                for state in self._pages:
                    self.__dict__.update(state)
                    exporter._draw_footer(self, total, colors, mm)
                    Canvas.showPage(self)
                exporter._attach(self)
                Canvas.save(self)

        return FooterCanvas

    def _attach(self, canvas: Canvas) -> None:
        """Embed the list the roster was made from (``LIST_FILE``: its content, as
        :func:`armybuilder.fingerprint.carried_bytes` writes it) as a file
        attachment: the catalog's ``EmbeddedFiles`` name tree (PDF 1.7, 7.11.4). reportlab has no
        API for it, so the objects are made with its ``pdfdoc`` classes."""
        data = getattr(self, "_attachment", None)
        if data is None:
            return
        from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFName, PDFStream, PDFString

        doc = canvas._doc  # type: ignore[attr-defined]  # the canvas's PDFDocument, private: not in types-reportlab
        stream = PDFStream(
            PDFDictionary(
                {
                    "Type": PDFName("EmbeddedFile"),
                    "Subtype": "/application#2Fjson",  # a PDF name, written with its '/' escaped
                    "Params": PDFDictionary({"Size": len(data)}),
                }
            ),
            data,
        )
        spec = PDFDictionary(
            {
                "Type": PDFName("Filespec"),
                "F": PDFString(LIST_FILE),
                "UF": PDFString(LIST_FILE),
                "Desc": PDFString("The list this roster was made from (armybuilder verify checks it again)"),
                "EF": PDFDictionary({"F": doc.Reference(stream)}),
                "AFRelationship": PDFName("Source"),
            }
        )
        tree = PDFDictionary({"Names": PDFArray([PDFString(LIST_FILE), doc.Reference(spec)])})
        doc.Catalog.Names = PDFDictionary({"EmbeddedFiles": tree})

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
        canvas.drawString(left, 12.5 * mm, self._fit(self._foot1, self.bold, size, room))
        canvas.setFillColor(colors.black)
        canvas.setFont(self.font, size)
        canvas.drawRightString(right, 12.5 * mm, page)
        canvas.setFont(self.font, 6.5)
        tail = self._width(self._foot2_tail, self.font, 6.5)
        head = self._fit(self._foot2, self.font, 6.5, right - left - tail)
        canvas.drawString(left, 9 * mm, head + self._foot2_tail)
        canvas.restoreState()

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
                    missing.append(c)
            if missing:
                self.warnings.append(
                    "the bundled DejaVu Sans font is missing from this installation; "
                    "Helvetica cannot print " + _listing(missing)
                )
            return
        cmap = face.face.charToGlyph
        missing = [c for c in chars if ord(c) not in cmap]
        if missing:
            self.warnings.append(
                "the bundled font has no glyph for " + _listing(missing) + "; the PDF shows a box in its place"
            )


def _listing(chars: list[str]) -> str:
    shown = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in chars[:10])
    return shown + (f" and {len(chars) - 10} more" if len(chars) > 10 else "")
