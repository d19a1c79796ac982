"""Tournament runs: one event pack, every submitted list, one verdict each.

``armybuilder tournament PACK LISTS...`` checks each list against its game's rules and the
pack (:mod:`armybuilder.events`), prints a table (player or file, list name, total, status,
errors), a summary on stderr, and writes reports (``--report``: Markdown, JSON, CSV or JUnit
XML, chosen by the file's extension). Exit code 0 when every list is legal, 1 when any is not,
2 for a usage error (a broken pack, no lists, a report that exists without ``--force``).
This module finds and checks the lists; the reporters print them (the table and ``--format json``:
:meth:`armybuilder.reporters.Reporter.tournament`; the report files:
:mod:`armybuilder.reporters.tournament_reports`).

Which files are lists
    A file named on the command line is always checked. In a folder (searched recursively),
    every ``*.yaml`` / ``*.yml`` file is a submitted list, except hidden files and folders
    (``.git``, ``.pre-commit-config.yaml``), the pack itself, and other event packs (a
    top-level ``event:`` key). Files are *not* filtered on a ``system:`` key: a submission
    that is not YAML, or lacks its ``system:`` key, must show up as a broken (illegal) list,
    never be skipped in silence. Keep files that are not lists out of the folder.

A list that cannot be read (not YAML, wrong shape, unknown system) is one illegal list with
status ``broken``; an internal error in a check becomes an ``EVT090`` finding on that list.
Neither ends the run.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from armybuilder.check import check_path
from armybuilder.events import Pack, PackError, is_broken, load
from armybuilder.events.rules import check_failed
from armybuilder.findings import Finding, Result, Severity
from armybuilder.outcome import ExitCode, Outcome
from armybuilder.systems import CheckOptions
from armybuilder.text import one_line, plural

LIST_SUFFIXES = (".yaml", ".yml")
PROGRESS_MIN_LISTS = 10  # a progress bar for runs longer than this, on a terminal
_EVENT_KEY = re.compile(rb"^[\"']?event[\"']?[ \t]*:", re.MULTILINE)


@dataclass
class Entry:
    """One submitted list and its verdict (the result slimmed to what reports need)."""

    index: int
    result: Result
    player: str | None = None

    @classmethod
    def of(cls, index: int, result: Result) -> Entry:
        doc = result.document
        player = doc.get("player") if isinstance(doc, dict) and isinstance(doc.get("player"), str) else None
        # A run holds every result until the reports are written: keep findings, measure and
        # names, drop the parsed list and the system's model (they made the garbage collector's
        # work, and so the time per list, grow with the number of lists).
        result.document = result.positions = result.model = None
        result.sections, result.details = [], {}
        return cls(index, result, player)

    @property
    def file(self) -> str:
        return self.result.file

    @property
    def label(self) -> str:
        return self.player or self.file

    @property
    def status(self) -> str:
        if is_broken(self.result) or any(f.code == check_failed.CODE for f in self.result.findings):
            return "broken"
        return "legal" if self.result.valid else "illegal"

    @property
    def legal(self) -> bool:
        return self.status == "legal"

    def count(self, severity: Severity) -> int:
        return sum(1 for f in self.result.findings if f.severity is severity)

    @property
    def errors(self) -> int:
        return self.count(Severity.ERROR)

    @property
    def warnings(self) -> int:
        return self.count(Severity.WARNING)

    def findings(self, min_severity: Severity = Severity.INFO) -> list[Finding]:
        return [f for f in self.result.sorted_findings() if f.severity.rank <= min_severity.rank]


@dataclass
class Tournament:
    pack: Pack
    entries: list[Entry]

    def summary(self) -> dict[str, int]:
        statuses = [e.status for e in self.entries]
        return {
            "lists": len(statuses),
            "legal": statuses.count("legal"),
            "illegal": len(statuses) - statuses.count("legal"),
            "broken": statuses.count("broken"),
        }

    def summary_line(self) -> str:
        s = self.summary()
        broken = f" ({plural(s['broken'], 'broken file')})" if s["broken"] else ""
        return one_line(
            f"{self.pack.event}: {plural(s['lists'], 'list')} checked: "
            f"{s['legal']} legal, {s['illegal']} illegal{broken}"
        )

    @property
    def all_legal(self) -> bool:
        return all(e.legal for e in self.entries)


# -- finding the lists -----------------------------------------------------------------------


def _is_event_pack(path: Path) -> bool:
    try:
        with open(path, "rb") as fh:
            head = fh.read(4096)
    except OSError:
        return False
    return bool(_EVENT_KEY.search(head))


def _same_file(a: Path, b: Path | None) -> bool:
    if b is None:
        return False
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def collect(paths: Sequence[Path], pack_file: Path | None = None) -> list[Path]:
    """The list files to check, in a stable order (see the module docstring for which)."""
    out: list[Path] = []
    seen: set[str] = set()

    def add(p: Path) -> None:
        key = os.path.realpath(p)
        if key not in seen and not _same_file(p, pack_file):
            seen.add(key)
            out.append(p)

    for path in paths:
        if not path.is_dir():
            add(path)
            continue
        found: list[Path] = []
        for root, dirs, files in os.walk(path):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            for name in files:
                if name.startswith(".") or not name.lower().endswith(LIST_SUFFIXES):
                    continue
                if os.path.isfile(os.path.join(root, name)):  # not a FIFO or a device: reading it could hang
                    found.append(Path(root) / name)
        for f in sorted(found, key=lambda p: p.relative_to(path).as_posix()):
            if not _is_event_pack(f):
                add(f)
    return out


# -- checking --------------------------------------------------------------------------------


def check_one(path: Path, pack: Pack) -> Result:
    """One list's result; never raises (a crash in a check is a finding on that list)."""
    try:
        return check_path(path, CheckOptions(), pack=pack)
    except Exception as exc:  # noqa: BLE001 - one bad list must not end the run
        what = (
            f"cannot read the file: {exc.strerror or exc}"
            if isinstance(exc, OSError)
            else f"armybuilder failed while checking this list ({type(exc).__name__}: {exc}); please report it"
        )
        return Result(file=str(path), findings=[check_failed.finding(what)])


