"""The game systems armybuilder knows: one registry line each, and what every system declares.

A game system is one folder, ``armybuilder/systems/<package>/``, with its data in
``data/<id>/``. The registry below is the only place that names a system: adding a game is its
folder plus one line here.

What the package holds, by convention (each module imported only when it is needed):

* ``__init__.py`` - ``MANIFEST``, a :class:`Manifest`: plain declarations, cheap to import, read
  at start-up (help texts, ``--points``, the system-contributed commands).
* ``system.py`` - ``SYSTEM``, a :class:`System`: the check (model, rules, cost breakdown), the
  inventory and the names it can hold, imported when a list of that system is checked (or an
  event pack for it is read).
* ``rules/`` - one module per finding code (``CODE``, ``NAME``, ``SEVERITY``, ``RULE``, its
  docstring as its documentation, ``check(...)`` yielding findings made by
  :func:`armybuilder.codes.rule_finding`); ``REGISTRY`` lists what a list check runs, ``ALL`` every
  rule module.
* ``compose.py`` - ``PARTS`` (:class:`armybuilder.compose.parts.Part`), ``template`` and
  ``howto``: what ``new``, ``add``, ``remove`` and ``set`` do to its lists.
* ``catalog.py`` - ``KINDS`` and ``ALIASES``: the ``catalog`` tables and ``explain`` entries.
* any module named in ``MANIFEST.commands`` - a ``register(app)`` that adds a command of the
  system's own (``matchup``).

A test adds a system the same way: one entry in REGISTRY (a fixture package whose manifest names
its own data folder in ``data_root``), then :func:`reset`.
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from fractions import Fraction

    from armybuilder import findings
    from armybuilder.codes import Code
    from armybuilder.findings import Result

# One line per game system: the id (a list's ``system:`` key, and its folder under data/) and
# the package that knows it.
REGISTRY: dict[str, str] = {
    "fantasy-triumph": "armybuilder.systems.fantasy_triumph",
    "token-terrors": "armybuilder.systems.token_terrors",
    "small-world-of-warcraft": "armybuilder.systems.small_world",
    "homm3-battlefield": "armybuilder.systems.homm3",
}

# What a list can be measured in; only "points" takes an outside limit (--points, an event's points).
MEASURES = ("points", "slots", "tokens", "units")


@dataclass(frozen=True)
class Manifest:
    """What a game system is, declared in its package's ``__init__`` as plain data."""

    id: str  # the registry key: "fantasy-triumph"
    list_schema: str  # schema file stem: "fantasy-triumph.list"
    measure: str  # one of MEASURES: what a list's total counts
    points_limit: bool = False  # an outside points limit (--points, an event pack's points) applies
    summary: str = ""  # what is checked, in one line (the README's systems table)
    new_example: str = ""  # after "armybuilder new ID", for the help: 'host.yaml --points 51'
    explain_example: str = ""  # a name for the explain help: "Mobile Infantry"
    commands: tuple[str, ...] = ()  # modules with a register(app) adding the system's own commands
    data_root: Path | None = None  # where data/<id>/ and schemas/ are, when not bundled (test systems)
    package: str = ""  # filled in from the registry

    def module(self, name: str) -> ModuleType:
        """One of the package's modules (``system``, ``compose``, ``catalog``), imported on use."""
        return importlib.import_module(f"{self.package}.{name}")

    def has(self, name: str) -> bool:
        return importlib.util.find_spec(f"{self.package}.{name}") is not None


@dataclass
class Item:
    """One countable thing a list holds, for event packs (bans, limits) and diffs.

    ``kind`` is what it is ("card", "troop", "faction", "unit", "race", "hero", "total", ...),
    ``name`` its canonical name, ``count`` how many (stands with a card, tokens of a faction,
    cards bought; 1 for a unit), ``path`` where the list says it.
    """

    kind: str
    name: str
    count: int | float = 1
    path: findings.Path = ()
    counts: str = ""  # what ``count`` counts, in the singular ("stand", "hero", "card"): an event pack's limit says it


@dataclass(frozen=True)
class Names:
    """The names a system's lists can hold, for event packs (:meth:`System.names`).

    ``kinds`` maps each kind of :class:`Item` ("card", "troop", "faction", "unit", ...) to the names
    the game data gives it, each written name (aliases too) mapped to the canonical one, as
    :meth:`System.inventory` names it. ``totals`` are the names of the totals the inventory counts
    ("stands", "heroes"; what a list is measured in is added by the caller, from the manifest).
    ``list_kinds`` are the kinds whose names a list gives itself (a class, a hero the player names):
    no data knows them, so a pack may ban any such name that is not a near miss of a data name.
    """

    kinds: dict[str, dict[str, str]]
    totals: tuple[str, ...] = ()
    list_kinds: tuple[str, ...] = ()


@dataclass
class CheckOptions:
    """What a caller may change about a check: an outside points limit (``--points``, an event's),
    and whether the cost breakdown is wanted.

    ``points`` is only ever set for a system whose manifest says ``points_limit``. ``breakdown``
    False: the caller shows no cost tables (``validate``, a tournament), so the system leaves
    ``result.sections`` and ``result.details`` empty; the findings and the measure are the same.
    """

    points: Fraction | None = None  # halves are exact
    breakdown: bool = True  # result.sections and result.details: what cost, export and a roster show


