"""The folder as a list manager: every list with its system, player, total and status; new lists,
rename, duplicate, delete to the trash and restore, import from a share code or a roster.

Deleted lists go to ``.armybuilder/trash/`` in the served folder (hidden: never listed, never
served by name), each under a name that says when it was deleted and where it was; restoring one
puts it back where it was (or beside it, when that name has been taken since). Nothing here
overwrites a file: a new name that is taken is refused, or a free one is chosen.
"""

from __future__ import annotations

import os
import re
import threading
import time
import unicodedata
import urllib.parse
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from armybuilder.fsutil import hard_link
from armybuilder.web.files import RACY_NS, SUFFIXES, Folder, Found, Refused, Stamp, showable, stamp_of

TRASH = Path(".armybuilder") / "trash"
SORTS = {
    "name": "name",
    "system": "system",
    "status": "status",
    "total": "total",
    "player": "player",
    "changed": "changed",
}
MAX_TRASH_SHOWN = 50


def slug(text: str, fallback: str = "army") -> str:
    """A file name's stem from a list's name: ``The Greenwood Host`` -> ``the-greenwood-host``."""
    folded = unicodedata.normalize("NFKD", text)
    ascii_only = "".join(c for c in folded if c.isascii())
    stem = re.sub(r"[^a-z0-9]+", "-", ascii_only.lower()).strip("-")[:60].strip("-")
    return stem or fallback


def free_name(folder: Folder, stem: str, suffix: str = ".yaml", sub: str = "") -> str:
    """The first name ``stem.yaml``, ``stem-2.yaml``... not taken in the folder (``sub`` a subfolder)."""
    prefix = f"{sub}/" if sub else ""
    for n in range(1, 1000):
        name = f"{prefix}{stem}{'' if n == 1 else f'-{n}'}{suffix}"
        if not os.path.lexists(folder.root / name):
            return name
    raise Refused("no free file name for that list; choose another name", 409)


@dataclass
class Listed:
    name: str
    title: str
    system: str
    system_title: str
    player: str
    total: str
    valid: bool
    counts: str
    errors: list[str]
    changed: float
    amount: float | None = None  # the total as a number, for the sort
    words: str = ""  # what a search looks in (title, file name, game, player), folded
    key: str = ""  # the title folded, for the sort by name
    checked: bool = True  # False: only what the list says it is (check.headline): no verdict, no total yet


def _listed(found: Found, result: Any, checked: bool = True) -> Listed:
    from armybuilder import systems
    from armybuilder.suggest import fold
    from armybuilder.text import tally
    from armybuilder.web.listpage import finding_words

    data = result.document if isinstance(result.document, dict) else {}
    player = data.get("player")
    try:
        title = systems.get(result.system).title if result.system else "not a list of a known game"
    except KeyError:
        title = result.system or "not a list of a known game"
    if found.stamp is not None:
        changed = found.stamp[2] / 1e9
    else:
        try:
            changed = found.path.stat().st_mtime
        except OSError:
            changed = 0.0
    card = Listed(
        name=found.name,
        title=str(result.name or found.name),
        system=result.system or "",
        system_title=title,
        player=str(player) if isinstance(player, (str, int, float)) and not isinstance(player, bool) else "",
        total=result.measure.text() or "no total yet",
        valid=result.valid,
        counts=tally(result.counts()),
        errors=[finding_words(f) for f in result.sorted_findings() if f.severity.value == "error"][:2],
        changed=changed,
        amount=_number(result.measure.total),
    )
    card.words = fold(" ".join((card.title, card.name, card.system_title, card.player)))
    card.key = fold(card.title)
    card.checked = checked
    return card


def _number(total: Any) -> float | None:
    """A list's total as a float (for the sort, and plain data for the cache), or None."""
    try:
        return None if total is None else float(total)
    except (TypeError, ValueError, OverflowError):
        return None


PAGE = 100  # lists on one page of the lists page
_FIELDS = [f.name for f in fields(Listed)]


def _stamp(path: Path) -> Stamp:
    """What changes when a file is written: its inode, size, times and device."""
    return stamp_of(path.stat())


