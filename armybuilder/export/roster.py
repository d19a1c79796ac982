"""A roster: everything a printed or exported list shows, built from a checked list.

The roster is built generically from a :class:`~armybuilder.findings.Result` (its measure,
sections, details and findings) plus the game system's title and data version and the list's
fingerprint, so every game system gets a roster without code of its own. The exporters only lay
it out.

A file that cannot be read as a list still gets a roster (status INVALID, its one error, no
fingerprint): an export never hides a problem.

A list checked against an event pack (``export --event PACK``, a tournament packet's pages) gets a
roster that names the event (:class:`Event`): its status and findings are then the event's verdict,
and ``armybuilder verify`` asks for the pack to check it again.
"""

from __future__ import annotations

import datetime
import os
import re
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from armybuilder import __version__
from armybuilder.findings import Finding, Measure, Result, Section, Severity, number
from armybuilder.text import READING, cell_text, not_checked_text, plural, reading_text, tally

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.events import Pack
    from armybuilder.export.appendix import RuleEntry
    from armybuilder.systems import CheckOptions

ROSTER_FORMAT = 1  # the version of the JSON roster (schemas/roster.schema.json)

_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def parse_date(text: str) -> str:
    """A ``--date`` value: ``YYYY-MM-DD`` and a real calendar date, else ValueError."""
    if not _DATE.match(text or ""):
        raise ValueError(f"--date takes a date as YYYY-MM-DD, not {text!r}")
    try:
        datetime.date.fromisoformat(text)
    except ValueError:
        raise ValueError(f"--date {text} is not a calendar date") from None
    return text


def is_number(value: Any) -> bool:
    return isinstance(value, (int, float, Fraction)) and not isinstance(value, bool)


def plain(value: Any) -> Any:
    """Plain JSON data: Fractions become numbers, tuples lists, other objects text."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, Fraction):
        return number(value)
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


@dataclass
class Table:
    """One table of the army: a section of the result, with its cells ready to print."""

    title: str
    columns: list[str]
    rows: list[list[Any]]
    notes: list[str] = field(default_factory=list)

    @classmethod
    def from_section(cls, s: Section) -> Table:
        width = max([len(s.columns)] + [len(r) for r in s.rows])
        columns = [str(c) for c in s.columns] + [""] * (width - len(s.columns))
        rows = [list(r) + [""] * (width - len(r)) for r in s.rows]
        return cls(str(s.title), columns, rows, [str(n) for n in s.notes])

    def text_rows(self) -> list[list[str]]:
        return [[cell_text(v) for v in row] for row in self.rows]

    def numeric(self) -> list[bool]:
        """Per column: every filled cell is a number (right-aligned when printed)."""
        out = []
        for i in range(len(self.columns)):
            filled = [row[i] for row in self.rows if row[i] not in ("", None)]
            out.append(bool(filled) and all(is_number(v) for v in filled))
        return out

    def to_dict(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "columns": self.columns,
            "rows": [[plain(v) for v in row] for row in self.rows],
            "notes": self.notes,
        }


@dataclass(frozen=True)
class Event:
    """The event a roster was checked against: what its pack says of it."""

    name: str  # the pack's `event:`
    date: str | None  # the pack's `date:` (free text), when it has one
    pack: str  # the pack's file name (no directory)

    @classmethod
    def of(cls, pack: Pack) -> Event:
        date = pack.data.get("date")
        return cls(pack.event, str(date) if date is not None else None, os.path.basename(pack.file) or pack.file)

    @property
    def facts(self) -> list[tuple[str, str]]:
        """The header lines: the event's name, and its date when the pack gives one."""
        return [("Event", self.name)] + ([("Event date", self.date)] if self.date else [])

    @property
    def verdict_line(self) -> str:
        """The footer's line that says the status is the event's (``armybuilder verify`` reads it back)."""
        return (
            f"Checked against {self.name} (event pack {self.pack}): its status and findings are the event's "
            "verdict; armybuilder verify FILE --event PACK checks it again"
        )

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "date": self.date, "pack": self.pack}


