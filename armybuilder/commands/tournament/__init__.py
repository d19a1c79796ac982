"""Tournament runs: one event pack, every submitted list, one verdict each.

``armybuilder tournament PACK LISTS...`` checks each list against its game's rules and the
pack (:mod:`armybuilder.events`), prints a table (player or file, list name, total, status,
errors), a summary on stderr, and writes reports (``--report``: Markdown, JSON, CSV or JUnit
XML, chosen by the file's extension). Exit code 0 when every list is legal, 1 when any is not,
2 for a usage error (a broken pack, no lists, a report that exists without ``--force``).
This module finds and checks the lists; :mod:`armybuilder.commands.tournament.reports` prints them
(the table, ``--format json`` and the report files).

Which files are lists
    A file named on the command line is always checked (unless it is the pack itself). In a
    folder (searched recursively), every ``*.yaml`` / ``*.yml`` file is a submitted list, except
    hidden files and folders (``.git``, ``.pre-commit-config.yaml``), the pack itself, what is
    not a regular file (a FIFO would hang the run), and other event packs: a file with a
    top-level ``event:`` key that reads as a valid event pack (a list with a stray ``event:``
    key is still a list, and is reported). Files are *not* filtered on a ``system:`` key: a
    submission that is not YAML, or lacks its ``system:`` key, shows up as a broken (illegal)
    list. Nothing is skipped in silence: every file found and not checked is listed, with the
    reason, in the table, the JSON and every report (:class:`Skipped`); but for
    ``armybuilder-players.csv`` (``PLAYERS_FILE``), which ``collect --export`` writes beside the
    lists: it names each list's player as the event desk knows them, with each file's SHA-256, and
    a run names the lists of that folder by it rather than by their own ``player:`` while every
    file it names is there with that digest (:func:`players_of`), and says so in every report.

A list that cannot be read (not YAML, wrong shape, unknown system) is one illegal list with
status ``broken``; an internal error in a check becomes an ``EVT090`` finding on that list.
Neither ends the run.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from armybuilder.check import check_path, pinned_version
from armybuilder.events import NotAPack, Pack, PackError, is_broken, load
from armybuilder.events.rules import check_failed
from armybuilder.findings import Finding, Result, Severity
from armybuilder.outcome import ExitCode, Outcome
from armybuilder.systems import CheckOptions
from armybuilder.text import one_line, plural, utf8

LIST_SUFFIXES = (".yaml", ".yml")
# ``collect --export`` writes it beside the lists: each file's player as the event desk knows them
# (the lists stay as sent, so their fingerprints are the ones the players were given); a run names
# each list of that folder by it, not by the list's own ``player:``, while every file it names is
# there with the SHA-256 it gives. An organiser may edit a name in it.
PLAYERS_FILE = "armybuilder-players.csv"
MAX_PLAYERS_FILE = 1 << 20  # bytes of it read: 1 MiB is some 10,000 players
MAX_PLAYER_NAME = 200  # characters of a name taken from it
PROGRESS_MIN_LISTS = 10  # a progress bar for runs longer than this, on a terminal
_EVENT_KEY = re.compile(rb"^[\"']?event[\"']?[ \t]*:", re.MULTILINE)


@dataclass
class Entry:
    """One submitted list and its verdict (the result slimmed to what reports need)."""

    index: int
    result: Result
    player: str | None = None
    data_version: str | None = None  # the game data version the list pins (its data_version:)
    named_by: str | None = None  # the PLAYERS_FILE its player's name came from, when one did

    @classmethod
    def of(cls, index: int, result: Result) -> Entry:
        doc = result.document
        player = doc.get("player") if isinstance(doc, dict) and isinstance(doc.get("player"), str) else None
        pinned = pinned_version(doc)
        # A run holds every result until the reports are written: keep findings, measure and
        # names, drop the parsed list and the system's model (they made the garbage collector's
        # work, and so the time per list, grow with the number of lists).
        result.document = result.positions = result.model = None
        result.sections, result.details = [], {}
        return cls(index, result, player, pinned)

    @property
    def file(self) -> str:
        return self.result.file

    def event_data_version(self, pack: Pack) -> str | None:
        """The data version the event plays the list's system on, when the pack says."""
        rules = pack.rules_for(self.result.system)
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


@dataclass(frozen=True)
class Skipped:
    """A file found among the submissions and not checked, and why (shown in every report)."""

    file: str
    reason: str


