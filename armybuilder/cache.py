"""A per-user cache of what armybuilder derives from files: parsed game data, compiled schema
validators, the cards of a served folder's lists (:mod:`armybuilder.web.folderpage`). It only ever
saves time: every entry is keyed by a hash of what it was made from, or holds the stamp (inode,
size, times) of each file it was made from, checked on use (so it is never stale), written
atomically, and any problem reading or writing it (no home, a read-only disk, a damaged entry)
falls back to doing the work again, in silence.

An entry is distrusted (issue 45): it is opened only as a regular file owned by the user, never
through a link and never waiting (a FIFO, a device), read only up to :data:`MAX_ENTRY` bytes, and
its payload is used (unmarshalled, executed) only when the digest in its header matches it and the
entry's name. Anything else is a miss, and the entry is made again in its place. The digest catches
damage (a truncated write, flipped bytes, a file put there by another program); it is no signature
against the user's own account, which could write any code it likes anyway.

Where: ``$ARMYBUILDER_CACHE_DIR``, else ``$XDG_CACHE_HOME/armybuilder``, else
``~/.cache/armybuilder``. ``ARMYBUILDER_NO_CACHE=1`` turns it off.
"""

from __future__ import annotations

import contextlib
import importlib
import marshal
import os
import stat
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from armybuilder import __version__

# What an entry also depends on beyond its source bytes: a marshal file is only read back by the
# Python that wrote it, and the code that builds an entry may change with armybuilder. "entry 2":
# entries with a digest in their header (an older armybuilder never reads them, nor they its own).
_STAMP = f"{__version__}|{sys.implementation.cache_tag}|{marshal.version}|entry 2".encode()
# An entry: MAGIC, the digest of its name and payload (DIGEST bytes), the payload.
MAGIC = b"\xffABcache"  # 0xff: no marshal type code, so an older reader refuses it at once
DIGEST = 32
MAX_ENTRY = 64 * 1024 * 1024  # bytes of an entry's payload (the biggest, a folder's cards: ~20 MB at 50,000 lists)
_READ_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NOFOLLOW", 0)  # a link in the entry's place is not followed (/dev/zero)
    | getattr(os, "O_NONBLOCK", 0)  # a FIFO does not wait for a writer
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)
_WRITE_FLAGS = (
    os.O_WRONLY
    | os.O_CREAT
    | os.O_EXCL
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)


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


def _blake2b() -> Any:
    """BLAKE2b from CPython's built-in module (not OpenSSL's, as :func:`_sha256`): an entry's
    digest, about 2 ms a MiB where SHA-256 takes 11."""
    with contextlib.suppress(ImportError):
        return importlib.import_module("_blake2").blake2b
    import hashlib

    return hashlib.blake2b


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


def _digest(target: Path, payload: bytes) -> bytes:
    """The digest of an entry: of its name (an entry copied under another name is no hit) and payload."""
    name = target.name.encode("utf-8", "surrogateescape")
    h = _blake2b()(digest_size=DIGEST, person=b"armybuilder")
    h.update(len(name).to_bytes(8, "little"))
    h.update(name)
    h.update(payload)
    digest: bytes = h.digest()
    return digest


def read(target: Path) -> bytes | None:
    """The payload of the entry ``target``, or None (a miss) unless it is a regular file of the
    user's, of a bounded size, whose digest matches: a link, a FIFO, a device, a folder, a huge,
    truncated or damaged file are misses, read no further than :data:`MAX_ENTRY` and never waited on."""
    try:
        fd = os.open(target, _READ_FLAGS)
    except (OSError, ValueError):  # ValueError: a NUL in the path
        return None
    try:
        st = os.fstat(fd)
        size = st.st_size
        if not stat.S_ISREG(st.st_mode) or not len(MAGIC) + DIGEST <= size <= len(MAGIC) + DIGEST + MAX_ENTRY:
            return None
        uid = getattr(os, "getuid", None)
        if uid is not None and st.st_uid != uid():  # another user's file: not run as this one's code
            return None
        with open(fd, "rb", closefd=False) as fh:
            data = fh.read(size + 1)  # one byte more: a file grown since the fstat is no hit
    except OSError:
        return None
    finally:
        os.close(fd)
    if len(data) != size or not data.startswith(MAGIC):
        return None
    head = len(MAGIC) + DIGEST
    payload = data[head:]
    if data[len(MAGIC) : head] != _digest(target, payload):
        return None
    return payload


def write(target: Path, payload: bytes) -> None:
    """Write an entry atomically (a new file of the user's, then renamed over whatever was there:
    a damaged entry, a FIFO, a link); a failure leaves no entry (and is not an error)."""
    if len(payload) > MAX_ENTRY:
        return
    blob = MAGIC + _digest(target, payload) + payload
    tmp = target.with_name(f".{target.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp")
    try:
        target.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd = os.open(tmp, _WRITE_FLAGS, 0o600)
        with open(fd, "wb") as fh:
            fh.write(blob)
        os.replace(tmp, target)
    except (OSError, ValueError):
        with contextlib.suppress(OSError, ValueError):
            tmp.unlink()


def marshalled(name: str, build: Callable[[], Any]) -> Any:
    """``build()``'s value, from the cache when an entry for ``name`` is there (marshal format:
    plain data only: dicts, lists, strings, numbers, booleans, None)."""
    target = path(name, ".marshal")
    if target is not None:
        payload = read(target)
        if payload is not None:
            try:
                return marshal.loads(payload)
            except (EOFError, ValueError, TypeError):
                pass
    value = build()
    if target is not None:
        try:
            data = marshal.dumps(value)
        except ValueError:  # not plain data: not cached
            return value
        write(target, data)
    return value