@dataclass
class Roster:
    name: str | None
    file: str  # the list file's name (no directory: the same roster wherever it is run)
    system_id: str | None
    system_title: str | None
    data_version: str | None
    valid: bool
    measure: Measure
    counts: dict[str, int]
    errors: list[Finding]
    notices: list[Finding]  # warnings, then info
    tables: list[Table]
    details: dict[str, Any]
    fingerprint: str | None
    date: str | None = None
    version: str = __version__
    not_checked: list[str] = field(default_factory=list)  # what the system does not check (system.yaml)
    carried: bytes | None = None  # the list it was made from (fingerprint.carried_bytes); None: unreadable
    findings_digest: str | None = None  # fingerprint.findings_digest of the check's findings
    player: str | None = None  # the list's `player:`
    note: str | None = None  # the list's `note:`
    rules: list[RuleEntry] | None = None  # the rules appendix; None: not asked for (--with-rules)
    event: Event | None = None  # the event pack it was checked against (--event); None: the game's rules only

    @property
    def title(self) -> str:
        return self.name or Path(self.file).stem or self.file

    @property
    def status(self) -> str:
        return "VALID" if self.valid else "INVALID"

    @property
    def list_facts(self) -> list[tuple[str, str]]:
        """What the list says about itself, for the header: its player and its note."""
        return [(label, value) for label, value in (("Player", self.player), ("Note", self.note)) if value]

    @property
    def header_facts(self) -> list[tuple[str, str]]:
        """The header's lines from the event pack and the list: event, event date, player, note."""
        return (self.event.facts if self.event else []) + self.list_facts

    @property
    def system_label(self) -> str:
        return self.system_title or self.system_id or "unknown game system"

    @property
    def measure_label(self) -> str:
        """The name of the measure for a header line: Points, Units, Slots."""
        unit = self.measure.unit or "points"
        return unit[:1].upper() + unit[1:]

    @property
    def measure_value(self) -> str:
        """``51 of 51``, ``12`` (no limit) or ``not measured``."""
        return self.measure.value_text() or "not measured"

    @property
    def measure_text(self) -> str:
        """``51 of 51 points``."""
        if self.measure.total is None:
            return "not measured"
        return self.measure.text() or "not measured"

    @property
    def counts_text(self) -> str:
        c = self.counts
        return tally(c)

    @property
    def judged(self) -> str:
        """What the status is a verdict on: ``at EVENT`` (checked against its pack), else ``as written``."""
        return f"at {self.event.name}" if self.event else "as written"

    @property
    def invalid_banner(self) -> str:
        n = self.counts["error"]
        return f"INVALID: {plural(n, 'error')}; this list is not legal {self.judged}"

    @property
    def data_label(self) -> str:
        if self.data_version is None:
            return "no game data"
        return f"{self.system_label} data version {self.data_version}"

    def to_dict(self) -> dict[str, Any]:
        m = self.measure
        return {
            "roster_format": ROSTER_FORMAT,
            "name": self.name,
            "title": self.title,
            "file": self.file,
            "system": {"id": self.system_id, "title": self.system_title, "data_version": self.data_version},
            "player": self.player,
            "note": self.note,
            "event": self.event.to_dict() if self.event else None,
            "status": self.status,
            "valid": self.valid,
            "measure": {
                "total": plain(m.total),
                "limit": plain(m.limit),
                "unit": m.unit,
                "text": self.measure_text,
                # as validate's and the tournament report's JSON (findings.Measure.to_dict)
                **({"incomplete": True} if m.incomplete else {}),
            },
            "counts": dict(self.counts),
            "errors": [finding_dict(f) for f in self.errors],
            "notices": [finding_dict(f) for f in self.notices],
            "tables": [t.to_dict() for t in self.tables],
            "details": plain(self.details),
            "not_checked": list(self.not_checked),
            **({"rules": [e.to_dict() for e in self.rules]} if self.rules is not None else {}),
            "list": self.carried_list(),
            "footer": {
                "armybuilder_version": self.version,
                "data_version": self.data_version,
                "fingerprint": self.fingerprint,
                "fingerprint_algorithm": "sha256",
                "findings_digest": self.findings_digest,
                "date": self.date,
            },
        }

    def carried_list(self) -> Any:
        """The list the roster carries, as data, for ``armybuilder verify``."""
        import json

        return json.loads(self.carried) if self.carried is not None else None

    @property
    def carried_text(self) -> str | None:
        """The list the roster carries as text: one line of JSON (:func:`armybuilder.fingerprint.carried_bytes`)."""
        return self.carried.decode("utf-8") if self.carried is not None else None


def finding_dict(f: Finding) -> dict[str, Any]:
    out = {
        "code": f.code,
        "severity": f.severity.value,
        "message": f.message,
        "rule": f.rule,
        "line": f.line,
        "column": f.column,
    }
    if f.source:
        out["source"] = os.path.basename(f.source)
    return out


def finding_text(f: Finding, with_severity: bool = False) -> str:
    """``FTR011 (line 12): message (FT 24.1)``: code, where, what, which rule.

    With ``with_severity``: ``FTR030 (warning, line 9): ...``.
    """
    where = [f.severity.value] if with_severity else []
    if f.source:
        where.append(os.path.basename(f.source))
    if f.line is not None:
        where.append(f"line {f.line}")
    head = f.code + (f" ({', '.join(where)})" if where else "")
    rule = f" ({f.rule})" if f.rule else ""
    return f"{head}: {f.message}{rule}"


