"""Every CSV file armybuilder writes, written through one guard: no cell opens as a formula.

A spreadsheet takes a cell that begins with ``=``, ``+``, ``-`` or ``@``, a tab or a carriage
return as a formula (OWASP, "CSV Injection"): a player named ``=HYPERLINK("http://…")`` or
``-1+1`` would run as one on the organiser's machine. :func:`cell` prefixes such a cell with
``'``, which spreadsheets show as text; every cell is guarded, ids and numbers as text included
(a submission id may begin with ``-``). :func:`rows_text` is the one writer: the reports, the
desk's downloads and ``armybuilder-players.csv`` all go through it, and a test fails for a
``csv.writer`` anywhere else.

The guard can be undone (:func:`unguard`): a text that already reads as a guarded cell (one or
more ``'`` before one of those characters) gets one more ``'`` too, so a name that begins with
``'`` reads back as it was written, and every name round trips.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable
from typing import Any

FORMULA_START = "=+-@\t\r"
# What a guarded cell looks like: one or more ' before a character a formula begins with.
_GUARDED = re.compile(f"'+[{re.escape(FORMULA_START)}]")
_STARTS = frozenset(FORMULA_START)


def cell(value: Any) -> str:
    """A spreadsheet cell that is never a formula: ``value`` as text, with ``'`` before it when it
    begins with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return (or already reads as one
    guarded so, which keeps :func:`unguard` exact). None is the empty cell."""
    text = "" if value is None else str(value)
    if text[:1] in _STARTS or _GUARDED.match(text):
        return "'" + text
    return text


def unguard(text: str) -> str:
    """The text :func:`cell` was given: one ``'`` taken off a guarded cell, anything else as read."""
    return text[1:] if _GUARDED.match(text) else text


def rows_text(rows: Iterable[Iterable[Any]], line_end: str = "\r\n", bom: bool = False) -> str:
    """CSV text of ``rows`` (the header first), every cell through :func:`cell`; ``bom``: a
    byte-order mark first, for the spreadsheets that take UTF-8 only with one."""
    buf = io.StringIO()
    if bom:
        buf.write("\ufeff")
    w = csv.writer(buf, lineterminator=line_end)
    for row in rows:
        w.writerow([cell(v) for v in row])
    return buf.getvalue()
