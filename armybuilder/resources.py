"""Where the bundled game data and JSON Schemas are.

In a built wheel they live inside the package (``armybuilder/_data``, ``armybuilder/_schemas``,
mapped there by hatch ``force-include``); in a source checkout or an editable install they are
the top-level ``data/`` and ``schemas/`` folders, which stay the one source of truth. An installed
game package keeps its data and schemas in a folder of its own, inside the package so that its
wheel carries them (:attr:`armybuilder.systems.Manifest.data_root`, e.g. the package's folder:
``<package>/data/<id>/`` and ``<package>/schemas/``); its manifest sets the root when it is loaded.
"""

from __future__ import annotations

import json
from functools import cache
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


_ROOTS: dict[str, Path] = {}  # system id -> a folder with data/<id>/ and schemas/ (game packages)


def set_root(system: str, root: Path | None) -> None:
    """Where a game package keeps its ``data/<id>/`` and ``schemas/`` (None: bundled)."""
    if root is None:
        _ROOTS.pop(system, None)
    elif _ROOTS.get(system) != Path(root):
        _ROOTS[system] = Path(root)
        clear_caches()


def system_data_dir(system: str) -> Path:
    """``data/<system>/``."""
    root = _ROOTS.get(system)
    return (root / "data" if root else data_dir()) / system


def schema_path(name: str) -> Path:
    """A schema file by stem: the bundled one, else a run-time system's (``<root>/schemas``)."""
    path = schema_dir() / f"{name}.schema.json"
    if path.exists():
        return path
    for root in _ROOTS.values():
        if (root / "schemas" / f"{name}.schema.json").exists():
            return root / "schemas" / f"{name}.schema.json"
    return path


# Where a new list outside the project looks for its schema, relative to the list file: the folder
# ``armybuilder schemas --write schemas`` makes beside it.
SCHEMA_FOLDER = "schemas"


def list_ref(list_schema: str) -> str:
    """What a new list outside the project puts after ``$schema=``: ``schemas/<id>.list.schema.json``."""
    return f"{SCHEMA_FOLDER}/{list_schema}.schema.json"


@cache
def load_data(system: str, name: str) -> Any:
    """One YAML data file of a game system, e.g. ``load_data(system_id, "cards")`` for ``data/<id>/cards.yaml``.

    Parsed once per content: the parsed data is kept in the per-user cache (:mod:`armybuilder.cache`,
    keyed by a hash of the file's bytes, so an edited file is parsed again), which is several times
    faster to read back than YAML.
    """
    from armybuilder import cache as store

    path = system_data_dir(system) / f"{name}.yaml"

    def parse() -> Any:
        from armybuilder.yamlio import load_data_file  # PyYAML only when the cache cannot answer

        return load_data_file(path)

    return store.marshalled(store.key("data", path.read_bytes()), parse)


@cache
def load_schema(name: str) -> dict[str, Any]:
    """A JSON Schema by file stem, e.g. ``load_schema("<id>.list")``."""
    with open(schema_path(name), encoding="utf-8") as fh:
        schema: dict[str, Any] = json.load(fh)
    return schema


def clear_caches() -> None:
    load_data.cache_clear()
    load_schema.cache_clear()
