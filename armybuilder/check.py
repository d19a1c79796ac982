"""The pipeline every command uses: load, check, result.

``load(path)`` reads a file with the safe loader; ``check(doc, file, options, pack)`` checks it
against its game's rules and, when given, an event pack; both end in one
:class:`~armybuilder.findings.Result`. A file that cannot be read as a list (not YAML, wrong
shape, unknown system) becomes a result with one error finding (:func:`load_failure` is the one
place that turns a load error into a finding); it never raises, so a tournament run goes on past
it. A file that does not exist is the caller's usage error (``FileNotFoundError``).

An outside points limit (``options.points``, or an event pack's ``points``) is passed to a system
only when its manifest says ``points_limit``; the commands refuse ``--points`` for the others
(:func:`points_refusal`), and an event pack warns (EVT018).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from armybuilder import schema, systems
from armybuilder.findings import Finding, Result, Severity
from armybuilder.text import one_line
from armybuilder.yamlio import Document, LoadError, load_file, loads

if TYPE_CHECKING:  # pragma: no cover
    from fractions import Fraction


class PackLike(Protocol):  # armybuilder.events.Pack, without importing it here
    def points_for(self, system_id: str | None) -> Fraction | None: ...

    def apply(self, result: Result, points_overridden: bool = False) -> None: ...


def load(path: str | Path) -> Document:
    """A list file read with the safe loader; LoadError when it is not a readable YAML list."""
    return load_file(path)


def load_failure(exc: LoadError, source: str | None = None) -> Finding:
    """The one finding a file that cannot be loaded gets (``source``: the file, when the finding is
    about another file than the result's own, as an event pack's is)."""
    return Finding(exc.code, Severity.ERROR, exc.message, "YAML", line=exc.line, column=exc.column, source=source)


def check_path(path: str | Path, options: systems.CheckOptions | None = None, pack: PackLike | None = None) -> Result:
    """Check one list file. Raises FileNotFoundError / IsADirectoryError for the caller."""
    file = str(path)
    try:
        doc = load(path)
    except LoadError as exc:
        return Result(file=file, findings=[load_failure(exc)])
    return check(doc, file, options, pack)


def check_text(
    text: str, file: str = "<text>", options: systems.CheckOptions | None = None, pack: PackLike | None = None
) -> Result:
    """Check list text (what a file would hold); ``file`` names it in the findings."""
    try:
        doc = loads(text)
    except LoadError as exc:
        return Result(file=file, findings=[load_failure(exc)])
    return check(doc, file, options, pack)


def headline(path: str | Path) -> Result:
    """What a list file says it is, not checked against its rules: its game and its name as
    :func:`check_path` gives them (a page sorts and searches many lists by these, then checks the
    ones it shows). A file that cannot be read gets its finding, as it would from a check."""
    file = str(path)
    try:
        doc = load(path)
    except LoadError as exc:
        return Result(file=file, findings=[load_failure(exc)])
    result = Result(file=file, document=doc.data, positions=doc.positions)
    system = _system(doc.data, result)
    if system is not None:
        result.system = system.id
        if isinstance(doc.data.get("name"), str):
            result.name = doc.data["name"]
    return result


def check(
    doc: Document, file: str, options: systems.CheckOptions | None = None, pack: PackLike | None = None
) -> Result:
    """Check a loaded list against its game's rules, then against ``pack`` when given."""
    options = options or systems.CheckOptions()
    result = Result(file=file, document=doc.data, positions=doc.positions)
    system = _system(doc.data, result)
    if system is None:
        return result
    result.system = system.id
    result.not_checked = system.not_checked
    if isinstance(doc.data.get("name"), str):
        result.name = doc.data["name"]
    overridden = options.points is not None
    if not system.manifest.points_limit:
        options = replace(options, points=None)
    elif pack is not None and not overridden:
        options = replace(options, points=pack.points_for(system.id))
    shape = schema.check(doc.data, system.list_schema, doc.key_positions)
    if shape:
        result.add(shape)
        result.add(well_formed_findings(doc.data, shape, system, options))
    else:
        system.check(doc.data, result, options)
    result.add(data_version_finding(doc.data, system))
    if pack is not None:
        pack.apply(result, points_overridden=overridden)
    return result


