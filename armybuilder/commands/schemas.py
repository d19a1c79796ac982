"""``armybuilder schemas [--write DIR] [--force]``: the published JSON Schemas, listed or written.

The published schemas are the ones a player's or an organiser's files are written against: each
system's list schema (``<id>.list.schema.json``), the event pack's (``event.schema.json``) and the
JSON roster's (``roster.schema.json``). The game data's own schemas are the project's, not
published. ``new`` heads a list with ``# yaml-language-server: $schema=schemas/<id>.list.schema.json``,
a path relative to the list (:func:`armybuilder.resources.list_ref`): ``armybuilder schemas --write
schemas`` beside the list makes it resolve, on any machine, whatever virtual environment
armybuilder runs from.
"""

from __future__ import annotations

import os
from pathlib import Path

from armybuilder.outcome import ExitCode, Outcome


def published() -> list[tuple[str, str]]:
    """Each published schema's file name and what it checks, in a fixed order."""
    from armybuilder import systems

    out = [(f"{m.list_schema}.schema.json", f"{systems.get(m.id).title} lists") for m in systems.manifests()]
    out.append(("event.schema.json", "event packs (armybuilder tournament, validate --event)"))
    out.append(("roster.schema.json", "JSON rosters (armybuilder export --to json)"))
    return out


def _bytes(name: str) -> bytes:
    from armybuilder.resources import schema_path

    return schema_path(name.removesuffix(".schema.json")).read_bytes()


def schemas(write: Path | None, force: bool = False) -> Outcome:
    """List the published schemas, or write them into ``write`` (never over a different file
    without ``force``; a file that already holds the same schema is left as it is)."""
    from armybuilder.text import printable

    files = published()
    if write is None:
        size = max(len(n) for n, _ in files)
        lines = [f"{n:<{size}}  {what}" for n, what in files]
        return Outcome("\n".join(lines) + "\n", ["write them beside your lists: armybuilder schemas --write schemas"])
    folder = Path(write)
    shown = printable(str(folder))
    if folder.exists() and not folder.is_dir():
        return Outcome.usage(f"armybuilder schemas: {shown} is not a directory")
    if not folder.parent.is_dir():
        return Outcome.usage(f"armybuilder schemas: cannot write into {shown}: {folder.parent} does not exist")
    todo = [(n, _bytes(n)) for n, _ in files]
    same = {n for n, data in todo if _same(folder / n, data)}  # each file in the folder read once
    differ = [n for n, _ in todo if n not in same and os.path.lexists(folder / n)]
    if differ and not force:
        return Outcome.usage(
            f"armybuilder schemas: {shown} already has {', '.join(differ)} (a different version); "
            "use --force to overwrite"
        )
    from armybuilder.fsutil import NotAFile, atomic_write

    wrote: list[str] = []
    kept: list[str] = []
    try:
        folder.mkdir(exist_ok=True)
        for name, data in todo:
            if name in same:
                kept.append(name)
                continue
            try:  # a FIFO or a device there is written into, never replaced (fsutil)
                atomic_write(folder / name, data, force=force)
            except NotAFile as exc:
                done = [f"wrote {shown}/{n}" for n in wrote]
                return Outcome.usage(*done, f"armybuilder schemas: cannot write {shown}/{printable(name)}: {exc}")
            wrote.append(name)
    except OSError as exc:
        return Outcome.usage(f"armybuilder schemas: cannot write into {shown}: {exc.strerror or exc}")
    messages = [f"wrote {shown}/{n}" for n in wrote]
    if kept:
        messages.append(f"{len(kept)} already up to date in {shown}")
    return Outcome("", messages, ExitCode.OK)


def _same(path: Path, data: bytes) -> bool:
    try:
        return path.is_file() and not path.is_symlink() and path.read_bytes() == data
    except OSError:
        return False
