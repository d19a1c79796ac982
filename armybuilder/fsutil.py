"""Writing files safely: all or nothing, and never over an existing file unless asked.

:func:`atomic_write` writes the bytes to a temporary file in the target's directory, flushes
and fsyncs it, then moves it into place in one step, so a reader (or a crash) sees either the
old file or the whole new one, never half of it. Without ``force`` an existing file is left
alone: the new file is linked into place, which fails if the name exists (no window between
a check and the write); on a file system without hard links it falls back to a check followed
by ``os.replace``.

An overwritten file keeps its mode, and its owner where the user may give it (root, or a group
the user is in); what cannot be kept is returned as notes for the user. The temporary file's
name carries the writer's process id (``.NAME.PID.XXXXXXXX.tmp``): one left by a killed writer
is removed by the next write to the same name.

:func:`locked` holds an advisory lock (``fcntl.flock``) on ``.NAME.lock`` beside a file, so that
read-change-write cycles of the same file (two ``armybuilder add`` at once) take turns instead of
losing one another's changes.
"""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: no advisory locks; edits still refuse a changed file
    fcntl = None  # type: ignore[assignment]  # the module or nothing

LOCK_TIMEOUT = 30.0  # seconds an edit waits for another edit of the same file to finish


class OverwriteRefused(FileExistsError):
    """The target exists and ``force`` was not given."""

    def __init__(self, path: str | os.PathLike[str]):
        super().__init__(f"{os.fspath(path)} already exists; use --force to overwrite it")
        self.path = os.fspath(path)


def _mode_for(path: Path) -> int:
    try:
        return path.stat().st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _fsync_dir(directory: Path) -> None:
    if os.name != "posix":  # pragma: no cover - directories cannot be opened on Windows
        return
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:  # pragma: no cover
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover - some file systems refuse
        pass
    finally:
        os.close(fd)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process: alive
        return True
    return True


def remove_stale_temporaries(target: Path) -> None:
    """Remove the temporary files a killed writer left beside ``target`` (their process is gone)."""
    pattern = re.compile(re.escape(f".{target.name}.") + r"(\d+)\.[^.]+\.tmp")
    try:
        names = os.listdir(target.parent)
    except OSError:
        return
    for name in names:
        m = pattern.fullmatch(name)
        if m and int(m.group(1)) != os.getpid() and not _alive(int(m.group(1))):
            with contextlib.suppress(OSError):
                os.unlink(target.parent / name)


def _keep_owner(tmp: str, target: Path) -> list[str]:
    """Give the new file the old one's owner and group; notes for what could not be kept."""
    try:
        old = os.stat(target)
    except OSError:
        return []
    notes = []
    if old.st_nlink > 1:
        notes.append(
            f"{os.fspath(target)} had {old.st_nlink} hard links: this name now holds the new text, "
            "the other names keep the old one"
        )
    if not hasattr(os, "chown"):  # pragma: no cover - Windows
        return notes
    new = os.stat(tmp)
    if (new.st_uid, new.st_gid) == (old.st_uid, old.st_gid):
        return notes
    try:
        os.chown(tmp, old.st_uid, old.st_gid)
    except OSError:
        with contextlib.suppress(OSError):
            os.chown(tmp, -1, old.st_gid)
        now = os.stat(tmp)
        lost = [w for w, a, b in (("owner", now.st_uid, old.st_uid), ("group", now.st_gid, old.st_gid)) if a != b]
        if lost:
            notes.append(f"{os.fspath(target)}: its {' and '.join(lost)} could not be kept (the new file is yours)")
    return notes


def cannot_write(output: str, force: bool) -> str | None:
    """Why a command may not write its output file ``output``, before any work is done: a
    directory, an existing file without ``force``, a folder that does not exist; None when it may.
    (:func:`atomic_write` checks the first two again when it writes.)"""
    target = Path(output)
    if target.is_dir():
        return f"{output} is a directory; give a file name"
    if not force and os.path.lexists(target):
        return f"{output} already exists; use --force to overwrite it"
    if not target.parent.is_dir():
        return f"cannot write {output}: the directory {target.parent} does not exist"
    return None


