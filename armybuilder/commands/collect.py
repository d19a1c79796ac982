"""``armybuilder collect PACK --export FOLDER``: each player's latest list as a file, for
``armybuilder tournament PACK FOLDER``. The desk itself is :mod:`armybuilder.desk`, its server
:func:`armybuilder.web.server.collect`."""

from __future__ import annotations

import os
from pathlib import Path

from armybuilder.desk.records import DeskError
from armybuilder.desk.store import open_desk
from armybuilder.outcome import ExitCode, Outcome
from armybuilder.text import one_line, plural


def export(pack_file: Path, db: Path | None, folder: Path, force: bool = False) -> Outcome:
    """``armybuilder collect PACK [--db FILE] --export FOLDER``: each player's latest list as a file
    (the database, as for the desk, by default beside the pack), and their names (``PLAYERS_FILE``)."""
    from armybuilder.lists import PLAYERS_FILE

    opened = open_desk(pack_file, db, create=False)
    if isinstance(opened, Outcome):
        return opened
    desk, lines = opened
    try:
        written = desk.export(folder, force)
    except DeskError as exc:
        return Outcome.usage(*lines, one_line(f"armybuilder collect: {exc}"))
    finally:
        desk.close()
    statuses = [s.verdict.status for s, _ in written]
    out = "".join(f"{one_line(path)}\t{one_line(s.player)}\t{s.verdict.status}\n" for s, path in written)
    legal = statuses.count("legal")
    lines.append(
        one_line(
            f"armybuilder collect: wrote {plural(len(written), 'list')} into {folder} ({legal} legal, "
            f"{len(statuses) - legal} not), and the players' names as the desk knows them in "
            f"{PLAYERS_FILE}; check them with: armybuilder tournament {pack_file} {folder}"
        )
    )
    others = _other_lists(folder, {p.name for _, p in written})
    if others:
        lines.append(
            one_line(
                f"armybuilder collect: warning: {folder} also holds {plural(others, 'other list file')}: "
                "tournament checks those too"
            )
        )
    return Outcome(out, lines, ExitCode.OK)


def _other_lists(folder: Path, ours: set[str]) -> int:
    from armybuilder.lists import LIST_SUFFIXES

    try:
        return sum(
            1
            for f in os.listdir(folder)
            if f.lower().endswith(LIST_SUFFIXES) and f not in ours and not f.startswith(".")
        )
    except OSError:
        return 0
