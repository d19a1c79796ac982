"""Event packs: what a tournament adds to the game rules.

A pack is a small YAML file (``schemas/event.schema.json``)::

    event: Autumn Clash 2026
    system: <id>                       # the game system played (``armybuilder systems`` lists the ids)
    points: 48                         # replaces the list's own limit (a system measured in points)
    data_version: "1"                  # optional: the data version the event is played on
    ban: [Mindblast, Illusion]         # names not allowed, of any kind
    limit: {Unreliable: 2, heroes: 1}  # caps on a name's count or on a total
    require:                           # what the event adds
      min_stands: 12                   # min_<total> / max_<total>
      include: [Subcommander]          # names every list must hold
      settings: {topography: Forest}   # top-level list keys that must have this value

A games day with several systems uses ``systems:`` (system id → the same rule keys) instead
of ``system:``; rule keys at the top then apply to every system.

This module reads a pack (:func:`load`) with the safe loader and checks it against its schema,
then resolves every name of its rules against the game data (:mod:`armybuilder.events.names`,
EVT003: a typo would check nothing); every problem is a finding whose ``source`` is the pack and
whose line is the pack's. A file that is a list, not a pack, is :class:`NotAPack` (one finding). The checks
a pack makes of a list are one module per code in :mod:`armybuilder.events.rules`; the pipeline
(:func:`armybuilder.check.check`) asks the pack for its points (:meth:`Pack.points_for`) and then
applies it (:meth:`Pack.apply`). The pack's ``points`` apply only to a system whose manifest says
``points_limit``; any other system's lists get EVT018 for them. Counting uses the system's
:meth:`~armybuilder.systems.System.inventory` (:mod:`armybuilder.events.inventory`); a system
without one gets a warning instead of silently passing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from armybuilder import schema, systems
from armybuilder.check import load_failure
from armybuilder.events import names
from armybuilder.events import rules as event_rules
from armybuilder.events.inventory import count_text, inventory_of, is_broken
from armybuilder.events.requirements import Entry, Rules
from armybuilder.events.rules._base import Context
from armybuilder.findings import Finding, Result, finding_line, locate
from armybuilder.outcome import ExitCode, Outcome
from armybuilder.suggest import fold
from armybuilder.yamlio import LoadError, load_file

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder import findings

__all__ = ["Entry", "NotAPack", "Pack", "PackError", "Rules", "inventory_of", "is_broken", "load", "load_pack"]

SCHEMA = "event"  # schemas/event.schema.json


class PackError(Exception):
    """A pack that cannot be used: its findings say why (with the pack's lines)."""

    def __init__(self, findings: list[Finding]):
        super().__init__("; ".join(f.message for f in findings))
        self.findings = findings

    def lines(self) -> list[str]:
        """``pack.yaml:3:5: EVT001 [error] ...`` lines, for stderr."""
        return [finding_line(Result(file=f.source or ""), f) for f in sorted(self.findings, key=Finding.sort_key)]


class NotAPack(PackError):
    """The file is a list, not an event pack (arguments given the wrong way round): one finding."""


def _finding(
    file: str,
    code: str,
    message: str,
    path: findings.Path,
    positions: findings.Positions,
    key_positions: findings.Positions,
    at: tuple[int | None, int | None] | None = None,
) -> Finding:
    """The pack's finding helper: the code's severity and rule, the pack's file, the pack rule's line.

    ``at`` is a line and column already known (the schema's); else the path's key, else its value.
    """
    rule = event_rules.BY_CODE[code]
    if at is not None and at[0] is not None:
        line, col = at
    elif path in key_positions:
        line, col = key_positions[path]
    else:
        line, col = locate(positions, path) if positions else (1, 1)
    return Finding(code, rule.SEVERITY, message, rule.RULE, path, line, col, source=file)


@dataclass
class Pack:
    file: str
    event: str
    rules: dict[str, Rules]  # system id -> rules, in the pack's order
    system_path: findings.Path
    data: dict[str, Any] = field(default_factory=dict)
    positions: dict[findings.Path, tuple[int, int]] = field(default_factory=dict)
    key_positions: dict[findings.Path, tuple[int, int]] = field(default_factory=dict)

    @property
    def system_ids(self) -> list[str]:
        return list(self.rules)

    def rules_for(self, system_id: str | None) -> Rules | None:
        return self.rules.get(system_id) if system_id is not None else None

    def points_for(self, system_id: str | None) -> Fraction | None:
        """The points limit the pack sets for lists of a system; None when it sets none, or when the
        system's manifest does not take an outside points limit (those lists get EVT018 instead)."""
        rules = self.rules_for(system_id)
        if rules is None or rules.points is None or not _takes_points(system_id):
            return None
        return rules.points

    def finding(self, code: str, message: str, path: findings.Path = ()) -> Finding:
        return _finding(self.file, code, message, path, self.positions, self.key_positions)

    def describe(self) -> dict[str, Any]:
        """The pack as plain data, for reports."""
        out: dict[str, Any] = {"event": self.event, "file": self.file, "systems": self.system_ids}
        for key in ("date", "organiser", "url"):
            if key in self.data:
                out[key] = self.data[key]
        out["rules"] = {sid: r.describe() for sid, r in self.rules.items()}
        return out

    def apply(self, result: Result, points_overridden: bool = False) -> None:
        """Add the event's findings to a list already checked against its game's rules.

        ``points_overridden`` says the command line's ``--points`` replaced the pack's points; no
        check depends on it: on a system with a points limit the list was checked against the
        command line's points, and on any other the pack's points get EVT018 either way.
        """
        if result.system is None:
            return  # not a list at all: its own finding says why
        result.add(event_rules.check(Context(self, result)))


def _takes_points(system_id: str | None) -> bool:
    try:
        return system_id is not None and systems.manifest(system_id).points_limit
    except KeyError:
        return False


# -- loading ---------------------------------------------------------------------------------


def load_pack(event: Path | str) -> Pack | Outcome:
    """The event pack of ``--event`` (``validate``, ``export``), or the outcome that says why it
    cannot be used: its findings on stderr, exit 2."""
    try:
        return load(event)
    except PackError as exc:
        return Outcome("", exc.lines(), ExitCode.USAGE)
    except OSError as exc:  # the CLI refuses a missing pack first; a caller of this function may not
        from armybuilder.text import one_line

        return Outcome.usage(one_line(f"armybuilder: {event}: cannot read the event pack ({exc.strerror or exc})"))


def load(path: str | Path) -> Pack:
    """Read, shape-check and parse a pack; :class:`PackError` with findings when it cannot be used.

    A missing file raises ``FileNotFoundError`` (the caller's usage error).
    """
    file = str(path)
    try:
        doc = load_file(path)
    except LoadError as exc:
        raise PackError([load_failure(exc, source=file)]) from None
    data = doc.data

    def finding(
        code: str, message: str, p: findings.Path = (), at: tuple[int | None, int | None] | None = None
    ) -> Finding:
        return _finding(file, code, message, p, doc.positions, doc.key_positions, at)

    if not isinstance(data, dict):
        raise PackError(
            [
                finding(
                    "EVT001",
                    "an event pack is a mapping with an 'event' key at the top, not "
                    + ("a list" if isinstance(data, list) else repr(data)[:40]),
                )
            ]
        )
    if "event" not in data:
        swapped = _a_list(data)
        if swapped is not None:
            raise NotAPack([finding("EVT001", swapped)])
    shape = schema.check(data, SCHEMA, doc.key_positions)
    if shape:
        out = []
        for f in shape:
            message = f.message
            if f.code == schema.CODES["additionalProperties"] and len(f.path) >= 2 and f.path[-2] == "require":
                message += " (require takes include, settings, min_<total> and max_<total>)"
            at = (f.line, f.column) if f.line is not None else locate(doc.positions, f.path)
            out.append(finding("EVT001", message, f.path, at))
        raise PackError(out + list(_bounds(data, finding)))

    problems: list[Finding] = []
    if "system" in data and "systems" in data:
        problems.append(
            finding(
                "EVT002",
                "the pack has both 'system' and 'systems'; use 'system' for one game, 'systems' for several",
                ("systems",),
            )
        )
    if "systems" in data:
        for key in ("points", "data_version"):
            if key in data:
                problems.append(
                    finding(
                        "EVT002",
                        f"'{key}' belongs to one system: with 'systems', write it under systems.<id>.{key}",
                        (key,),
                    )
                )
        ids: list[tuple[Any, findings.Path]] = [(sid, ("systems", sid)) for sid in data["systems"]]
        system_path: findings.Path = ("systems",)
    else:
        ids = [(data["system"], ("system",))]
        system_path = ("system",)
    for sid, p in ids:
        if not systems.known(sid):
            known = systems.ids()
            problems.append(
                finding(
                    "EVT002",
                    f"unknown game system '{sid}'{systems.suggestion(str(sid), known)} (systems: {', '.join(known)})",
                    p,
                )
            )

    top = _parse_block(data, ())
    blocks = data.get("systems") or {data.get("system"): {}}
    rules: dict[str, Rules] = {}
    for sid, block in blocks.items():
        r = _merge(str(sid), top, _parse_block(block, ("systems", sid)) if "systems" in data else None)
        rules[str(sid)] = r
        problems.extend(_conflicts(r, finding))
    problems.extend(names.resolve(rules, "systems" in data, finding))
    if problems:
        raise PackError(_dedupe(problems))
    return Pack(file, data["event"], rules, system_path, data, doc.positions, doc.key_positions)


def _a_list(data: dict[str, Any]) -> str | None:
    """Why a mapping with no 'event' key is a list rather than a pack, or None when it is not one."""
    system_id = data.get("system")
    if not isinstance(system_id, str) or system_id not in systems.available():
        return None
    list_keys = set(schema.properties(systems.manifest(system_id).list_schema)) - set(schema.properties(SCHEMA))
    if not any(k in list_keys for k in data):
        return None
    return (
        f"this file is a {system_id} list, not an event pack (a pack starts with 'event: NAME'); "
        "give the event pack first and the lists after it"
    )


def _bounds(data: dict[str, Any], finding: Callable[[str, str, findings.Path], Finding]) -> Iterator[Finding]:
    """``min_X`` above ``max_X`` in one ``require`` block, found even when the pack has other
    shape errors (a complete pack gets it from :func:`_conflicts`, after the blocks are merged)."""
    blocks: list[tuple[findings.Path, Any]] = [((), data)]
    if isinstance(data.get("systems"), dict):
        blocks += [(("systems", sid), block) for sid, block in data["systems"].items()]
    for prefix, block in blocks:
        require = block.get("require") if isinstance(block, dict) else None
        if not isinstance(require, dict):
            continue
        for key, low in require.items():
            if not (isinstance(key, str) and key.startswith("min_")):
                continue
            high = require.get("max_" + key[4:])
            if _is_count(low) and _is_count(high) and low > high:
                yield finding(
                    "EVT002",
                    f"{key} ({count_text(low)}) is above max_{key[4:]} ({count_text(high)})",
                    (*prefix, "require", key),
                )


def _is_count(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _parse_block(block: dict[str, Any], prefix: findings.Path) -> Rules:
    r = Rules(system="")
    if "points" in block:
        r.points = Fraction(block["points"]).limit_denominator(2)
        r.points_path = (*prefix, "points")
    if "data_version" in block:
        r.data_version = str(block["data_version"])
        r.data_version_path = (*prefix, "data_version")
    r.ban = [Entry(name, None, (*prefix, "ban", i)) for i, name in enumerate(block.get("ban", []))]
    r.limit = [Entry(str(name), cap, (*prefix, "limit", name)) for name, cap in block.get("limit", {}).items()]
    for key, value in block.get("require", {}).items():
        p = (*prefix, "require", key)
        if key == "include":
            r.include = [Entry(name, None, (*p, i)) for i, name in enumerate(value)]
        elif key == "settings":
            r.settings = [Entry(str(k), v, (*p, k)) for k, v in value.items()]
        elif key.startswith("min_"):
            r.minimum.append(Entry(key[4:], value, p))
        elif key.startswith("max_"):
            r.maximum.append(Entry(key[4:], value, p))
    return r


def _merge(system_id: str, top: Rules, own: Rules | None) -> Rules:
    r = Rules(
        system=system_id,
        points=top.points,
        points_path=top.points_path,
        data_version=top.data_version,
        data_version_path=top.data_version_path,
    )
    for part in (top, own):
        if part is None:
            continue
        if part.points is not None:
            r.points, r.points_path = part.points, part.points_path
        if part.data_version is not None:
            r.data_version, r.data_version_path = part.data_version, part.data_version_path
        for name in ("ban", "limit", "minimum", "maximum", "include", "settings"):
            getattr(r, name).extend(getattr(part, name))
    return r


def _conflicts(r: Rules, finding: Callable[[str, str, findings.Path], Finding]) -> Iterator[Finding]:
    maxima = {fold(e.name): e for e in r.maximum}
    for e in r.minimum:
        top = maxima.get(fold(e.name))
        if top is not None and e.value > top.value:
            yield finding(
                "EVT002",
                f"min_{e.name} ({count_text(e.value)}) is above max_{top.name} ({count_text(top.value)})",
                e.path,
            )
    banned = {fold(e.name): e for e in r.ban}
    for e in r.include:
        if fold(e.name) in banned:
            yield finding("EVT002", f"'{e.name}' is both banned and required", e.path)


def _dedupe(findings: list[Finding]) -> list[Finding]:
    seen: set[tuple[str, int | None, int | None, str]] = set()
    out: list[Finding] = []
    for f in findings:
        key = (f.code, f.line, f.column, f.message)
        if key not in seen:
            seen.add(key)
            out.append(f)
    return out
