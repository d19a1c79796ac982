"""Hostile rosters for the tests (``tests/commands/test_hostile_codes_rosters_locks.py``, ``tests/fuzz``): a PDF roster
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


def packed_zeros(size: int) -> bytes:
    """``size`` zero bytes, Flate-packed (about a thousandth of them)."""
    import zlib

    zeros = zlib.compressobj(9)
    chunk = bytes(min(size, 1 << 20))
    packed = b"".join(zeros.compress(chunk) for _ in range(size // max(1, len(chunk))))
    return packed + zeros.compress(bytes(size % max(1, len(chunk)))) + zeros.flush()


def pdf_embedded(pdf: bytes, files: list[tuple[str, bytes, bool]]) -> bytes:
    """``pdf`` carrying ``files`` (in place of its own list), in that order in its name tree: each
    (name, data, packed), ``data`` written as it is, read with the Flate filter when ``packed``."""
    from pypdf import PdfWriter
    from pypdf.generic import ArrayObject, DecodedStreamObject, DictionaryObject, NameObject, TextStringObject

    writer = PdfWriter(clone_from=io.BytesIO(pdf))
    if "/Names" in writer.root_object:
        del writer.root_object["/Names"]
    names = ArrayObject()
    for name, data, packed in files:
        stream = DecodedStreamObject()
        stream.set_data(data)
        stream[NameObject("/Type")] = NameObject("/EmbeddedFile")
        if packed:
            stream[NameObject("/Filter")] = NameObject("/FlateDecode")
        spec = DictionaryObject(
            {
                NameObject("/Type"): NameObject("/Filespec"),
                NameObject("/F"): TextStringObject(name),
                NameObject("/EF"): DictionaryObject({NameObject("/F"): writer._add_object(stream)}),
            }
        )
        names.append(TextStringObject(name))
        names.append(writer._add_object(spec))
    tree = DictionaryObject({NameObject("/Names"): names})
    writer.root_object[NameObject("/Names")] = DictionaryObject(
        {NameObject("/EmbeddedFiles"): writer._add_object(tree)}
    )
    return _written(writer)


def pdf_bombs(pdf: bytes, count: int, size: int, carried: bytes | None = None) -> bytes:
    """``pdf`` carrying ``count`` embedded files all named as its list, each a Flate stream that unpacks to
    ``size`` zero bytes (packed once: about a thousandth of it), after ``carried`` when given."""
    packed = packed_zeros(size)
    files = [(LIST_FILE, carried, False)] if carried is not None else []
    return pdf_embedded(pdf, files + [(LIST_FILE, packed, True)] * count)


def pdf_long_strings(pages: int, size: int, compressed: bool = True, content: bytes | None = None) -> bytes:
    """A PDF of ``pages`` pages, each of one content stream that shows one string of ``size`` letters:
    few operations, many bytes (or whose content is ``content``)."""
    import zlib

    from pypdf import PdfWriter
    from pypdf.generic import DecodedStreamObject, DictionaryObject, NameObject

    writer = PdfWriter()
    text = content if content is not None else b"BT /F1 12 Tf 40 800 Td (" + b"A " * (size // 2) + b") Tj ET"
    font = DictionaryObject(
        {
            NameObject("/Type"): NameObject("/Font"),
            NameObject("/Subtype"): NameObject("/Type1"),
            NameObject("/BaseFont"): NameObject("/Helvetica"),
        }
    )
    fonts = DictionaryObject({NameObject("/F1"): writer._add_object(font)})
    for _ in range(pages):
        page = writer.add_blank_page(595, 842)
        page[NameObject("/Resources")] = DictionaryObject({NameObject("/Font"): fonts})
        stream = DecodedStreamObject()
        stream.set_data(zlib.compress(text, 9) if compressed else text)
        if compressed:
            stream[NameObject("/Filter")] = NameObject("/FlateDecode")
        page[NameObject("/Contents")] = writer._add_object(stream)
    return _written(writer)


def pdf_fonts(fonts: int, size: int) -> bytes:
    """A one-page PDF of ``fonts`` fonts, each with a ToUnicode map packed from ``size`` bytes (a
    comment: nothing to map), and a page that shows a letter in each."""
    import zlib

    from pypdf import PdfWriter
    from pypdf.generic import DecodedStreamObject, DictionaryObject, NameObject

    writer = PdfWriter()
    packed = zlib.compress(b"%" + b" " * (size - 2) + b"\n", 9)
    table = DictionaryObject()
    for n in range(fonts):
        cmap = DecodedStreamObject()
        cmap.set_data(packed)
        cmap[NameObject("/Filter")] = NameObject("/FlateDecode")
        font = DictionaryObject(
            {
                NameObject("/Type"): NameObject("/Font"),
                NameObject("/Subtype"): NameObject("/Type1"),
                NameObject("/BaseFont"): NameObject("/Helvetica"),
                NameObject("/ToUnicode"): writer._add_object(cmap),
            }
        )
        table[NameObject(f"/F{n}")] = writer._add_object(font)
    page = writer.add_blank_page(595, 842)
    page[NameObject("/Resources")] = DictionaryObject({NameObject("/Font"): table})
    content = DecodedStreamObject()
    content.set_data(b"BT " + b"".join(f"/F{n} 12 Tf (A) Tj ".encode() for n in range(fonts)) + b"ET")
    page[NameObject("/Contents")] = writer._add_object(content)
    return _written(writer)
