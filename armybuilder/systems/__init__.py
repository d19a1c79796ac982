"""The game systems armybuilder knows: one registry line each, and what every system declares.

A game system is one package. armybuilder's own four are folders here,
``armybuilder/systems/<package>/``, with their data in ``data/<id>/``, and the registry below is
the only place that names them. A game of anyone's is an installed distribution that declares its
package in the entry-point group :data:`GROUP` (``armybuilder.systems.v1``: name the system id,
value the package); its manifest's ``data_root`` names the folder, inside the package, with its
``data/<id>/`` and ``schemas/``. armybuilder declares its own four there too, but the built-in
registry stays the fast path: the installed distributions are read (``importlib.metadata``) only
for an id the registry does not know, or when every system is listed. A package that is broken or
declares an id already taken is said in one line on stderr and left out. The contract is
``docs/SYSTEM-GUIDE.md``.

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
its own data folder in ``data_root``), then :func:`reset`; or it replaces :func:`declared`, the one
function that reads the entry points.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import os
import sys
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

# The entry-point group an installed distribution adds a game in: ``<system id> = "<package>"``.
# The ``v1`` is the contract of docs/SYSTEM-GUIDE.md; a change a game package must follow is a new group.
GROUP = "armybuilder.systems.v1"
# Set (to anything but empty): no installed game package is looked for (as pytest's
# PYTEST_DISABLE_PLUGIN_AUTOLOAD): armybuilder's own four games only.
NO_PACKAGES = "ARMYBUILDER_DISABLE_PLUGIN_AUTOLOAD"

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
    """Forget what was loaded (after a test changes REGISTRY or :func:`declared`)."""
    manifest.cache_clear()
    get.cache_clear()
    _outside.cache_clear()
    from armybuilder import resources

    resources.clear_caches()


@dataclass(frozen=True)
class Declared:
    """One entry point of :data:`GROUP`: ``name`` the system id, ``value`` the package's import path."""

    name: str
    value: str
    distribution: str = ""  # "armybuilder-toy 1.0": who declared it, for the message when it is left out


_BUNDLED: list[Declared] | None = None  # the static site's games, written when the site was built


def bundle(declared: list[Declared] | None) -> None:
    """Take these as the installed game packages instead of reading the entry points: the static
    site's worker, from the list ``armybuilder site`` wrote (a browser has no distributions to read)."""
    global _BUNDLED
    _BUNDLED = declared
    reset()


def declared() -> list[Declared]:
    """Every entry point of :data:`GROUP` the installed distributions declare (armybuilder's own four
    among them), in the order ``importlib.metadata`` finds them. The one place that reads them."""
    if _BUNDLED is not None:
        return list(_BUNDLED)
    if os.environ.get(NO_PACKAGES):
        return []
    from armybuilder import cache

    # importlib.metadata costs about 45 ms to import: read once, then kept in the per-user cache for
    # as long as every folder on the path is as it was (installing or removing a distribution
    # changes its folder's time), so ``--help`` and ``systems`` pay only a few stat calls.
    rows = cache.marshalled(cache.key("entry-points", GROUP.encode(), _path_stamp()), _entry_points)
    return [Declared(*row) for row in rows]


def _path_stamp() -> bytes:
    """The state of every folder on ``sys.path``: its name, inode, and change and modification times."""
    parts = [sys.executable]
    for entry in sys.path:
        try:
            st = os.stat(entry or ".")
        except OSError:
            parts.append(f"{entry}:-")
            continue
        parts.append(f"{entry}:{st.st_ino}:{st.st_mtime_ns}:{st.st_ctime_ns}")
    return "\n".join(parts).encode("utf-8", "surrogateescape")


def _entry_points() -> list[list[str]]:
    """What the installed distributions declare in :data:`GROUP`, as plain data (for the cache)."""
    from importlib.metadata import entry_points

    found = []
    for point in entry_points(group=GROUP):
        dist = getattr(point, "dist", None)
        who = f"{dist.name} {dist.version}" if dist is not None else ""
        found.append([point.name, point.value, who])
    return found


