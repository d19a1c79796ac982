"""Writing files safely: all or nothing, and never over an existing file unless asked.

:func:`atomic_write` writes the bytes to a temporary file in the target's directory, flushes
and fsyncs it, then moves it into place in one step, so a reader (or a crash) sees either the
old file or the whole new one, never half of it. Without ``force`` an existing file is left
alone: the new file is linked into place, which fails if the name exists (no window between
a check and the write); on a file system without hard links it falls back to a check followed
by ``os.replace``.

An overwritten file keeps its mode, and its owner where the user may give it (root, or a group
the user is in); what cannot be kept is returned as notes for the user. The temporary file's
name is short whatever the target's (``.armybuilder.PID.XXXXXXXX.tmp``: a name near the file
system's 255-byte limit can be written too) and carries the writer's process id: one left by a
killed writer is removed by the next write into the same folder.

``force`` replaces a regular file (or a symbolic link) only. What is not a file is never replaced
(run as root, ``os.replace`` onto ``/dev/null`` would replace the system's null device): a
character device, a FIFO that a process reads, or a link to one of this process's descriptors
(``/dev/stdout``, ``/proc/self/fd/N``) is written into, and anything else (a block device, a
socket, a FIFO no process reads, another process's descriptor) is refused
(:class:`NotAFile`). :func:`special` says what a path is.

:func:`locked` holds an advisory lock (``fcntl.flock``) on ``.NAME.lock`` beside a file, so that
read-change-write cycles of the same file (two ``armybuilder add`` at once) take turns instead of
losing one another's changes. A lock that cannot be had (the lock file's path holds a directory, a
FIFO or another user's file, or the folder cannot be written) raises :class:`Unlockable`: the
caller refuses its edit, never runs it unlocked.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import re
import stat
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: no advisory locks; edits still refuse a changed file
    fcntl = None  # type: ignore[assignment]  # the module or nothing

LOCK_TIMEOUT = 30.0  # seconds an edit waits for another edit of the same file to finish
NAME_MAX = 255  # bytes in a file name on the usual file systems (ext4, XFS, btrfs, APFS, NTFS)
TEMP_PREFIX = ".armybuilder."  # a temporary file: .armybuilder.PID.XXXXXXXX.tmp


class OverwriteRefused(FileExistsError):
    """The target exists and ``force`` was not given."""

    def __init__(self, path: str | os.PathLike[str], message: str | None = None):
        super().__init__(message or f"{os.fspath(path)} already exists; use --force to overwrite it")
        self.path = os.fspath(path)


class NotAFile(OSError):
    """The target is not a regular file, and is not one that may be written into (a block device,
    a socket, a FIFO no process reads...), or the caller writes regular files only. The message
    says why, without the path (callers say ``cannot write PATH: ...``)."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class Unlockable(OSError):
    """The edit lock cannot be had: its path holds something that is no lock file, or it cannot be
    made or opened. The message says why, with the lock file's path."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class NotOurFolder(OSError):
    """A folder armybuilder keeps its own files in (``.armybuilder/...``) is a symbolic link or not a
    folder: what is written there could land outside the folder it belongs to, so nothing is."""

    def __init__(self, message: str):
        super().__init__(errno.ENOTDIR, message)
        self.message = message

    def __str__(self) -> str:
        return self.message


def own_folder(base: str | os.PathLike[str], *parts: str, make: bool = True) -> Path:
    """``base/parts...``, each part a folder of its own, made (mode 0o700) when missing and ``make``:
    never a symbolic link (a ``.armybuilder`` that points elsewhere would take a list's undo history
    or its trash there) nor a file (:class:`NotOurFolder`); FileNotFoundError when one is missing and
    not ``make``."""
    here = Path(base)
    for part in parts:
        here = here / part
        try:
            info = os.lstat(here)
        except FileNotFoundError:
            if not make:
                raise
            with contextlib.suppress(FileExistsError):  # made meanwhile: looked at below
                os.mkdir(here, 0o700)
            info = os.lstat(here)
        if not stat.S_ISDIR(info.st_mode):
            kind = "a symbolic link" if stat.S_ISLNK(info.st_mode) else "not a folder"
            raise NotOurFolder(f"{here} is {kind}; armybuilder keeps its own files only in a folder of its own there")
    return here


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
    """Remove the temporary files a killed writer left beside ``target`` (their process is gone):
    ``.armybuilder.PID.XXXXXXXX.tmp``, and ``.NAME.PID.XXXXXXXX.tmp`` of ``target`` (the name an
    older armybuilder gave them)."""
    pattern = re.compile(
        "(?:" + re.escape(TEMP_PREFIX) + "|" + re.escape(f".{target.name}.") + r")([0-9]{1,10})\.[^.]+\.tmp"
    )
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


# A link to a process's descriptor, its folders resolved: /proc/PID/fd/N, /proc/PID/task/TID/fd/N.
_DESCRIPTOR = re.compile(r"/proc/([0-9]{1,10})/(?:task/[0-9]{1,10}/)?fd/([0-9]{1,10})")
_KINDS = (
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


class Special:
    """What is at a path that is not a regular file, a directory or nothing: ``what`` (``a FIFO``,
    ``a character device``...) and, for a link to one of this process's descriptors, its number."""

    def __init__(self, what: str, descriptor: int | None = None, writable: bool = True):
        self.what = what
        self.descriptor = descriptor
        self.writable = writable  # may be written into (a character device, a FIFO, our descriptor)


