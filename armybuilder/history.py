"""Undo and redo of a list's last changes, kept beside the list and never inside it.

Each change the builder makes is recorded as the file's bytes before and after it, in
``.armybuilder/history/<file name>.json`` in the list's folder (a hidden folder: no list scan or
served name ever reaches it). At most :data:`LIMIT` changes are kept each way, and at most
:data:`MAX_BYTES` in all; the oldest go first. Undo puts the bytes before the last change back,
redo the bytes after it, each written atomically under the list's edit lock, and only when the
file is still what the history last wrote: a change made elsewhere (an editor, the command line)
is never undone blindly; the history then starts again from the file as it is.

A history file that cannot be read (damaged, too large, not ours) counts as empty; it is
replaced at the next change.
"""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

LIMIT = 50  # changes kept each way
MAX_BYTES = 4 * 1024 * 1024  # the history file at most
FOLDER = ".armybuilder"


class HistoryError(Exception):
    def __init__(self, message: str, locked: bool = False, stale: bool = False):
        super().__init__(message)
        self.message = message
        self.locked = locked  # another edit held the list's lock: nothing was done, try again
        self.stale = stale  # the list is not the version the page showed: nothing was done


@dataclass
class Step:
    said: str  # what the change did, in the engine's words
    before: str  # the file's text before
    after: str  # and after

    def to_json(self) -> dict[str, str]:
        return {"said": self.said, "before": self.before, "after": self.after}


@dataclass
class History:
    undo: list[Step] = field(default_factory=list)
    redo: list[Step] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"form": 1, "undo": [s.to_json() for s in self.undo], "redo": [s.to_json() for s in self.redo]}


def place(path: Path, make: bool = False) -> Path:
    """Where the history of the list at ``path`` is kept; its folder made when ``make``. OSError when
    that folder is not there (``make`` False), or is a symbolic link or a file
    (:func:`armybuilder.fsutil.own_folder`: the history holds the list's text, and is never written
    or read outside the list's folder)."""
    from armybuilder.fsutil import own_folder

    path = Path(os.path.realpath(path))
    return own_folder(path.parent, FOLDER, "history", make=make) / (path.name + ".json")


def _steps(raw: Any) -> list[Step]:
    if not isinstance(raw, list):
        return []
    out = []
    for s in raw[-LIMIT:]:
        if isinstance(s, dict) and all(isinstance(s.get(k), str) for k in ("said", "before", "after")):
            out.append(Step(s["said"], s["before"], s["after"]))
    return out


def load(path: Path) -> History:
    try:
        where = place(path)
        if where.is_symlink() or not where.is_file() or where.stat().st_size > MAX_BYTES:
            return History()
        raw = json.loads(where.read_text("utf-8"))
    except (OSError, ValueError):
        return History()
    if not isinstance(raw, dict) or raw.get("form") != 1:
        return History()
    return History(_steps(raw.get("undo")), _steps(raw.get("redo")))


def _save(path: Path, history: History) -> None:
    """Write the history (replaced whole, never half written; a link at its place is replaced, never
    written through). Not synced to the disk: a power cut may lose the last steps of a history,
    never a list, and a change is not held up by it."""
    from armybuilder.fsutil import atomic_write

    history.undo = history.undo[-LIMIT:]
    history.redo = history.redo[-LIMIT:]
    data = json.dumps(history.to_json(), ensure_ascii=False).encode("utf-8")
    while len(data) > MAX_BYTES and (history.undo or history.redo):
        (history.undo or history.redo).pop(0)
        data = json.dumps(history.to_json(), ensure_ascii=False).encode("utf-8")
    atomic_write(place(path, make=True), data, force=True, into=False, sync=False)


def record(path: Path, before: bytes, after: bytes, said: str) -> None:
    """One change made (call it under the list's edit lock, after the write): a new undo step, and
    the redo steps are gone. A history that no longer ends where the file was before this change
    (the file was changed elsewhere) starts again. Never raises: a history that cannot be written
    only means no undo."""
    try:
        old, new = before.decode("utf-8"), after.decode("utf-8")
    except UnicodeDecodeError:
        return
    history = load(path)
    if history.undo and history.undo[-1].after != old:
        history.undo = []
    history.undo.append(Step(said, old, new))
    history.redo = []
    with contextlib.suppress(OSError):
        _save(path, history)


def _move(path: Path, back: bool, version: str | None = None) -> str:
    from armybuilder.compose.parts import EditError
    from armybuilder.edit.engine import edit_lock, version_of
    from armybuilder.fsutil import atomic_write

    what = "undo" if back else "redo"
    try:
        with edit_lock(path):
            try:
                raw = Path(path).read_bytes()
                now = raw.decode("utf-8")
            except (OSError, UnicodeDecodeError):
                raise HistoryError("the list cannot be read; nothing was changed") from None
            if version is not None and version_of(raw) != version:
                raise HistoryError(f"the list changed since this page was shown; nothing to {what}", stale=True)
            history = load(path)
            stack = history.undo if back else history.redo
            if not stack:
                raise HistoryError(f"nothing to {what}")
            step = stack[-1]
            if now != (step.after if back else step.before):
                with contextlib.suppress(OSError):
                    _save(path, History())
                raise HistoryError(
                    f"the list was changed outside the builder since, so there is nothing to {what}: "
                    "its history starts again from here"
                )
            try:
                atomic_write(os.path.realpath(path), (step.before if back else step.after).encode("utf-8"), force=True)
            except OSError as exc:
                raise HistoryError(f"the list cannot be written ({exc.strerror or exc}); nothing was changed") from None
            stack.pop()
            (history.redo if back else history.undo).append(step)
            with contextlib.suppress(OSError):
                _save(path, history)
            return step.said
    except EditError as exc:  # the lock could not be had
        raise HistoryError(exc.message, locked=True) from None


def undo(path: Path, version: str | None = None) -> str:
    """Put back the list as it was before its last change; what that change was. HistoryError
    when there is none, or the file changed since; with ``version`` (a page's
    :func:`armybuilder.edit.engine.version_of`), also when the file is not that version (stale:
    the page showed the list before another's change, which an undo from it would take back)."""
    return _move(path, back=True, version=version)


def redo(path: Path, version: str | None = None) -> str:
    """Make the last undone change again (``version``: as :func:`undo`)."""
    return _move(path, back=False, version=version)


_COUNTS: dict[tuple[str, int, int], tuple[int, int, str, str]] = {}  # by the history file's name, time and size


def counts(path: Path) -> tuple[int, int, str, str]:
    """How many changes can be undone and redone, and what the next of each would be (read again
    only when the history file changed: every page shows them)."""
    try:
        where = place(path)
        st = where.stat()
        key = (str(where), st.st_mtime_ns, st.st_size)
    except OSError:
        return 0, 0, "", ""
    if key not in _COUNTS:
        h = load(path)
        if len(_COUNTS) > 256:
            _COUNTS.clear()
        _COUNTS[key] = (len(h.undo), len(h.redo), h.undo[-1].said if h.undo else "", h.redo[-1].said if h.redo else "")
    return _COUNTS[key]


def forget(path: Path) -> None:
    with contextlib.suppress(OSError):
        place(path).unlink()


def move(old: Path, new: Path) -> None:
    """The history follows a renamed list."""
    try:
        src = place(old)
        if src.is_file():
            os.replace(src, place(new, make=True))
    except OSError:
        pass
