"""Tournament runs: one event pack, every submitted list, one verdict each.

``armybuilder tournament PACK LISTS...`` checks each list against its game's rules and the
pack (:mod:`armybuilder.events`), prints a table (player or file, list name, total, status,
errors), a summary on stderr, and writes reports (``--report``: Markdown, JSON, CSV or JUnit
XML, chosen by the file's extension). Exit code 0 when every list is legal, 1 when any is not,
2 for a usage error (a broken pack, no lists, a report that exists without ``--force``).
This module is the command: the lists are found by :func:`armybuilder.lists.discover` (which
files of a folder are lists, and the players' names of ``armybuilder-players.csv``:
:func:`armybuilder.lists.players_of`), checked by :func:`armybuilder.events.standings.run`, and
printed by :mod:`armybuilder.commands.tournament.reports` (the table, ``--format json`` and the
report files); the packet is laid out by :mod:`armybuilder.export.packet`.

Nothing found is skipped in silence: every file found and not checked is listed, with the reason,
in the table, the JSON and every report (:class:`armybuilder.lists.Skipped`); but for
``armybuilder-players.csv``, which ``collect --export`` writes beside the lists: while every file
it names is there with the SHA-256 it gives, a run names the lists of that folder by it rather than
by their own ``player:``, and says so in every report.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from armybuilder.events import NotAPack, PackError, load
from armybuilder.events.standings import run
from armybuilder.lists import discover, players_of, same_file
from armybuilder.outcome import ExitCode, Outcome
from armybuilder.text import utf8

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.events.standings import Tournament


# -- output ----------------------------------------------------------------------------------


REPORT_KINDS = {".md": "markdown", ".markdown": "markdown", ".json": "json", ".csv": "csv", ".xml": "junit"}


def report_kind(path: Path) -> str | None:
    return REPORT_KINDS.get(path.suffix.lower())


def render_report(kind: str, t: Tournament) -> bytes:
    from armybuilder.commands.tournament import reports

    return utf8(reports.render(kind, t))


def _write(path: Path, data: bytes, force: bool) -> None:
    from armybuilder.fsutil import atomic_write

    atomic_write(path, data, force=force)


def tournament(
    pack_file: Path,
    paths: Sequence[Path],
    reports: Sequence[Path] = (),
    force: bool = False,
    fmt: str = "text",
    progress: bool = False,
    color: bool = False,
    packet: Path | None = None,
    anonymous: bool = False,
    width: int | None = None,
    compact: bool = False,
) -> Outcome:
    """The ``tournament`` command: the table (or JSON) on stdout, the summary and reports written on stderr;
    ``packet``: the organiser's packet PDF (``anonymous``: numbers instead of names; ``compact``: each
    list in ``export --compact``'s layout); ``width``: a
    terminal's, which the text table fits (None: as wide as it is)."""
    from armybuilder.commands.tournament.reports import json_report, table
    from armybuilder.fsutil import cannot_write
    from armybuilder.reporters import Format

    errors: list[str] = _packet_problems(packet, anonymous, force, compact)
    for r in reports:
        if report_kind(r) is None:
            errors.append(
                f"{r}: cannot tell the report format from the extension (use {', '.join(sorted(REPORT_KINDS))})"
            )
        elif (why := cannot_write(str(r), force)) is not None:
            errors.append(why)
    if errors:
        return Outcome.usage(*errors)
    try:
        pack = load(pack_file)
    except NotAPack as exc:  # the arguments the wrong way round: its one line says so
        return Outcome.usage(*exc.lines())
    except PackError as exc:
        return Outcome.usage(*exc.lines(), f"{pack_file}: the event pack cannot be used; no list was checked")
    files, skipped = discover(paths, pack_file)
    if not files:
        return Outcome.usage(f"no list files (*.yaml, *.yml) in {', '.join(str(p) for p in paths)}")
    inputs = [pack_file, *files]
    for r in [*reports, *([packet] if packet is not None else [])]:  # even with --force, never an input
        hit = next((f for f in inputs if same_file(r, f)), None)
        if hit is not None:
            what = "the event pack" if hit is pack_file else "a list of this run"
            errors.append(f"{r} is {what} ({hit}); write the report somewhere else")
    if errors:
        return Outcome.usage(*errors)
    t = run(pack, files, progress=progress)
    t.skipped = skipped
    named = players_of(files)
    for e in t.entries:
        if e.file in named.names:
            e.player, e.named_by = named.names[e.file], named.source[e.file]
    out = json_report(t) if Format(fmt) is Format.json else table(t, color, width)
    lines = [t.summary_line(), *t.pack_warnings(), *named.warnings, *t.names_lines()]
    for r in reports:
        kind = report_kind(r)
        assert kind is not None  # a report whose extension names no format was refused above
        try:
            _write(r, render_report(kind, t), force)
        except FileExistsError:
            lines.append(f"{r} already exists; use --force to overwrite it")
            return Outcome(out, lines, ExitCode.USAGE)
        except OSError as exc:
            lines.append(f"{r}: cannot write the report: {exc.strerror or exc}")
            return Outcome(out, lines, ExitCode.USAGE)
        lines.append(f"wrote {kind} report {r}")
    if packet is not None:
        from armybuilder.export.packet import write_packet

        written, said = write_packet(t, packet, anonymous, force, compact)
        lines.append(said)
        if not written:
            return Outcome(out, lines, ExitCode.USAGE)
    return Outcome(out, lines, ExitCode.of(t.all_legal))


# -- the organiser's packet ------------------------------------------------------------------


def _packet_problems(packet: Path | None, anonymous: bool, force: bool, compact: bool = False) -> list[str]:
    from armybuilder.fsutil import cannot_write

    if packet is None:
        return [
            f"{option} applies to the packet: add --packet FILE.pdf"
            for option, given in (("--anonymous", anonymous), ("--compact", compact))
            if given
        ]
    if packet.suffix.lower() != ".pdf":
        return [f"{packet}: the packet is a PDF; give a file name ending in .pdf"]
    why = cannot_write(str(packet), force)
    return [] if why is None else [why]
