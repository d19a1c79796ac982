"""What a list offers: its check, its system's :class:`~armybuilder.compose.board.Board`, and an
event pack's bans on it.

:func:`board_for` checks the file (:func:`armybuilder.check.check_path`) and asks the list's
system for its board (the ``board`` module of the system's package, see
:mod:`armybuilder.compose.board`). A file that is not a list, or a system that declares no board,
gives None: the page then shows the findings alone. With an event pack (the desk's builder), each
catalog entry the pack bans is greyed out with the pack's reason (:func:`banned_greyed`).
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


def board_of(result: Result, focus: str | None = None, pack: Any = None) -> Board | None:
    """The board of a checked list (None: not a list, or its system declares no board), with what
    ``pack`` (an event pack) bans greyed out."""
    from armybuilder import systems

    data: Any = result.document
    if not isinstance(data, dict) or not has_board(result.system):
        return None
    assert result.system is not None
    made: Board = systems.manifest(result.system).module("board").board(data, result, focus)
    return made if pack is None else banned_greyed(made, pack, result.system)


def board_for(path: Path, focus: str | None = None) -> tuple[Board | None, Result]:
    """The file's check and its board."""
    from armybuilder.check import check_path

    result = check_path(path)
    return board_of(result, focus), result


def banned_greyed(board: Any, pack: Any, system: str) -> Any:
    """The board with each catalog entry the event pack bans greyed out, with the pack's reason
    (its Add button disabled: the player learns it before sending, not at the desk)."""
    from dataclasses import replace

    from armybuilder.suggest import fold

    rules = pack.rules_for(system)
    banned = {fold(e.name) for e in rules.ban} if rules is not None else set()
    if not banned:
        return board
    why = f"banned at {pack.event} (the event's rules)"
    groups = []
    for group in board.catalog:
        entries = tuple(
            replace(e, add=replace(e.add, edit=None, why_not=why)) if fold(e.name) in banned else e
            for e in group.entries
        )
        groups.append(replace(group, entries=entries))
    return replace(board, catalog=groups)
