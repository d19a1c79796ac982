"""Text reporter: ``path:line:col: CODE [severity] message (rule)`` lines (:func:`armybuilder.findings.finding_line`)
and cost tables; the status lines said on stderr, and the colours of a colour terminal."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from armybuilder.findings import Measure, Result, Severity, finding_line, finding_lines
from armybuilder.reporters import TEXT_WIDTH, Reporter
from armybuilder.text import cell, one_line, tally, terminal


def total_text(m: Measure) -> str:
    """``51 of 51 points``, ``7 units`` (no limit), or ``-`` when nothing was measured."""
    return m.text() or "-"


def status_line(r: Result) -> str:
    c = r.counts()
    m = r.measure
    measure = f", {m.text()}" if m.total is not None else ""
    status = "VALID" if r.valid else "INVALID"
    return one_line(f"{r.file}: {status}{measure} ({tally(c)})")


def summary_lines(results: Sequence[Result]) -> list[str]:
    """A status line for each file and, for more than one, how many are valid (for stderr)."""
    lines = [status_line(r) for r in results]
    if len(results) > 1:
        lines.append(count_line(len(results), sum(1 for r in results if not r.valid)))
    return lines


def count_line(checked: int, invalid: int) -> str:
    return f"{checked} lists checked: {checked - invalid} valid, {invalid} invalid"


class TextReporter(Reporter):
    def __init__(self, color: bool = False, width: int = TEXT_WIDTH, **_: Any):
        self.color = color
        self.width = width
        self.paint = painter(color) if color else None

    def validate(self, results: Sequence[Result]) -> str:
        lines: list[str] = []
        for r in results:
            for f in r.sorted_findings():
                lines.extend(finding_lines(r, f, self.paint))
        return "".join(line + "\n" for line in lines)

    def cost(self, results: Sequence[Result]) -> str:
        """Each list's name, its cost tables (boxed: :mod:`armybuilder.boxed`, fitted to the width)
        and notes, its status line and its errors. Text from the list is cleaned before any colour
        code is added."""
        from armybuilder.boxed import plain, table

        paint = painter(self.color)

        def bold(text: str) -> str:
            return paint(text, "title")

        def clean(text: str) -> str:
            return terminal(plain(text))

        out: list[str] = []
        for i, r in enumerate(results):
            if i:
                out.append("")
            title = clean(r.name or r.file)
            out.append(f"{bold(title)}  ({clean(r.system or 'unknown system')}, {clean(r.file)})")
            for s in r.sections:
                size = max([len(s.columns)] + [len(row) for row in s.rows])
                head = [clean(str(c)) for c in s.columns] + [""] * (size - len(s.columns))
                rows = [[cell(v) for v in row] + [""] * (size - len(row)) for row in s.rows]
                if rows:
                    out += table(clean(s.title), head, rows, self.width, bold)
                else:  # an empty table (no Grudge in reach) shows no header row: its title, then its notes
                    out.append(bold(clean(s.title)))
                out += [clean(f"  {note}") for note in s.notes]
            out.append(status_line(r))
            out += ["  " + finding_line(r, f, self.paint) for f in r.sorted_findings() if f.severity is Severity.ERROR]
        return "".join(line + "\n" for line in out)


# SGR codes (:func:`painter`): the tournament's statuses, titles, and a finding's code and severity (red, amber).
_STYLES = {"legal": "32", "illegal": "31", "broken": "1;31", "title": "1", "error": "31", "warning": "33"}


def painter(color: bool) -> Callable[[str, str], str]:
    """``paint(text, style)``: the text in a style of :data:`_STYLES` on a colour terminal, else as it is."""
    if not color:
        return lambda text, _: text
    return lambda text, style: f"\x1b[{_STYLES[style]}m{text}\x1b[0m"
