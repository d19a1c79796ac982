"""Exporting a roster: Markdown, PDF or JSON, chosen by name and mapped to an exporter class.

``armybuilder export army.yaml --to pdf -o army.pdf``. The roster (:mod:`.roster`) is built from
the checked list the same way for every game system; each exporter turns it into bytes. The
output depends only on the list, the game data and the options: no timestamps unless asked for
with ``--date``, and a PDF is built in reportlab's invariant mode.

This module is imported by the CLI at start-up: it must stay light (reportlab is imported by
the PDF exporter only when it renders).
"""

from __future__ import annotations

import enum
import importlib
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.export.roster import Roster
    from armybuilder.outcome import Outcome


class ExportFormat(str, enum.Enum):
    markdown = "markdown"
    pdf = "pdf"
    json = "json"


class Paper(str, enum.Enum):
    a4 = "a4"
    letter = "letter"


@dataclass
class ExportOptions:
    paper: Paper = Paper.a4


class ExportError(Exception):
    """A roster that cannot be laid out in a format (a PDF cell taller than a page)."""


class Exporter:
    """Turns a roster into the bytes of one format."""

    name = ""
    suffix = ""
    binary = False  # binary output goes to stdout only when stdout is not a terminal

    def __init__(self) -> None:
        self.warnings: list[str] = []  # for stderr: what the output could not show

    def render(self, roster: Roster, options: ExportOptions) -> bytes:
        raise NotImplementedError


# The format names mapped to their exporter classes (module, class), imported on use.
EXPORTERS: dict[ExportFormat, tuple[str, str]] = {
    ExportFormat.markdown: ("armybuilder.export.markdown", "MarkdownExporter"),
    ExportFormat.pdf: ("armybuilder.export.pdf", "PdfExporter"),
    ExportFormat.json: ("armybuilder.export.json_", "JsonExporter"),
}

SUFFIXES = {
    ".md": ExportFormat.markdown,
    ".markdown": ExportFormat.markdown,
    ".pdf": ExportFormat.pdf,
    ".json": ExportFormat.json,
}


def exporter(fmt: ExportFormat | str) -> Exporter:
    module, cls = EXPORTERS[ExportFormat(fmt)]
    made: Exporter = getattr(importlib.import_module(module), cls)()
    return made


def render(roster: Roster, fmt: ExportFormat | str, paper: Paper | str = Paper.a4) -> bytes:
    """The bytes of a roster in one format (warnings dropped; use :func:`exporter` to see them)."""
    return exporter(fmt).render(roster, ExportOptions(paper=Paper(paper)))


def _usage(message: str) -> Outcome:
    from armybuilder.outcome import Outcome

    return Outcome.usage(f"armybuilder export: {message}")


def run(
    file: str | Path,
    fmt: ExportFormat | str | None,
    output: str,
    paper: Paper | str = Paper.a4,
    force: bool = False,
    date: str | None = None,
    stdout_is_tty: bool = False,
) -> Outcome:
    """Export one list file. Exit 0 valid, 1 invalid (still written), 2 usage error.

    ``output`` is a path, or ``-`` for stdout (Markdown and JSON; a PDF only into a pipe).
    Without ``fmt`` the format comes from the output's suffix (.md, .markdown, .pdf, .json).
    """
    from armybuilder.export.roster import build, parse_date
    from armybuilder.fsutil import OverwriteRefused, atomic_write
    from armybuilder.outcome import ExitCode, Outcome
    from armybuilder.reporters.text import status_line

    to_stdout = output == "-"
    if not to_stdout:
        target = Path(output)
        if target.is_dir():
            return _usage(f"{output} is a directory; give a file name")
        if not force and os.path.lexists(target):
            return _usage(f"{output} already exists; use --force to overwrite it")
        if not target.parent.is_dir():
            return _usage(f"cannot write {output}: the directory {target.parent} does not exist")
        try:
            if target.exists() and target.samefile(file):
                return _usage(f"{output} is the list file itself; write the roster somewhere else")
        except OSError:
            pass
    if fmt is None:
        guess = None if to_stdout else SUFFIXES.get(Path(output).suffix.lower())
        if guess is None:
            return _usage("say which format with --to markdown, --to pdf or --to json")
        fmt = guess
    fmt = ExportFormat(fmt)
    if date is not None:
        try:
            date = parse_date(date)
        except ValueError as exc:
            return _usage(str(exc))
    exp = exporter(fmt)
    if to_stdout and exp.binary and stdout_is_tty:
        return _usage(f"a {fmt.value.upper()} is not written to a terminal; give -o FILE or pipe the output")
    try:
        roster, result = build(file, date=date)
    except (FileNotFoundError, IsADirectoryError, PermissionError) as exc:
        return _usage(f"cannot read {file}: {exc.strerror or exc}")
    try:
        data = exp.render(roster, ExportOptions(paper=Paper(paper)))
    except ExportError as exc:
        return _usage(f"cannot export {file} as {fmt.value}: {exc}")
    code = ExitCode.of(roster.valid)
    messages = [status_line(result)] + [f"{file}: {w}" for w in exp.warnings]
    if to_stdout:  # text goes out as text, so that finish cleans it for the terminal like every report
        return Outcome(data if exp.binary else data.decode("utf-8"), messages, code)
    try:
        atomic_write(output, data, force=force)
    except OverwriteRefused as exc:
        return _usage(str(exc))
    except OSError as exc:
        return _usage(f"cannot write {output}: {exc.strerror or exc}")
    paper_name = {Paper.a4: "A4", Paper.letter: "Letter"}[Paper(paper)]
    messages.append(f"wrote {output} ({fmt.value}{', ' + paper_name if fmt is ExportFormat.pdf else ''})")
    return Outcome(b"", messages, code)