def _made_by() -> str:
    """What every card also depends on besides its file: armybuilder's version and code, the game
    data and schemas (run-time systems' too), each file by name, size and time."""
    import armybuilder
    from armybuilder import __version__, resources

    parts = [__version__]
    tops = [Path(armybuilder.__file__).parent, resources.data_dir(), resources.schema_dir(), *resources._ROOTS.values()]
    for top in tops:
        for base, dirs, files in os.walk(top):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for file in sorted(files):
                try:
                    st = os.stat(os.path.join(base, file))
                except OSError:
                    continue
                parts.append(f"{base}/{file}:{st.st_size}:{st.st_mtime_ns}")
    return "\n".join(parts)


class _Cards:
    """Each list's card as last drawn, with the stamp of the file (and pack) it was drawn from: the
    lists page checks again only the files that changed since, so a page of a big folder answers
    fast. The cards checked without an event pack are also kept in the per-user cache
    (:mod:`armybuilder.cache`, one entry per folder, only ever a saving of time), so a server
    started again on the folder does not check every list again; an entry made by another version
    of armybuilder, its code or its game data is not used."""

    LIMIT = 50_000

    def __init__(self, root: Path) -> None:
        self.root = root
        self._lock = threading.Lock()
        self._saving = threading.Lock()
        self.loading = threading.Lock()
        self._cards: dict[str, tuple[Any, Listed]] = {}
        self.loaded = False
        self._made_by = ""

    def target(self) -> Path | None:
        from armybuilder import cache

        return cache.path(cache.key("lists", str(self.root).encode("utf-8", "surrogateescape")), ".marshal")

    def load(self) -> None:
        """The cards kept in the per-user cache, once (a damaged or foreign entry: none)."""
        import marshal

        from armybuilder import cache

        if self.loaded:
            return
        self.loaded = True
        self._made_by = _made_by()
        target = self.target()
        if target is None:
            return
        payload = cache.read(target)  # a regular file of a bounded size, its digest checked
        if payload is None:
            return
        try:
            kept = marshal.loads(payload)
            if not isinstance(kept, dict) or kept.get("made_by") != self._made_by:
                return
            cards = {}
            for name, (stamp, values) in kept["cards"].items():
                if len(values) != len(_FIELDS) or len(stamp) != 5:  # a Stamp
                    return
                card = Listed(*values)
                cards[name] = ((tuple(stamp), None, None), card)
        except (EOFError, ValueError, TypeError, KeyError, AttributeError):
            return
        with self._lock:
            self._cards.update(cards)

    def save(self) -> None:
        """The cards checked without an event pack, into the per-user cache (atomically)."""
        import marshal

        from armybuilder import cache

        target = self.target()
        if target is None:
            return
        with self._lock:
            plain = {
                name: (list(stamp[0]), [getattr(card, f) for f in _FIELDS])
                for name, (stamp, card) in self._cards.items()
                if stamp[1] is None and stamp[2] is None
            }
        try:
            data = marshal.dumps({"made_by": self._made_by, "cards": plain})
        except ValueError:
            return
        with self._saving:  # one write at a time (their temporary file is named after the process)
            cache.write(target, data)

    def plain(self) -> dict[str, Stamp]:
        """The stamp of each file whose card was checked without an event pack."""
        with self._lock:
            return {name: stamp[0] for name, (stamp, _) in self._cards.items() if stamp[1:] == (None, None)}

    def get(self, name: str, stamp: Any) -> Listed | None:
        with self._lock:
            got = self._cards.get(name)
        return got[1] if got is not None and got[0] == stamp else None

    def put(self, name: str, stamp: Any, card: Listed) -> None:
        with self._lock:
            if len(self._cards) >= self.LIMIT:
                self._cards.clear()
            self._cards[name] = (stamp, card)

    def keep_only(self, names: set[str]) -> bool:
        """Forget the cards of files no longer there; whether there were any."""
        with self._lock:
            gone = [n for n in self._cards if n not in names]
            for n in gone:
                del self._cards[n]
        return bool(gone)


_KEPT: dict[Path, _Cards] = {}
_KEPT_LOCK = threading.Lock()


