"""The checking commands: validate, cost, systems, rule. Each returns an :class:`Outcome`; systems and
rule render their own report here, validate and cost theirs with :mod:`armybuilder.reporters`.

Parsing options and printing is ``cli.py``'s; the pipeline is :mod:`armybuilder.check`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from armybuilder.check import PackLike, check_path, event_pack_refusal, points_refusal
from armybuilder.findings import Result
from armybuilder.outcome import ExitCode, Outcome
from armybuilder.reporters import TEXT_WIDTH, Format, MinSeverity, Reporter, reporter, shown
from armybuilder.reporters.text import summary_lines
from armybuilder.systems import CheckOptions

if TYPE_CHECKING:  # pragma: no cover
    from fractions import Fraction

    from armybuilder.codes import Code
    from armybuilder.events import Pack


def points_limit(points: float | None) -> Fraction | None:
    """A ``--points`` value as the checks take it: halves are exact."""
    if points is None:
        return None
    from fractions import Fraction  # only here: most checks make no Fraction (a start-up cost)

    return Fraction(points).limit_denominator(2)


def check_all(
    files: Sequence[Path], points: float | None = None, pack: PackLike | None = None, breakdown: bool = True
) -> list[Result]:
    """Each file's result; ``breakdown`` False: without the cost tables (a report that shows none)."""
    options = CheckOptions(points=points_limit(points), breakdown=breakdown)
    return [check_path(f, options, pack) for f in files]


def exit_code(results: Sequence[Result]) -> ExitCode:
    return ExitCode.of(all(r.valid for r in results))


def load_pack(event: Path | str) -> Pack | Outcome:
    """The event pack of ``--event``, or the outcome that says why it cannot be used
    (:func:`armybuilder.events.load_pack`)."""
    from armybuilder import events

    return events.load_pack(event)


def _checked(
    files: Sequence[Path], points: float | None, event: Path | None, breakdown: bool = True
) -> list[Result] | Outcome:
    pack = None
    if event is not None:  # an event pack: its rules on top of the game's (armybuilder/events/)
        loaded = load_pack(event)
        if isinstance(loaded, Outcome):
            return loaded
        pack = loaded
    results = check_all(files, points, pack, breakdown)
    swapped = event_pack_refusal(results)
    if swapped:
        return Outcome.usage(f"armybuilder: {swapped}")
    if points is not None:
        why = points_refusal(results)
        if why:
            return Outcome.usage(f"armybuilder: {why}")
    return results


def _reporter(fmt: Format, color: bool, width: int) -> Reporter:
    """The report's writer; a text report colours (on a colour terminal) and fits ``width`` columns."""
    return reporter(fmt, color=color, width=width) if Format(fmt) is Format.text else reporter(fmt)


def validate(
    files: Sequence[Path],
    fmt: Format,
    points: float | None = None,
    event: Path | None = None,
    min_severity: MinSeverity | str = MinSeverity.info,
    color: bool = False,
) -> Outcome:
    """``min_severity``: hide the findings below it (the summary and the exit code stay the list's).
    A folder in ``files`` is every list file in it, found as ``tournament`` finds them; the files
    found and not checked are said on stderr, with the reason."""
    lists = list_files(files)
    if isinstance(lists, Outcome):
        return lists
    found, passed_over = lists
    if points is None and any(p.is_dir() for p in files):
        return _validate_folder(files, found, passed_over, fmt, event, min_severity, color)
    results = _checked(found, points, event, breakdown=False)  # findings only: no cost tables
    if isinstance(results, Outcome):
        return results
    report = _reporter(fmt, color, TEXT_WIDTH).validate(shown(results, min_severity))
    return Outcome(report, passed_over + summary_lines(results), exit_code(results))