def atomic_write(path: str | os.PathLike[str], data: bytes, force: bool = False) -> list[str]:
    """Write ``data`` to ``path`` atomically; returns notes on what of the old file could not be kept.

    Raises :class:`OverwriteRefused` (a ``FileExistsError``) when ``path`` exists and ``force``
    is false, ``IsADirectoryError`` when it is a directory, and ``OSError`` for the rest (no
    such directory, no permission). A new file gets the usual permissions (0666 less the
    umask); an overwritten one keeps its own, and its owner and group where it may. A symbolic
    link at ``path`` is replaced by the file, not written through.
    """
    target = Path(path)
    if target.is_dir():
        raise IsADirectoryError(21, "is a directory", os.fspath(target))
    if not force and os.path.lexists(target):
        raise OverwriteRefused(target)
    directory = target.parent
    mode = _mode_for(target)
    remove_stale_temporaries(target)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.{os.getpid()}.", suffix=".tmp", dir=directory)
    notes: list[str] = []
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        if force:
            notes = _keep_owner(tmp, target)
        os.chmod(tmp, mode)
        if force:
            os.replace(tmp, target)
        else:
            try:
                os.link(tmp, target)
            except FileExistsError:
                raise OverwriteRefused(target) from None
            except OSError:  # no hard links here (FAT, some network shares)
                if os.path.lexists(target):
                    raise OverwriteRefused(target) from None
                os.replace(tmp, target)
            else:
                os.unlink(tmp)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    _fsync_dir(directory)
    return notes


class Busy(OSError):
    """Another process holds the file's lock for longer than the wait allows."""


def lock_path(path: str | os.PathLike[str]) -> Path:
    """The lock file of ``path``: ``.NAME.lock`` beside it."""
    target = Path(path)
    return target.with_name(f".{target.name}.lock")


@contextlib.contextmanager
def locked(path: str | os.PathLike[str], timeout: float | None = None) -> Iterator[None]:
    """Hold the advisory lock of ``path`` (give the real path: a symbolic link's target).

    Waits up to ``timeout`` seconds (default :data:`LOCK_TIMEOUT`) for another holder, then
    raises :class:`Busy`. The lock file
    is removed when the lock is given up; a waiter that then holds the lock of a removed file
    starts again on the new one, so two processes never both hold it. The lock dies with its
    process (a killed edit leaves at most the empty file, which the next edit reuses and
    removes). Raises ``OSError`` when the lock file cannot be made (a folder that cannot be
    written, where no edit can be written either). Without ``fcntl`` (Windows) there is no lock.
    """
    if fcntl is None:  # pragma: no cover - Windows
        yield
        return
    lock = lock_path(path)
    timeout = LOCK_TIMEOUT if timeout is None else timeout
    deadline = time.monotonic() + timeout
    pause = 0.002
    while True:
        fd = os.open(lock, os.O_RDONLY | os.O_CREAT, 0o644)
        try:
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if time.monotonic() >= deadline:
                        raise Busy(
                            f"another edit of {os.fspath(path)} has been running for {timeout:g} s "
                            f"(it holds {lock}); try again when it is done"
                        ) from None
                    time.sleep(pause)
                    pause = min(pause * 2, 0.05)
            held = os.fstat(fd)
            try:
                now = os.stat(lock)
            except FileNotFoundError:
                now = None
        except BaseException:
            os.close(fd)
            raise
        if now is not None and (now.st_dev, now.st_ino) == (held.st_dev, held.st_ino):
            break
        os.close(fd)  # the holder before us removed this lock file: lock the new one
    try:
        yield
    finally:
        with contextlib.suppress(OSError):
            os.unlink(lock)
        os.close(fd)
