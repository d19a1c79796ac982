"""Event packs: what a tournament adds to the game rules.

A pack is a small YAML file (``schemas/event.schema.json``)::

    event: Autumn Clash 2026
    system: fantasy-triumph
    points: 48                         # replaces the list's own limit
    data_version: "1"                  # optional: the data version the event is played on
    ban: [Mindblast, Illusion]         # names not allowed, of any kind
    limit: {Unreliable: 2, heroes: 1}  # caps on a name's count or on a total
    require:                           # what the event adds
      min_stands: 12                   # min_<total> / max_<total>
      include: [General]               # names every list must hold
      settings: {topography: Forest}   # top-level list keys that must have this value

A games day with several systems uses ``systems:`` (system id → the same rule keys) instead
of ``system:``; rule keys at the top then apply to every system.

The pack is read with the safe loader and checked against its schema; every problem is a
finding whose ``source`` is the pack and whose line is the pack's. Applied to a checked list,
the pack adds findings (``EVT010``…) that cite the line of the pack rule they enforce and say
where the list breaks it. Counting uses the system's :meth:`~armybuilder.systems.System.inventory`;
a system without one gets a warning instead of silently passing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Iterable, Sequence

from armybuilder import schema, systems
from armybuilder.codes import Code
from armybuilder.findings import Finding, Result, Severity, locate, number
from armybuilder.text import fmt_points
from armybuilder.suggest import did_you_mean, fold
from armybuilder.yamlio import LoadError, load_file

SCHEMA = "event"  # schemas/event.schema.json
RULE = "event pack"

E, W = Severity.ERROR, Severity.WARNING

CODES = [
    Code("EVT001", "pack-shape", E, "event pack schema",
         "The event pack does not fit the event-pack schema (`schemas/event.schema.json`): an unknown key "
         "(often a typo: a suggestion is given), a value of the wrong type, a negative cap. The finding "
         "cites the pack's line. A pack that is not YAML at all is reported with the generic ABL codes. "
         "Commands given a broken pack stop with exit code 2 before checking any list."),
    Code("EVT002", "pack-conflict", E, "event pack",
         "The event pack fits its schema but cannot be applied: it names a game system armybuilder does not "
         "know, has both `system` and `systems`, puts `points` or `data_version` at the top of a "
         "several-systems pack (they belong under `systems.<id>`), asks for a `min_` total above its `max_`, "
         "or both bans and requires the same name. Exit code 2."),
    Code("EVT010", "wrong-system", E, "event pack",
         "The list is for another game system than the event's (`system`, or the keys of `systems`). "
         "The list is still checked against its own game's rules, but it cannot be played at the event."),
    Code("EVT011", "banned", E, "event pack",
         "The list holds something the event bans (`ban:`). Names are matched without regard to case, "
         "spaces, hyphens or underscores, across every kind of thing the list holds (cards, troops, classes, "
         "heroes, factions, races, units). The message gives the list lines where it appears."),
    Code("EVT012", "over-event-limit", E, "event pack",
         "The list has more of a name than the event's `limit:` allows. A limit on a name counts what the "
         "game system counts for it (stands carrying a card, tokens of a faction, copies of a unit), summed "
         "over the list within one kind; a limit on a total (stands, heroes, tokens, units, points...) "
         "compares that total."),
    Code("EVT013", "below-event-minimum", E, "event pack",
         "A total of the list (stands, heroes, points, tokens, units...) is below the event's "
         "`require: {min_<total>: N}`."),
    Code("EVT014", "above-event-maximum", E, "event pack",
         "A total of the list is above the event's `require: {max_<total>: N}`."),
    Code("EVT015", "missing-required", E, "event pack",
         "The event requires every list to hold a name (`require: {include: [...]}`) and this list has none."),
    Code("EVT016", "setting-mismatch", E, "event pack",
         "The event fixes a top-level key of the list (`require: {settings: {mode: skirmish}}`) and the list "
         "gives another value or none. Text is compared without regard to case."),
    Code("EVT017", "data-version-mismatch", W, "event pack",
         "The event is played on another data version of the game than the one armybuilder has "
         "(`armybuilder systems` shows it). The list is checked with armybuilder's data, so the verdict "
         "may differ from the event's rules: update armybuilder or the pack."),
    Code("EVT018", "event-rule-not-checked", W, "event pack",
         "A rule of the event pack cannot be checked for this list: the game system does not count that "
         "total, does not list its items yet, or is not measured in points (so `points` does not apply). "
         "The list is not refused for it: check that rule by hand."),
    Code("EVT090", "check-failed", E, "armybuilder",
         "armybuilder failed while checking this list (an internal error, or the file could not be read). "
         "In a tournament run the list counts as illegal and the run goes on. Please report the message."),
]
CODE_INDEX = {c.code: c for c in CODES}


class PackError(Exception):
    """A pack that cannot be used: its findings say why (with the pack's lines)."""

    def __init__(self, findings: list[Finding]):
        super().__init__("; ".join(f.message for f in findings))
        self.findings = findings

    def lines(self) -> list[str]:
        """``pack.yaml:3:5: EVT001 [error] ...`` lines, for stderr."""
        from armybuilder.reporters.text import finding_line

        return [finding_line(Result(file=f.source or ""), f) for f in sorted(self.findings, key=Finding.sort_key)]


@dataclass
class Entry:
    """One rule of the pack: a name or total, a value, and where the pack says it."""

    name: str
    value: Any
    path: tuple


@dataclass
class Rules:
    """What the event asks of the lists of one system (top-level and per-system rules merged)."""

    system: str
    points: Any = None
    points_path: tuple = ()
    data_version: str | None = None
    data_version_path: tuple = ()
    ban: list[Entry] = field(default_factory=list)
    limit: list[Entry] = field(default_factory=list)
    minimum: list[Entry] = field(default_factory=list)
    maximum: list[Entry] = field(default_factory=list)
    include: list[Entry] = field(default_factory=list)
    settings: list[Entry] = field(default_factory=list)

    @property
    def counts_items(self) -> bool:
        return bool(self.ban or self.limit or self.minimum or self.maximum or self.include)

    def describe(self) -> dict[str, Any]:
        return {
            "points": number(self.points),
            "data_version": self.data_version,
            "ban": [e.name for e in self.ban],
            "limit": {e.name: e.value for e in self.limit},
            "require": {
                **{f"min_{e.name}": e.value for e in self.minimum},
                **{f"max_{e.name}": e.value for e in self.maximum},
                **({"include": [e.name for e in self.include]} if self.include else {}),
                **({"settings": {e.name: e.value for e in self.settings}} if self.settings else {}),
            },
        }


@dataclass
class Pack:
    file: str
    event: str
    rules: dict[str, Rules]  # system id -> rules, in the pack's order
    system_path: tuple
    data: dict = field(default_factory=dict)
    positions: dict = field(default_factory=dict)
    key_positions: dict = field(default_factory=dict)

    @property
    def system_ids(self) -> list[str]:
        return list(self.rules)

    def rules_for(self, system_id: str | None) -> Rules | None:
        return self.rules.get(system_id) if system_id is not None else None

    def finding(self, code: str, message: str, path: tuple = ()) -> Finding:
        c = CODE_INDEX[code]
        return _pack_finding(self.file, code, c.severity, message, c.rule, path, self.positions, self.key_positions)

    def describe(self) -> dict[str, Any]:
        """The pack as plain data, for reports."""
        out: dict[str, Any] = {"event": self.event, "file": self.file, "systems": self.system_ids}
        for key in ("date", "organiser", "url"):
            if key in self.data:
                out[key] = self.data[key]
        out["rules"] = {sid: r.describe() for sid, r in self.rules.items()}
        return out

    # -- applying the pack to a checked list ------------------------------------------------

    def apply(self, result: Result, points_overridden: bool = False) -> None:
        """Add the event's findings to a list already checked against its game's rules."""
        if result.system is None:
            return  # not a list at all: its own finding says why
        rules = self.rules_for(result.system)
        if rules is None:
            wanted = " or ".join(self.system_ids)
            result.add([self.finding(
                "EVT010", f"{self.event} is played with {wanted}; this list is for {result.system}",
                self.system_path)])
            return
        if is_broken(result):
            return  # the list does not fit its format: nothing can be counted
        result.add(self._check(rules, result, points_overridden))

    def _check(self, rules: Rules, result: Result, points_overridden: bool) -> Iterable[Finding]:
        system = systems.get(result.system)
        if rules.data_version is not None and rules.data_version != system.data_version:
            yield self.finding(
                "EVT017",
                f"{self.event} is played on {system.id} data version {rules.data_version}; armybuilder has "
                f"version {system.data_version}, so its verdict may not match the event's rules",
                rules.data_version_path)
        if rules.points is not None and not points_overridden and result.measure.limit != rules.points:
            unit = result.measure.unit or "points"
            yield self.finding(
                "EVT018",
                f"the event's points limit ({fmt_points(rules.points)}) does not apply to {system.id} lists "
                f"(measured in {unit}); check it by hand",
                rules.points_path)
        yield from self._check_settings(rules, result)
        if not rules.counts_items:
            return
        items = inventory_of(result)
        if not items:
            yield self.finding(
                "EVT018",
                f"{system.id} does not list what a list holds yet, so the event's bans, limits and "
                "requirements cannot be checked for this list; check them by hand",
                _first_path(rules) or self.system_path)
            return
        index = _Index(items, result)
        for entry in rules.ban:
            hits = index.named(entry.name)
            if hits:
                kinds = sorted({i.kind for i in hits})
                yield self.finding(
                    "EVT011",
                    f"{'/'.join(kinds)} '{hits[0].name}' is banned at {self.event} ({index.where(hits)})",
                    entry.path)
        for entry in rules.limit:
            count, kind, hits = index.count(entry.name)
            if count is not None and count > entry.value:
                if kind == "total":
                    what, where = f"{entry.name.replace('_', ' ')} in a list", ""
                else:
                    what, where = f"{kind} '{hits[0].name}'", f" ({index.where(hits)})"
                yield self.finding(
                    "EVT012",
                    f"{self.event} allows at most {_n(entry.value)} {what}; the list has {_n(count)}{where}",
                    entry.path)
        for entry, code, word in [(e, "EVT013", "at least") for e in rules.minimum] + \
                                 [(e, "EVT014", "at most") for e in rules.maximum]:
            total = index.total(entry.name)
            if total is None:
                yield self.finding(
                    "EVT018",
                    f"{system.id} does not count '{entry.name}' (it counts: {', '.join(index.total_names()) or 'nothing'}), "
                    f"so the event's {'min' if code == 'EVT013' else 'max'}_{entry.name} cannot be checked",
                    entry.path)
            elif (code == "EVT013" and total < entry.value) or (code == "EVT014" and total > entry.value):
                yield self.finding(
                    code,
                    f"{self.event} requires {word} {_n(entry.value)} {entry.name.replace('_', ' ')}; "
                    f"the list has {_n(total)}",
                    entry.path)
        for entry in rules.include:
            if not index.named(entry.name):
                yield self.finding(
                    "EVT015", f"{self.event} requires '{entry.name}' in every list; this list has none", entry.path)

    def _check_settings(self, rules: Rules, result: Result) -> Iterable[Finding]:
        data = result.document if isinstance(result.document, dict) else {}
        for entry in rules.settings:
            key = _find_key(data, entry.name)
            if key is None:
                yield self.finding(
                    "EVT016",
                    f"{self.event} is played with {entry.name}: {_show(entry.value)}; the list does not say its "
                    f"{entry.name}", entry.path)
                continue
            value = data[key]
            if not _same(value, entry.value):
                line = locate(result.positions or {}, (key,))[0]
                yield self.finding(
                    "EVT016",
                    f"{self.event} is played with {entry.name}: {_show(entry.value)}; the list says "
                    f"{_show(value)} (list line {line})", entry.path)


def _first_path(rules: Rules) -> tuple:
    for entries in (rules.ban, rules.limit, rules.minimum, rules.maximum, rules.include):
        if entries:
            return entries[0].path
    return ()


def _n(value: Any) -> str:
    """A count or cap as a player writes it: 3, 5½."""
    if isinstance(value, float):
        value = Fraction(value).limit_denominator(4)
    if isinstance(value, (Fraction, int)) and not isinstance(value, bool):
        return fmt_points(value)
    return str(value)


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (dict, list)):
        return "(a " + ("mapping" if isinstance(value, dict) else "list") + ")"
    return str(value)


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, str) and isinstance(b, str):
        return fold(a) == fold(b)
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    return a == b


