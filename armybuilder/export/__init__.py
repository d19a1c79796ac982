"""Exporting a roster: Markdown, PDF, JSON or plain text, chosen by name and mapped to an exporter class.

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
    text = "text"


class Paper(str, enum.Enum):
    a4 = "a4"
    letter = "letter"


@dataclass
class ExportOptions:
    paper: Paper = Paper.a4
    compact: bool = False  # a PDF on one page (smaller type, tighter tables); warned when it cannot be
    min_severity: str = "info"  # the notices the roster keeps (export --min-severity); a PDF records it
    link: str | None = None  # a published site's address: a PDF's QR code opens the list there (export --link)


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
    ExportFormat.text: ("armybuilder.export.text", "TextExporter"),
}

SUFFIXES = {
    ".md": ExportFormat.markdown,
    ".markdown": ExportFormat.markdown,
    ".pdf": ExportFormat.pdf,
    ".json": ExportFormat.json,
    ".txt": ExportFormat.text,
}


def suffix_warning(fmt: ExportFormat, output: str) -> str | None:
    """What to tell a player who writes one format under another's name (``--to pdf -o roster.md``):
    the file is written as asked, and the warning says what its name promises. None when the name
    fits (or has no suffix)."""
    suffix = Path(output).suffix
    fits = [s for s, f in SUFFIXES.items() if f is fmt]
    if not suffix or not fits or suffix.lower() in fits:
        return None
    other = SUFFIXES.get(suffix.lower())
    said = f"says {other.value}" if other is not None else f"does not say {fmt.value}"
    return f"{output} gets a {fmt.value} roster, but a {suffix} name {said}; name it {fits[0]}" + (
        f", or export with --to {other.value}" if other is not None else ""
    )


def exporter(fmt: ExportFormat | str) -> Exporter:
    module, cls = EXPORTERS[ExportFormat(fmt)]
    made: Exporter = getattr(importlib.import_module(module), cls)()
    return made


def render(roster: Roster, fmt: ExportFormat | str, paper: Paper | str = Paper.a4, compact: bool = False) -> bytes:
    """The bytes of a roster in one format (warnings dropped; use :func:`exporter` to see them)."""
    return exporter(fmt).render(roster, ExportOptions(paper=Paper(paper), compact=compact))


def _usage(message: str) -> Outcome:
    from armybuilder.outcome import Outcome

    return Outcome.usage(f"armybuilder export: {message}")


def run(
    file: str | Path,
    fmt: ExportFormat | str | None,
    output: str | None,
    paper: Paper | str = Paper.a4,
    force: bool = False,
    date: str | None = None,
    stdout_is_tty: bool = False,
    with_rules: bool = False,
    compact: bool = False,
    min_severity: str = "info",
    event: str | Path | None = None,
    link: str | None = None,
) -> Outcome:
    """Export one list file. Exit 0 valid, 1 invalid (still written), 2 usage error.

    ``output`` is a path, or ``-`` for stdout (Markdown, JSON and text; a PDF only into a pipe);
    None: beside the list, its name with the format's suffix (``army.yaml`` -> ``army.pdf``; a PDF
    without ``fmt``), never over a file without ``force``.
    Without ``fmt`` the format comes from the output's suffix (.md, .markdown, .pdf, .json, .txt).
    ``with_rules`` adds the rules appendix (:mod:`.appendix`); ``compact`` sets a PDF on one page.
    ``min_severity`` (info, warning, error) leaves the notices below it out of the roster; its
    status, counts and findings digest stay the list's. ``event``: an event pack (as ``validate
    --event``): the list is checked against it too, so the roster's status, findings and exit code
    are the event's verdict, and the roster names the event (:class:`.roster.Event`). ``link``: the
    address of a published site (``armybuilder site``): a PDF's QR code is the list's share link
    there (it opens in any browser), not its bare share code.
    """
    from armybuilder.export.roster import build, parse_date
    from armybuilder.fsutil import OverwriteRefused, atomic_write, cannot_write
    from armybuilder.outcome import ExitCode, Outcome
    from armybuilder.reporters.text import status_line

    if link is not None:
        from armybuilder.sharecode import link_problem

        if link_problem(link):
            return _usage(f"--link: {link_problem(link)}")
    if output is None:
        fmt = ExportFormat(fmt or ExportFormat.pdf)
        output = str(Path(file).with_suffix(next(s for s, f in SUFFIXES.items() if f is fmt)))
    to_stdout = output == "-"
    if not to_stdout:
        target = Path(output)
        refused = cannot_write(output, force)
        if refused is not None:
            return _usage(refused)
        try:
            if target.exists() and target.samefile(file):
                return _usage(f"{output} is the list file itself; write the roster somewhere else")
        except OSError:
            pass
    if fmt is None:
        guess = None if to_stdout else SUFFIXES.get(Path(output).suffix.lower())
        if guess is None:
            return _usage("say which format with --to markdown, --to pdf, --to json or --to text")
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
    pack = None
    if event is not None:  # the same pack, messages and exit code as validate --event
        from armybuilder.events import load_pack

        loaded = load_pack(event)
        if isinstance(loaded, Outcome):
            return loaded
        pack = loaded
    try:
        roster, result = build(file, date=date, pack=pack, with_rules=with_rules)
    except (FileNotFoundError, IsADirectoryError, PermissionError) as exc:
        return _usage(f"cannot read {file}: {exc.strerror or exc}")
    from armybuilder.reporters import MinSeverity

    level = MinSeverity(min_severity)
    roster.notices = [f for f in roster.notices if level.keeps(f)]
    try:
        data = exp.render(
            roster, ExportOptions(paper=Paper(paper), compact=compact, min_severity=level.value, link=link)
        )
    except ExportError as exc:
        return _usage(f"cannot export {file} as {fmt.value}: {exc}")
    code = ExitCode.of(roster.valid)
    messages = [status_line(result)] + [f"{file}: {w}" for w in exp.warnings]
    mismatch = None if to_stdout else suffix_warning(fmt, output)
    if mismatch:
        messages.append(f"armybuilder export: warning: {mismatch}")
    if compact and fmt is not ExportFormat.pdf:
        messages.append(f"{file}: --compact lays out a PDF only; the {fmt.value} roster is as usual")
    if link is not None and fmt is not ExportFormat.pdf:
        messages.append(f"{file}: --link is the QR code of a PDF; the {fmt.value} roster is as usual")
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
