"""The served folder: which names a request may use, and the list files and event packs in it.

A request names a file by its path relative to the folder, with ``/`` between folders. Refused:
an empty name, an absolute path or a drive, a backslash or NUL, ``.`` or ``..`` or any part that
starts with a dot (hidden files and folders), and a name that does not end in ``.yaml`` or
``.yml``. Then the name is resolved to its real path (symbolic links followed) and that path is
checked before anything else is done with it: it must be inside the folder, and its name relative
to the folder must pass the same rules (so a ``.yaml`` link to a hidden file, or to one that is
not a list, is refused, and :meth:`Folder.scan` does not list it). An existing file must be a
regular file (not a folder, FIFO or device); a new one must not exist yet, in a folder that does
(its real path inside the folder and not hidden), and its name may hold no control character,
line separator or direction mark.
"""

from __future__ import annotations

import os
import re
import stat
import time
from dataclasses import dataclass, field
from pathlib import Path

from armybuilder.lists import LIST_SUFFIXES, is_event_pack

SUFFIXES = LIST_SUFFIXES
MAX_NAME = 512  # characters in a relative name
MAX_FILES = 20_000  # files the folder view looks at (it says so when a folder holds more)
# What is known of a file (a list or an event pack, its card) is kept with its stamp (:data:`Stamp`)
# only once it was written longer ago than this: a file written again within the same tick of the
# file system's clock (2 s on FAT) at the same size would keep its stamp.
RACY_NS = 2_000_000_000
# What changes when a file is written: its inode, size, modification time, change time (ns) and
# device. The change time is the one a same-size rewrite in place that sets the old times back (`cp
# -p`, a sync tool) cannot keep: only the kernel sets it (issue 45, item 7). Whether a stamp is too
# recent to tell (RACY_NS) is still read from the modification time, the one a program can set.
Stamp = tuple[int, int, int, int, int]


def stamp_of(st: os.stat_result) -> Stamp:
    """A file's :data:`Stamp` from its ``stat``."""
    return (st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_dev)


_DRIVE = re.compile(r"^[A-Za-z]:")
# What a new file's name may not hold: control characters (a tab, a line break, ESC, DEL, C1), line
# and paragraph separators, and the marks that turn text's direction (a name would read otherwise).
_UNSHOWABLE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def showable(name: str) -> str:
    """``name`` with each character a new file's name may not hold (:data:`_UNSHOWABLE`) as ``-``."""
    return _UNSHOWABLE.sub("-", name)


class Refused(Exception):
    """A name the server will not use; ``status`` is the HTTP status to answer with; ``field`` the
    form field it is about (the page puts the focus there), if one."""

    def __init__(self, message: str, status: int = 400, field: str = ""):
        super().__init__(message)
        self.message = message
        self.status = status
        self.field = field


@dataclass(frozen=True)
class Found:
    """A YAML file in the folder: its name (relative, with ``/``) and its real path."""

    name: str
    real: str  # its real path
    # what changes when the file is written (:data:`Stamp`), as the scan saw it
    stamp: Stamp | None = field(default=None, compare=False)

    @property
    def path(self) -> Path:
        return Path(self.real)


def _regular(real: str, name: str, missing: str) -> Path:
    """``real`` when it is a regular file; else Refused: ``missing`` (404) when there is none, 403
    for anything else (a directory, a FIFO, a device)."""
    try:
        mode = os.stat(real).st_mode
    except OSError:
        raise Refused(missing, 404) from None
    if not stat.S_ISREG(mode):
        raise Refused(f"{name} is not a regular file", 403)
    return Path(real)