def _find_key(data: dict, name: str) -> Any:
    if name in data:
        return name
    for key in data:
        if isinstance(key, str) and fold(key) == fold(name):
            return key
    return None


def is_broken(result: Result) -> bool:
    """The file could not be read as a list of its system (YAML or shape problems)."""
    return result.system is None or any(
        f.severity is Severity.ERROR and f.code.startswith("ABL") for f in result.findings)


class _Index:
    """A list's inventory, looked up by folded name."""

    def __init__(self, items: Sequence[systems.Item], result: Result):
        self.result = result
        self.items: dict[str, list[systems.Item]] = {}
        self.totals: dict[str, Any] = {}
        self.total_order: list[str] = []
        for item in items:
            if item.kind == "total":
                if fold(item.name) not in self.totals:
                    self.total_order.append(item.name)
                self.totals.setdefault(fold(item.name), item.count)
            else:
                self.items.setdefault(fold(item.name), []).append(item)
        m = result.measure
        if m.total is not None and m.unit and fold(m.unit) not in self.totals:
            self.totals[fold(m.unit)] = m.total  # "points", "units", "tokens": what the list is measured in
            self.total_order.append(m.unit)

    def named(self, name: str) -> list[systems.Item]:
        return [i for i in self.items.get(fold(name), []) if i.count]

    def total(self, name: str) -> Any:
        return self.totals.get(fold(name))

    def total_names(self) -> list[str]:
        return self.total_order

    def count(self, name: str) -> tuple[Any, str, list[systems.Item]]:
        """The count a limit compares: a total, else the largest per-kind sum of the name's items."""
        total = self.total(name)
        if total is not None:
            return total, "total", []
        hits = self.named(name)
        if not hits:
            return None, "", []
        by_kind: dict[str, list[systems.Item]] = {}
        for i in hits:
            by_kind.setdefault(i.kind, []).append(i)
        kind, group = max(by_kind.items(), key=lambda kv: (sum(i.count for i in kv[1]), kv[0]))
        return sum(i.count for i in group), kind, group

    def where(self, hits: Sequence[systems.Item]) -> str:
        lines = sorted({locate(self.result.positions or {}, i.path)[0] for i in hits if i.path})
        if not lines:
            return "the list as a whole"
        return ("list line " if len(lines) == 1 else "list lines ") + ", ".join(str(n) for n in lines)