def _descriptor(path: Path) -> tuple[int, int] | None:
    """(process id, descriptor) when ``path`` is, or leads through symbolic links to, a process's
    descriptor (``/dev/stdout``, ``/dev/fd/1``, ``/proc/self/fd/1``); None otherwise."""
    here = os.path.abspath(path)
    for _ in range(40):  # the kernel's own limit on links followed
        parent = os.path.realpath(os.path.dirname(here))
        here = os.path.join(parent, os.path.basename(here))
        m = _DESCRIPTOR.fullmatch(here)
        if m:
            return int(m.group(1)), int(m.group(2))
        try:
            if not os.path.islink(here):
                return None
            here = os.path.join(parent, os.readlink(here))
        except OSError:
            return None
    return None


def special(path: str | os.PathLike[str]) -> Special | None:
    """What is at ``path`` (through symbolic links) when it is neither a regular file, a directory
    nor nothing: a device, a FIFO, a socket, a link to a descriptor; None otherwise."""
    target = Path(path)
    fd = _descriptor(target)
    if fd is not None:
        pid, number = fd
        if pid == os.getpid():
            return Special(f"a link to this process's descriptor {number}", number)
        return Special(f"a link to another process's descriptor ({pid}/{number})", writable=False)
    try:
        mode = os.stat(target).st_mode
    except (OSError, ValueError):  # nothing there, a broken link, a name the system cannot take
        return None
    for test, what in _KINDS:
        if test(mode):
            return Special(what, writable=what in ("a FIFO", "a character device"))
    return None


def _special_refusal(output: str, found: Special, into: bool) -> str:
    if not into:
        return f"{output} is {found.what}, not a file; give the name of a regular file"
    if not found.writable:
        return f"{output} is {found.what}; armybuilder writes into a character device or a FIFO, and never replaces one"
    return f"{output} is {found.what}; use --force to write into it (it is never replaced)"


def cannot_write(output: str, force: bool, into: bool = True) -> str | None:
    """Why a command may not write its output file ``output``, before any work is done: a
    directory, an existing file without ``force``, a folder that does not exist, something that is
    not a file and may not be written into (``into`` False: nothing but a regular file may be
    written); None when it may. (:func:`atomic_write` checks them again when it writes.)"""
    target = Path(output)
    if target.is_dir():
        return f"{output} is a directory; give a file name"
    found = special(target)
    if found is not None and (not force or not into or not found.writable):
        return _special_refusal(output, found, into)
    if not force and os.path.lexists(target):
        return f"{output} already exists; use --force to overwrite it"
    if not target.parent.is_dir():
        return f"cannot write {output}: the directory {target.parent} does not exist"
    return None


def _chunks(data: bytes | IO[bytes]) -> Iterator[bytes]:
    """``data``, or what a file holds from where it is read, a MiB at a time."""
    if isinstance(data, (bytes, bytearray, memoryview)):
        yield bytes(data)
        return
    while chunk := data.read(1 << 20):
        yield chunk


