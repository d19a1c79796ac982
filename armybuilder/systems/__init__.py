"""The game systems armybuilder knows, and the interface each one implements.

The registry is explicit: a system id (the ``system:`` key of a list file, and the folder
name under ``data/``) maps to the module that checks it. A module is imported only when a
list of its system is checked, so one system's data is never loaded for another's lists.

Each system module exposes ``SYSTEM``, an instance of a :class:`System` subclass.
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from armybuilder.findings import Result
from armybuilder.resources import load_data

REGISTRY: dict[str, str] = {
    "fantasy-triumph": "armybuilder.systems.fantasy_triumph",
    "token-terrors": "armybuilder.systems.token_terrors",
    "small-world-of-warcraft": "armybuilder.systems.small_world",
    "homm3-battlefield": "armybuilder.systems.homm3",
}


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
    path: tuple = ()


@dataclass
class CheckOptions:
    """What a caller may change about a check (an event pack, a points limit)."""

    points: Any = None  # overrides the list's own limit (an event's limit)
    extra: dict[str, Any] = field(default_factory=dict)


class System:
    """One game system: its id, its data, its list schema and its checks."""

    id: str = ""
    list_schema: str = ""  # schema file stem under schemas/, e.g. "fantasy-triumph.list"

    @property
    def meta(self) -> dict[str, Any]:
        """``data/<id>/system.yaml``: title, data_version, sources, what it checks."""
        return load_data(self.id, "system")

    @property
    def title(self) -> str:
        return self.meta["title"]

    @property
    def data_version(self) -> str:
        return str(self.meta["data_version"])

    def codes(self) -> list:
        """The finding codes this system can report (:class:`armybuilder.codes.Code`)."""
        return []

    def inventory(self, data: dict[str, Any], result: Result) -> list[Item]:
        """What the list holds, as countable items (called after :meth:`check`).

        Aggregates use kind "total" (e.g. name "stands", "heroes", "tokens"); event packs ban
        and limit items by name, and diffs compare inventories.
        """
        return []

    def check(self, data: dict[str, Any], result: Result, options: CheckOptions) -> None:
        """Check a list already known to fit the list schema.

        Add findings with ``result.add`` (paths into ``data``; positions are filled in),
        and set ``result.name``, ``result.measure``, ``result.sections`` (the cost
        breakdown tables) and ``result.details`` (the same as structured data).
        """
        raise NotImplementedError


def available() -> list[str]:
    """The ids of the systems whose modules are installed, in registry order."""
    out = []
    for system_id, module in REGISTRY.items():
        if importlib.util.find_spec(module) is not None:
            out.append(system_id)
    return out


@lru_cache(maxsize=None)
def get(system_id: str) -> System:
    """The system for an id; KeyError when unknown or not installed."""
    module = REGISTRY[system_id]
    try:
        mod = importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name == module:
            raise KeyError(system_id) from None
        raise
    return mod.SYSTEM