@dataclass
class Tournament:
    pack: Pack
    entries: list[Entry]
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

    def names_from(self) -> list[tuple[str, list[Entry]]]:
        """Each ``PLAYERS_FILE`` the players' names came from, and the lists it named."""
        by: dict[str, list[Entry]] = {}
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


def _numbers(entries: Sequence[Entry]) -> str:
    """The lists' numbers, runs as ranges: ``list 3``, ``lists 1-4, 7``."""
    runs: list[list[int]] = []
    for i in sorted(e.index for e in entries):
        if runs and i == runs[-1][1] + 1:
            runs[-1][1] = i
        else:
            runs.append([i, i])
    shown = ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in runs)
    return ("list " if len(entries) == 1 else "lists ") + shown


# -- finding the lists -----------------------------------------------------------------------


def _is_event_pack(path: Path) -> bool:
    """A top-level ``event:`` key, and the file reads as a valid event pack (a list with a stray
    ``event:`` key does not: it is checked, and its findings say what is wrong)."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(4096)
    except OSError:
        return False
    if not _EVENT_KEY.search(head):
        return False
    try:
        load(path)
    except (PackError, OSError):
        return False
    return True


def _same_file(a: Path, b: Path | None) -> bool:
    if b is None:
        return False
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def collect(paths: Sequence[Path], pack_file: Path | None = None) -> list[Path]:
    """The list files to check, in a stable order (see the module docstring for which)."""
    return discover(paths, pack_file)[0]


def discover(paths: Sequence[Path], pack_file: Path | None = None) -> tuple[list[Path], list[Skipped]]:
    """The list files to check, in a stable order, and every other file found, with the reason."""
    out: list[Path] = []
    skipped: list[Skipped] = []
    seen: dict[str, Path] = {}

    def add(p: Path) -> None:
        if _same_file(p, pack_file):
            skipped.append(Skipped(str(p), "the event pack of this run"))
            return
        key = os.path.realpath(p)
        if key in seen:
            if str(seen[key]) != str(p):  # the same file by another name (a link): say so
                skipped.append(Skipped(str(p), f"the same file as {seen[key]}, checked once"))
            return
        seen[key] = p
        out.append(p)

    for path in paths:
        if not path.is_dir():
            add(path)
            continue
        found: list[tuple[Path, str | None]] = []  # (file, why it is skipped, or None for a list)

        def unreadable(exc: OSError, found: list[tuple[Path, str | None]] = found, top: Path = path) -> None:
            # os.walk passes over a folder it cannot list in silence: "2 lists checked" for 3 files
            where = Path(os.fsdecode(exc.filename)) if exc.filename is not None else top
            found.append((where, f"a folder that cannot be read: not searched ({exc.strerror or exc})"))

        for root, dirs, files in os.walk(path, onerror=unreadable):
            here = Path(root)
            for d in dirs:
                if d.startswith("."):
                    found.append((here / d, "a hidden folder: not searched"))
                elif os.path.islink(here / d):
                    found.append((here / d, "a link to a folder: not followed"))
            dirs[:] = sorted(d for d in dirs if not d.startswith(".") and not os.path.islink(here / d))
            for name in files:
                f = here / name
                if name == PLAYERS_FILE:
                    continue  # the desk's names for the lists (read by players_of), not a list
                if name.startswith("."):
                    found.append((f, "a hidden file"))
                elif not name.lower().endswith(LIST_SUFFIXES):
                    found.append((f, "not a .yaml or .yml file"))
                elif not os.path.isfile(f):  # a FIFO or a device: reading it could hang
                    found.append((f, "not a regular file (a FIFO, a device, a socket or a broken link)"))
                else:
                    found.append((f, None))
        for f, why in sorted(found, key=lambda item: item[0].relative_to(path).as_posix()):
            if why is None and _is_event_pack(f) and not _same_file(f, pack_file):
                why = "an event pack (it reads as one), not a list"
            if why is None:
                add(f)
            else:
                skipped.append(Skipped(str(f), why))
    return out, skipped


@dataclass
class Named:
    """What the ``PLAYERS_FILE`` of the lists' folders say: the player of each list file (keyed by
    the file as given), the players file each name came from, and why a file was not used."""

    names: dict[str, str] = field(default_factory=dict)
    source: dict[str, str] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)


def _players_refusal(rows: list[list[str]], folder: Path) -> tuple[str | None, dict[str, str]]:
    """Why the rows of a ``PLAYERS_FILE`` do not describe ``folder`` (None when they do), and the
    player of each file it lists. Every listed file must be in the folder with the SHA-256 the
    file gives (``collect --export`` writes it): a file dropped into a folder of players' own
    lists, or one left beside lists changed since, names no one."""
    import hashlib

    from armybuilder.yamlio import LoadError, read_bytes

    head = [c.strip().casefold() for c in rows[0]] if rows else []
    if head[:2] != ["file", "player"]:
        return "its first line is not 'file,player'", {}
    if head[2:3] != ["sha256"]:
        return "it gives no SHA-256 of the lists it names (collect --export writes one for each)", {}
    players: dict[str, str] = {}
    for n, row in enumerate(rows[1:], 2):
        if not any(c.strip() for c in row):
            continue
        if len(row) < 3:
            return f"line {n} has no SHA-256", {}
        name, player, digest = row[0], one_line(row[1]).strip()[:MAX_PLAYER_NAME], row[2].strip().lower()
        if not name or name.startswith(".") or "/" in name or os.sep in name or name in players:
            return f"line {n} names no single file of its folder ({one_line(name)!r})", {}
        if not re.fullmatch(r"[0-9a-f]{64}", digest):
            return f"line {n}: {one_line(digest)[:80]!r} is not a SHA-256", {}
        try:
            data = read_bytes(folder / name)
        except FileNotFoundError:
            return f"{one_line(name)} is named in it and is not in the folder", {}
        except (LoadError, OSError) as exc:
            why = exc.message if isinstance(exc, LoadError) else exc.strerror or str(exc)
            return one_line(f"{name}, named in it, cannot be read ({why})"), {}
        if hashlib.sha256(data).hexdigest() != digest:
            return f"{one_line(name)} has changed since the export (its SHA-256 is not the one given)", {}
        players[name] = player
    return None, players


def players_of(files: Sequence[Path]) -> Named:
    """The player of each list file named in the ``PLAYERS_FILE`` of its folder (``collect
    --export`` writes one: the name the event desk knows the player by), and the warning for each
    players file not used. One is used only when it describes its folder as it is: every file it
    names there, with the SHA-256 it gives (:func:`_players_refusal`); else the lists' own names
    stand. A row with no player names no one."""
    import csv

    from armybuilder.csvcells import unguard
    from armybuilder.yamlio import LoadError, read_bytes

    named = Named()
    by_folder: dict[Path, list[Path]] = {}
    for f in files:
        by_folder.setdefault(f.parent, []).append(f)
    for folder, listed in by_folder.items():
        sidecar = folder / PLAYERS_FILE
        if not os.path.lexists(sidecar):
            continue
        try:
            text = read_bytes(sidecar, MAX_PLAYERS_FILE).decode("utf-8-sig")
            rows = [[unguard(c) for c in row] for row in csv.reader(text.splitlines())]
        except (LoadError, OSError, UnicodeDecodeError, csv.Error) as exc:
            why = exc.message if isinstance(exc, LoadError) else type(exc).__name__
            named.warnings.append(one_line(f"warning: {sidecar}: the players' names cannot be read ({why}); not used"))
            continue
        refused, players = _players_refusal(rows, folder)
        if refused is not None:
            named.warnings.append(one_line(f"warning: {sidecar}: {refused}; not used: the lists' own names stand"))
            continue
        for f in listed:
            if players.get(f.name):
                named.names[str(f)] = players[f.name]
                named.source[str(f)] = str(sidecar)
    return named


def players_file(rows: Sequence[tuple[str, str, bytes]]) -> bytes:
    """The ``PLAYERS_FILE`` of (file name, player, the file's bytes) rows: UTF-8 CSV, with a BOM
    for spreadsheets, each file's SHA-256 beside its player (:func:`players_of` takes the names
    only while the folder holds those very files), every cell guarded against a formula
    (:func:`armybuilder.csvcells.cell`; :func:`players_of` reads the names back as they were)."""
    import hashlib

    from armybuilder.csvcells import rows_text

    table = [(name, player, hashlib.sha256(data).hexdigest()) for name, player, data in rows]
    return rows_text([("file", "player", "sha256"), *table], bom=True).encode("utf-8")


# -- checking --------------------------------------------------------------------------------


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
    from armybuilder.commands.tournament import reports

    return utf8(reports.render(kind, t))


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
        hit = next((f for f in inputs if _same_file(r, f)), None)
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


def packet_of(t: Tournament, anonymous: bool = False) -> Any:
    """The packet of a run (:class:`armybuilder.export.packet.Packet`): each list checked again
    against the pack for its roster (a run keeps only what the reports need). With ``anonymous``
    the lists are numbered in fingerprint order, not the order of their files (which may follow
    the players' names), and carry no player or list name."""
    import hashlib

    from armybuilder.export.packet import Packet, PacketList
    from armybuilder.export.roster import build, from_result

    base = os.path.commonpath([os.path.dirname(e.file) or "." for e in t.entries]) if t.entries else ""
    made = []
    for e in t.entries:
        try:
            roster = build(Path(e.file), pack=t.pack)[0]
        except Exception:  # noqa: BLE001 - one list that cannot be laid out must not lose the packet
            roster = from_result(e.result, None)
        key = roster.fingerprint
        if key is None:
            try:
                key = hashlib.sha256(Path(e.file).read_bytes()).hexdigest()
            except OSError:
                key = ""
        made.append((e, roster, key))
    if anonymous:
        made.sort(key=lambda m: (m[2], m[0].index))
    lists = []
    for number, (e, roster, _) in enumerate(made, 1):
        if anonymous:
            roster.name, roster.file, label = f"List {number}", "(left out: anonymous)", f"List {number}"
            roster.player = roster.note = None  # the list's own words may name its player
            _unnamed(roster, e.file)
        else:
            who = e.player or (os.path.relpath(e.file, base) if base else e.file)
            label = who + (f": {e.result.name}" if e.result.name else "")
            if e.player:  # the player as the run knows them (a desk's name) on the list's pages too
                roster.player = e.player
        total = roster.measure_text if roster.measure.total is not None else "-"
        reasons = [f"{f.code}: {f.message}" for f in roster.errors]
        lists.append(PacketList(number, label, e.status, total, reasons, roster, e.result.system or "-"))
    shown = (("date", "Date"), ("organiser", "Organiser"), ("url", "Web"))
    facts = [(label, str(t.pack.data[key])) for key, label in shown if key in t.pack.data]
    facts.append(("Event pack", os.path.basename(t.pack.file)))
    facts += [(f"Rules: {sid}", r.words()) for sid, r in t.pack.rules.items()]
    if not anonymous:
        facts += [("Players' names", said) for said in t.names_lines(os.path.basename)]
    if anonymous:
        facts.append(
            (
                "Anonymous",
                "player and list names are left out; the lists are numbered in fingerprint order "
                "(armybuilder fingerprint FILE gives a file's fingerprint, printed at the foot of its pages)",
            )
        )
    return Packet(t.pack.event, facts, lists, len(t.pack.system_ids) > 1, anonymous, t.summary())


def _unnamed(roster: Any, file: str) -> None:
    """An anonymous roster's findings without the file's name (a message may quote its path)."""
    from dataclasses import replace

    names = sorted({file, os.path.basename(file)} - {""}, key=len, reverse=True)

    def clean(f: Finding) -> Finding:
        message = f.message
        for name in names:
            message = message.replace(name, "the file")
        return replace(f, message=message, source=None if f.source == file else f.source)

    roster.errors = [clean(f) for f in roster.errors]
    roster.notices = [clean(f) for f in roster.notices]


def write_packet(t: Tournament, path: Path, anonymous: bool, force: bool, compact: bool = False) -> tuple[bool, str]:
    """Write the packet: whether it was written, and the line that says so (or why not)."""
    from armybuilder.export import ExportError
    from armybuilder.export.packet import render
    from armybuilder.fsutil import atomic_write

    try:
        data, warnings = render(packet_of(t, anonymous), compact=compact)
    except ExportError as exc:
        return False, one_line(f"{path}: cannot lay out the packet: {exc}")
    try:
        atomic_write(path, data, force=force)
    except FileExistsError:
        return False, one_line(f"{path} already exists; use --force to overwrite it")
    except OSError as exc:
        return False, one_line(f"{path}: cannot write the packet: {exc.strerror or exc}")
    how = "".join(f", {word}" for word, given in (("anonymous", anonymous), ("compact", compact)) if given)
    extra = "".join(f"; {w}" for w in warnings)
    return True, one_line(f"wrote packet {path} ({plural(len(t.entries), 'list')}{how}){extra}")
