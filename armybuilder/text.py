"""Text helpers every reporter shares: terminal-safe lines, Markdown escaping, widths, counts, tables.

One rule each: :func:`one_line` is the one place that cleans text bound for a terminal (a list
file's control characters never reach it), :func:`md` the one Markdown escaper, :func:`width`
the one measure of a cell (wide East Asian characters take two columns, combining marks none).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")
_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>|#~!])")


def one_line(text: Any) -> str:
    """One line of text a terminal shows as it is (no escape sequences from a list file)."""
    return _CONTROL.sub("\ufffd", " ".join(str(text).split()))


def md(text: Any) -> str:
    """Text safe inside Markdown: a table cell or a list item (no markup, no HTML, one line)."""
    return _MD_SPECIAL.sub(r"\\\1", " ".join(str(text).split()))


def width(text: str) -> int:
    """Columns the text takes in a monospaced font (wide East Asian characters take two)."""
    n = 0
    for ch in text:
        if unicodedata.combining(ch):
            continue
        n += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return n


def pad(text: str, size: int, right: bool = False) -> str:
    gap = " " * (size - width(text))
    return gap + text if right else text + gap


def columns(
    head: Sequence[str], rows: Sequence[Sequence[str]], right: Iterable[int] = (), rule: str = "-", minimum: int = 0
) -> list[str]:
    """A plain aligned table: the header, a rule of dashes, the rows (``right``: right-aligned columns)."""
    right = set(right)
    sizes = [max([minimum, width(head[i])] + [width(r[i]) for r in rows]) for i in range(len(head))]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(pad(c, sizes[i], i in right) for i, c in enumerate(cells)).rstrip()

    return [line(head), "  ".join(rule * s for s in sizes)] + [line(r) for r in rows]


def fmt_points(value: Any) -> str:
    """Points as a player writes them: 6, 6½, -½."""
    if value is None:
        return "-"
    if isinstance(value, Fraction):
        whole = abs(value.numerator) // value.denominator
        rest = abs(value) - whole
        sign = "-" if value < 0 else ""
        if rest == 0:
            return f"{sign}{whole}"
        glyph = {Fraction(1, 2): "½", Fraction(1, 4): "¼", Fraction(3, 4): "¾"}.get(rest)
        if glyph:
            return f"{sign}{whole if whole else ''}{glyph}"
        return f"{sign}{float(abs(value)):g}"
    return str(value)


def plural(n: int, one: str, many: str | None = None) -> str:
    """``1 error``, ``2 errors``."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def tally(counts: Mapping[str, int]) -> str:
    """``1 error, 2 warnings, 0 info`` from :meth:`armybuilder.findings.Result.counts`."""
    return f"{plural(counts['error'], 'error')}, {plural(counts['warning'], 'warning')}, {counts['info']} info"


def cell_text(value: Any) -> str:
    """A table cell as a player reads it: 6½, yes, or the text on one line."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return ""
    if isinstance(value, (int, float, Fraction)):
        return fmt_points(value)
    return str(value).replace("\r\n", " ").replace("\n", " ")


def cell(value: Any) -> str:
    """A table cell for a terminal."""
    return one_line(cell_text(value))