def _cards_of(folder: Folder) -> _Cards:
    """The cards of the folder's lists; a new server's are read from the per-user cache, and its
    folder told which files they are (no need to read whether they are event packs)."""
    with _KEPT_LOCK:
        kept = _KEPT.get(folder.root)
        if kept is None:
            kept = _KEPT[folder.root] = _Cards(folder.root)
    with kept.loading:  # a second request at start waits for the cards rather than check them all
        if not kept.loaded:
            kept.load()
            folder.know(kept.plain())
    return kept


class _Pass:
    """One look at the folder's lists, card by card: a card kept for the file as it is (and the
    pack) is used, else the file is checked (against the pack, or its headline only:
    :func:`check.headline`) and its card kept, but for a file written a moment ago (its stamp
    could not tell a second write); :meth:`done` forgets the files gone and saves the cards when
    any changed. The lists page (:func:`rows`) and every list checked (:func:`every_card`) alike."""

    def __init__(self, folder: Folder, pack: Any = None, event: str | None = None, pack_stamp: Any = None) -> None:
        self.folder = folder
        self.kept = _cards_of(folder)  # before the scan: it tells the folder which files are lists
        self.pack = pack
        self.event = event if pack is not None else None
        self.pack_stamp = pack_stamp
        self.now = time.time_ns()
        self.found_of: dict[str, tuple[Found, Any]] = {}
        self.changed = False

    def cards(self, lists: list[Found], headlines: bool) -> list[Listed]:
        """Each list's card (``headlines``: a headline will do where no checked card is kept)."""
        out = []
        for found in lists:
            try:
                stamp = (found.stamp or _stamp(found.path), self.pack_stamp, self.event)
                card = self.kept.get(found.name, stamp)
                if card is None or not (card.checked or headlines):
                    card = self.card_of(found, stamp, not headlines)
            except OSError:  # gone or unreadable since the scan
                continue
            self.found_of[found.name] = (found, stamp)
            out.append(card)
        return out

    def card_of(self, found: Found, stamp: Any, checked: bool) -> Listed:
        if self.pack is not None:
            from armybuilder.events.standings import check_one

            card = _listed(found, check_one(found.path, self.pack))
        elif checked:
            from armybuilder.check import check_path

            card = _listed(found, check_path(found.path))
        else:
            from armybuilder.check import headline

            card = _listed(found, headline(found.path), checked=False)
        if self.now - stamp[0][2] >= RACY_NS:
            self.kept.put(found.name, stamp, card)
            self.changed = self.changed or self.pack is None
        return card

    def done(self) -> None:
        if not self.folder.capped and self.kept.keep_only(set(self.found_of)):
            self.changed = True
        if self.changed:
            self.kept.save()


