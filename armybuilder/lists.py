"""Finding list files: which files of a folder are lists, which is an event pack, and the players file.

Which files are lists
    A file named on the command line is always a list (unless it is the event pack of the run). In
    a folder (searched recursively), every ``*.yaml`` / ``*.yml`` file is a list (:data:`LIST_SUFFIXES`),
    except hidden files and folders (``.git``, ``.pre-commit-config.yaml``), the pack itself, what is
    not a regular file (a FIFO would hang the run), and event packs (:func:`is_event_pack`). Files
    are *not* filtered on a ``system:`` key: a file that is not YAML, or lacks its ``system:`` key,
    is a broken list. Nothing is passed over in silence: every file found and not taken is given
    with the reason (:class:`Skipped`); but for the players file (:data:`PLAYERS_FILE`).

Which file is an event pack
    :func:`is_event_pack`, the one test ``validate DIR``, ``tournament``, the event desk and the
    served folder page all use: the top-level keys at the head of the file (read, not parsed: no
    event-pack engine is loaded to tell) name an ``event`` and are all keys of an event pack
    (``schemas/event.schema.json``). A list with a stray top-level ``event:`` key holds a list's
    own keys too (its ``name:``, its army), so it is a list, checked, and its finding (ABL005) says
    what is wrong.

The players file
    ``armybuilder-players.csv`` (:data:`PLAYERS_FILE`), which ``collect --export`` writes beside the
    lists: it names each list's player as the event desk knows them, with each file's SHA-256
    (:func:`players_file`); a tournament names the lists of that folder by it rather than by their
    own ``player:`` while every file it names is there with that digest (:func:`players_of`).
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from armybuilder.text import one_line

LIST_SUFFIXES = (".yaml", ".yml")
# ``collect --export`` writes it beside the lists: each file's player as the event desk knows them
# (the lists stay as sent, so their fingerprints are the ones the players were given); a run names
# each list of that folder by it, not by the list's own ``player:``, while every file it names is
# there with the SHA-256 it gives. An organiser may edit a name in it.
PLAYERS_FILE = "armybuilder-players.csv"
MAX_PLAYERS_FILE = 1 << 20  # bytes of it read: 1 MiB is some 10,000 players
MAX_PLAYER_NAME = 200  # characters of a name taken from it
HEAD = 4096  # bytes of a file read to tell an event pack
PACK_SCHEMA = "event"  # schemas/event.schema.json: the keys an event pack may have
# A top-level key of a YAML mapping: at the start of a line, plain or quoted, then ':' and a space
# or the line's end (``event:x`` is a plain word, not a key).
_TOP_KEY = re.compile(
    r"""^(?:"([^"\n]*)"|'([^'\n]*)'|([^\s#"'{}\[\],&*!|>%@`?:-][^:\n]*?))[ \t]*:(?=\s|$)""", re.MULTILINE
)


def top_keys(head: str) -> set[str]:
    """The top-level keys of a YAML mapping that ``head`` (its text, or the start of it) shows."""
    return {next(g for g in m.groups() if g is not None) for m in _TOP_KEY.finditer(head)}


