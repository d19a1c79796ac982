"""Where the bundled game data and JSON Schemas are.

In a built wheel they live inside the package (``armybuilder/_data``, ``armybuilder/_schemas``,
mapped there by hatch ``force-include``); in a source checkout or an editable install they are
the top-level ``data/`` and ``schemas/`` folders, which stay the one source of truth.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

_PKG = Path(__file__).resolve().parent


def _find(inside: str, top: str) -> Path:
    packaged = _PKG / inside
    if packaged.is_dir():
        return packaged
    return _PKG.parent / top


def data_dir() -> Path:
    return _find("_data", "data")


def schema_dir() -> Path:
    return _find("_schemas", "schemas")


@lru_cache(maxsize=None)
def load_data(system: str, name: str) -> Any:
    """One YAML data file of a game system, e.g. ``load_data("fantasy-triumph", "cards")``."""
    from armybuilder.yamlio import load_data_file

    return load_data_file(data_dir() / system / f"{name}.yaml")


@lru_cache(maxsize=None)
def load_schema(name: str) -> dict[str, Any]:
    """A JSON Schema by file stem, e.g. ``load_schema("fantasy-triumph.list")``."""
    with open(schema_dir() / f"{name}.schema.json", encoding="utf-8") as fh:
        return json.load(fh)
