"""What the commands do, apart from parsing options and printing (that is ``cli.py``).

Each function returns the text for stdout, the lines for stderr and the exit code, so the
commands are easy to test without a terminal.
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from armybuilder.check import check_path
from armybuilder.findings import Result
from armybuilder.reporters import Format, reporter
from armybuilder.systems import CheckOptions

EXIT_OK, EXIT_INVALID, EXIT_USAGE = 0, 1, 2


def check_all(files: Sequence[Path], points=None) -> list[Result]:
    options = CheckOptions(points=_points(points))
    return [check_path(f, options) for f in files]


def _points(points):
    if points is None:
        return None
    from fractions import Fraction

    return Fraction(points).limit_denominator(2)


def summary_lines(results: Sequence[Result]) -> list[str]:
    from armybuilder.reporters.text import status_line

    lines = [status_line(r) for r in results]
    if len(results) > 1:
        bad = sum(1 for r in results if not r.valid)
        lines.append(f"{len(results)} lists checked: {len(results) - bad} valid, {bad} invalid")
    return lines


def exit_code(results: Sequence[Result]) -> int:
    return EXIT_OK if all(r.valid for r in results) else EXIT_INVALID


def validate(files: Sequence[Path], fmt: Format, points=None, event: Path | None = None) -> tuple[str, list[str], int]:
    if event is not None:  # an event pack: its rules on top of the game's (armybuilder/event.py)
        from armybuilder import event as events

        try:
            pack = events.load(event)
        except events.PackError as exc:
            return "", exc.lines(), EXIT_USAGE
        results = events.check_all(files, pack, _points(points))
    else:
        results = check_all(files, points)
    return reporter(fmt).validate(results), summary_lines(results), exit_code(results)


def cost(files: Sequence[Path], fmt: Format, points=None, color: bool = False) -> tuple[str, list[str], int]:
    results = check_all(files, points)
    rep = reporter(fmt, color=color) if Format(fmt) is Format.text else reporter(fmt)
    summary = summary_lines(results) if Format(fmt) is Format.json else []
    return rep.cost(results), summary, exit_code(results)


def systems_report(fmt: Format) -> str:
    from armybuilder import systems

    rows = []
    for system_id in systems.available():
        s = systems.get(system_id)
        rows.append({"id": s.id, "title": s.title, "data_version": s.data_version,
                     "checks": s.meta.get("checks", [])})
    if Format(fmt) is Format.json:
        from armybuilder.reporters.json_ import dumps

        return dumps({"systems": rows})
    out = []
    for r in rows:
        out.append(f"{r['id']}  {r['title']}  (data version {r['data_version']})")
        out.extend(f"  - {c}" for c in r["checks"])
    return "\n".join(out) + "\n"


def rule_doc(code: str | None, fmt: Format) -> tuple[str, bool]:
    from armybuilder.codes import all_codes

    codes = all_codes()
    if code is not None:
        hits = [c for c in codes if c.code.upper() == code.upper() or c.name == code]
        if not hits:
            from armybuilder.suggest import did_you_mean

            return f"unknown code '{code}'{did_you_mean(code, [c.code for c in codes])}", False
        codes = hits
    if Format(fmt) is Format.json:
        from armybuilder.reporters.json_ import dumps

        return dumps({"codes": [c.to_dict() for c in codes]}), True
    if code is not None:
        c = codes[0]
        return f"{c.code} {c.name} [{c.severity.value}] ({c.rule})\n\n{c.doc}\n", True
    return "".join(f"{c.code}  {c.severity.value:<7}  {c.name}  ({c.rule})\n" for c in codes), True