def is_event_pack(path: str | os.PathLike[str]) -> bool:
    """Whether the file is an event pack rather than a list: the top-level keys in its head (its
    first :data:`HEAD` bytes) include ``event`` and are all keys an event pack may have. A list
    with a stray ``event:`` key is no pack: its ``name:`` and its army are no pack's keys."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(HEAD)
    except OSError:
        return False
    keys = top_keys(head.decode("utf-8-sig", "replace"))
    if "event" not in keys:
        return False
    from armybuilder.schema import properties

    return keys <= set(properties(PACK_SCHEMA))


@dataclass(frozen=True)
class Skipped:
    """A file found among the lists and not taken, and why (every report of a run shows it)."""

    file: str
    reason: str


def same_file(a: Path, b: Path | None) -> bool:
    """Whether ``a`` and ``b`` are one file (by any names); False when either cannot be looked at."""
    if b is None:
        return False
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def find(paths: Sequence[Path], pack_file: Path | None = None) -> list[Path]:
    """The list files to check, in a stable order (see the module docstring for which)."""
    return discover(paths, pack_file)[0]


def discover(paths: Sequence[Path], pack_file: Path | None = None) -> tuple[list[Path], list[Skipped]]:
    """The list files to check, in a stable order, and every other file found, with the reason."""
    out: list[Path] = []
    skipped: list[Skipped] = []
    seen: dict[str, Path] = {}

    def add(p: Path) -> None:
        if same_file(p, pack_file):
            skipped.append(Skipped(str(p), "the event pack of this run"))
            return
        key = os.path.realpath(p)
        if key in seen:
            if str(seen[key]) != str(p):  # the same file by another name (a link): say so
                skipped.append(Skipped(str(p), f"the same file as {seen[key]}, checked once"))
            return
        seen[key] = p
        out.append(p)

    for path in paths:
        if not path.is_dir():
            add(path)
            continue
        found: list[tuple[Path, str | None]] = []  # (file, why it is skipped, or None for a list)

        def unreadable(exc: OSError, found: list[tuple[Path, str | None]] = found, top: Path = path) -> None:
            # os.walk passes over a folder it cannot list in silence: "2 lists checked" for 3 files
            where = Path(os.fsdecode(exc.filename)) if exc.filename is not None else top
            found.append((where, f"a folder that cannot be read: not searched ({exc.strerror or exc})"))

        for root, dirs, files in os.walk(path, onerror=unreadable):
            here = Path(root)
            for d in dirs:
                if d.startswith("."):
                    found.append((here / d, "a hidden folder: not searched"))
                elif os.path.islink(here / d):
                    found.append((here / d, "a link to a folder: not followed"))
            dirs[:] = sorted(d for d in dirs if not d.startswith(".") and not os.path.islink(here / d))
            for name in files:
                f = here / name
                if name == PLAYERS_FILE:
                    continue  # the desk's names for the lists (read by players_of), not a list
                if name.startswith("."):
                    found.append((f, "a hidden file"))
                elif not name.lower().endswith(LIST_SUFFIXES):
                    found.append((f, "not a .yaml or .yml file"))
                elif not os.path.isfile(f):  # a FIFO or a device: reading it could hang
                    found.append((f, "not a regular file (a FIFO, a device, a socket or a broken link)"))
                else:
                    found.append((f, None))
        for f, why in sorted(found, key=lambda item: item[0].relative_to(path).as_posix()):
            if why is None and is_event_pack(f) and not same_file(f, pack_file):
                why = "an event pack (it reads as one), not a list"
            if why is None:
                add(f)
            else:
                skipped.append(Skipped(str(f), why))
    return out, skipped


# -- the players file ------------------------------------------------------------------------


@dataclass
class Named:
    """What the ``PLAYERS_FILE`` of the lists' folders say: the player of each list file (keyed by
    the file as given), the players file each name came from, and why a file was not used."""

    names: dict[str, str] = field(default_factory=dict)
    source: dict[str, str] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)


def _players_refusal(rows: list[list[str]], folder: Path) -> tuple[str | None, dict[str, str]]:
    """Why the rows of a ``PLAYERS_FILE`` do not describe ``folder`` (None when they do), and the
    player of each file it lists. Every listed file must be in the folder with the SHA-256 the
    file gives (``collect --export`` writes it): a file dropped into a folder of players' own
    lists, or one left beside lists changed since, names no one."""
    import hashlib

    from armybuilder.yamlio import LoadError, read_bytes

    head = [c.strip().casefold() for c in rows[0]] if rows else []
    if head[:2] != ["file", "player"]:
        return "its first line is not 'file,player'", {}
    if head[2:3] != ["sha256"]:
        return "it gives no SHA-256 of the lists it names (collect --export writes one for each)", {}
    players: dict[str, str] = {}
    for n, row in enumerate(rows[1:], 2):
        if not any(c.strip() for c in row):
            continue
        if len(row) < 3:
            return f"line {n} has no SHA-256", {}
        name, player, digest = row[0], one_line(row[1]).strip()[:MAX_PLAYER_NAME], row[2].strip().lower()
        if not name or name.startswith(".") or "/" in name or os.sep in name or name in players:
            return f"line {n} names no single file of its folder ({one_line(name)!r})", {}
        if not re.fullmatch(r"[0-9a-f]{64}", digest):
            return f"line {n}: {one_line(digest)[:80]!r} is not a SHA-256", {}
        try:
            data = read_bytes(folder / name)
        except FileNotFoundError:
            return f"{one_line(name)} is named in it and is not in the folder", {}
        except (LoadError, OSError) as exc:
            why = exc.message if isinstance(exc, LoadError) else exc.strerror or str(exc)
            return one_line(f"{name}, named in it, cannot be read ({why})"), {}
        if hashlib.sha256(data).hexdigest() != digest:
            return f"{one_line(name)} has changed since the export (its SHA-256 is not the one given)", {}
        players[name] = player
    return None, players


def players_of(files: Sequence[Path]) -> Named:
    """The player of each list file named in the ``PLAYERS_FILE`` of its folder (``collect
    --export`` writes one: the name the event desk knows the player by), and the warning for each
    players file not used. One is used only when it describes its folder as it is: every file it
    names there, with the SHA-256 it gives (:func:`_players_refusal`); else the lists' own names
    stand. A row with no player names no one."""
    import csv

    from armybuilder.csvcells import unguard
    from armybuilder.yamlio import LoadError, read_bytes

    named = Named()
    by_folder: dict[Path, list[Path]] = {}
    for f in files:
        by_folder.setdefault(f.parent, []).append(f)
    for folder, listed in by_folder.items():
        sidecar = folder / PLAYERS_FILE
        if not os.path.lexists(sidecar):
            continue
        try:
            text = read_bytes(sidecar, MAX_PLAYERS_FILE).decode("utf-8-sig")
            rows = [[unguard(c) for c in row] for row in csv.reader(text.splitlines())]
        except (LoadError, OSError, UnicodeDecodeError, csv.Error) as exc:
            why = exc.message if isinstance(exc, LoadError) else type(exc).__name__
            named.warnings.append(one_line(f"warning: {sidecar}: the players' names cannot be read ({why}); not used"))
            continue
        refused, players = _players_refusal(rows, folder)
        if refused is not None:
            named.warnings.append(one_line(f"warning: {sidecar}: {refused}; not used: the lists' own names stand"))
            continue
        for f in listed:
            if players.get(f.name):
                named.names[str(f)] = players[f.name]
                named.source[str(f)] = str(sidecar)
    return named


def players_file(rows: Sequence[tuple[str, str, bytes]]) -> bytes:
    """The ``PLAYERS_FILE`` of (file name, player, the file's bytes) rows: UTF-8 CSV, with a BOM
    for spreadsheets, each file's SHA-256 beside its player (:func:`players_of` takes the names
    only while the folder holds those very files), every cell guarded against a formula
    (:func:`armybuilder.csvcells.cell`; :func:`players_of` reads the names back as they were)."""
    import hashlib

    from armybuilder.csvcells import rows_text

    table = [(name, player, hashlib.sha256(data).hexdigest()) for name, player, data in rows]
    return rows_text([("file", "player", "sha256"), *table], bom=True).encode("utf-8")