_SAID: set[tuple[str, str, str]] = set()  # (id, package, problem): each said once per process


def _say(point: Declared, problem: str) -> None:
    from armybuilder.text import one_line

    if (point.name, point.value, problem) in _SAID:
        return
    _SAID.add((point.name, point.value, problem))
    who = f" (distribution {point.distribution})" if point.distribution else ""
    line = one_line(f"armybuilder: the game package '{point.value}'{who} is left out: {problem}")
    with contextlib.suppress(OSError, ValueError, AttributeError):  # no stderr: left out all the same
        sys.stderr.write(line[:400] + "\n")


def _problem(point: Declared) -> str:
    """Why an installed game package cannot be used (empty: it can). Imports its ``__init__``."""
    try:
        mod = importlib.import_module(point.value)
    except (Exception, SystemExit) as exc:  # noqa: BLE001 - anyone's package: whatever it raises, the game is left out
        return f"it cannot be imported ({type(exc).__name__}: {exc})"
    declared = getattr(mod, "MANIFEST", None)
    if declared is None:
        return f"'{point.value}' defines no MANIFEST"
    if not isinstance(declared, Manifest):
        return f"its MANIFEST is a {type(declared).__name__}, not an armybuilder.systems.Manifest"
    if declared.id != point.name:
        return f"its MANIFEST's id is '{declared.id}', but its entry point is named '{point.name}'"
    if declared.measure not in MEASURES:
        return f"its MANIFEST's measure '{declared.measure}' is none of {', '.join(MEASURES)}"
    if declared.data_root is None:
        return "its MANIFEST names no data_root (the folder with its data/ and schemas/)"
    root = Path(declared.data_root)
    for need in (root / "data" / point.name / "system.yaml", root / "schemas" / f"{declared.list_schema}.schema.json"):
        if not need.is_file():
            return f"its data is missing: no {need}"
    if importlib.util.find_spec(f"{point.value}.system") is None:
        return f"it has no module {point.value}.system"
    return ""


@cache
def _outside() -> dict[str, str]:
    """The installed game packages that can be used, id -> package, in the order they are found.

    armybuilder's own entry points (and a test's REGISTRY line) are the registry's; any other that
    declares a taken id, or that cannot be used (:func:`_problem`), is said once and left out."""
    found: dict[str, str] = {}
    for point in declared():
        if REGISTRY.get(point.name) == point.value or found.get(point.name) == point.value:
            continue  # the built-in registry's own line, or the same package found twice on the path
        if point.name in REGISTRY:
            _say(point, f"the id '{point.name}' is taken: it is one of armybuilder's own games")
        elif point.name in found:
            _say(point, f"the id '{point.name}' is taken by the game package '{found[point.name]}'")
        else:
            problem = _problem(point)
            if problem:
                _say(point, problem)
            else:
                found[point.name] = point.value
    return found


def known(system_id: str) -> bool:
    """Whether ``system_id`` is a game armybuilder can check: the built-in registry's first, the
    installed packages looked for only for an id it does not know."""
    return isinstance(system_id, str) and (system_id in REGISTRY or system_id in _outside())


def ids() -> list[str]:
    """Every system id: the registry's, in its order, then the installed game packages'."""
    return [*REGISTRY, *(s for s in _outside() if s not in REGISTRY)]


def available() -> list[str]:
    """The ids of the systems whose packages are installed, in the order of :func:`ids`."""
    outside = _outside()
    return [s for s in REGISTRY if importlib.util.find_spec(REGISTRY[s]) is not None] + [
        s for s in outside if s not in REGISTRY
    ]


def builtin() -> list[str]:
    """The registry's systems that are installed, without looking for any other (start-up)."""
    return [s for s in REGISTRY if importlib.util.find_spec(REGISTRY[s]) is not None]


def _package(system_id: str) -> str:
    if system_id in REGISTRY:
        return REGISTRY[system_id]
    return _outside()[system_id]  # KeyError: no such game


@cache
def manifest(system_id: str) -> Manifest:
    """The manifest of a system; KeyError when unknown or not installed."""
    package = _package(system_id)
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
