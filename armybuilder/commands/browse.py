"""``armybuilder catalog`` and ``armybuilder explain``: the rules as tables and entries, from the data.

The entries are each system's (:mod:`armybuilder.compose.catalog`: a system's ``catalog`` module
maps its kinds to :class:`~armybuilder.compose.catalog.Entry` objects); this module finds the ones
asked for and renders them: the catalog's tables (text, fitted to a terminal's width) or their
JSON, and an entry's explanation.
"""

from __future__ import annotations

from typing import Any

from armybuilder.compose.catalog import (
    CatalogError,
    Entry,
    Group,
    entries,
    explain_entries,
    system_id,
)
from armybuilder.outcome import Outcome
from armybuilder.reporters import Format
from armybuilder.reporters.json_ import dumps
from armybuilder.resources import load_data
from armybuilder.suggest import fold
from armybuilder.text import one_line


def _in_row(entry: Entry, text: str) -> bool:
    """Whether a cell of the entry's table row contains ``text`` (any case)."""
    want = fold(text)
    return any(want in fold(str(v)) for v in entry.row.values() if v is not None)


def _matches(entry: Entry, text: str) -> bool:
    """The row shows ``text``, or its summary (not a column: shown under the table) has it."""
    return _in_row(entry, text) or fold(text) in fold(entry.summary or "")


def _cell(v: Any) -> str:
    return "" if v is None else str(v)


def catalog(
    system: str, kind: str | None, text_filter: str | None, fmt: Format | str, width: int | None = None
) -> Outcome:
    """``armybuilder catalog SYSTEM [KIND] [--filter TEXT]``; ``width``: a terminal's, which the
    text tables fit (None: as wide as they are, the same bytes wherever they go)."""
    try:
        system = system_id(system)
        found = entries(system, kind)
    except CatalogError as exc:
        return Outcome.usage(f"armybuilder catalog: {exc}")
    groups: list[Group] = []
    for k, es in found:
        rows = [e for e in es if not text_filter or _matches(e, text_filter)]
        cols = list(es[0].row) if es else ["name"]
        groups.append((k, cols, rows))
    total = sum(len(rows) for _, _, rows in groups)
    summary = [f"{total} entr{'y' if total == 1 else 'ies'}" + (f" matching '{text_filter}'" if text_filter else "")]
    meta = load_data(system, "system")
    title: str = meta["title"]
    note = meta.get("data_note")  # what the data holds, said above the tables and in the JSON
    if Format(fmt) is Format.json:
        return Outcome(dumps(catalog_data(system, text_filter, groups, note)), summary)
    return Outcome(catalog_text(system, title, text_filter, groups, width, note), summary)


def catalog_text(
    system: str,
    title: str,
    text_filter: str | None,
    groups: list[Group],
    width: int | None = None,
    note: str | None = None,
) -> str:
    """The catalog's tables; ``width`` (a terminal's): wider tables wrap their widest columns to fit;
    ``note``: what the data holds, said once above them."""
    from armybuilder.boxed import fit_columns, wrap

    lines: list[str] = []
    if note and any(rows for _, _, rows in groups):
        lines += [line.rstrip() for line in wrap(f"{title}: {note}.", width or 100)] + [""]
        head = len(lines)
    else:
        head = 0
    for k, cols, rows in groups:
        if not rows:
            continue
        if len(lines) > head:
            lines.append("")
        lines.append(f"{title}: {k} ({len(rows)})")
        for row_lines in fit_columns(cols, [[_cell(e.row.get(c)) for c in cols] for e in rows], line=width):
            lines.extend(row_lines)
        if text_filter:  # a row kept for its summary shows why: the summary is not a column
            hidden = [e for e in rows if not _in_row(e, text_filter)]
            if hidden:
                lines.append(f"'{one_line(text_filter)}' is in the summary of:")
                lines.extend(f"  {e.name}: {e.summary}" for e in hidden)
    if not lines:
        lines.append(f"nothing in the {system} catalog" + (f" matches '{text_filter}'" if text_filter else ""))
    return "\n".join(lines) + "\n"


def catalog_data(system: str, text_filter: str | None, groups: list[Group], note: str | None = None) -> dict[str, Any]:
    return {
        "system": system,
        "data_note": note,
        "filter": text_filter,
        "kinds": [
            {"kind": k, "columns": cols, "rows": [dict(e.row, summary=e.summary) for e in rows]}
            for k, cols, rows in groups
        ],
    }


def explain_text(hits: list[Entry]) -> str:
    out: list[str] = []
    for i, e in enumerate(hits):
        if i:
            out.append("")
        out.append(f"{e.name}  ({e.kind}" + (f", {e.rule}" if e.rule else "") + ")")
        if e.summary:
            out.append(f"  summary:   {e.summary}")
        if e.figures is not None:
            for n, line in enumerate(e.figures.text()):
                out.append(f"  {'figures:' if n == 0 else '':<10} {line}".rstrip())
        sections = [
            ("cost", e.cost),
            ("who", e.who),
            ("caps", e.caps),
            ("excludes", e.excludes),
            ("options", e.options),
            ("notes", e.notes),
            ("unchecked", e.not_checked),  # "unchecked:" fits the 10-character label column
            ("reading", e.readings),
        ]
        for title, items in sections:
            for n, item in enumerate(items):
                out.append(f"  {(title + ':') if n == 0 else '':<10} {item}")
        out.append(f"  {'rule:':<10} {e.rule or '-'}")
    return "\n".join(out) + "\n"


def explain(system: str, name: str, fmt: Format | str) -> Outcome:
    """``armybuilder explain SYSTEM NAME``."""
    try:
        system = system_id(system)
        hits = explain_entries(system, " ".join(name.split()))
    except CatalogError as exc:
        return Outcome.usage(f"armybuilder explain: {exc}")
    if Format(fmt) is Format.json:
        return Outcome(dumps({"system": system, "entries": [e.to_dict() for e in hits]}))
    return Outcome(explain_text(hits))