def rows(folder: Folder, event: str | None, query: str, sort: str, page: int = 1) -> dict[str, Any]:
    from armybuilder.suggest import fold

    pack = None
    pack_problems: list[str] = []
    pack_stamp = None
    if event:
        from armybuilder.events import PackError, load

        try:
            pack = load(folder.existing(event))
        except PackError as exc:
            pack_problems = [f"line {f.line or 1}: {f.message}" for f in exc.findings]
    if pack is not None and event:
        try:
            pack_stamp = _stamp(folder.existing(event))
        except (OSError, Refused):
            pack_stamp = None
    look = _Pass(folder, pack, event, pack_stamp)
    lists, packs = folder.scan()
    key = SORTS.get(sort, "name")
    # Sorted by what a list says it is (or by when it changed), a page needs only the headlines of
    # the lists it does not show (check.headline: read, not checked); sorted by a verdict or a total,
    # or against an event pack, every list is checked.
    out = look.cards(lists, headlines=pack is None and key in ("name", "system", "player", "changed"))
    total = len(out)
    if query:
        words = fold(query).split()
        out = [r for r in out if all(w in r.words for w in words)]
    if key == "changed":
        out.sort(key=lambda r: (-r.changed, r.name))
    elif key == "status":
        out.sort(key=lambda r: (r.valid, r.name))
    elif key == "total":
        out.sort(key=lambda r: (r.amount is None, r.amount or 0, r.name))  # as numbers: 9 before 40
    elif key == "name":
        out.sort(key=lambda r: (r.key, r.name))
    else:
        out.sort(key=lambda r: (fold(str(getattr(r, "system_title" if key == "system" else key))), r.key))
    pages = max(1, -(-len(out) // PAGE))
    at = min(max(1, page), pages)
    shown = out[(at - 1) * PAGE : at * PAGE]
    for i, card in enumerate(shown):  # the lists on the page are checked
        if not card.checked:
            found, stamp = look.found_of[card.name]
            try:
                shown[i] = look.card_of(found, stamp, True)
            except OSError:  # gone or unreadable since the scan: not shown without its verdict
                continue
    shown = [card for card in shown if card.checked]
    look.done()
    return {
        "rows": shown,
        "shown": len(out),
        "total": total,
        "page": at,
        "pages": pages,
        "first": (at - 1) * PAGE + 1,
        "capped": folder.capped,
        "packs": [p.name for p in packs],
        "event": event,
        "pack_problems": pack_problems,
        "trash": trash_shown(folder),
    }


def every_card(folder: Folder) -> list[Listed]:
    """Every list of the folder checked (no event pack), each card kept for the next page and the
    next server, as the lists page keeps its own (:class:`_Pass`)."""
    look = _Pass(folder)
    lists, _ = folder.scan()
    out = look.cards(lists, headlines=False)
    look.done()
    return out


def systems_offered() -> list[dict[str, Any]]:
    from armybuilder import systems
    from armybuilder.edit.engine import composable

    out = []
    for s in composable():
        m = systems.manifest(s)
        # in the words of the list page's total ("7 of 10 slots"): a Token Terrors army fills slots
        out.append({"id": s, "title": systems.get(s).title, "points": m.points_limit, "measure": m.measure})
    return out


def create(folder: Folder, system: str, name: str, points_text: str) -> tuple[Any, str]:
    """A new list named ``name`` (its file named after it), by the edit engine."""
    from armybuilder import systems
    from armybuilder.compose.base import number
    from armybuilder.compose.parts import EditError
    from armybuilder.edit.engine import composable, run_new
    from armybuilder.web.listpage import capital

    if system not in composable():
        raise Refused("choose a game for the new list", 422)
    name = " ".join(name.split())
    if len(name) > 200:
        raise Refused("a list's name is at most 200 characters", 422)
    points: float | None = None
    if points_text.strip():
        if not systems.manifest(system).points_limit:
            raise Refused(
                f"{systems.get(system).title} lists have no army size in points: leave it empty", 422, "points"
            )
        try:
            points = number(points_text.replace("½", ".5"), "the army size", 0.5, 1000, whole=False, halves=True)
        except EditError as exc:
            raise Refused(capital(exc.player), 422, "points") from None
    target_name = free_name(folder, slug(name or systems.get(system).title))
    target = folder.new(target_name)
    outcome = run_new(system, target, name or None, points, False)
    return outcome, target_name


def rename(folder: Folder, name: str, new_stem: str) -> str:
    """The list file ``name`` renamed to ``new_stem`` (+ its suffix) in the same folder; its
    history follows. Refused when the new name is taken."""
    from armybuilder.edit.engine import edit_lock
    from armybuilder.history import move

    entry, path = folder.entry(name)
    stem = new_stem.strip()
    for suffix in SUFFIXES:
        if stem.lower().endswith(suffix):
            stem = stem[: -len(suffix)]
    if not stem or "/" in stem or stem.startswith("."):
        raise Refused("a file name has no '/' and does not start with a dot", 422)
    sub = name.rsplit("/", 1)[0] + "/" if "/" in name else ""
    new_name = sub + stem + Path(name).suffix
    if new_name == name:
        return name
    target = folder.new(new_name)
    link = entry.is_symlink()  # the link is renamed; the file it points to stays as it is
    with edit_lock(path):
        try:
            hard_link(entry, target, follow_symlinks=False)  # fails when the name is taken: never over another file
        except FileExistsError:
            raise Refused(f"there is already a file named {new_name}; choose another name", 409) from None
        except OSError:
            if os.path.lexists(target):
                raise Refused(f"there is already a file named {new_name}; choose another name", 409) from None
            os.rename(entry, target)
        else:
            os.unlink(entry)
    if not link:
        move(path, target)
    return new_name


_UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def retitle(folder: Folder, name: str, title: str) -> str:
    """The list ``name`` given the name ``title`` (what its card and its page show), and its file
    named after it when that name is free (else it keeps its file name); the file's name now."""
    from armybuilder.edit.engine import run_edit
    from armybuilder.web.listpage import capital
    from armybuilder.yamlio import LoadError, load_file

    title = " ".join(_UNPRINTABLE.sub(" ", title).split())
    if not title:
        raise Refused("type the list's new name", 422, "to")
    if len(title) > 200:
        raise Refused("a list's name is at most 200 characters", 422, "to")
    path = folder.existing(name)
    try:
        data = load_file(path).data
    except LoadError:
        data = None
    if not isinstance(data, dict):
        raise Refused("this file is not a list the builder can read, so it has no name to change", 422)
    if data.get("name") != title:
        outcome = run_edit(path, "set", "name", ["--", title])
        if outcome.code == 2:
            player = getattr(outcome.detail, "player", "") or "the name could not be changed"
            raise Refused(capital(player), 422, "to")
    stem = slug(title)
    if re.fullmatch(re.escape(stem) + r"(-\d+)?", Path(name).stem):
        return name  # already named after it
    sub = name.rsplit("/", 1)[0] if "/" in name else ""
    free = free_name(folder, stem, Path(name).suffix or ".yaml", sub)
    try:
        return rename(folder, name, Path(free).stem)
    except Refused:
        return name  # taken meanwhile: the list keeps its file name


def twin_of(folder: Folder, name: str) -> str | None:
    """The list already in the folder that a new one named ``name`` was named beside
    (``host.yaml`` for ``host-2.yaml``: a list of the same name), if one."""
    found = re.fullmatch(r"(.+)-\d+(\.ya?ml)", name)
    if found is None:
        return None
    first = found.group(1) + found.group(2)
    return first if os.path.lexists(folder.root / first) else None


def duplicate(folder: Folder, name: str) -> str:
    """A copy of the list beside it, named "... (copy)"; the copy's name."""
    from armybuilder.edit.engine import run_edit
    from armybuilder.fsutil import atomic_write

    path = folder.existing(name)
    raw = path.read_bytes()
    sub = name.rsplit("/", 1)[0] if "/" in name else ""
    copy = free_name(folder, Path(name).stem + "-copy", Path(name).suffix, sub)
    target = folder.new(copy)
    atomic_write(target, raw, force=False)
    from armybuilder.yamlio import LoadError, load_file

    try:
        data = load_file(target).data
    except LoadError:
        return copy
    if isinstance(data, dict) and isinstance(data.get("name"), str):
        run_edit(target, "set", "name", ["--", f"{data['name'][:192]} (copy)"])
    return copy


def _trash_dir(folder: Folder, make: bool = False) -> Path:
    """The trash folder (made when ``make``); OSError when it is not there, or is a symbolic link or
    a file (:func:`armybuilder.fsutil.own_folder`: a deleted list never leaves the served folder)."""
    from armybuilder.fsutil import own_folder

    return own_folder(folder.root, *TRASH.parts, make=make)


def delete(folder: Folder, name: str) -> str:
    """The list moved to the trash; the name it has there."""
    from armybuilder.edit.engine import edit_lock
    from armybuilder.history import forget

    entry, path = folder.entry(name)
    where = _trash_dir(folder, make=True)
    kept = _trash_key(time.time_ns() // 1_000_000, name)
    link = entry.is_symlink()  # the link goes to the trash; the file it points to stays
    with edit_lock(path):
        os.replace(entry, where / kept)
    if not link:
        forget(path)  # not the history of the next list of that name
    return kept


_KEY_BYTES = 255  # bytes of a file's name on the common file systems


def _escaped(text: str) -> str:
    """``text`` as a trash key holds it: ``%`` and ``/`` percent-encoded, nothing else (a name in
    another script stays itself: encoded whole, 60 CJK characters took 540 bytes, past the limit)."""
    return text.replace("%", "%25").replace("/", "%2F")


def _trash_key(stamp: int, name: str) -> str:
    """The name of the list ``name`` in the trash: the time, then its name (``urllib.parse.unquote``
    gives it back). Cut (…) before its suffix when that is longer than a file's name may be: it then
    comes back under the shorter name, the list in it as it was."""
    head = f"{stamp}--"
    key = head + _escaped(name)
    if len(key.encode("utf-8")) <= _KEY_BYTES:
        return key
    suffix = Path(name).suffix
    tail = _escaped("…" + suffix)
    room = _KEY_BYTES - len((head + tail).encode("utf-8"))
    cut = ""
    for ch in name[: len(name) - len(suffix)]:
        piece = _escaped(ch)
        if len((cut + piece).encode("utf-8")) > room:
            break
        cut += piece
    return head + cut + tail


@dataclass
class Trashed:
    key: str
    name: str  # where it was
    when: str
    title: str = ""  # the list's own name, as its card showed it


def title_of(path: Path) -> str:
    """The ``name:`` of the list file at ``path``, or "" (not a list, unreadable)."""
    from armybuilder.yamlio import LoadError, load_file

    try:
        if path.is_symlink() or path.stat().st_size > 256 * 1024:
            return ""
        data = load_file(path).data
    except (LoadError, OSError):
        return ""
    title = data.get("name") if isinstance(data, dict) else None
    return title if isinstance(title, str) else ""


def trash_shown(folder: Folder) -> list[Trashed]:
    """The trash as the lists page shows it: each list by its own name too."""
    shown = trash(folder)
    for t in shown:
        t.title = title_of(_trash_dir(folder) / t.key)
    return shown


def trash(folder: Folder) -> list[Trashed]:
    try:
        names = sorted(os.listdir(_trash_dir(folder)), reverse=True)
    except OSError:
        return []
    out = []
    for key in names[:MAX_TRASH_SHOWN]:
        stamp, sep, quoted = key.partition("--")
        if not sep or not re.fullmatch("[0-9]{1,15}", stamp):  # ASCII digits ("²".isdigit()), a time it can be
            continue
        try:
            when = time.strftime("%Y-%m-%d %H:%M", time.localtime(int(stamp) / 1000))
        except (OverflowError, OSError, ValueError):  # a year past what the C library's time can hold
            continue
        out.append(Trashed(key, urllib.parse.unquote(quoted), when))
    return out


def restore(folder: Folder, key: str) -> str:
    """A list back from the trash where it was (or beside it when that name is taken); its name."""
    found = next((t for t in trash(folder) if t.key == key), None)
    if found is None or "/" in key or key.startswith("."):
        raise Refused("that list is not in the trash", 404)
    src = _trash_dir(folder) / key
    name = showable(found.name)  # (trashed before such names were refused)
    try:
        folder.new(name)
    except Refused:
        sub = name.rsplit("/", 1)[0] if "/" in name else ""
        sub = sub if sub and (folder.root / sub).is_dir() else ""
        name = free_name(folder, Path(name).stem + "-restored", Path(name).suffix or ".yaml", sub)
    target = folder.new(name)
    try:
        hard_link(src, target, follow_symlinks=False)  # a link comes back a link
    except FileExistsError:
        raise Refused(f"there is already a file named {name}", 409) from None
    except OSError:
        os.rename(src, target)
    else:
        os.unlink(src)
    return name


def lists_zip(folder: Folder) -> bytes:
    """Every list and event pack of the folder, as the files are, in one zip (names as listed)."""
    import io
    import zipfile

    lists, packs = folder.scan()
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for found in sorted(lists + packs, key=lambda f: f.name):
            try:
                data = found.path.read_bytes()
            except OSError:  # gone or unreadable since the scan
                continue
            info = zipfile.ZipInfo(found.name, time.localtime(found.path.stat().st_mtime)[:6])
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
    return out.getvalue()


def _import_yaml(folder: Folder, filename: str, raw: bytes) -> tuple[Any, str]:
    """A list file uploaded as it is (YAML): kept byte for byte, comments and all, once the safe
    reader has read it as a list; named after the list."""
    from armybuilder.check import check, has_event_key
    from armybuilder.fsutil import atomic_write
    from armybuilder.outcome import ExitCode, Outcome
    from armybuilder.yamlio import MAX_BYTES, LoadError, decode, loads

    if len(raw) > MAX_BYTES:
        raise Refused("That file is too large to be a list", 413)
    try:
        doc = loads(decode(raw))
    except LoadError as exc:
        raise Refused(f"That file cannot be read as a list (line {exc.line}): {exc.message}", 422) from None
    if not isinstance(doc.data, dict) or has_event_key(doc.data):
        raise Refused("That file is not a list: a list file is a mapping with system, name and its parts", 422)
    title = doc.data.get("name")
    name = free_name(folder, slug(str(title) if isinstance(title, str) else Path(filename).stem))
    target = folder.new(name)
    atomic_write(target, raw)
    result = check(doc, str(target))  # the text just written, as it was read
    return Outcome("", [], ExitCode.of(result.valid)), name


def import_list(folder: Folder, source: str, upload: tuple[str, bytes] | None) -> tuple[Any, str]:
    """A new list from a share code (``source``) or an uploaded roster file; the engine's
    ``import``. The new file is named after the list."""
    import tempfile

    from armybuilder.commands.share import import_list as engine_import
    from armybuilder.sources import read_source

    with tempfile.TemporaryDirectory(prefix="armybuilder-import-") as tmp:
        if upload is not None:
            filename, raw = upload
            if not raw:
                raise Refused("the file is empty: choose a roster file (PDF, Markdown or JSON)", 422)
            if Path(filename).suffix.lower() in SUFFIXES:
                return _import_yaml(folder, filename, raw)
            suffix = (
                Path(filename).suffix.lower()
                if Path(filename).suffix.lower() in (".pdf", ".md", ".json", ".txt")
                else ""
            )
            src = Path(tmp) / f"roster{suffix}"
            src.write_bytes(raw)
            given = str(src)
        else:
            given = " ".join(source.split())
            if not given:
                raise Refused("paste a share code (it starts with AB1.) or choose a roster file", 422)
            if not given.startswith("AB"):
                raise Refused("that is not a share code: a share code starts with AB1.", 422)
        try:
            data, _ = read_source(given, code=upload is None)  # a code typed in the box is never a file's name
        except ValueError as exc:
            said = str(exc).replace(given + ": ", "").replace(given, "the file").replace(str(Path(tmp)), "")
            if upload is not None:
                said = "the chosen file " + said[3:] if said.startswith("it ") else "the chosen file: " + said
            raise Refused(said, 422) from None
        title = data.get("name") if isinstance(data, dict) else None
        target_name = free_name(folder, slug(str(title) if isinstance(title, str) else "imported"))
        target = folder.new(target_name)
        outcome = engine_import(given, str(target), code=upload is None)
    return outcome, target_name


# A backup (:func:`lists_zip`) read back. The file is hostile: at most MAX_BACKUP_ENTRIES entries
# and MAX_BACKUP_BYTES unpacked in all, each entry read to at most the size of a list (a zip's
# stated sizes are not trusted: what is read is counted), its name only a file name (no folder
# above, no drive, no link), and each entry read by the safe YAML reader before it is written.
MAX_BACKUP_ENTRIES = 2000
MAX_BACKUP_BYTES = 32 * 1024 * 1024


@dataclass
class Restored:
    """What a backup's restore did: each list written (``(entry, name, copy)``: ``copy`` when a
    file of that name was here, so it was written beside it), each list already here the same,
    and each entry refused with its reason (``(entry, reason)``)."""

    written: list[tuple[str, str, bool]]
    same: list[tuple[str, str]]
    refused: list[tuple[str, str]]


def _entry_name(raw_name: str) -> str | None:
    """The file name a backup's entry is restored as, or None when its name is no list file's
    name (a folder above, an absolute path, a drive, a control character)."""
    name = raw_name.replace("\\", "/")
    parts = [p for p in name.split("/") if p not in ("", ".")]
    if not parts or name.startswith("/") or ".." in parts or ":" in parts[0]:
        return None
    leaf = parts[-1]
    if showable(leaf) != leaf or leaf.startswith(".") or len(leaf) > 200:
        return None
    return leaf


def _restore_one(folder: Folder, entry: str, leaf: str, raw: bytes, out: Restored) -> None:
    from armybuilder.check import has_event_key
    from armybuilder.fsutil import atomic_write
    from armybuilder.yamlio import MAX_BYTES, LoadError, decode, loads

    if Path(leaf).suffix.lower() not in SUFFIXES:
        out.refused.append((entry, "it is not a list (a list's file ends in .yaml)"))
        return
    if len(raw) > MAX_BYTES:
        out.refused.append((entry, "it is too large to be a list"))
        return
    try:
        doc = loads(decode(raw))
    except LoadError as exc:
        out.refused.append((entry, f"it cannot be read as a list (line {exc.line}): {exc.message}"))
        return
    except ValueError as exc:  # not UTF-8 text
        out.refused.append((entry, f"it cannot be read as a list: {exc}"))
        return
    if not isinstance(doc.data, dict) or not (has_event_key(doc.data) or "system" in doc.data):
        out.refused.append((entry, "it is not a list: a list is a mapping with system, name and its parts"))
        return
    here = folder.root / leaf
    if os.path.lexists(here):
        try:
            if here.is_file() and here.stat().st_size == len(raw) and here.read_bytes() == raw:
                out.same.append((entry, leaf))
                return
        except OSError:
            pass
    stem, suffix = Path(leaf).stem, Path(leaf).suffix
    name = leaf if not os.path.lexists(here) else free_name(folder, stem, suffix)
    try:
        atomic_write(folder.new(name), raw)
    except (Refused, OSError) as exc:
        out.refused.append((entry, exc.message if isinstance(exc, Refused) else f"it could not be written ({exc})"))
        return
    out.written.append((entry, name, name != leaf))


def restore_backup(folder: Folder, filename: str, raw: bytes) -> Restored:
    """Every list of a backup (the zip :func:`lists_zip` makes, or one list file) written into the
    folder; nothing here is overwritten: a list whose name is taken is kept as a copy beside it
    (``NAME-2.yaml``), one already here byte for byte is said and left. Each entry not restored
    is said with its reason; a file that is no backup at all is refused (:class:`Refused`)."""
    import io
    import zipfile

    out = Restored([], [], [])
    if not raw:
        raise Refused("the file is empty: choose a backup of your lists (a .zip this builder made)", 422)
    if not raw.startswith(b"PK"):
        if Path(filename).suffix.lower() in SUFFIXES:  # one list file
            leaf = _entry_name(filename) or "restored.yaml"
            _restore_one(folder, leaf, leaf, raw, out)
            return out
        raise Refused("that file is not a backup of lists: choose the .zip file 'Back up every list' saved", 422)
    try:
        archive = zipfile.ZipFile(io.BytesIO(raw))
        infos = archive.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, OSError):
        raise Refused("that file is not a backup that can be read: it is a damaged zip", 422) from None
    if len(infos) > MAX_BACKUP_ENTRIES:
        raise Refused(
            f"that backup holds {len(infos)} files, more than the {MAX_BACKUP_ENTRIES} a backup may hold", 413
        )
    from armybuilder.yamlio import MAX_BYTES

    left = MAX_BACKUP_BYTES
    with archive:
        for info in infos:
            entry = info.filename[:200]
            if info.is_dir():
                continue  # a folder holds nothing of its own: its lists are entries
            named = _entry_name(info.filename)
            if named is None:
                out.refused.append((entry, "its name is not a list's file name (a folder above it, or a path)"))
                continue
            if left <= 0:
                out.refused.append((entry, "the backup unpacks to more than a backup may hold"))
                continue
            try:
                with archive.open(info) as fh:
                    data = fh.read(min(MAX_BYTES, left) + 1)
            except Exception as exc:  # noqa: BLE001 - a damaged entry raises BadZipFile, zlib.error, EOFError...
                said = str(exc).lower()
                why = "it is encrypted" if "encrypt" in said or "password" in said else "it is damaged"
                out.refused.append((entry, f"it cannot be unpacked: {why}"))
                continue
            left -= len(data)
            if len(data) > MAX_BYTES:
                out.refused.append((entry, "it is too large to be a list"))
                continue
            _restore_one(folder, entry, named, data, out)
    return out