def _system_meta(system_id: str | None) -> tuple[str | None, str | None]:
    if not system_id:
        return None, None
    from armybuilder import systems
    from armybuilder.yamlio import LoadError

    try:
        system = systems.get(system_id)
        return system.title, system.data_version
    except (KeyError, OSError, LoadError):  # a system without data or module: still export what is known
        return system_id, None


def _readings(result: Result) -> list[str]:
    """The system's declared readings (system.yaml ``readings``) that touch this list: those about
    an entry it uses, and those about no entry in particular; each line starts with ``reading: ``."""
    from armybuilder import systems
    from armybuilder.export.appendix import used_names
    from armybuilder.suggest import fold
    from armybuilder.yamlio import LoadError

    if result.system is None:
        return []
    try:
        items = systems.get(result.system).readings
    except (KeyError, OSError, LoadError):
        return []
    names = used_names(result) if any(i.get("about") for i in items) else set()
    return [READING + reading_text(i) for i in items if not i.get("about") or names & {fold(a) for a in i["about"]}]


def _list_text(result: Result, key: str) -> str | None:
    """A text field of the list (``player:``, ``note:``), when it has one."""
    doc = result.document
    value = doc.get(key) if isinstance(doc, dict) else None
    return value if isinstance(value, str) and value.strip() else None


def from_result(
    result: Result,
    fingerprint: str | None,
    date: str | None = None,
    carried: bytes | None = None,
    with_rules: bool = False,
    event: Event | None = None,
) -> Roster:
    """The roster of a checked list; ``carried``: the list's content (:func:`armybuilder.fingerprint.carried_bytes`),
    which the roster carries for ``armybuilder verify``; ``with_rules``: with the rules appendix
    (:mod:`armybuilder.export.appendix`); ``event``: the event pack the result was checked against."""
    from armybuilder.fingerprint import findings_digest

    rules = None
    if with_rules:
        from armybuilder.export.appendix import used

        rules = used(result)

    title, data_version = _system_meta(result.system)
    found = result.sorted_findings()
    errors = [f for f in found if f.severity is Severity.ERROR]
    told = {code for s in result.sections for code in s.told}  # info a table shows in full: not said twice
    notices = sorted(
        (f for f in found if f.severity is not Severity.ERROR and not (f.severity is Severity.INFO and f.code in told)),
        key=lambda f: (f.severity.rank, *f.sort_key()),
    )
    return Roster(
        name=result.name,
        file=os.path.basename(str(result.file)) or str(result.file),
        system_id=result.system,
        system_title=title,
        data_version=data_version,
        valid=result.valid,
        measure=result.measure,
        counts=result.counts(),
        errors=errors,
        notices=notices,
        tables=[Table.from_section(s) for s in result.sections],
        details=result.details or {},
        fingerprint=fingerprint,
        date=date,
        not_checked=[not_checked_text(i) for i in result.not_checked] + _readings(result),
        carried=carried,
        findings_digest=findings_digest(result.findings),
        player=_list_text(result, "player"),
        note=_list_text(result, "note"),
        rules=rules,
        event=event,
    )


def build(
    path: str | Path,
    date: str | None = None,
    options: CheckOptions | None = None,
    pack: Pack | None = None,
    with_rules: bool = False,
) -> tuple[Roster, Result]:
    """Read, fingerprint and check one list file (against ``pack`` too, when given); its roster,
    which carries the list's canonical content (and the rules appendix with ``with_rules``; the
    event's name and date with ``pack``), and the result.

    Raises FileNotFoundError / IsADirectoryError / PermissionError for the caller.
    """
    from armybuilder.check import check, load, load_failure
    from armybuilder.fingerprint import CanonicalError, fingerprint_and_carried
    from armybuilder.yamlio import LoadError

    fingerprint = carried = None
    try:
        doc = load(path)
    except LoadError as exc:
        result = Result(file=str(path), findings=[load_failure(exc)])
    else:
        try:
            fingerprint, carried = fingerprint_and_carried(doc.data)  # before the check, from the data as read
        except CanonicalError:
            carried = fingerprint = None
        result = check(doc, str(path), options, pack)
    event = Event.of(pack) if pack is not None else None
    return from_result(result, fingerprint, date, carried, with_rules, event), result


def notices_heading(notices: list[Any]) -> str:
    """The heading of a roster's warnings and info notes: "Notes" when none is a warning (issue 41:
    a VALID roster's info notes sat under "Warnings and notes", in amber)."""
    return "Warnings and notes" if any(f.severity.value == "warning" for f in notices) else "Notes"