def inventory_of(result: Result) -> list[systems.Item] | None:
    """The items of a checked list, or None when the list is broken or its system has no inventory."""
    if is_broken(result) or not isinstance(result.document, dict):
        return None
    system = systems.get(result.system)
    items = system.inventory(result.document, result)
    return list(items) if items else None


# -- loading ---------------------------------------------------------------------------------


def _pack_finding(file: str, code: str, severity: Severity, message: str, rule: str | None, path: tuple,
                  positions: dict, key_positions: dict) -> Finding:
    if path in key_positions:
        line, col = key_positions[path]
    else:
        line, col = locate(positions, path) if positions else (1, 1)
    return Finding(code, severity, message, rule, path, line, col, source=file)


def load(path: str | Path) -> Pack:
    """Read, shape-check and parse a pack; :class:`PackError` with findings when it cannot be used.

    A missing file raises ``FileNotFoundError`` (the caller's usage error).
    """
    file = str(path)
    try:
        doc = load_file(path)
    except LoadError as exc:
        raise PackError([Finding(exc.code, Severity.ERROR, exc.message, "YAML", (), exc.line, exc.column,
                                 source=file)]) from None
    data = doc.data

    def finding(code: str, message: str, p: tuple = ()) -> Finding:
        c = CODE_INDEX[code]
        return _pack_finding(file, code, c.severity, message, c.rule, p, doc.positions, doc.key_positions)

    if not isinstance(data, dict):
        raise PackError([finding("EVT001", "an event pack is a mapping with an 'event' key at the top, not "
                                 + ("a list" if isinstance(data, list) else repr(data)[:40]))])
    shape = schema.check(data, SCHEMA, doc.key_positions)
    if shape:
        out = []
        for f in shape:
            if f.code == schema.CODES["additionalProperties"] and len(f.path) >= 2 and f.path[-2] == "require":
                f.message += " (require takes include, settings, min_<total> and max_<total>)"
            if f.line is None:
                f.line, f.column = locate(doc.positions, f.path)
            f.code, f.rule, f.source = "EVT001", "event pack schema", file
            out.append(f)
        raise PackError(out)

    problems: list[Finding] = []
    known = list(systems.REGISTRY)
    if "system" in data and "systems" in data:
        problems.append(finding("EVT002", "the pack has both 'system' and 'systems'; use 'system' for one game, "
                                "'systems' for several", ("systems",)))
    if "systems" in data:
        for key in ("points", "data_version"):
            if key in data:
                problems.append(finding("EVT002", f"'{key}' belongs to one system: with 'systems', write it under "
                                        f"systems.<id>.{key}", (key,)))
        ids = [(sid, ("systems", sid)) for sid in data["systems"]]
        system_path: tuple = ("systems",)
    else:
        ids = [(data["system"], ("system",))]
        system_path = ("system",)
    for sid, p in ids:
        if sid not in systems.REGISTRY:
            problems.append(finding("EVT002", f"unknown game system '{sid}'{did_you_mean(sid, known)} "
                                    f"(systems: {', '.join(known)})", p))

    top = _parse_block(data, ())
    blocks = data.get("systems") or {data.get("system"): {}}
    rules: dict[str, Rules] = {}
    for sid, block in blocks.items():
        r = _merge(str(sid), top, _parse_block(block, ("systems", sid)) if "systems" in data else None)
        rules[str(sid)] = r
        problems.extend(_conflicts(r, finding))
    if problems:
        raise PackError(_dedupe(problems))
    return Pack(file, data["event"], rules, system_path, data, doc.positions, doc.key_positions)


