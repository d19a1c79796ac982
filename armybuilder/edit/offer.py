"""A list file as the browser builder draws it: its check and its system's :class:`~.board.Board`.

:func:`board_for` checks the file (:func:`armybuilder.check.check_path`) and asks the list's
system for its board (the ``board`` module of the system's package, see :mod:`.board`). A file
that is not a list, or a system that declares no board, gives None: the page then shows the
findings alone.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from armybuilder.compose.board import Board
from armybuilder.findings import Result


def has_board(system_id: str | None) -> bool:
    from armybuilder import systems

    if system_id is None:
        return False
    try:
        return systems.manifest(system_id).has("board")
    except KeyError:
        return False


def board_of(result: Result, focus: str | None = None) -> Board | None:
    """The board of a checked list (None: not a list, or its system declares no board)."""
    from armybuilder import systems

    data: Any = result.document
    if not isinstance(data, dict) or not has_board(result.system):
        return None
    assert result.system is not None
    made: Board = systems.manifest(result.system).module("board").board(data, result, focus)
    return made


def board_for(path: Path, focus: str | None = None) -> tuple[Board | None, Result]:
    """The file's check and its board."""
    from armybuilder.check import check_path

    result = check_path(path)
    return board_of(result, focus), result
