"""Boxed tables, as ``armybuilder cost`` prints them, drawn without Rich.

``cost`` drew its tables with Rich until Rich's import (about 27 ms) and drawing (16 to 22 ms)
were most of the command's time. This module draws the same tables: Rich's heavy-headed box,
one space of padding each side of a cell, columns only as wide as their widest cell, and, when
the table is wider than the line, the widest columns shrunk first and their cells wrapped at
spaces (a word longer than its cell folded). It follows Rich 15's ``Table`` step by step
(measure, collapse, reduce, wrap, pad), so the report has the same bytes as before;
``tests/reporters/test_boxed.py`` compares the two on every example and on generated tables.
Widths are :func:`armybuilder.text.width`'s, the project's one measure of a cell (Rich's own
cell table differs from it only for some combining marks and emoji).

Colour is the caller's: :func:`table` takes a function that styles the title and header cells,
applied after the layout (escape codes take no columns).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable, Sequence

from armybuilder.text import width as cells

_WORD = re.compile(r"\s*\S+\s*")
_TRAILING_SPACE = re.compile(r"\s+$")
# The control characters Rich's Text drops (bell, backspace, vertical tab, form feed, carriage return).
_RICH_DROPS = {7: None, 8: None, 11: None, 12: None, 13: None}


def plain(text: str) -> str:
    """A line as Rich's console printed it without wrapping: those control characters dropped
    and tabs expanded to every 8th column."""
    text = text.translate(_RICH_DROPS)
    return "\n".join(_expand_tabs(line) for line in text.split("\n")) if "\t" in text else text


def _expand_tabs(line: str, size: int = 8) -> str:
    out, at = [], 0
    for part in re.split("(\t)", line):
        if part == "\t":
            gap = size - at % size
            out.append(" " * gap)
            at += gap
        else:
            out.append(part)
            at += cells(part)
    return "".join(out)


# -- wrapping one cell (rich.text.Text.wrap, justify left, overflow fold) ---------------------------


def _graphemes(text: str) -> list[tuple[int, int, int]]:
    """(start, end, width) of each character with the zero-width marks that follow it."""
    spans: list[tuple[int, int, int]] = []
    for i, ch in enumerate(text):
        w = cells(ch)
        if w == 0 and spans:
            start, _, size = spans[-1]
            spans[-1] = (start, i + 1, size)
        else:
            spans.append((i, i + 1, w))
    return spans


def _chop(text: str, size: int) -> list[str]:
    """``text`` cut into pieces of at most ``size`` columns."""
    if text.isascii():
        return [text[i : i + size] for i in range(0, len(text), size)]
    lines, used, offset = [], 0, 0
    for start, _, w in _graphemes(text):
        if used + w > size:
            lines.append(text[offset:start])
            offset, used = start, 0
        used += w
    if used:
        lines.append(text[offset:])
    return lines


def _breaks(text: str, size: int) -> list[int]:
    """Where to break ``text`` so that each piece fits ``size`` columns (rich._wrap.divide_line)."""
    out: list[int] = []
    at = 0
    for m in _WORD.finditer(text):
        start, word = m.start(), m.group()
        length = cells(word.rstrip())
        if size - at >= length:
            at += cells(word)
        elif length > size:
            pieces = _chop(word, size)
            for n, piece in enumerate(pieces):
                if start:
                    out.append(start)
                if n == len(pieces) - 1:
                    at = cells(piece)
                else:
                    start += len(piece)
        elif at and start:
            out.append(start)
            at = cells(word)
    return out


def _fit(text: str, size: int) -> str:
    """``text`` cropped or padded with spaces to exactly ``size`` columns (a wide character cut in
    two becomes a space)."""
    have = cells(text)
    if have <= size:
        return text + " " * (size - have)
    if size <= 0:
        return ""
    used = 0
    for start, _, w in _graphemes(text):
        if used + w > size:
            return text[:start] + " " * (size - used)
        used += w
    return text  # pragma: no cover - the loop always returns when the text is too wide


def wrap(text: str, size: int) -> list[str]:
    """The lines of a cell ``size`` columns wide, each padded to exactly ``size``."""
    if size < 1:  # no room at all (a table far wider than the line): an empty line
        return [""]
    out: list[str] = []
    for line in plain(text).split("\n"):
        cuts = [0, *_breaks(line, size), len(line)]
        for a, b in itertools.pairwise(cuts):
            piece = line[a:b]
            if len(piece) > size:  # Rich compares characters here, not columns
                space = _TRAILING_SPACE.search(piece)
                if space:
                    piece = piece[: len(piece) - min(len(space.group()), len(piece) - size)]
            out.append(_fit(piece, size))
    return out


# -- column widths (rich.table.Table._calculate_column_widths) ----------------------------------------


def _normal(low: int, high: int) -> tuple[int, int]:
    low = min(max(0, low), high)
    return max(0, low), max(0, max(low, high))


def _cell_range(text: str, room: int) -> tuple[int, int]:
    """The narrowest and widest a padded cell can be, in ``room`` columns."""
    if room < 1:
        return 0, 0
    if room - 2 < 1:
        low, high = room, room
    else:
        lines = text.splitlines()
        high = max((cells(line) for line in lines), default=0)
        words = text.split()
        low = max((cells(w) for w in words), default=high)
        low, high = _normal(low, high)
        low, high = min(low, room), min(high, room)
        if high < 1:
            low, high = 0, 0
        else:
            low, high = _normal(low, high)
        low, high = min(low + 2, room), min(high + 2, room)
    low, high = _normal(low, high)
    low, high = min(low, room), min(high, room)
    return (0, 0) if high < 1 else _normal(low, high)


def _column_range(texts: Sequence[str], room: int) -> tuple[int, int]:
    if room < 1:
        return 0, 0
    ranges = [_cell_range(t, room) for t in texts]
    low = max((r[0] for r in ranges), default=1)
    high = max((r[1] for r in ranges), default=room)
    return min(low, room), min(high, room)


def _reduce(total: int, ratios: list[int], maximums: list[int], values: list[int]) -> list[int]:
    """rich._ratio.ratio_reduce."""
    ratios = [r if m else 0 for r, m in zip(ratios, maximums, strict=True)]
    left_ratio = sum(ratios)
    if not left_ratio:
        return values[:]
    left = total
    out = []
    for ratio, most, value in zip(ratios, maximums, values, strict=True):
        if ratio and left_ratio > 0:
            share = min(most, round(ratio * left / left_ratio))
            out.append(value - share)
            left -= share
            left_ratio -= ratio
        else:
            out.append(value)
    return out


def _collapse(widths: list[int], room: int) -> list[int]:
    """Shrink the widest columns first until the table fits (every column may wrap)."""
    total = sum(widths)
    excess = total - room
    while total and excess > 0:
        widest = max(widths)
        second = max((w if w != widest else 0) for w in widths)
        ratios = [1 if w == widest else 0 for w in widths]
        if not any(ratios) or not widest - second:
            break
        widths = _reduce(excess, ratios, [min(excess, widest - second)] * len(widths), widths)
        total = sum(widths)
        excess = total - room
    return widths


def column_widths(columns: Sequence[Sequence[str]], room: int) -> list[int]:
    """Each column's width, padding included, for a table of ``room`` columns less its borders.
    ``columns``: each column's cells, its header first."""
    widths = [_column_range(col, room)[1] or 1 for col in columns]
    if sum(widths) > room:
        widths = _collapse(widths, room)
        if sum(widths) > room:
            widths = _reduce(sum(widths) - room, [1] * len(widths), widths, widths)
        widths = [_column_range(col, w)[1] or 0 for col, w in zip(columns, widths, strict=True)]
    return widths