def _parse_block(block: dict, prefix: tuple) -> Rules:
    r = Rules(system="")
    if "points" in block:
        r.points = Fraction(block["points"]).limit_denominator(2)
        r.points_path = prefix + ("points",)
    if "data_version" in block:
        r.data_version = str(block["data_version"])
        r.data_version_path = prefix + ("data_version",)
    r.ban = [Entry(name, None, prefix + ("ban", i)) for i, name in enumerate(block.get("ban", []))]
    r.limit = [Entry(str(name), cap, prefix + ("limit", name)) for name, cap in block.get("limit", {}).items()]
    for key, value in block.get("require", {}).items():
        p = prefix + ("require", key)
        if key == "include":
            r.include = [Entry(name, None, p + (i,)) for i, name in enumerate(value)]
        elif key == "settings":
            r.settings = [Entry(str(k), v, p + (k,)) for k, v in value.items()]
        elif key.startswith("min_"):
            r.minimum.append(Entry(key[4:], value, p))
        elif key.startswith("max_"):
            r.maximum.append(Entry(key[4:], value, p))
    return r


def _merge(system_id: str, top: Rules, own: Rules | None) -> Rules:
    r = Rules(system=system_id, points=top.points, points_path=top.points_path,
              data_version=top.data_version, data_version_path=top.data_version_path)
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


