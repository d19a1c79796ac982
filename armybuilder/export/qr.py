"""The QR code on a PDF roster: the list's share code (:mod:`armybuilder.sharecode`), for an opponent
to scan at the table and read back with ``armybuilder import CODE``; its caption says so in a
player's words, with no command line (issue 46, item 8).

The symbol is made by segno (a QR Code Model 2 of ISO/IEC 18004, byte mode, error correction
level L raised as far as the same size allows) and drawn as black squares on a white ground
with its 4-module quiet zone, ``SIDE_MM`` wide whatever its version: so a symbol's modules are
smaller as the code grows, and a code that needs a version above ``MAX_VERSION`` (modules under
a third of a millimetre, which a phone may not read from paper) gets no QR code: the exporter
warns, and the PDF still carries the list (``armybuilder import ROSTER.pdf``). The same code
gives the same symbol, so the same roster gives the same bytes.

A link to open (the desk's players' link) is made by :func:`link_rows`, error correction level
M at the version and mask segno chooses, for the players' poster (:mod:`.poster`) and, as an
SVG (:func:`link_svg`), for the organiser's page and a list's share page
(:mod:`armybuilder.web.sharing`). Every QR code armybuilder makes is made here, and every one a
PDF holds is drawn by :func:`draw_runs`: one black rectangle for each run of dark modules.

segno and reportlab are imported only here, and only when a QR code is made.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from reportlab.platypus import Flowable

MAX_VERSION = 20  # 97 modules: 0.36 mm each at SIDE_MM; the largest a phone reads from paper with ease
SIDE_MM = 38.0  # the symbol with its quiet zone
QUIET = 4  # modules of white around the symbol (ISO/IEC 18004: 4)
CAPTION = ("The list's share code:", "open it in armybuilder")  # under the symbol, one line each
LINK_CAPTION = ("Scan to open the list", "in a browser, nothing to install")  # export --link: the share link


class TooLong(ValueError):
    """A share code too long for a QR code a phone reads from a printed page."""


def matrix(code: str) -> tuple[int, tuple[tuple[bool, ...], ...]]:
    """The QR symbol of ``code``: its version and its rows of modules (True: dark), no quiet zone.

    Raises :class:`TooLong` when it needs a version above ``MAX_VERSION``.
    """
    import segno

    try:
        # Mask pattern 0, not segno's search of all eight (47 ms against 6 ms for a 500-character
        # code, issue 13): every mask is valid QR (ISO/IEC 18004 7.8), and the search only matters for
        # data with long runs, where a mask breaks up patterns that look like finder patterns. A share
        # code is deflated data in base64url, with no such runs.
        qr = segno.make_qr(code, error="l", boost_error=True, mode="byte", mask=0)
    except segno.DataOverflowError:
        qr = None
    if qr is None or not isinstance(qr.version, int) or qr.version > MAX_VERSION:
        raise TooLong(
            f"the share code is {len(code):,} characters, too long for a QR code a phone reads from paper "
            f"(QR version {MAX_VERSION} at most); the PDF has none, but it carries the list: "
            "armybuilder import reads it from the PDF file"
        )
    return qr.version, tuple(tuple(bool(m) for m in row) for row in qr.matrix)


def link_rows(url: str) -> tuple[tuple[bool, ...], ...]:
    """The QR symbol of a link to open (the desk's players' link): its rows of modules (True:
    dark), no quiet zone; error correction level M, the version and mask as segno chooses them."""
    import segno

    return tuple(tuple(bool(m) for m in row) for row in segno.make(url, error="m").matrix)


def link_svg(url: str, title: str, scale: int = 5, border: int = 2, fit: bool = False) -> str:
    """The QR symbol of a link (as :func:`link_rows`) as an SVG to draw in a page; ``fit``: no
    width and height of its own (a viewBox: the page sizes it) and a white ground, so that it reads
    on a dark page too (a list's share link, issue 46)."""
    import segno

    qr = segno.make(url, error="m")
    if fit:
        fitted: str = qr.svg_inline(title=title, border=border, omitsize=True, light="#fff")
        return fitted
    svg: str = qr.svg_inline(scale=scale, title=title, border=border)
    return svg


@functools.lru_cache(maxsize=32)
def _runs(code: str) -> tuple[int, tuple[tuple[int, int, int], ...]]:
    """The symbol's size in modules, and its runs of dark modules: (row, first column, length).
    Kept for the last codes: a roster laid out again (a snugger try, ``verify``) draws the same."""
    _, rows = matrix(code)
    return len(rows), runs(rows)


def runs(rows: tuple[tuple[bool, ...], ...]) -> tuple[tuple[int, int, int], ...]:
    """A symbol's runs of dark modules, row by row: (row, first column, length)."""
    out = []
    for y, row in enumerate(rows):
        x = 0
        while x < len(row):
            if not row[x]:
                x += 1
                continue
            start = x
            while x < len(row) and row[x]:
                x += 1
            out.append((y, start, x - start))
    return tuple(out)


def draw_runs(
    c: Any, dark: tuple[tuple[int, int, int], ...], x: float, top: float, module: float, quiet: int = 0
) -> None:
    """Draw a symbol's runs of dark modules (:func:`runs`) on the reportlab canvas ``c`` in the
    current fill colour, one rectangle for each: ``quiet`` modules right of ``x``, its first row
    just under ``top``, each module ``module`` points square."""
    for y, start, length in dark:
        c.rect(x + (quiet + start) * module, top - (y + 1) * module, length * module, module, stroke=0, fill=1)


def flowable(code: str, font: str, caption_size: float = 6.0, caption: tuple[str, ...] = CAPTION) -> Flowable:
    """The QR code of ``code`` as a platypus flowable, ``SIDE_MM`` square, a caption under it.

    Raises :class:`TooLong` (see :func:`matrix`).
    """
    from reportlab.lib.units import mm
    from reportlab.platypus import Flowable

    size, dark = _runs(code)
    side = SIDE_MM * mm
    module = side / (size + 2 * QUIET)
    leading = caption_size + 1.5
    caption_height = leading * len(caption) + 1

    class QrCode(Flowable):
        def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
            return side, side + caption_height

        def draw(self) -> None:
            c: Any = self.canv
            c.saveState()
            c.setFillColorRGB(1, 1, 1)  # white under the symbol: an INVALID watermark never crosses it
            c.rect(0, caption_height, side, side, stroke=0, fill=1)
            c.setFillColorRGB(0, 0, 0)
            top = caption_height + side - QUIET * module
            draw_runs(c, dark, 0, top, module, QUIET)  # one rectangle for each run of dark modules in a row
            c.setFont(font, caption_size)
            for i, line in enumerate(caption):
                c.drawCentredString(side / 2, caption_height - (i + 1) * leading + 1.5, line)
            c.restoreState()

    return QrCode()