class System:
    """One game system's checks: subclassed in ``<package>/system.py`` as ``SYSTEM``."""

    manifest: Manifest

    @property
    def id(self) -> str:
        return self.manifest.id

    @property
    def list_schema(self) -> str:
        return self.manifest.list_schema

    @property
    def meta(self) -> dict[str, Any]:
        """``data/<id>/system.yaml``: title, data_version, sources, what it checks."""
        from armybuilder.resources import load_data

        meta: dict[str, Any] = load_data(self.id, "system")
        return meta

    @property
    def not_checked(self) -> list[dict[str, Any]]:
        """What a green result does not cover (``not_checked`` in system.yaml): play-time rules,
        choices a list does not record, figures marked unverified. Each ``{text, rule?, about?}``;
        ``about`` names the catalog entries ``explain`` shows it with."""
        items: list[dict[str, Any]] = list(self.meta.get("not_checked", []))
        return items

    @property
    def readings(self) -> list[dict[str, Any]]:
        """The rules the text leaves open, each with the reading the program takes and why
        (``readings`` in system.yaml): ``{text, rule, about?}``. ``systems`` shows them all,
        ``explain`` those about an entry, a roster's "Not checked" those about an entry the list
        uses (one without ``about``: always)."""
        items: list[dict[str, Any]] = list(self.meta.get("readings", []))
        return items

    @property
    def title(self) -> str:
        return str(self.meta["title"])

    @property
    def data_version(self) -> str:
        return str(self.meta["data_version"])

    def codes(self) -> list[Code]:
        """The finding codes this system can report (:class:`armybuilder.codes.Code`): one per module
        of its rules package's ``ALL`` (every rule module; ``REGISTRY`` is what a list check runs)."""
        from armybuilder.codes import code_of

        return [code_of(m) for m in self.manifest.module("rules").ALL]

    def inventory(self, data: dict[str, Any], result: Result) -> list[Item]:
        """What the list holds, as countable items (called after :meth:`check`).

        Aggregates use kind "total" (e.g. name "stands", "heroes", "tokens"); event packs ban
        and limit items by name, and diffs compare inventories.
        """
        return []

    def names(self) -> Names | None:
        """Every name :meth:`inventory` can give, from the data (:class:`Names`), so an event pack's
        bans, limits and requirements are checked for typos when the pack is read. None: the
        system does not say (a pack's names are then taken as written)."""
        return None

    def check(self, data: dict[str, Any], result: Result, options: CheckOptions) -> None:
        """Check a list already known to fit the list schema.

        Add findings with ``result.add`` (paths into ``data``; positions are filled in),
        and set ``result.name``, ``result.measure``, and when ``options.breakdown``,
        ``result.sections`` (the cost breakdown tables) and ``result.details`` (the same as
        structured data).
        """
        raise NotImplementedError


def reset() -> None:
    """Forget what was loaded (after a test changes REGISTRY)."""
    manifest.cache_clear()
    get.cache_clear()
    from armybuilder import resources

    resources.clear_caches()


def ids() -> list[str]:
    """Every registered system id, in registry order."""
    return list(REGISTRY)


def available() -> list[str]:
    """The ids of the systems whose packages are installed, in registry order."""
    return [s for s in REGISTRY if importlib.util.find_spec(REGISTRY[s]) is not None]


@cache
def manifest(system_id: str) -> Manifest:
    """The manifest of a system; KeyError when unknown or not installed."""
    package = REGISTRY[system_id]
    try:
        mod = importlib.import_module(package)
    except ModuleNotFoundError as exc:
        if exc.name == package:
            raise KeyError(system_id) from None
        raise
    declared: Manifest = mod.MANIFEST
    m = replace(declared, package=package)
    if m.data_root is not None:
        from armybuilder import resources

        resources.set_root(m.id, m.data_root)
    return m


def manifests() -> list[Manifest]:
    return [manifest(s) for s in available()]


@cache
def get(system_id: str) -> System:
    """The checks of a system; KeyError when unknown or not installed."""
    m = manifest(system_id)
    system: System = m.module("system").SYSTEM
    system.manifest = m
    return system


def resolve(word: str) -> str:
    """The system id a user typed, exactly as a list's ``system:`` key gives it (``homm3`` is not
    ``homm3-battlefield``): ValueError with a suggestion (:func:`suggestion`) when it names none."""
    names = available()
    if word in names:
        return word
    raise ValueError(f"unknown game system '{word}'{suggestion(word, names)}; systems: {', '.join(names)}")


def suggestion(word: str, names: list[str] | None = None) -> str:
    """`` (did you mean 'ID'?)`` for a near miss of a system id: a typo of one (its case too), or the
    beginning of exactly one (``homm3``, ``fantasy``); empty for anything else."""
    from armybuilder.suggest import did_you_mean, fold

    names = available() if names is None else names
    said = did_you_mean(word, names)
    if said:
        return said
    starts = [s for s in names if len(fold(word)) >= 3 and fold(s).startswith(fold(word))]
    return f" (did you mean '{starts[0]}'?)" if len(starts) == 1 else ""


def points_systems() -> list[str]:
    """The systems an outside points limit applies to."""
    return [m.id for m in manifests() if m.points_limit]