def well_formed_findings(
    data: dict[str, Any], shape: list[Finding], system: systems.System, options: systems.CheckOptions
) -> list[Finding]:
    """What the game's rules find in the well-formed entries of a list whose other parts do not fit
    its format (``shape``: their findings), so that one shape error does not hide every other finding.

    Each entry of a top-level list (a class, a hero, a unit, an army card) with a shape error is left
    out, and the rest is checked as a list of its own when it fits the format; of what the rules find,
    only the findings about an entry are kept (with its place in the file). What they find about the
    list as a whole (its total, its size, its general) waits until the shape is right: the entries
    left out count in it. A shape error outside such an entry (a setting, a key missing at the top)
    leaves nothing to check."""
    out: dict[str, set[int]] = {}  # a top-level list's key: the entries left out
    for f in shape:
        p = tuple(f.path)
        if len(p) < 2 or not isinstance(data.get(p[0]), list) or not isinstance(p[1], int):
            return []
        out.setdefault(p[0], set()).add(p[1])
    kept = {key: [i for i in range(len(data[key])) if i not in gone] for key, gone in out.items()}
    rest = {key: [data[key][i] for i in kept[key]] if key in kept else value for key, value in data.items()}
    if schema.check(rest, system.list_schema):  # an entry left out that the format needs, a list too short
        return []
    partial = Result(file="", document=rest)
    system.check(rest, partial, replace(options, breakdown=False))
    lists = {key for key, value in data.items() if isinstance(value, list)}
    found = []
    for f in partial.findings:
        p = tuple(f.path)
        if len(p) < 2 or p[0] not in lists or not isinstance(p[1], int):
            continue  # about the list as a whole
        i = kept[p[0]][p[1]] if p[0] in kept else p[1]
        found.append(replace(f, path=(p[0], i, *p[2:]), line=None, column=None))
    return found


def pinned_version(data: Any) -> str | None:
    """The game data version a list pins (its ``data_version:``), as text; None when it pins none."""
    value = data.get("data_version") if isinstance(data, dict) else None
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        return None
    return str(value)


def data_version_finding(data: Any, system: systems.System) -> list[Finding]:
    """ABL040 when the list pins another data version than the installed one (any system)."""
    pinned = pinned_version(data)
    if pinned is None or pinned == system.data_version:
        return []
    return [
        Finding(
            "ABL040",
            Severity.WARNING,
            f"the list was built with {system.id} data version {one_line(pinned)}; armybuilder has data version "
            f"{system.data_version}, so its costs and verdict may differ from those it was built with",
            "list format",
            ("data_version",),
        )
    ]


def has_event_key(data: Any) -> bool:
    """A mapping with a top-level ``event`` key: no list format has that key, so it is not checked as
    a list (ABL005). Which file of a folder is an event pack is :func:`armybuilder.lists.is_event_pack`."""
    return isinstance(data, dict) and "event" in data


def event_pack_refusal(results: list[Result]) -> str | None:
    """The line that says a file given as a list is an event pack (exit 2), or None."""
    for r in results:
        if r.system is None and has_event_key(r.document):
            return one_line(
                f"{r.file} is an event pack, not a list; check lists against it with: "
                f"armybuilder validate LIST... --event {r.file}"
            )
    return None


def _system(data: Any, result: Result) -> systems.System | None:
    """The system a list names, or None with the finding that says why there is none."""
    if has_event_key(data):
        result.add(
            [
                Finding(
                    "ABL005",
                    Severity.ERROR,
                    "this file is an event pack, not a list: it has an 'event' key "
                    "(use --event to check lists against it, or give it to tournament as its PACK)",
                    "list schema",
                    ("event",),
                )
            ]
        )
        return None
    if not isinstance(data, dict):
        result.add(
            [
                Finding(
                    "ABL005",
                    Severity.ERROR,
                    "a list file is a mapping with a 'system' key at the top, not "
                    + ("a list" if isinstance(data, list) else repr(data)[:40]),
                    "list schema",
                    (),
                )
            ]
        )
        return None
    system_id = data.get("system")
    if system_id is None:
        known = systems.available()  # only for the message: finding the packages costs a file look-up each
        result.add(
            [
                Finding(
                    "ABL030",
                    Severity.ERROR,
                    f"the file has no 'system' key; start it with e.g. 'system: {known[0]}' "
                    f"(systems: {', '.join(known)})",
                    "list schema",
                    (),
                )
            ]
        )
        return None
    try:
        return systems.get(str(system_id))
    except KeyError:
        known = systems.available()
        result.add(
            [
                Finding(
                    "ABL031",
                    Severity.ERROR,
                    f"unknown game system '{system_id}'{systems.suggestion(str(system_id), known)} "
                    f"(systems: {', '.join(known)})",
                    "list schema",
                    ("system",),
                )
            ]
        )
        return None


def points_refusal(results: list[Result], flag: str = "--points") -> str | None:
    """Why ``--points`` cannot apply to these lists (a system measured in something else), or None."""
    for r in results:
        if r.system is None:
            continue
        m = systems.manifest(r.system)
        if not m.points_limit:
            takes = ", ".join(systems.points_systems()) or "no system"
            return (
                f"{flag} does not apply to {r.file}: {m.id} lists are measured in {m.measure}, "
                f"not points against a limit ({flag} applies to: {takes})"
            )
    return None
