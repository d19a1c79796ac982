"""The players' poster of an event's submission desk (``armybuilder collect``): one A4 page to print
and pin up, with the event, its rules, the deadline, the players' link and its QR code
(:func:`armybuilder.export.qr.link_rows`), and the passcode when there is one.

reportlab and segno are imported only when a poster is made; reportlab keeps module-level state,
so its caller lays out one PDF at a time (the desk's pages hold ``PDF_LOCK``).
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence

_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def _one_line(text: str) -> str:
    return " ".join(_CONTROL.sub(" ", text).split())


def render(event: str, rules: Sequence[str], deadline: str, url: str, code: str) -> bytes:
    """The poster of the event ``event``: its rules (a line for each game it plays), the deadline
    as the players read it ("" for none), the players' link ``url`` and its QR code, the passcode
    ``code`` ("" for none). Chinese, Japanese and Korean text is set in the CJK fonts as a
    roster's is (:func:`armybuilder.export.pdf.font_runs`)."""
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.units import mm
    from reportlab.pdfgen import canvas

    from armybuilder.export import qr
    from armybuilder.export.pdf import CJK_START, draw_text, fonts, split_lines, text_width

    regular, bold, _ = fonts()
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=A4, invariant=1)
    c.setTitle(f"{event}: send your army list")
    width, height = A4
    left, right = 20 * mm, width - 20 * mm
    y = height - 30 * mm

    def lines(text: str, font: str, size: float, gap: float = 1.25) -> None:
        nonlocal y
        for line in split_lines(_one_line(text), font, size, right - left):
            c.setFont(font, size)
            if not line or max(line) < CJK_START:
                c.drawCentredString(width / 2, y, line)
            else:  # an event's name or passcode in Chinese, Japanese or Korean: its runs in a CJK font
                draw_text(c, (width - text_width(line, font, size)) / 2, y, line, font, size)
            y -= size * gap

    lines(event, bold, 30)
    y -= 4 * mm
    lines("Send your army list", regular, 20)
    y -= 2 * mm
    for rule in rules:
        lines(rule, regular, 12)
    if deadline:
        y -= 2 * mm
        lines(f"By {deadline}", bold, 16)
    y -= 6 * mm
    rows = qr.link_rows(url)
    side = 95 * mm
    cell = side / len(rows)
    x0, y0 = (width - side) / 2, y - side
    qr.draw_runs(c, qr.runs(rows), x0, y0 + side, cell)
    y = y0 - 10 * mm
    lines(url, bold, 14)
    if code:
        y -= 2 * mm
        lines(f"The event's passcode: {code}", bold, 18)
    y -= 4 * mm
    lines("Scan the code with your phone, or type the link.", regular, 12)
    lines("Your list is checked against the event's rules at once; keep the private link you get.", regular, 12)
    c.showPage()
    c.save()
    return buf.getvalue()