def _validate_folder(
    files: Sequence[Path],
    found: list[Path],
    passed_over: list[str],
    fmt: Format,
    event: Path | None,
    min_severity: MinSeverity | str,
    color: bool,
) -> Outcome:
    """``validate`` of a folder: each list's report printed as it is checked (its status line kept
    for stderr), never the folder's results all at once, so memory does not grow with the number
    of lists (10,000 lists within 100 MB). The report is the same, byte for byte: a JSON report is
    written item by item. What could refuse the run is known before the first line: the lists
    named on the command line are checked first (an event pack given as a list is exit 2); with
    ``--points`` (which a system measured otherwise refuses) :func:`validate` checks them all first."""
    pack = None
    if event is not None:
        loaded = load_pack(event)
        if isinstance(loaded, Outcome):
            return loaded
        pack = loaded
    options = CheckOptions(points=None, breakdown=False)
    named = {p for p in files if not p.is_dir()}
    early = {p: check_path(p, options, pack) for p in found if p in named}
    swapped = event_pack_refusal(list(early.values()))
    if swapped:
        return Outcome.usage(f"armybuilder: {swapped}")
    outcome = Outcome(stderr=list(passed_over))
    outcome.stream = _validate_stream(found, early, options, pack, fmt, min_severity, color, outcome)
    return outcome


def _validate_stream(
    found: list[Path],
    early: dict[Path, Result],
    options: CheckOptions,
    pack: PackLike | None,
    fmt: Format,
    min_severity: MinSeverity | str,
    color: bool,
    outcome: Outcome,
) -> Iterator[str]:
    """The report one list at a time; the status lines, the count and the exit code into ``outcome``."""
    from armybuilder.reporters.text import count_line, status_line

    report = _reporter(fmt, color, TEXT_WIDTH)
    as_json = Format(fmt) is Format.json
    if as_json:
        from armybuilder.reporters.json_ import dumps

        yield '{\n  "results": ['
    checked = invalid = 0
    for path in found:
        result = early.pop(path) if path in early else check_path(path, options, pack)
        (seen,) = shown([result], min_severity)
        if as_json:  # as json.dumps(indent=2) writes it inside {"results": [...]}
            item = dumps(seen.to_dict()).rstrip("\n").replace("\n", "\n    ")
            yield ("," if checked else "") + "\n    " + item
        else:
            yield report.validate([seen])
        outcome.stderr.append(status_line(result))
        checked += 1
        invalid += not result.valid
    if as_json:
        yield "\n  ]\n}\n" if checked else "]\n}\n"
    if checked > 1:
        outcome.stderr.append(count_line(checked, invalid))
    outcome.code = ExitCode.of(invalid == 0)


# What discover says of a file or folder that is plainly no list: counted in one line, not named.
_NOT_LISTS = ("not a .yaml or .yml file", "a hidden file", "a hidden folder: not searched")


def _left_out(skipped: Sequence[Any]) -> str:
    """One line for the files found that are not lists: how many, by kind ("3 .png, 1 .pdf")."""
    from collections import Counter

    from armybuilder.text import plural

    kinds: Counter[str] = Counter()
    for s in skipped:
        if s.reason == "not a .yaml or .yml file":
            kinds[Path(s.file).suffix.lower() or "without a suffix"] += 1
        else:
            kinds["hidden"] += 1
    parts = ", ".join(f"{n} {kind}" for kind, n in sorted(kinds.items(), key=lambda kn: (-kn[1], kn[0])))
    are = "is not a list" if len(skipped) == 1 else "are not lists"
    return f"left out {plural(len(skipped), 'file')} that {are} (not .yaml or .yml, or hidden): {parts}"


def list_files(paths: Sequence[Path]) -> tuple[list[Path], list[str]] | Outcome:
    """The list files to check: each file given, and every list file in each folder given (as
    :func:`armybuilder.lists.discover` finds them: ``*.yaml`` and ``*.yml``, not hidden, not an
    event pack), with a line for each file found and passed over; exit 2 when a folder holds none."""
    if not any(p.is_dir() for p in paths):
        return list(paths), []
    from armybuilder.lists import discover
    from armybuilder.text import one_line

    found, skipped = discover(paths)
    said = [one_line(f"{s.file}: not checked: {s.reason}") for s in skipped if s.reason not in _NOT_LISTS]
    others = [s for s in skipped if s.reason in _NOT_LISTS]
    if others:  # a PNG, a PDF, a .git folder: no line each (issue 41), their number in one
        said.insert(0, _left_out(others))
    empty = [p for p in paths if p.is_dir() and not any(f == p or p in f.parents for f in found)]
    if empty:
        return Outcome.usage(*said, one_line(f"armybuilder validate: {empty[0]} holds no list file (*.yaml, *.yml)"))
    return found, said


