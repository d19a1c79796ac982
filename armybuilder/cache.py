"""A per-user cache of what armybuilder derives from files: parsed game data, compiled schema
validators, the cards of a served folder's lists (:mod:`armybuilder.web.folderpage`). It only ever
saves time: every entry is keyed by a hash of what it was made from, or holds the stamp (inode,
size, time) of each file it was made from, checked on use (so it is never stale), written
atomically, and any problem reading or writing it (no home, a read-only disk, a damaged entry)
falls back to doing the work again, in silence.

Where: ``$ARMYBUILDER_CACHE_DIR``, else ``$XDG_CACHE_HOME/armybuilder``, else
``~/.cache/armybuilder``. ``ARMYBUILDER_NO_CACHE=1`` turns it off.
"""

from __future__ import annotations

import contextlib
import importlib
import marshal
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from armybuilder import __version__

# What an entry also depends on beyond its source bytes: a marshal file is only read back by the
# Python that wrote it, and the code that builds an entry may change with armybuilder.
_STAMP = f"{__version__}|{sys.implementation.cache_tag}|{marshal.version}".encode()


def directory() -> Path | None:
    """The cache folder, or None when the cache is off."""
    if os.environ.get("ARMYBUILDER_NO_CACHE"):
        return None
    explicit = os.environ.get("ARMYBUILDER_CACHE_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    if base.startswith("~"):  # no home directory to expand
        return None
    return Path(base) / "armybuilder"


def _sha256() -> Any:
    """SHA-256 from CPython's built-in module (``_sha256``; ``_sha2`` from 3.12): :mod:`hashlib`
    loads OpenSSL, a start-up cost of several ms, for the few KiB hashed here. The same digest
    either way; hashlib when the built-in one is not there."""
    for name in ("_sha2", "_sha256"):
        with contextlib.suppress(ImportError):
            return importlib.import_module(name).sha256
    import hashlib

    return hashlib.sha256


def key(kind: str, *parts: bytes) -> str:
    """The name of an entry: its kind and a hash of everything it is made from."""
    h = _sha256()(_STAMP)
    for part in parts:
        h.update(len(part).to_bytes(8, "little"))
        h.update(part)
    return f"{kind}-{h.hexdigest()[:32]}"


def path(name: str, suffix: str) -> Path | None:
    folder = directory()
    return None if folder is None else folder / f"{name}{suffix}"


def write(target: Path, data: bytes) -> None:
    """Write an entry atomically; a failure leaves no entry (and is not an error)."""
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_bytes(data)
        os.replace(tmp, target)
    except OSError:
        with contextlib.suppress(OSError):
            tmp.unlink()


def marshalled(name: str, build: Callable[[], Any]) -> Any:
    """``build()``'s value, from the cache when an entry for ``name`` is there (marshal format:
    plain data only: dicts, lists, strings, numbers, booleans, None)."""
    target = path(name, ".marshal")
    if target is not None:
        try:
            return marshal.loads(target.read_bytes())
        except (OSError, EOFError, ValueError, TypeError):
            pass
    value = build()
    if target is not None:
        try:
            data = marshal.dumps(value)
        except ValueError:  # not plain data: not cached
            return value
        write(target, data)
    return value
