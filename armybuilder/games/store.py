"""A game kept in its own small file beside the list: ``NAME.game.json`` for ``NAME.yaml`` (the
next game of the same list ``NAME.2.game.json``, and so on). The list file is never written.

Every change (a tap, an undo, a redo) is made under the game file's lock
(:func:`armybuilder.fsutil.locked`) on the file as it is then, and written atomically
(:func:`armybuilder.fsutil.atomic_write`), with the game's revision one higher. A tap made on an
older revision than the file's (another tab tapped meanwhile) is recorded on the game as it is
now, when that tap is still offered, so neither tab's taps are lost; an undo or redo made on an
older revision is refused as stale (it would undo the other tab's tap), and the page shows the
game as it is.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from armybuilder.compose.game import Event
from armybuilder.games.model import Game, GameError, Player, begin, joined, player, read, record, redo, undo

SUFFIX = ".game.json"
MAX_BYTES = 4 * 1024 * 1024  # a game file at most (a long game with two lists is a few tens of KiB)
_NUMBERED = re.compile(r"\.(\d{1,4})\.game\.json$")


def place(list_path: str | os.PathLike[str]) -> Path:
    """Where a new game of the list at ``list_path`` is kept: the first of ``NAME.game.json``,
    ``NAME.2.game.json``... beside it that does not exist."""
    path = Path(list_path)
    stem = path.name[: -len(path.suffix)] if path.suffix else path.name
    for n in range(1, 10000):
        candidate = path.with_name(f"{stem}{'' if n == 1 else f'.{n}'}{SUFFIX}")
        if not os.path.lexists(candidate):
            return candidate
    raise GameError("this list has too many games beside it")


def games_of(list_path: str | os.PathLike[str]) -> list[Path]:
    """The game files of the list at ``list_path``, oldest first."""
    path = Path(list_path)
    stem = path.name[: -len(path.suffix)] if path.suffix else path.name
    out: list[tuple[int, Path]] = []
    try:
        names = os.listdir(path.parent)
    except OSError:
        return []
    for name in names:
        if name == stem + SUFFIX:
            out.append((1, path.with_name(name)))
        elif name.startswith(stem + ".") and (m := _NUMBERED.search(name)) and name == f"{stem}.{m.group(1)}{SUFFIX}":
            out.append((int(m.group(1)), path.with_name(name)))
    return [p for _, p in sorted(out)]


def load(path: str | os.PathLike[str]) -> Game:
    """The game a file holds; GameError (a player's words) when it cannot be read or is not one."""
    from armybuilder.yamlio import LoadError, read_bytes

    try:
        raw = read_bytes(Path(path), MAX_BYTES)
    except FileNotFoundError:
        raise GameError(f"there is no game {Path(path).name}") from None
    except IsADirectoryError:
        raise GameError(f"{Path(path).name} is a folder, not a game") from None
    except LoadError as exc:
        raise GameError(f"{Path(path).name} cannot be read as a game: {exc.message}") from None
    except OSError as exc:
        raise GameError(f"{Path(path).name} cannot be read: {exc.strerror or exc}") from None
    try:
        data = json.loads(raw.decode("utf-8"), parse_constant=_no_constant)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise GameError(f"{Path(path).name} is not a game armybuilder saved (it is not JSON)") from None
    return read(data)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a game holds")


def to_bytes(game: Game) -> bytes:
    return (json.dumps(game.to_dict(), ensure_ascii=False, indent=1, allow_nan=False) + "\n").encode("utf-8")


def save_new(path: str | os.PathLike[str], game: Game, force: bool = False) -> Path:
    """Write a new game file (refused when one is there, without ``force``)."""
    from armybuilder.fsutil import OverwriteRefused, atomic_write, locked

    target = Path(path)
    try:
        with locked(target):
            atomic_write(target, to_bytes(game), force=force, into=False)
    except OverwriteRefused:
        raise GameError(f"{target.name} is there already; a new game goes in a new file") from None
    except OSError as exc:
        raise GameError(f"{target.name} cannot be written: {exc}") from None
    return target


def start(
    sides: list[Player], system: str, list_path: str | os.PathLike[str], output: str | os.PathLike[str] | None = None
) -> tuple[Path, Game]:
    """A new game of ``sides`` written beside the list at ``list_path`` (or at ``output``)."""
    game = begin(sides, system)
    target = Path(output) if output is not None else place(list_path)
    return save_new(target, game, force=False), game


def player_of_file(path: str | os.PathLike[str], name: str = "") -> Player:
    """A side from a list file, checked as ``validate`` checks it."""
    from armybuilder.check import check_path

    p = Path(path)
    try:
        result = check_path(p)
    except OSError as exc:
        raise GameError(f"{p.name} cannot be read: {exc.strerror or exc}") from None
    if result.document is None or result.system is None:
        raise GameError(f"{p.name} is not a list armybuilder can read")
    return player(result.document, result, name or _list_name(result.document, p.stem), p.name)


def player_of_data(data: Any, source: str, name: str = "") -> Player:
    """A side from a list's data (a share code's, a stored list's), checked as its file would be."""
    from armybuilder.check import check_text
    from armybuilder.sources import to_yaml

    if not isinstance(data, dict):
        raise GameError(f"{source} holds no list")
    result = check_text(to_yaml(data, ordered=False), source)
    if result.document is None or result.system is None:
        raise GameError(f"{source} is not a list armybuilder can read")
    return player(result.document, result, name or _list_name(result.document, "Opponent"), source)


def _list_name(data: Any, fallback: str) -> str:
    name = data.get("name") if isinstance(data, dict) else None
    return name if isinstance(name, str) and name.strip() else fallback


def _change(path: str | os.PathLike[str], how: Callable[[Game], Game]) -> Game:
    """Apply ``how`` to the game as the file holds it now, under its lock, and write the result."""
    from armybuilder.fsutil import Busy, Unlockable, atomic_write, locked

    target = Path(os.path.realpath(path))
    try:
        with locked(target):
            game = load(target)
            made = how(game)
            atomic_write(target, to_bytes(made), force=True, into=False)
    except Busy:
        raise GameError("the game is being changed in another tab; try again") from None
    except Unlockable as exc:
        raise GameError(f"the game cannot be changed: {exc}") from None
    except OSError as exc:
        raise GameError(f"the game cannot be written: {exc.strerror or exc}") from None
    return made


def tap(path: str | os.PathLike[str], event: Event, revision: int | None = None) -> Game:
    """Record ``event`` in the game file (made on ``revision``: see the module's documentation)."""
    return _change(path, lambda g: record(g, event, revision)[0])


def back(path: str | os.PathLike[str], revision: int | None = None) -> Game:
    """Undo the game file's last counted tap."""
    return _change(path, lambda g: undo(g, revision))


def forward(path: str | os.PathLike[str], revision: int | None = None) -> Game:
    """Redo the game file's last undone tap."""
    return _change(path, lambda g: redo(g, revision))


def join(path: str | os.PathLike[str], side: Player, revision: int | None = None) -> Game:
    """Add the opponent's side to the game file (a game begun with one side)."""
    return _change(path, lambda g: joined(g, side, revision))


def list_changed(game_path: str | os.PathLike[str], game: Game) -> list[bool | None]:
    """For each side, whether its list file beside the game is no longer the list the game began
    with (True), is the same (False), or is not at hand (None: a share code's, a list removed)."""
    from armybuilder.fingerprint import CanonicalError, of_file
    from armybuilder.yamlio import LoadError

    out: list[bool | None] = []
    folder = Path(game_path).parent
    for side in game.sides:
        name = side.source
        if not name or "/" in name or "\\" in name or name.startswith(".") or not name.endswith((".yaml", ".yml")):
            out.append(None)
            continue
        try:
            out.append(of_file(folder / name) != side.fingerprint)
        except (OSError, LoadError, CanonicalError):
            out.append(None)
    return out