def _write_into(target: Path, data: bytes | IO[bytes], found: Special) -> None:
    """Write ``data`` into a character device, a FIFO or one of this process's descriptors."""
    if found.descriptor is not None:
        try:
            fd = os.dup(found.descriptor)
        except OSError:
            raise NotAFile(f"it is {found.what}, which is not open") from None
    else:
        flags = os.O_WRONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
        try:
            fd = os.open(target, flags)  # a FIFO no process reads: ENXIO at once, never a hang
        except OSError as exc:
            if exc.errno == errno.ENXIO:
                raise NotAFile(f"it is {found.what} that no process is reading; start its reader first") from None
            raise
    try:
        info = os.fstat(fd)
        if found.descriptor is None and not (stat.S_ISFIFO(info.st_mode) or stat.S_ISCHR(info.st_mode)):
            raise NotAFile(f"it changed while it was opened (it is no longer {found.what})")
        if found.descriptor is None:
            os.set_blocking(fd, True)  # opened without blocking; the writes may wait for the reader
        for chunk in _chunks(data):
            view = memoryview(chunk)
            while view:
                view = view[os.write(fd, view) :]
    finally:
        os.close(fd)


def atomic_write(
    path: str | os.PathLike[str], data: bytes | IO[bytes], force: bool = False, into: bool = True, sync: bool = True
) -> list[str]:
    """Write ``data`` to ``path`` atomically; returns notes on what of the old file could not be kept.
    ``data`` may be a file, read from where it stands (a packet's PDF is written to one as it is made).

    Raises :class:`OverwriteRefused` (a ``FileExistsError``) when ``path`` exists and ``force``
    is false, ``IsADirectoryError`` when it is a directory, and ``OSError`` for the rest (no
    such directory, no permission). A new file gets the usual permissions (0666 less the
    umask); an overwritten one keeps its own, and its owner and group where it may. A symbolic
    link at ``path`` is replaced by the file, not written through.

    What is not a regular file is never replaced: with ``force`` (and ``into``) a character
    device, a FIFO a process reads, or a link to one of this process's descriptors is written into
    (not atomically: it is no file); anything else raises :class:`NotAFile`, and so does every one
    of them when ``into`` is false (a list file is a regular file).

    ``sync``: the data and the folder are flushed to the disk before it returns. Without it the
    file is still never half written, but a power cut may bring back the old one (for what may be
    lost, such as an undo history, and should not hold a change up).
    """
    target = Path(path)
    if target.is_dir():
        raise IsADirectoryError(21, "is a directory", os.fspath(target))
    found = special(target)
    if found is not None:
        if not into:
            raise NotAFile(f"it is {found.what}, not a file")
        if not found.writable:
            raise NotAFile(f"it is {found.what}; armybuilder writes into a character device or a FIFO only")
        if not force:
            raise OverwriteRefused(target, _special_refusal(os.fspath(target), found, into))
        _write_into(target, data, found)
        return []
    if not force and os.path.lexists(target):
        raise OverwriteRefused(target)
    directory = target.parent
    mode = _mode_for(target)
    remove_stale_temporaries(target)
    fd, tmp = tempfile.mkstemp(prefix=f"{TEMP_PREFIX}{os.getpid()}.", suffix=".tmp", dir=directory)
    notes: list[str] = []
    try:
        with os.fdopen(fd, "wb") as fh:
            for chunk in _chunks(data):
                fh.write(chunk)
            if sync:
                fh.flush()
                os.fsync(fh.fileno())
        if force:
            notes = _keep_owner(tmp, target)
        os.chmod(tmp, mode)
        if force:
            os.replace(tmp, target)
        else:
            try:
                hard_link(tmp, target)
            except FileExistsError:
                raise OverwriteRefused(target) from None
            except OSError:  # no hard links here (FAT, some network shares, the browser's storage)
                if os.path.lexists(target):
                    raise OverwriteRefused(target) from None
                os.replace(tmp, target)
            else:
                os.unlink(tmp)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    if sync:
        _fsync_dir(directory)
    return notes


def hard_link(source: str | os.PathLike[str], target: str | os.PathLike[str], follow_symlinks: bool = True) -> None:
    """``os.link``; an OSError where the platform has none (Pyodide's ``os`` lacks ``link``)."""
    link = getattr(os, "link", None)
    if link is None:
        raise OSError(errno.ENOTSUP, "no hard links on this platform")
    if follow_symlinks:
        link(source, target)
    else:
        link(source, target, follow_symlinks=False)


