"""``armybuilder catalog`` and ``armybuilder explain``: the rules as tables and entries, from the data.

Every row and entry is built from ``data/<system>/*.yaml`` and cites where it comes from: the
rule section an entry names (``rule:``), else the source document of its data file. Nothing here
restates a rule that is not in the data.

A system contributes *kinds* (``cards``, ``troops``, ``factions``, ``units``, ``races``...) in its
``catalog`` module: ``KINDS`` maps each kind to a function that returns :class:`Entry` objects, and
``ALIASES`` maps other words for a kind (``card``) to it. An entry has its table row (short cells) and
its explanation (cost rule, who may take it, caps, exclusions, options, notes, rule, summary) and,
where the data holds them, the figures a player plays with (:class:`Figures`: a troop type's order
and move, a unit's attack and defense on each side of its card), which the explain page, the
command line's ``explain`` and a roster's rules appendix all show from the one model.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from types import ModuleType
from typing import TYPE_CHECKING, Any, TypeAlias

from armybuilder.outcome import Outcome
from armybuilder.resources import load_data
from armybuilder.suggest import NameIndex, did_you_mean, fold
from armybuilder.text import fmt_points, not_checked_text, one_line

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.reporters import Format


class CatalogError(Exception):
    pass


@dataclass
class Figures:
    """The figures a player plays with, as a small table the data fills: ``columns`` heads its value
    columns (a Heroes III unit's "Few" and "Pack" sides; empty: one column with no heading), each row
    a label and one cell per column. A cell marks a figure the data holds unverified in its own words
    ("3 MU, unverified"); ``notes`` are said once under the table: what such a mark means, and what
    the data does not hold ("the data does not hold combat factors")."""

    columns: list[str]
    rows: list[tuple[str, list[str]]]
    notes: list[str] = field(default_factory=list)

    def line(self) -> str:
        """The figures in one line: ``order: close, move: 3 MU`` or ``Few: attack 2, ...; Pack: ...``."""
        if not self.columns:
            return ", ".join(f"{label}: {cells[0]}" for label, cells in self.rows)
        return "; ".join(
            f"{head}: " + ", ".join(f"{label} {cells[n]}" for label, cells in self.rows)
            for n, head in enumerate(self.columns)
        )

    def text(self) -> list[str]:
        """The table in aligned columns of plain text, then its notes."""
        from armybuilder.text import width

        heads = list(self.columns)
        cols = max([len(heads)] + [len(cells) for _, cells in self.rows])
        first = max([0] + [width(label) for label, _ in self.rows])
        widths = [
            max([width(heads[n]) if n < len(heads) else 0] + [width(c[n]) for _, c in self.rows if n < len(c)])
            for n in range(cols)
        ]

        def cells(label: str, values: list[str]) -> str:
            padded = [label + " " * (first - width(label))]
            padded += [v + " " * (widths[n] - width(v)) for n, v in enumerate(values)]
            return "  ".join(padded).rstrip()

        out = [cells("", heads)] if heads else []
        out += [cells(label, values) for label, values in self.rows]
        return out + list(self.notes)

    def to_dict(self) -> dict[str, Any]:
        return {
            "columns": self.columns,
            "rows": [{"label": label, "values": cells} for label, cells in self.rows],
            "notes": self.notes,
        }


@dataclass
class Entry:
    kind: str  # the kind's singular word: card, troop type, unit...
    name: str
    row: dict[str, Any]  # column -> short cell (the catalog table)
    rule: str | None = None  # the citation
    summary: str | None = None
    # The explanation's lines, one list per section.
    cost: list[str] = field(default_factory=list)
    who: list[str] = field(default_factory=list)
    caps: list[str] = field(default_factory=list)
    excludes: list[str] = field(default_factory=list)
    options: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    data: Any = None  # the data entry as it is
    aliases: list[str] = field(default_factory=list)  # other names explain finds it by
    not_checked: list[str] = field(default_factory=list)  # what armybuilder does not check about it
    readings: list[str] = field(default_factory=list)  # how armybuilder reads a rule about it the text leaves open
    figures: Figures | None = None  # the figures a player plays with, where the data holds them

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "name": self.name,
            "rule": self.rule,
            "summary": self.summary,
            "cost": self.cost,
            "who": self.who,
            "caps": self.caps,
            "excludes": self.excludes,
            "options": self.options,
            "notes": self.notes,
            "not_checked": self.not_checked,
            "readings": self.readings,
            "figures": self.figures.to_dict() if self.figures is not None else None,
            "data": self.data,
        }


def pts(value: Any) -> str:
    if value is None:
        return "-"
    return fmt_points(Fraction(str(value)))


# One table of the catalog: the kind, its columns, its entries.
Group: TypeAlias = tuple[str, list[str], list[Entry]]


def sources(system: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = load_data(system, "system").get("sources", [])
    return found


def source(system: str, *keywords: str) -> str:
    """The document of the first source whose text names one of the keywords."""
    for s in sources(system):
        text = f"{s.get('document', '')} {s.get('note', '')}".casefold()
        if any(k.casefold() in text for k in keywords):
            return str(s["document"])
    return str(load_data(system, "system")["title"])


def join(items: Iterable[Any], word: str = "or") -> str:
    words = [str(i) for i in items]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {word} " + words[-1]


# ---------------------------------------------------------------------------


# ---------------------------------------------------------------------------
# The kinds of each system (its catalog module)


def _module(system: str) -> ModuleType | None:
    from armybuilder import systems

    m = systems.manifest(system)
    return m.module("catalog") if m.has("catalog") else None


def system_id(word: str) -> str:
    from armybuilder import systems

    try:
        found = systems.resolve(word)
    except ValueError as exc:
        raise CatalogError(str(exc)) from None
    if _module(found) is None:
        raise CatalogError(f"{found} has no catalog")
    return found


def kinds(system: str) -> list[str]:
    mod = _module(system)
    return list(mod.KINDS) if mod else []


def kind_of(system: str, word: str) -> str:
    mod = _module(system)
    if mod is None:
        raise CatalogError(f"{system} has no catalog")
    index = NameIndex({k: k for k in mod.KINDS}, dict(getattr(mod, "ALIASES", {})))
    found = index.canonical(word)
    if found is not None:
        return found
    raise CatalogError(f"{system} has no kind '{word}'{index.suggestion(word)}; kinds: {', '.join(mod.KINDS)}")


def entries(system: str, kind: str | None = None) -> list[tuple[str, list[Entry]]]:
    mod = _module(system)
    chosen = [kind_of(system, kind)] if kind else kinds(system)
    if mod is None:  # no catalog: no kinds (kind_of refused the one asked for)
        return []
    return [(k, mod.KINDS[k]()) for k in chosen]


def entry_names(system: str) -> list[str]:
    return sorted({e.name for _, es in entries(system) for e in es})


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
    from armybuilder.reporters import reporter

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
    rep = reporter(fmt, fit=width)
    # what the data holds (system.yaml's data_note), said above the tables and in the JSON
    return Outcome(rep.catalog(system, title, text_filter, groups, meta.get("data_note")), summary)


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


def explain_entries(system: str, name: str) -> list[Entry]:
    every = [e for _, es in entries(system) for e in es]
    hits = [e for e in every if fold(name) in {fold(n) for n in [e.name, *e.aliases]}]
    if not hits:
        hint = did_you_mean(name, sorted({n for e in every for n in [e.name, *e.aliases]}))
        raise CatalogError(f"nothing named '{name}' in {system}{hint}; see: armybuilder catalog {system}")
    meta = load_data(system, "system")
    items, readings = meta.get("not_checked", []), meta.get("readings", [])
    for e in hits:  # what the system declares it does not check, or reads one way, about this entry (system.yaml)
        names = {fold(n) for n in [e.name, *e.aliases]}
        e.not_checked = [not_checked_text(i) for i in items if names & {fold(a) for a in i.get("about", [])}]
        e.readings = [not_checked_text(i) for i in readings if names & {fold(a) for a in i.get("about", [])}]
    return hits


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
    from armybuilder.reporters import reporter

    try:
        system = system_id(system)
        hits = explain_entries(system, " ".join(name.split()))
    except CatalogError as exc:
        return Outcome.usage(f"armybuilder explain: {exc}")
    return Outcome(reporter(fmt).explain(system, hits))
