"""A tournament's run: one event pack, every submitted list, one verdict each.

:func:`run` checks each list file (found by :func:`armybuilder.lists.discover`) against its game's
rules and the pack, and gives a :class:`Tournament`: each list's :class:`CheckedList` (its
result slimmed to what the reports need: legal, illegal or broken, and the findings), and what
was found and not checked (:class:`armybuilder.lists.Skipped`). The ``tournament`` command prints
and writes it (:mod:`armybuilder.commands.tournament`); the event desk runs it over its lists.

A list that cannot be read (not YAML, wrong shape, unknown system) is one illegal list with
status ``broken``; an internal error in a check becomes an ``EVT090`` finding on that list.
Neither ends the run.
"""

from __future__ import annotations

import pickle
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from armybuilder.check import check_path, pinned_version
from armybuilder.events import Pack, is_broken
from armybuilder.events.rules import check_failed
from armybuilder.findings import Finding, Measure, Result, Severity
from armybuilder.lists import Skipped
from armybuilder.systems import CheckOptions
from armybuilder.text import one_line, plural

PROGRESS_MIN_LISTS = 10  # a progress bar for runs longer than this, on a terminal


def status_of(result: Result) -> str:
    """A checked list's status: ``legal``, ``illegal``, or ``broken`` (it cannot be read as a list,
    or its check failed)."""
    if is_broken(result) or any(f.code == check_failed.CODE for f in result.findings):
        return "broken"
    return "legal" if result.valid else "illegal"


@dataclass(eq=False, slots=True)
class CheckedList:
    """One submitted list and its verdict: only what the reports and the packet's summary need of
    its result (its file, game, name, total, status and counts, and its findings packed into one
    small block, unpacked when a report reads them: :attr:`result`), so that a run of 2,000 lists
    keeps 2,000 small records, not 2,000 results (issue 45, item 10)."""

    index: int
    file: str
    system: str | None
    name: str | None
    measure: Measure
    status: str  # legal, illegal, broken (:func:`status_of`)
    errors: int
    warnings: int
    player: str | None = None
    data_version: str | None = None  # the game data version the list pins (its data_version:)
    named_by: str | None = None  # the PLAYERS_FILE its player's name came from, when one did
    packed: bytes = field(default=b"", repr=False)  # its findings (:func:`_pack`)
    not_checked: tuple[dict[str, Any], ...] = field(default=(), repr=False)  # its system's, shared

    @classmethod
    def of(cls, index: int, result: Result) -> CheckedList:
        doc = result.document
        player = doc.get("player") if isinstance(doc, dict) and isinstance(doc.get("player"), str) else None
        counts = result.counts()
        return cls(
            index,
            result.file,
            result.system,
            result.name,
            result.measure,
            status_of(result),
            counts[Severity.ERROR.value],
            counts[Severity.WARNING.value],
            player,
            pinned_version(doc),
            packed=_pack(result.findings),
            not_checked=tuple(result.not_checked),
        )

    @property
    def result(self) -> Result:
        """Its result as the reports read it: file, game, name, total and findings (no parsed list,
        model or cost tables), made again from its record at each call."""
        return Result(
            file=self.file,
            system=self.system,
            name=self.name,
            findings=_unpack(self.packed),
            measure=self.measure,
            not_checked=list(self.not_checked),
        )

    def event_data_version(self, pack: Pack) -> str | None:
        """The data version the event plays the list's system on, when the pack says."""
        rules = pack.rules_for(self.system)
        return rules.data_version if rules is not None else None

    def data_versions(self, pack: Pack) -> str:
        """The list's pinned data version beside the event's: ``list 1, event 1``; ``-`` when neither says."""
        event = self.event_data_version(pack)
        shown = ([f"list {self.data_version}"] if self.data_version else []) + ([f"event {event}"] if event else [])
        return ", ".join(shown) or "-"

    @property
    def label(self) -> str:
        return self.player or self.file

    @property
    def legal(self) -> bool:
        return self.status == "legal"

    def findings(self, min_severity: Severity = Severity.INFO) -> list[Finding]:
        return [f for f in self.result.sorted_findings() if f.severity.rank <= min_severity.rank]