def run(
    pack: Pack, files: Sequence[Path], progress: bool = False, on_result: Callable[[Entry], Any] | None = None
) -> Tournament:
    """Check every file against the pack; a Rich progress bar on stderr when ``progress``."""
    entries: list[Entry] = []

    def one(i: int, f: Path) -> None:
        entry = Entry.of(i, check_one(f, pack))
        entries.append(entry)
        if on_result:
            on_result(entry)

    if progress and len(files) > PROGRESS_MIN_LISTS:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        with Progress(
            TextColumn("checking lists"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=Console(stderr=True),
            transient=True,
        ) as bar:
            task = bar.add_task("lists", total=len(files))
            for i, f in enumerate(files, 1):
                one(i, f)
                bar.advance(task)
    else:
        for i, f in enumerate(files, 1):
            one(i, f)
    return Tournament(pack, entries)


# -- output ----------------------------------------------------------------------------------


REPORT_KINDS = {".md": "markdown", ".markdown": "markdown", ".json": "json", ".csv": "csv", ".xml": "junit"}


def report_kind(path: Path) -> str | None:
    return REPORT_KINDS.get(path.suffix.lower())


def render_report(kind: str, t: Tournament) -> bytes:
    from armybuilder.reporters import tournament_reports

    return tournament_reports.render(kind, t).encode("utf-8")


def _write(path: Path, data: bytes, force: bool) -> None:
    from armybuilder.fsutil import atomic_write

    atomic_write(path, data, force=force)


def command(
    pack_file: Path,
    paths: Sequence[Path],
    reports: Sequence[Path] = (),
    force: bool = False,
    fmt: str = "text",
    progress: bool = False,
    color: bool = False,
) -> Outcome:
    """The ``tournament`` command: the table (or JSON) on stdout, the summary and reports written on stderr."""
    from armybuilder.reporters import reporter

    errors: list[str] = []
    for r in reports:
        if report_kind(r) is None:
            errors.append(
                f"{r}: cannot tell the report format from the extension (use {', '.join(sorted(REPORT_KINDS))})"
            )
        elif r.is_dir():
            errors.append(f"{r}: is a folder; give a report file name")
        elif r.exists() and not force:
            errors.append(f"{r} already exists; use --force to overwrite it")
        elif not r.parent.is_dir():
            errors.append(f"{r}: the folder {r.parent} does not exist")
    if errors:
        return Outcome.usage(*errors)
    try:
        pack = load(pack_file)
    except PackError as exc:
        return Outcome.usage(*exc.lines(), f"{pack_file}: the event pack cannot be used; no list was checked")
    files = collect(paths, pack_file)
    if not files:
        return Outcome.usage(f"no list files (*.yaml, *.yml) in {', '.join(str(p) for p in paths)}")
    t = run(pack, files, progress=progress)
    out = reporter(fmt, color=color).tournament(t)
    lines = [t.summary_line()]
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
    return Outcome(out, lines, ExitCode.of(t.all_legal))
