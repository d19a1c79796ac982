"""What a game's catalog is written against: the entries ``armybuilder catalog`` and ``armybuilder
explain`` show (:class:`Entry`, :class:`Figures`), and finding them among a system's kinds.
The commands are :mod:`armybuilder.commands.browse`.

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
from typing import Any, TypeAlias

from armybuilder.resources import load_data
from armybuilder.suggest import NameIndex, did_you_mean, fold
from armybuilder.text import fmt_points, not_checked_text


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


def printed(system: str, rule: str) -> str:
    """A rule reference as a printed roster says it to an opponent: the ``printed`` wording of the
    source whose document it is (no database's developer name, issue 46 item 8), else as it is.
    JSON and ``explain`` keep the document's exact name."""
    for s in sources(system):
        if s.get("document") == rule and s.get("printed"):
            return str(s["printed"])
    return rule


def join(items: Iterable[Any], word: str = "or") -> str:
    words = [str(i) for i in items]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {word} " + words[-1]


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
