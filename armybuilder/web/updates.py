"""What a new build changed in the lists (issue 47, item 3).

Each list's last-known verdict and total are kept with the lists, in ``.armybuilder/checked.json``
in the folder (hidden: never listed), with the versions they were checked by (armybuilder's and
each game's data version) and the SHA-256 of the list as it was. When the lists page is drawn by
other versions than those (a new app version or new game data: the static site after its service
worker swapped in a new build, or ``serve`` after an upgrade), every list is checked again, and
each list that is still the same file but whose verdict or total changed is marked with the old
and the new; one line says what changed. The marks stay until the player dismisses them or the
list is changed. The record is hostile input like any file: a damaged one is taken as none.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from armybuilder.web.files import Folder

RECORD = Path(".armybuilder") / "checked.json"
# The record is written only in a folder where armybuilder already keeps its own things (its
# ``.armybuilder/`` folder: a list's undo history, the trash, made by a new list, an import or a
# restore), never through a link (:func:`armybuilder.fsutil.own_folder`): looking at a folder of
# lists writes nothing into it.
MAX_RECORD = 8 * 1024 * 1024  # bytes: a line of about 150 bytes a list


def versions() -> dict[str, Any]:
    """What a list's verdict depends on besides its file: armybuilder's version and each game's
    data version."""
    from armybuilder import __version__, systems

    data: dict[str, str] = {}
    for sid in systems.ids():
        try:
            data[sid] = systems.get(sid).data_version
        except Exception:  # noqa: BLE001 - a broken game package: its lists say so on their own
            continue
    return {"armybuilder": __version__, "data": data}


def _said(valid: bool, total: str) -> str:
    return f"{'Legal' if valid else 'Not legal'}, {total}"


def _read(folder: Folder) -> dict[str, Any] | None:
    from armybuilder.fsutil import own_folder

    try:
        path = own_folder(folder.root, RECORD.parts[0], make=False) / RECORD.name
        if not path.is_file() or path.is_symlink() or path.stat().st_size > MAX_RECORD:
            return None
        got = json.loads(path.read_bytes())
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(got, dict) or not isinstance(got.get("versions"), dict) or not isinstance(got.get("lists"), dict):
        return None
    lists = {
        k: v
        for k, v in got["lists"].items()
        if isinstance(v, dict)
        and isinstance(v.get("sha"), str)
        and isinstance(v.get("valid"), bool)
        and isinstance(v.get("total"), str)
    }
    given = got.get("marks")
    marks = {
        k: v
        for k, v in (given if isinstance(given, dict) else {}).items()
        if isinstance(v, dict) and all(isinstance(v.get(f), str) for f in ("sha", "was", "now"))
    }
    notice = got.get("notice")
    said = notice[:2000] if isinstance(notice, str) else ""
    return {"versions": got["versions"], "lists": lists, "marks": marks, "notice": said}


def keep_here(folder: Folder) -> None:
    """The folder's ``.armybuilder/``, made when missing (a list was just written into it)."""
    from armybuilder.fsutil import own_folder

    try:
        own_folder(folder.root, RECORD.parts[0], make=True)
    except OSError:  # a link or a file there: no record is kept
        return


def _write(folder: Folder, record: dict[str, Any]) -> None:
    from armybuilder.fsutil import atomic_write, locked, own_folder

    try:
        path = own_folder(folder.root, RECORD.parts[0], make=False) / RECORD.name
        with locked(path):
            atomic_write(path, json.dumps(record, sort_keys=True, ensure_ascii=False).encode("utf-8"), force=True)
    except (OSError, ValueError):  # Busy too: another tab or server holds it
        return  # a record that cannot be kept: the next page tries again; nothing else depends on it


def _sha(path: Path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


def what_changed(old: dict[str, Any], new: dict[str, Any]) -> str:
    """The versions that changed, in a player's words."""
    from armybuilder import systems

    parts = []
    if old.get("armybuilder") != new["armybuilder"]:
        parts.append(f"armybuilder from {old.get('armybuilder') or 'an older version'} to {new['armybuilder']}")
    given = old.get("data")
    before: dict[str, Any] = given if isinstance(given, dict) else {}
    for sid, version in sorted(new["data"].items()):
        if sid in before and before[sid] != version:
            try:
                title = systems.get(sid).title
            except KeyError:
                title = sid
            parts.append(f"the game data of {title} from {before[sid]} to {version}")
    return "; ".join(str(p) for p in parts) or "a new version of the builder"


def seen(folder: Folder) -> None:
    """The player has read the notice: it and the marks are dropped (the verdicts stay)."""
    record = _read(folder)
    if record is not None and (record["marks"] or record["notice"]):
        record["marks"], record["notice"] = {}, ""
        _write(folder, record)


def check(folder: Folder, cards: list[Any]) -> dict[str, Any]:
    """The update notice and marks for the lists page, the record kept up to date.

    ``cards`` are the cards the page shows (:class:`.folderpage.Listed`): their verdicts are kept
    as the last known; after a new build every list is checked again. Returns ``{"notice": str, "marks": {name:
    "was ...; now ..."}}``."""
    from armybuilder.fsutil import own_folder
    from armybuilder.text import plural
    from armybuilder.web import folderpage

    try:
        own_folder(folder.root, RECORD.parts[0], make=False)
    except OSError:  # no folder of armybuilder's own here (none yet, or a link): no record, no marks
        return {"notice": "", "marks": {}}
    now = versions()
    record = _read(folder)
    if record is not None and record["versions"] != now:
        # A new build: every list checked again, each still the same file compared.
        everything = folderpage.every_card(folder)
        marks: dict[str, dict[str, str]] = {}
        lists: dict[str, dict[str, Any]] = {}
        for card in everything:
            sha = _sha(folder.root / card.name)
            if sha is None:
                continue
            lists[card.name] = {"sha": sha, "valid": card.valid, "total": card.total}
            old = record["lists"].get(card.name)
            if old is not None and old["sha"] == sha and (old["valid"], old["total"]) != (card.valid, card.total):
                marks[card.name] = {
                    "sha": sha,
                    "was": _said(old["valid"], old["total"]),
                    "now": _said(card.valid, card.total),
                }
        changed = len(marks)
        line = f"The builder was updated ({what_changed(record['versions'], now)}). Every list was checked again: " + (
            f"{plural(changed, 'list')} changed, marked below with the old and the new."
            if changed
            else "no verdict or total changed."
        )
        record = {"versions": now, "lists": lists, "marks": marks, "notice": line}
        _write(folder, record)
    elif record is None:
        record = {"versions": now, "lists": {}, "marks": {}, "notice": ""}
    dirty = False
    for card in cards:  # the verdicts the page shows, kept as the last known
        if not card.checked:
            continue
        sha = _sha(folder.root / card.name)
        entry = {"sha": sha, "valid": card.valid, "total": card.total}
        if sha is not None and record["lists"].get(card.name) != entry:
            record["lists"][card.name] = entry
            dirty = True
    marks_now = {}
    for name, mark in record["marks"].items():
        if _sha(folder.root / name) == mark["sha"]:
            marks_now[name] = f"Changed with the update: was {mark['was']}; now {mark['now']}."
    if dirty:
        _write(folder, record)
    return {"notice": record["notice"], "marks": marks_now}
