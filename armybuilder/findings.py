"""Findings, measures and the result of checking one list file.

A *finding* is one thing a check found: a stable code, a severity, a message a player
understands, the rule it enforces and where in the file it is. A *result* gathers the
findings of one file with the totals the reporters print. A finding's line
(:func:`finding_line`) is the one every report and message prints it in.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeAlias

from armybuilder.text import fmt_points, is_fraction, noun, one_line

# A path into the list document: keys and list indexes. Keys are whatever scalars the YAML holds
# (text, numbers, booleans), so the parts stay Any.
Path: TypeAlias = tuple[Any, ...]
# Where each path's value starts in the file: 1-based (line, column).
Positions: TypeAlias = Mapping[Path, tuple[int, int]]


class Severity(str, enum.Enum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"

    @property
    def rank(self) -> int:
        return {"error": 0, "warning": 1, "info": 2}[self.value]


@dataclass
class Finding:
    code: str
    severity: Severity
    message: str
    rule: str | None = None
    path: Path = ()
    line: int | None = None
    column: int | None = None
    source: str | None = None  # another file the finding is about (an event pack)
    # The edit that fixes it, as the command line takes it after FILE (("set", "card", "Spellblast",
    # "--hero", "Shaman", "--option", "limited", ...)); the text reports print it as a command.
    fix: tuple[str, ...] = ()
    # The same in a player's words, for the builder's pages ("the list needs a class" for "the file
    # needs an entry 'classes'"); "" when the message is one already. Reports print the message.
    player: str = ""

    def to_dict(self) -> dict[str, Any]:
        out = {
            "code": self.code,
            "severity": self.severity.value,
            "message": self.message,
            "rule": self.rule,
            "line": self.line,
            "column": self.column,
        }
        if self.source:
            out["source"] = self.source
        return out

    def sort_key(self) -> tuple[str, int, int, int, str, str]:
        return (
            self.source or "",
            self.line if self.line is not None else 0,
            self.column if self.column is not None else 0,
            self.severity.rank,
            self.code,
            self.message,
        )


def number(value: Any) -> Any:
    """A JSON-friendly number: Fractions become int or float (halves are exact)."""
    if is_fraction(value):
        return int(value) if value.denominator == 1 else float(value)
    return value


# An incomplete total: a part it counts has a name the data does not know (an unknown troop type,
# card or faction: its own error says so), counted 0, or a price the rules give only with a choice
# the list does not make (a Fortified Camp with no level), left out: a total never holds a price
# the rules did not give. It prints as ``43 (incomplete) of 42 points``, and the findings that
# read it stand down (a finding that depends on what is not known is not reported).
INCOMPLETE = "(incomplete)"


@dataclass
class Measure:
    """What a list is measured in: points against a limit, slots, units."""

    total: Any = None
    limit: Any = None
    unit: str = "points"
    incomplete: bool = False  # a part of the list has no known price: counted 0 (see INCOMPLETE)

    def value_text(self) -> str | None:
        """``51 of 51``, ``12`` (no limit), ``43 (incomplete) of 42``, or None when nothing was
        measured."""
        if self.total is None:
            return None
        total = fmt_points(self.total) + (f" {INCOMPLETE}" if self.incomplete else "")
        return total + (f" of {fmt_points(self.limit)}" if self.limit is not None else "")

    def unit_word(self) -> str:
        """The unit as the number before it takes it: ``1 unit``, ``7 units``, ``1 of 10 slots``
        (with a limit, the limit's number decides)."""
        n = self.limit if self.limit is not None else self.total
        one = self.unit[:-1] if self.unit.endswith("s") else self.unit
        return noun(n, one, self.unit)

    def text(self) -> str | None:
        """``51 of 51 points``, ``1 unit`` (no limit), ``43 (incomplete) of 42 points``, or None
        when nothing was measured."""
        value = self.value_text()
        return None if value is None else f"{value} {self.unit_word()}"

    def to_dict(self) -> dict[str, Any]:
        out = {"total": number(self.total), "limit": number(self.limit), "unit": self.unit}
        return {**out, "incomplete": True} if self.incomplete else out


@dataclass
class Section:
    """One table of a cost breakdown: rows of cells under column titles."""

    title: str
    columns: list[str]
    rows: list[list[Any]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    # The codes of the info findings this table shows in full (a roster does not say them twice).
    told: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "columns": self.columns,
            "rows": [[number(c) for c in row] for row in self.rows],
            "notes": self.notes,
        }


@dataclass
class Result:
    """Everything known about one list file after it was checked."""

    file: str
    system: str | None = None
    name: str | None = None
    findings: list[Finding] = field(default_factory=list)
    measure: Measure = field(default_factory=Measure)
    sections: list[Section] = field(default_factory=list)
    details: dict[str, Any] = field(default_factory=dict)  # system-specific cost data
    document: Any = None  # the parsed list, when it parsed
    positions: Positions | None = None
    model: Any = None  # the system's own model of the list, for later steps (inventory, export)
    not_checked: list[dict[str, Any]] = field(default_factory=list)  # what the system does not check

    @property
    def valid(self) -> bool:
        return not any(f.severity is Severity.ERROR for f in self.findings)

    def counts(self) -> dict[str, int]:
        out = {s.value: 0 for s in Severity}
        for f in self.findings:
            out[f.severity.value] += 1
        return out

    def add(self, findings: Iterable[Finding]) -> None:
        for f in findings:
            if f.line is None and self.positions is not None and not f.source:
                f.line, f.column = locate(self.positions, f.path)
            self.findings.append(f)

    def sorted_findings(self) -> list[Finding]:
        return sorted(self.findings, key=Finding.sort_key)

    def to_dict(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "system": self.system,
            "name": self.name,
            "valid": self.valid,
            "points": self.measure.to_dict(),
            "findings": [f.to_dict() for f in self.sorted_findings()],
            "not_checked": [{"text": i["text"], "rule": i.get("rule")} for i in self.not_checked],
        }


def locate(positions: Positions, path: Path) -> tuple[int, int]:
    """Line and column of the deepest part of ``path`` the file has (1-based)."""
    path = tuple(path)
    while path:
        if path in positions:
            return positions[path]
        path = path[:-1]
    return positions.get((), (1, 1))


def finding_line(result: Result, f: Finding, paint: Callable[[str, str], str] | None = None) -> str:
    """``path:line:col: CODE [severity] message (rule)``; with ``paint`` (a colour terminal) the
    code and severity of an error red and of a warning amber, added after the line is cleaned."""
    where = f.source or result.file
    line = f.line if f.line is not None else 1
    col = f.column if f.column is not None else 1
    rule = f" ({f.rule})" if f.rule else ""
    head = f"{f.code} [{f.severity.value}]"
    text = one_line(f"{where}:{line}:{col}: {head} {f.message}{rule}")
    if paint is None or f.severity is Severity.INFO:
        return text
    at = len(one_line(f"{where}:{line}:{col}:")) + 1  # the place is one_line'd alone as in the whole
    if text[at : at + len(head)] != head:  # pragma: no cover - a code or severity with spaces in it
        return text
    return text[:at] + paint(head, f.severity.value) + text[at + len(head) :]


def fix_line(result: Result, f: Finding) -> str | None:
    """``  fix: armybuilder set FILE card ...``: the command that fixes the finding, when it says one."""
    import shlex

    if not f.fix:
        return None
    return "  fix: " + one_line("armybuilder " + " ".join(shlex.quote(w) for w in (f.fix[0], result.file, *f.fix[1:])))


def finding_lines(result: Result, f: Finding, paint: Callable[[str, str], str] | None = None) -> list[str]:
    """The finding's line, and the command that fixes it when it says one."""
    fix = fix_line(result, f)
    return [finding_line(result, f, paint)] + ([fix] if fix else [])