class Busy(OSError):
    """Another process holds the file's lock for longer than the wait allows."""


def lock_path(path: str | os.PathLike[str]) -> Path:
    """The lock file of ``path``: ``.NAME.lock`` beside it; for a name too long for that,
    ``.armybuilder.HASH.lock`` (the first 32 hex digits of the SHA-256 of the name)."""
    target = Path(path)
    name = f".{target.name}.lock"
    if len(os.fsencode(name)) > NAME_MAX:
        name = f"{TEMP_PREFIX}{hashlib.sha256(os.fsencode(target.name)).hexdigest()[:32]}.lock"
    return target.with_name(name)


def _open_lock(lock: Path, path: str | os.PathLike[str]) -> int:
    """The lock file, opened (made if missing): a regular file, else :class:`Unlockable`.

    What is at its path is looked at before it is opened (a FIFO, a device or a link is never
    opened), and the open file again (opened without blocking and without following a link, so a
    FIFO put there meanwhile cannot hang it)."""
    shown = os.fspath(lock)
    what = f"the edit of {os.fspath(path)} cannot be locked"
    try:
        info = os.lstat(lock)
    except FileNotFoundError:
        info = None
    except OSError as exc:
        raise Unlockable(f"{what}: {shown} cannot be looked at ({exc.strerror or exc})") from None
    if info is not None and not stat.S_ISREG(info.st_mode):
        kind = (
            "a directory" if stat.S_ISDIR(info.st_mode) else "a symbolic link" if stat.S_ISLNK(info.st_mode) else None
        )
        kind = kind or next((w for test, w in _KINDS if test(info.st_mode)), "not a regular file")
        raise Unlockable(f"{what}: {shown} is {kind}, not a lock file; remove it and edit again")
    flags = (
        os.O_RDONLY
        | os.O_CREAT
        | getattr(os, "O_NONBLOCK", 0)
        | getattr(os, "O_NOFOLLOW", 0)
        | getattr(os, "O_NOCTTY", 0)
        | getattr(os, "O_CLOEXEC", 0)
    )
    try:
        fd = os.open(lock, flags, 0o644)
    except OSError as exc:
        why = exc.strerror or str(exc)
        if info is not None and hasattr(os, "getuid") and info.st_uid != os.getuid():
            why += f"; it belongs to another user (uid {info.st_uid})"
        made = "cannot be opened" if info is not None or os.path.lexists(lock) else "cannot be made"
        raise Unlockable(f"{what}: its lock file {shown} {made} ({why})") from None
    try:
        opened = os.fstat(fd)
    except OSError:  # pragma: no cover - fstat of an open descriptor
        os.close(fd)
        raise
    if not stat.S_ISREG(opened.st_mode):
        os.close(fd)
        raise Unlockable(f"{what}: {shown} is not a regular file, not a lock file; remove it and edit again")
    return fd


@contextlib.contextmanager
def locked(path: str | os.PathLike[str], timeout: float | None = None) -> Iterator[None]:
    """Hold the advisory lock of ``path`` (give the real path: a symbolic link's target).

    Waits up to ``timeout`` seconds (default :data:`LOCK_TIMEOUT`) for another holder, then
    raises :class:`Busy`. The lock file
    is removed when the lock is given up; a waiter that then holds the lock of a removed file
    starts again on the new one, so two processes never both hold it. The lock dies with its
    process (a killed edit leaves at most the empty file, which the next edit reuses and
    removes). Raises :class:`Unlockable` when the lock cannot be had: its path holds a directory,
    a FIFO, a device, a link or another user's file that cannot be opened, or the folder cannot be
    written (where no edit can be written either); the caller refuses the edit, never runs it
    unlocked. Without ``fcntl`` (Windows) there is no lock.
    """
    if fcntl is None:  # pragma: no cover - Windows
        yield
        return
    lock = lock_path(path)
    timeout = LOCK_TIMEOUT if timeout is None else timeout
    deadline = time.monotonic() + timeout
    pause = 0.002
    while True:
        fd = _open_lock(lock, path)
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
                now = os.lstat(lock)
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
