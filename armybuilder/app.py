"""The checking commands: validate, cost, systems, rule. Each returns an :class:`Outcome`.

Parsing options and printing is ``cli.py``'s; the pipeline is :mod:`armybuilder.check`.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

from armybuilder.check import PackLike, check_path, event_pack_refusal, points_refusal
from armybuilder.findings import Result
from armybuilder.outcome import ExitCode, Outcome
from armybuilder.reporters import Format, reporter
from armybuilder.reporters.text import summary_lines
from armybuilder.systems import CheckOptions


def points_limit(points: float | None) -> Fraction | None:
    """A ``--points`` value as the checks take it: halves are exact."""
    if points is None:
        return None
    return Fraction(points).limit_denominator(2)


def check_all(files: Sequence[Path], points: float | None = None, pack: PackLike | None = None) -> list[Result]:
    options = CheckOptions(points=points_limit(points))
    return [check_path(f, options, pack) for f in files]


def exit_code(results: Sequence[Result]) -> ExitCode:
    return ExitCode.of(all(r.valid for r in results))


def _checked(files: Sequence[Path], points: float | None, event: Path | None) -> list[Result] | Outcome:
    pack = None
    if event is not None:  # an event pack: its rules on top of the game's (armybuilder/events/)
        from armybuilder import events

        try:
            pack = events.load(event)
        except events.PackError as exc:
            return Outcome("", exc.lines(), ExitCode.USAGE)
    results = check_all(files, points, pack)
    swapped = event_pack_refusal(results)
    if swapped:
        return Outcome.usage(f"armybuilder: {swapped}")
    if points is not None:
        why = points_refusal(results)
        if why:
            return Outcome.usage(f"armybuilder: {why}")
    return results


def validate(files: Sequence[Path], fmt: Format, points: float | None = None, event: Path | None = None) -> Outcome:
    results = _checked(files, points, event)
    if isinstance(results, Outcome):
        return results
    return Outcome(reporter(fmt).validate(results), summary_lines(results), exit_code(results))


def cost(files: Sequence[Path], fmt: Format, points: float | None = None, color: bool = False) -> Outcome:
    results = _checked(files, points, None)
    if isinstance(results, Outcome):
        return results
    text = Format(fmt) is Format.text
    rep = reporter(fmt, color=color) if text else reporter(fmt)
    return Outcome(rep.cost(results), [] if text else summary_lines(results), exit_code(results))


def systems_report(fmt: Format) -> Outcome:
    from armybuilder import systems
    from armybuilder.text import not_checked_text

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
            }
        )
    return Outcome(reporter(fmt).systems(rows))


def rule_doc(code: str | None, fmt: Format) -> Outcome:
    from armybuilder.rulebook import all_codes

    codes = all_codes()
    if code is not None:
        hits = [c for c in codes if c.code.upper() == code.upper() or c.name == code]
        if not hits:
            from armybuilder.suggest import did_you_mean

            return Outcome.usage(f"unknown code '{code}'{did_you_mean(code, [c.code for c in codes])}")
        codes = hits
    return Outcome(reporter(fmt).codes(codes, one=code is not None))
