"""Writing files safely: all or nothing, and never over an existing file unless asked.

:func:`atomic_write` writes the bytes to a temporary file in the target's directory, flushes
and fsyncs it, then moves it into place in one step, so a reader (or a crash) sees either the
old file or the whole new one, never half of it. Without ``force`` an existing file is left
alone: the new file is linked into place, which fails if the name exists (no window between
a check and the write); on a file system without hard links it falls back to a check followed
by ``os.replace``.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


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


def atomic_write(path: str | os.PathLike[str], data: bytes, force: bool = False) -> None:
    """Write ``data`` to ``path`` atomically.

    Raises :class:`OverwriteRefused` (a ``FileExistsError``) when ``path`` exists and ``force``
    is false, ``IsADirectoryError`` when it is a directory, and ``OSError`` for the rest (no
    such directory, no permission). A new file gets the usual permissions (0666 less the
    umask); an overwritten one keeps its own. A symbolic link at ``path`` is replaced by the
    file, not written through.
    """
    target = Path(path)
    if target.is_dir():
        raise IsADirectoryError(21, "is a directory", os.fspath(target))
    if not force and os.path.lexists(target):
        raise OverwriteRefused(target)
    directory = target.parent
    mode = _mode_for(target)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
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
