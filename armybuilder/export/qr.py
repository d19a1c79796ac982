"""The QR code on a PDF roster: the list's share code (:mod:`armybuilder.sharecode`), for an opponent
to scan at the table and read back with ``armybuilder import CODE``.

The symbol is made by segno (a QR Code Model 2 of ISO/IEC 18004, byte mode, error correction
level L raised as far as the same size allows) and drawn as black squares on a white ground
with its 4-module quiet zone, ``SIDE_MM`` wide whatever its version: so a symbol's modules are
smaller as the code grows, and a code that needs a version above ``MAX_VERSION`` (modules under
a third of a millimetre, which a phone may not read from paper) gets no QR code: the exporter
warns, and the PDF still carries the list (``armybuilder import ROSTER.pdf``). The same code
gives the same symbol, so the same roster gives the same bytes.

segno and reportlab are imported only here, and only when a PDF with a QR code is rendered.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from reportlab.platypus import Flowable

MAX_VERSION = 20  # 97 modules: 0.36 mm each at SIDE_MM; the largest a phone reads from paper with ease
SIDE_MM = 38.0  # the symbol with its quiet zone
QUIET = 4  # modules of white around the symbol (ISO/IEC 18004: 4)
CAPTION = ("The list's share code:", "armybuilder import CODE")  # under the symbol, one line each
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


@functools.lru_cache(maxsize=32)
def _runs(code: str) -> tuple[int, tuple[tuple[int, int, int], ...]]:
    """The symbol's size in modules, and its runs of dark modules: (row, first column, length).
    Kept for the last codes: a roster laid out again (a snugger try, ``verify``) draws the same."""
    _, rows = matrix(code)
    runs = []
    for y, row in enumerate(rows):
        x = 0
        while x < len(row):
            if not row[x]:
                x += 1
                continue
            start = x
            while x < len(row) and row[x]:
                x += 1
            runs.append((y, start, x - start))
    return len(rows), tuple(runs)


def flowable(code: str, font: str, caption_size: float = 6.0, caption: tuple[str, ...] = CAPTION) -> Flowable:
    """The QR code of ``code`` as a platypus flowable, ``SIDE_MM`` square, a caption under it.

    Raises :class:`TooLong` (see :func:`matrix`).
    """
    from reportlab.lib.units import mm
    from reportlab.platypus import Flowable

    size, runs = _runs(code)
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
            for y, start, length in runs:  # one rectangle for each run of dark modules in a row
                c.rect((QUIET + start) * module, top - (y + 1) * module, length * module, module, stroke=0, fill=1)
            c.setFont(font, caption_size)
            for i, line in enumerate(caption):
                c.drawCentredString(side / 2, caption_height - (i + 1) * leading + 1.5, line)
            c.restoreState()

    return QrCode()