class Folder:
    def __init__(self, root: str | Path):
        self.root = Path(os.path.realpath(root))
        self.capped = False  # the last scan stopped at MAX_FILES
        # each file as the last scan found it: name: (stamp, an event pack, Found)
        self._seen: dict[str, tuple[Stamp, bool, Found]] = {}

    def _inside(self, real: str) -> bool:
        try:
            return os.path.commonpath([real, str(self.root)]) == str(self.root) and real != str(self.root)
        except ValueError:  # pragma: no cover - another drive on Windows
            return False

    def _checked_name(self, name: str) -> list[str]:
        if not name:
            raise Refused("no file named")
        if len(name) > MAX_NAME:
            raise Refused(f"a file name is limited to {MAX_NAME} characters")
        if "\x00" in name or "\\" in name:
            raise Refused("a file name has no NUL or backslash")
        if name.startswith("/") or _DRIVE.match(name):
            raise Refused("only files inside the served folder, by their relative name")
        parts = name.split("/")
        if any(p in ("", ".", "..") or p.startswith(".") for p in parts):
            raise Refused("no '..', '.', empty or hidden parts in a file name")
        if not name.lower().endswith(SUFFIXES):
            raise Refused("list files end in .yaml or .yml")
        return parts

    def _real_inside(self, real: str, what: str) -> None:
        """``real`` (a resolved path) is inside the folder and not hidden there (Refused, 403)."""
        if not self._inside(real):
            raise Refused(f"that {what} is outside the served folder", 403)
        if any(part.startswith(".") for part in Path(real).relative_to(self.root).parts):
            raise Refused(f"that {what} is a link to a hidden file or folder", 403)

    def existing(self, name: str) -> Path:
        """The real path of the regular file ``name`` inside the folder (Refused otherwise)."""
        return self._existing(name, self._checked_name(name))

    def _existing(self, name: str, parts: list[str]) -> Path:
        real = os.path.realpath(self.root.joinpath(*parts))
        self._real_inside(real, "file")
        if not real.lower().endswith(SUFFIXES):
            raise Refused("that file is a link to a file that is not a list (.yaml or .yml)", 403)
        return _regular(real, name, f"no such file: {name}")

    def kept_beside(self, name: str, suffix: str) -> Path:
        """The real path of the regular file ``name`` that is kept beside a list (a game,
        ``NAME.game.json`` for ``suffix`` ``.game.json``): its name passes the rules of a list's
        name, with ``suffix`` for ``.yaml``, and its real path is checked as :meth:`existing`'s."""
        if not name.endswith(suffix) or len(name) == len(suffix):
            raise Refused(f"no such game: {name}", 404)
        parts = self._checked_name(name[: -len(suffix)] + ".yaml")
        parts[-1] = parts[-1][: -len(".yaml")] + suffix
        real = os.path.realpath(self.root.joinpath(*parts))
        self._real_inside(real, "file")
        if not real.endswith(suffix):
            raise Refused("that file is a link to a file that is not a game", 403)
        return _regular(real, name, f"no such game: {name}")

    def entry(self, name: str) -> tuple[Path, Path]:
        """The file ``name`` as the folder holds it (a link stays the link) and its real path, as
        :meth:`existing` accepts it: what a rename or a delete moves is the entry, never the
        file a link points to."""
        parts = self._checked_name(name)
        return self.root.joinpath(*parts), self._existing(name, parts)

    def new(self, name: str) -> Path:
        """Where a new file ``name`` goes: not there yet, in a folder inside the served one, with no
        character in its name that does not show as itself (:data:`_UNSHOWABLE`)."""
        parts = self._checked_name(name)
        if _UNSHOWABLE.search(name):
            raise Refused(
                "a file name has no tab, line break or other control character, nor a mark that turns the text's "
                "direction",
                422,
            )
        target = self.root.joinpath(*parts)
        parent = os.path.realpath(target.parent)
        if parent != str(self.root):
            self._real_inside(parent, "folder")
        if not os.path.isdir(parent):
            raise Refused(f"no such folder: {'/'.join(parts[:-1])}", 404)
        if os.path.lexists(target):
            raise Refused(f"there is already a file named {name}; choose another name", 409)
        return Path(parent) / parts[-1]

    def know(self, lists: dict[str, Stamp]) -> None:
        """Files known to be lists, by name and stamp (kept from an earlier server on the folder):
        the next scan takes each that is still no link and has that stamp as it is, its name
        checked and its head read then."""
        for name, stamp in lists.items():
            if name not in self._seen:
                self._seen[name] = (stamp, False, Found(name, f"{self.root}/{name}", stamp))

    def name_of(self, path: Path) -> str:
        return path.relative_to(self.root).as_posix()

    def scan(self) -> tuple[list[Found], list[Found]]:
        """The list files and the event packs in the folder and its subfolders (not hidden ones),
        in name order, each with its stamp; at most MAX_FILES files are looked at.

        One ``stat`` a file: a file that is no link is its own real path (the walk enters no
        linked folder), so only a link is resolved and checked as :meth:`existing` does. Whether a
        file is an event pack is read once per stamp (:attr:`_seen`)."""
        lists: list[Found] = []
        packs: list[Found] = []
        self.capped = False
        seen = 0
        known = self._seen
        clock = time.time_ns()
        now: dict[str, tuple[Stamp, bool, Found]] = {}
        stack = [(str(self.root), "")]
        while stack:
            top, prefix = stack.pop()
            try:
                with os.scandir(top) as it:
                    entries = sorted(it, key=lambda e: e.name)
            except OSError:
                continue
            subdirs = []
            for entry in entries:
                file = entry.name
                if file.startswith("."):
                    continue
                try:
                    if entry.is_dir(follow_symlinks=False):
                        subdirs.append((entry.path, prefix + file + "/"))
                        continue
                except OSError:
                    continue
                if not file.lower().endswith(SUFFIXES):
                    continue
                seen += 1
                if seen > MAX_FILES:
                    self.capped = True
                    self._seen = {**known, **now}
                    return _sorted(lists), _sorted(packs)
                name = prefix + file
                try:
                    link = entry.is_symlink()
                    if link:
                        real = str(self.existing(name))
                        st = os.stat(real)
                    else:
                        st = entry.stat(follow_symlinks=False)
                        if not stat.S_ISREG(st.st_mode):
                            continue
                    stamp = stamp_of(st)
                    got = known.get(name)
                    if got is not None and (got[0] != stamp or clock - stamp[2] < RACY_NS):
                        got = None  # changed, or written too lately for its stamp to tell
                    if got is not None and not link:
                        now[name] = got  # as it was: its name checked, whether it is a pack read
                        (packs if got[1] else lists).append(got[2])
                        continue
                    if not link:
                        self._checked_name(name)
                        real = entry.path
                except (Refused, OSError):
                    continue
                pack = got[1] if got is not None else is_event_pack(real)
                found = Found(name, real, stamp)
                now[name] = (stamp, pack, found)
                (packs if pack else lists).append(found)
            stack.extend(reversed(subdirs))  # a folder's files, then its subfolders, in name order
        self._seen = now
        return _sorted(lists), _sorted(packs)


def _sorted(found: list[Found]) -> list[Found]:
    return sorted(found, key=lambda f: f.name)