def _conflicts(r: Rules, finding) -> Iterable[Finding]:
    maxima = {fold(e.name): e for e in r.maximum}
    for e in r.minimum:
        top = maxima.get(fold(e.name))
        if top is not None and e.value > top.value:
            yield finding("EVT002", f"min_{e.name} ({_n(e.value)}) is above max_{top.name} ({_n(top.value)})", e.path)
    banned = {fold(e.name): e for e in r.ban}
    for e in r.include:
        if fold(e.name) in banned:
            yield finding("EVT002", f"'{e.name}' is both banned and required", e.path)


def _dedupe(findings: list[Finding]) -> list[Finding]:
    seen, out = set(), []
    for f in findings:
        key = (f.code, f.line, f.column, f.message)
        if key not in seen:
            seen.add(key)
            out.append(f)
    return out


# -- checking lists against a pack -----------------------------------------------------------


def check_path(path: str | Path, pack: Pack, points: Any = None) -> Result:
    """Check one list file against its game's rules and the pack.

    ``points`` (the command line's ``--points``) wins over the pack's. Never raises for a
    broken file (FileNotFoundError / IsADirectoryError are the caller's).
    """
    from armybuilder.check import check_document

    result = Result(file=str(path))
    try:
        doc = load_file(path)
    except LoadError as exc:
        result.findings.append(Finding(exc.code, Severity.ERROR, exc.message, "YAML", line=exc.line, column=exc.column))
        return result
    system_id = doc.data.get("system") if isinstance(doc.data, dict) else None
    rules = pack.rules_for(system_id if isinstance(system_id, str) else None)
    limit = points if points is not None else (rules.points if rules else None)
    check_document(doc, result, systems.CheckOptions(points=limit, extra={"event": pack}))
    pack.apply(result, points_overridden=points is not None)
    return result


def check_all(files: Sequence[Path], pack: Pack, points: Any = None) -> list[Result]:
    return [check_path(f, pack, points) for f in files]
