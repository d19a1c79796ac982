"""The rules appendix of a roster (``armybuilder export --with-rules``): each card, troop type,
faction, race, talent, unit... a list uses, with the one-paragraph summary the game data gives it
and its rule reference.

What a list uses comes from its system: the catalog module's ``used(data, result)`` when it has
one (``(kind, name)`` pairs), else the list's inventory (:meth:`armybuilder.systems.System.inventory`)
without its totals and without the names a player gives (a class, a hero: kinds the data names
nothing of). Each is looked up among the system's catalog entries (:mod:`armybuilder.compose.catalog`),
so the summary and the rule are the ones ``armybuilder explain`` shows. Nothing is written here that
the data does not hold: an item the data gives no summary shows its figures in one line (a troop
type's order and move, a unit's sides: :meth:`armybuilder.compose.catalog.Figures.line`), one with
neither says so (:data:`NO_SUMMARY`), and one the catalog does not know at all is listed with its
kind and no reference.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.compose.catalog import Entry
    from armybuilder.findings import Result


@dataclass(frozen=True)
class RuleEntry:
    """One item of the rules appendix (``--with-rules``): a card, faction, race, unit... the list
    uses, with the summary and rule reference of its catalog entry (None: the data has none)."""

    kind: str
    name: str
    rule: str | None
    summary: str | None

    @property
    def about(self) -> str:
        """``card, FT 31``: its kind and, when the data gives one, its rule reference."""
        return f"{self.kind}, {self.rule}" if self.rule else self.kind

    @property
    def summary_text(self) -> str:
        """The summary, or what the data lacks."""
        if self.summary:
            return self.summary
        return NO_SUMMARY if self.rule else NO_SUMMARY_OR_RULE

    @property
    def text(self) -> str:
        """``Deadly (card, FT 31): +1 tactical factor...``."""
        return f"{self.name} ({self.about}): {self.summary_text}"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "name": self.name, "rule": self.rule, "summary": self.summary}


NO_SUMMARY = "no summary in the data"
NO_SUMMARY_OR_RULE = "no summary or rule reference in the data"
NOTHING_USED = "nothing: the file is not a list that was checked"  # an appendix with no entry
RULES_INTRO = (
    "What the list uses, with the summary the game data gives each and the rule to read "
    "(a summary is not the rule text; armybuilder explain shows more)."
)


def _wanted(data: dict[str, Any], result: Result) -> list[tuple[str, str]]:
    """(kind, name) of each thing the list uses, in the list's order (repeats kept)."""
    from armybuilder import systems

    manifest = systems.manifest(str(result.system))
    if manifest.has("catalog"):
        hook = getattr(manifest.module("catalog"), "used", None)
        if hook is not None:
            pairs: list[tuple[str, str]] = hook(data, result)
            return pairs
    system = systems.get(str(result.system))
    names = system.names()
    data_kinds = set(names.kinds) if names is not None else None
    return [
        (item.kind, item.name)
        for item in system.inventory(data, result)
        if item.kind != "total" and (data_kinds is None or item.kind in data_kinds)
    ]


def _find(catalog: _Catalog, kind: str, name: str) -> Entry | None:
    """The catalog entry of this name: of this kind, else of a kind that starts with it ("troop"
    for "troop type"), else the only entry of that name whatever its kind (a Heroes III "card" is
    an ability or a spell)."""
    from armybuilder.suggest import fold

    named = catalog.named.get(fold(name), [])
    same = [e for e in named if e.kind == kind] or [e for e in named if e.kind.startswith(kind.replace("_", " "))]
    if same:
        return same[0]
    return named[0] if len(named) == 1 else None


@dataclass(frozen=True)
class _Catalog:
    named: dict[str, list[Entry]]  # a folded name or alias -> its entries, in the catalog's order


@functools.lru_cache(maxsize=16)
def _catalog(system: str) -> _Catalog:
    """A system's catalog entries by folded name, made once (a packet looks up a thousand lists'
    names: each lookup folded every name of the catalog again)."""
    from armybuilder.compose import catalog
    from armybuilder.suggest import fold

    named: dict[str, list[Entry]] = {}
    for _, es in catalog.entries(system):
        for e in es:
            for key in dict.fromkeys(fold(n) for n in [e.name, *e.aliases]):
                named.setdefault(key, []).append(e)
    return _Catalog(named)


def used_names(result: Result) -> set[str]:
    """Every name (folded, aliases too) of the catalog entries a checked list uses: what a
    system's ``readings`` are matched against (their ``about``) for a roster's "Not checked"."""
    from armybuilder.suggest import fold

    data = result.document
    if result.system is None or not isinstance(data, dict) or result.model is None:
        return set()
    every = _catalog(result.system)
    out: set[str] = set()
    for kind, name in _wanted(data, result):
        entry = _find(every, kind, name)
        out.update(fold(n) for n in ([entry.name, *entry.aliases] if entry is not None else [name]))
    return out


def used(result: Result) -> list[RuleEntry]:
    """The appendix of a checked list: one entry per thing used, grouped by kind (in the order the
    kinds first appear in the list), alphabetical within a kind, the names the catalog does not know
    last. Empty when the file could not be checked as a list of a known system."""

    data = result.document
    if result.system is None or not isinstance(data, dict) or result.model is None:
        return []
    every = _catalog(result.system)
    found: dict[tuple[str, str], RuleEntry] = {}
    for kind, name in _wanted(data, result):
        entry = _find(every, kind, name)
        if entry is not None:
            summary = " ".join((entry.summary or "").split()) or None
            if summary is None and entry.figures is not None:  # a troop type, a unit: its figures
                summary = entry.figures.line()
            item = RuleEntry(entry.kind, entry.name, entry.rule or None, summary)
        else:
            item = RuleEntry(kind.replace("_", " "), name, None, None)
        found.setdefault((item.kind, item.name.casefold()), item)
    order = list(dict.fromkeys(kind for kind, _ in found))
    unknown = {key for key, e in found.items() if e.rule is None and e.summary is None}
    return [found[key] for key in sorted(found, key=lambda k: (k in unknown, order.index(k[0]), k[1], found[k].name))]