def _pack(findings: list[Finding]) -> bytes:
    """A list's findings as one block of bytes: each finding's fields in order (its severity by
    name), pickled and compressed, about 270 bytes a list where the objects took 1.7 KiB; made
    and read only in this process."""
    if not findings:
        return b""
    rows = [tuple(f.severity.value if k == "severity" else getattr(f, k) for k in _FIELDS) for f in findings]
    return zlib.compress(pickle.dumps(rows, protocol=pickle.HIGHEST_PROTOCOL), 1)


def _unpack(packed: bytes) -> list[Finding]:
    if not packed:
        return []
    made: list[Finding] = []
    for row in pickle.loads(zlib.decompress(packed)):
        values: dict[str, Any] = dict(zip(_FIELDS, row, strict=True))
        values["severity"] = Severity(values["severity"])
        made.append(Finding(**values))
    return made


_FIELDS = tuple(f.name for f in fields(Finding))


@dataclass
class Tournament:
    pack: Pack
    entries: list[CheckedList]
    skipped: list[Skipped] = field(default_factory=list)

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
        skipped = f"; {plural(len(self.skipped), 'file')} skipped (listed in the report)" if self.skipped else ""
        return one_line(
            f"{self.pack.event}: {plural(s['lists'], 'list')} checked: "
            f"{s['legal']} legal, {s['illegal']} illegal{broken}{skipped}"
        )

    def pack_warnings(self) -> list[str]:
        """What the pack itself is warned of, once for the run rather than under each list (the
        table shows a list's errors only): an event on another data version than armybuilder's
        (EVT017), the same finding in every list's result."""
        seen = {
            (f.source or self.pack.file, f.line or 0, f.column or 0, f.code, f.message)
            for e in self.entries
            for f in e.result.findings
            if f.code == "EVT017"
        }
        return [one_line(f"{file}:{line}:{col}: {code} [warning] {msg}") for file, line, col, code, msg in sorted(seen)]

    def names_from(self) -> list[tuple[str, list[CheckedList]]]:
        """Each ``PLAYERS_FILE`` the players' names came from, and the lists it named."""
        by: dict[str, list[CheckedList]] = {}
        for e in self.entries:
            if e.named_by is not None:
                by.setdefault(e.named_by, []).append(e)
        return sorted(by.items())

    def names_lines(self, show: Callable[[str], str] = str) -> list[str]:
        """What every report and the summary say of the names taken from a ``PLAYERS_FILE``
        (``show``: how a report writes the file's path)."""
        return [
            one_line(
                f"names from {show(source)} (written by collect --export) for {_numbers(named)}: "
                "each player as the event desk knows them, not the list's own 'player:'"
            )
            for source, named in self.names_from()
        ]

    @property
    def all_legal(self) -> bool:
        return all(e.legal for e in self.entries)


def _numbers(entries: Sequence[CheckedList]) -> str:
    """The lists' numbers, runs as ranges: ``list 3``, ``lists 1-4, 7``."""
    runs: list[list[int]] = []
    for i in sorted(e.index for e in entries):
        if runs and i == runs[-1][1] + 1:
            runs[-1][1] = i
        else:
            runs.append([i, i])
    shown = ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in runs)
    return ("list " if len(entries) == 1 else "lists ") + shown


def check_one(path: Path, pack: Pack) -> Result:
    """One list's result; never raises (a crash in a check is a finding on that list)."""
    try:
        return check_path(path, CheckOptions(breakdown=False), pack=pack)  # no report shows the cost tables
    except Exception as exc:  # noqa: BLE001 - one bad list must not end the run
        what = (
            f"cannot read the file: {exc.strerror or exc}"
            if isinstance(exc, OSError)
            else f"armybuilder failed while checking this list ({type(exc).__name__}: {exc}); please report it"
        )
        return Result(file=str(path), findings=[check_failed.finding(what)])


def run(
    pack: Pack, files: Sequence[Path], progress: bool = False, on_result: Callable[[CheckedList], Any] | None = None
) -> Tournament:
    """Check every file against the pack; a Rich progress bar on stderr when ``progress``."""
    entries: list[CheckedList] = []

    def one(i: int, f: Path) -> None:
        entry = CheckedList.of(i, check_one(f, pack))
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
