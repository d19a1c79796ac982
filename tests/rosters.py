"""Hostile rosters for the tests (``tests/core/test_hardening_2.py``, ``tests/fuzz``): a PDF roster
that carries another list, or none; one whose pages are copies of its first (one content stream
shared by every page); a PDF of given lines of text. ``tests/`` is on ``sys.path`` (see conftest).
"""

from __future__ import annotations

import io

from armybuilder.export.pdf import LIST_FILE


def _written(writer) -> bytes:
    buf = io.BytesIO()
    writer.write(buf)
    return buf.getvalue()


def pdf_carrying(pdf: bytes, carried: bytes | None) -> bytes:
    """``pdf`` with ``carried`` as its attached list in place of its own (None: no list attached)."""
    from pypdf import PdfWriter

    writer = PdfWriter(clone_from=io.BytesIO(pdf))
    if "/Names" in writer.root_object:
        del writer.root_object["/Names"]  # the embedded files' name tree
    if carried is not None:
        writer.add_attachment(LIST_FILE, carried)
    return _written(writer)


def pdf_pages(pdf: bytes, pages: int) -> bytes:
    """``pdf`` with ``pages`` pages, each a copy of its first (the same content stream, once in the file)."""
    from pypdf import PdfWriter

    writer = PdfWriter(clone_from=io.BytesIO(pdf))
    while len(writer.pages) > 1:
        writer.remove_page(len(writer.pages) - 1)
    first = writer.pages[0]
    for _ in range(pages - 1):
        writer.add_page(first)
    return _written(writer)


def pdf_of_lines(lines: list[str], carried: bytes | None) -> bytes:
    """A one-page PDF that prints ``lines`` (Helvetica, one a line) and carries ``carried``."""
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    page = canvas.Canvas(buf, invariant=1)
    for i, line in enumerate(lines):
        page.drawString(40, 800 - 14 * i, line)
    page.showPage()
    page.save()
    return pdf_carrying(buf.getvalue(), carried)
