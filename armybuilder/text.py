"""Text helpers every reporter shares: terminal-safe lines, Markdown escaping, widths, counts, tables.

One rule each: :func:`one_line` is the one place that cleans a piece of text bound for a
terminal (a list file's control characters never reach it, nor its line breaks), :func:`md` the
one Markdown escaper, :func:`width` the one measure of a cell (wide East Asian characters take two
columns, combining marks none). :func:`terminal` cleans a whole report on its way out
(:func:`armybuilder.cli.terminal.finish` passes every line of every command through it), so a field a
reporter forgot cannot reach the terminal either; :func:`json_text` does the same for JSON
(the value kept, escaped), and :func:`utf8` encodes text that may hold a file name that is not
UTF-8 (its undecodable bytes become U+FFFD).

The bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069) are cleaned
with the control characters: a name that holds one would reorder the text printed after it (a
total, a file name, the rest of the line), in a terminal and in a file shown with ``cat``.
"""

from __future__ import annotations

import re
import sys
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

# The bidirectional embeddings, overrides and isolates: text after one is shown reordered.
BIDI = "\u202a-\u202e\u2066-\u2069"
# C0 and C1 control characters, the bidirectional controls, and lone surrogates (the bytes of a
# file name that is not UTF-8, as Python decodes them): never printed as they are.
_CONTROL = re.compile(f"[\x00-\x1f\x7f-\x9f{BIDI}\ud800-\udfff]")
_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>|#~!])")
# A whole report: colour codes (SGR, ESC [ ... m) are the only escape sequences that may pass,
# and only when the command colours its output; line breaks and tabs are kept.
_TERMINAL = re.compile(f"\x1b\\[[0-9;]*m|[\x00-\x08\x0b-\x1f\x7f-\x9f{BIDI}\ud800-\udfff]")
# What json.dumps(ensure_ascii=False) leaves raw that no terminal may get: C1 controls, the line
# and paragraph separators (a line break to many a reader: the CSV and Markdown reports replace
# them), the bidirectional controls, lone surrogates.
_JSON_RAW = re.compile(f"[\x7f-\x9f\u2028\u2029{BIDI}\ud800-\udfff]")
_SURROGATE = re.compile("[\ud800-\udfff]")


def one_line(text: Any) -> str:
    """One line of text a terminal shows as it is (no escape sequences from a list file)."""
    return _CONTROL.sub("\ufffd", " ".join(str(text).split()))


def md(text: Any) -> str:
    """Text safe inside Markdown: a table cell or a list item (no markup, no HTML, one line, no
    control characters: a roster shown with ``cat`` cannot drive the terminal)."""
    return _CONTROL.sub("\ufffd", _MD_SPECIAL.sub(r"\\\1", " ".join(str(text).split())))


def terminal(text: str, colour: bool = False) -> str:
    """A whole report as a terminal may show it: every control character but the line break and
    the tab becomes U+FFFD, and so does every bidirectional control and every escape sequence,
    except colour codes when ``colour``."""

    def clean(m: re.Match[str]) -> str:
        return m.group() if colour and len(m.group()) > 1 else "\ufffd"

    return _TERMINAL.sub(clean, text)


def json_text(text: str) -> str:
    """JSON text (from ``json.dumps(..., ensure_ascii=False)``) with the C1 control characters, the
    line and paragraph separators and the bidirectional controls it leaves raw escaped (``\\u009b``,
    ``\\u2028``, ``\\u202e``: the same value, but no terminal acts on it) and a file name's
    undecodable bytes as U+FFFD (so it can be written as UTF-8)."""

    def escape(m: re.Match[str]) -> str:
        ch = m.group()
        return "\ufffd" if "\ud800" <= ch <= "\udfff" else f"\\u{ord(ch):04x}"

    return _JSON_RAW.sub(escape, text)


def utf8(text: str) -> bytes:
    """``text`` as UTF-8; the undecodable bytes of a file name in it (lone surrogates) as U+FFFD."""
    return _SURROGATE.sub("\ufffd", text).encode("utf-8")


def printable(text: str) -> str:
    """``text`` with the undecodable bytes of a file name (lone surrogates) as U+FFFD."""
    return _SURROGATE.sub("\ufffd", text)


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


def is_fraction(value: Any) -> bool:
    """Whether ``value`` is a :class:`fractions.Fraction`, without importing :mod:`fractions` (its
    import and the ``decimal`` it loads are a start-up cost most checks do not need): a Fraction
    can only exist once that module is loaded."""
    fractions = sys.modules.get("fractions")
    return fractions is not None and isinstance(value, fractions.Fraction)


def fmt_points(value: Any) -> str:
    """Points as a player writes them: 6, 6½, -½."""
    if value is None:
        return "-"
    if is_fraction(value):
        from fractions import Fraction  # loaded already: value is one

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


def noun(n: Any, one: str, many: str | None = None) -> str:
    """The word for ``n`` of a thing: ``one`` for 1 or a part of one (``½ point``, ``−½ point``, as
    the rulebooks write "½ point for each card"), else ``many`` (``0 points``, ``1½ points``;
    default: ``one`` + s, or + es after s, x, ch, sh and o). For numbers shown otherwise than
    :func:`plural` shows them: ``f"{fmt_points(p)} {noun(p, 'point')}"``."""
    if not isinstance(n, bool) and (isinstance(n, (int, float)) or is_fraction(n)) and 0 < abs(n) <= 1:
        return one
    return many or one + ("es" if one.endswith(("s", "x", "ch", "sh", "o")) else "s")  # classes, heroes


def plural(n: int, one: str, many: str | None = None) -> str:
    """``1 error``, ``2 errors``."""
    return f"{n} {noun(n, one, many)}"


def points_text(value: Any) -> str:
    """``1 point``, ``6½ points``, ``-½ point``: points as a player reads them."""
    return f"{fmt_points(value)} {noun(value, 'point')}"


def tally(counts: Mapping[str, int]) -> str:
    """``1 error, 2 warnings, 0 info`` from :meth:`armybuilder.findings.Result.counts`."""
    return f"{plural(counts['error'], 'error')}, {plural(counts['warning'], 'warning')}, {counts['info']} info"


def cell_text(value: Any) -> str:
    """A table cell as a player reads it: 6½, yes, or the text on one line."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return ""
    if isinstance(value, (int, float)) or is_fraction(value):
        return fmt_points(value)
    return str(value).replace("\r\n", " ").replace("\n", " ")


def cell(value: Any) -> str:
    """A table cell for a terminal."""
    return one_line(cell_text(value))


def not_checked_text(item: Mapping[str, Any]) -> str:
    """One entry of a system's ``not_checked`` (system.yaml) as a line: ``text (rule)``."""
    rule = item.get("rule")
    return str(item["text"]) + (f" ({rule})" if rule else "")


READING = "reading: "  # a declared reading among a roster's "Not checked" lines


def reading_text(item: Mapping[str, Any]) -> str:
    """One entry of a system's ``readings`` (system.yaml) as a line: ``text (rule)``."""
    return not_checked_text(item)