def cost(
    files: Sequence[Path],
    fmt: Format,
    points: float | None = None,
    color: bool = False,
    width: int = TEXT_WIDTH,
    min_severity: MinSeverity | str = MinSeverity.info,
) -> Outcome:
    """``width``: the text report's tables fit it (the terminal's; 100 columns when not a terminal)."""
    results = _checked(files, points, None)
    if isinstance(results, Outcome):
        return results
    text = Format(fmt) is Format.text
    report = _reporter(fmt, color, width).cost(shown(results, min_severity))
    return Outcome(report, [] if text else summary_lines(results), exit_code(results))


def systems(fmt: Format) -> Outcome:
    from armybuilder import systems
    from armybuilder.text import not_checked_text, reading_text

    rows = []
    for m in systems.manifests():
        s = systems.get(m.id)
        rows.append(
            {
                "id": m.id,
                "title": s.title,
                "data_version": s.data_version,
                "measure": m.measure,
                "points_limit": m.points_limit,
                "checks": s.meta.get("checks", []),
                "not_checked": [not_checked_text(i) for i in s.not_checked],
                "readings": [reading_text(i) for i in s.readings],
                "data_note": s.meta.get("data_note"),
            }
        )
    if Format(fmt) is Format.json:
        from armybuilder.reporters.json_ import dumps

        return Outcome(dumps({"systems": rows}))
    return Outcome(_systems_text(rows))


def _systems_text(rows: list[dict[str, Any]]) -> str:
    out: list[str] = []
    for r in rows:
        takes = "; takes --points" if r["points_limit"] else ""
        out.append(f"{r['id']}  {r['title']}  (data version {r['data_version']}; measured in {r['measure']}{takes})")
        if r.get("data_note"):
            out.append(f"  data: {r['data_note']}")
        out.extend(f"  - {c}" for c in r["checks"])
        if r.get("not_checked"):
            out.append("  not checked:")
            out.extend(f"    - {c}" for c in r["not_checked"])
        if r.get("readings"):
            out.append("  readings (a rule the text leaves open, and how it is read):")
            out.extend(f"    - {c}" for c in r["readings"])
    return "\n".join(out) + "\n"


def rule(code: str | None, fmt: Format) -> Outcome:
    from armybuilder.rulebook import all_codes

    codes = all_codes()
    if code is not None:
        hits = [c for c in codes if c.code.upper() == code.upper() or c.name == code]
        if not hits:
            from armybuilder.suggest import did_you_mean

            return Outcome.usage(
                f"armybuilder rule: unknown code '{code}'{did_you_mean(code, [c.code for c in codes])}"
            )
        codes = hits
    if Format(fmt) is Format.json:
        from armybuilder.reporters.json_ import dumps

        return Outcome(dumps({"codes": [c.to_dict() for c in codes]}))
    return Outcome(_codes_text(codes, one=code is not None))


def _codes_text(codes: list[Code], one: bool = False) -> str:
    """One code with its documentation (``one``), or a line for each code."""
    if one:
        import re

        c = codes[0]
        doc = re.sub(r"``([^`]+)``", r"\1", c.doc)  # the docstring's code marks: ``data/...`` is data/...
        if c.retired:
            return f"{c.code} {c.name} [retired {c.retired}] ({c.rule})\n\n{doc}\n"
        return f"{c.code} {c.name} [{c.severity.value}] ({c.rule})\n\n{doc}\n"
    return "".join(
        f"{c.code}  {'retired' if c.retired else c.severity.value:<7}  {c.name}  ({c.rule})\n" for c in codes
    )