# -- the table -----------------------------------------------------------------------------------------


def _same(text: str) -> str:
    return text


def table(
    title: str,
    head: Sequence[str],
    rows: Sequence[Sequence[str]],
    line: int = 100,
    strong: Callable[[str], str] = _same,
) -> list[str]:
    """A boxed table with its title above, as lines of at most ``line`` columns. ``strong`` styles
    the title and the header cells (bold on a colour terminal)."""
    if not head:
        return [""]
    head = [h.translate(_RICH_DROPS) for h in head]
    body = [[c.translate(_RICH_DROPS) for c in r] for r in rows]
    extra = 2 + len(head) - 1
    columns = [[head[i], *(r[i] for r in body)] for i in range(len(head))]
    widths = column_widths(columns, line - extra)
    out = []
    title = title.translate(_RICH_DROPS)
    if title:
        out += [strong(t) for t in wrap(title, sum(widths) + extra)]
    out.append("┏" + "┳".join("━" * w for w in widths) + "┓")
    out += _row(head, widths, "┃", bottom=True, style=strong)
    out.append("┡" + "╇".join("━" * w for w in widths) + "┩")
    for r in body:
        out += _row(r, widths, "│")
    out.append("└" + "┴".join("─" * w for w in widths) + "┘")
    return out


def _row(
    texts: Sequence[str],
    widths: Sequence[int],
    bar: str,
    bottom: bool = False,
    style: Callable[[str], str] = _same,
) -> list[str]:
    blocks = [[style(_fit(f" {t} ", w)) for t in wrap(text, w - 2)] for text, w in zip(texts, widths, strict=True)]
    height = max(len(b) for b in blocks)
    for b, w in zip(blocks, widths, strict=True):
        gap = [" " * w] * (height - len(b))
        b[:] = gap + b if bottom else b + gap
    return [bar + bar.join(b[i] for b in blocks) + bar for i in range(height)]


# -- plain aligned tables that fit a terminal (catalog, tournament) ------------------------------------


def fit_columns(
    head: Sequence[str], rows: Sequence[Sequence[str]], right: Iterable[int] = (), line: int | None = None
) -> list[list[str]]:
    """:func:`armybuilder.text.columns` in at most ``line`` columns: the header's lines, the rule,
    then each row's lines. A table that fits (or ``line`` None) is exactly ``columns``'s, one line a
    row; a wider one has its widest columns narrowed first and their cells wrapped at spaces."""
    from armybuilder.text import columns, pad

    right = set(right)
    plain_lines = columns(head, rows, right=right)
    if line is None or not head or max(cells(x) for x in plain_lines) <= line:
        return [[x] for x in plain_lines]
    natural = [max([cells(head[i])] + [cells(r[i]) for r in rows]) for i in range(len(head))]
    gaps = 2 * (len(head) - 1)
    sizes = _collapse(natural, max(len(head), line - gaps))
    sizes = [max(1, s) for s in sizes]

    def block(texts: Sequence[str]) -> list[str]:
        wrapped = [[w.rstrip() for w in wrap(t, s)] for t, s in zip(texts, sizes, strict=True)]
        height = max(len(w) for w in wrapped)
        out = []
        for n in range(height):
            parts = [w[n] if n < len(w) else "" for w in wrapped]
            out.append("  ".join(pad(p, sizes[i], i in right) for i, p in enumerate(parts)).rstrip())
        return out

    return [block(head), ["  ".join("-" * s for s in sizes)]] + [block(r) for r in rows]
