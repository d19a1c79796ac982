"""Text reporter: ``path:line:col: CODE [severity] message (rule)`` lines, cost tables, diffs and
the tournament table."""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from armybuilder.findings import Finding, Measure, Result, Severity
from armybuilder.reporters import Reporter
from armybuilder.text import cell, columns, fmt_points, one_line, tally, width

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.codes import Code
    from armybuilder.compose.catalog import Entry, Group
    from armybuilder.diff import Change, Diff
    from armybuilder.tournament import Tournament


def finding_line(result: Result, f: Finding) -> str:
    where = f.source or result.file
    line = f.line if f.line is not None else 1
    col = f.column if f.column is not None else 1
    rule = f" ({f.rule})" if f.rule else ""
    return one_line(f"{where}:{line}:{col}: {f.code} [{f.severity.value}] {f.message}{rule}")


def total_text(m: Measure) -> str:
    """``51 of 51 points``, ``7 units`` (no limit), or ``-`` when nothing was measured."""
    value = m.value_text()
    return "-" if value is None else f"{value} {m.unit}"


def common_folder(files: Sequence[str]) -> str | None:
    """The folder all the files are in (None when there is none worth naming)."""
    try:
        base = os.path.commonpath([os.path.dirname(f) or "." for f in files])
    except ValueError:  # absolute and relative paths mixed, or none
        return None
    return base if base not in ("", ".") else None


def status_line(r: Result) -> str:
    c = r.counts()
    m = r.measure
    measure = f", {m.value_text()} {m.unit}" if m.total is not None else ""
    status = "VALID" if r.valid else "INVALID"
    return one_line(f"{r.file}: {status}{measure} ({tally(c)})")


def summary_lines(results: Sequence[Result]) -> list[str]:
    """A status line for each file and, for more than one, how many are valid (for stderr)."""
    lines = [status_line(r) for r in results]
    if len(results) > 1:
        bad = sum(1 for r in results if not r.valid)
        lines.append(f"{len(results)} lists checked: {len(results) - bad} valid, {bad} invalid")
    return lines


class TextReporter(Reporter):
    def catalog(self, system: str, title: str, text_filter: str | None, groups: list[Group]) -> str:
        from armybuilder.compose.catalog import catalog_text

        return catalog_text(system, title, text_filter, groups)

    def explain(self, system: str, entries: list[Entry]) -> str:
        from armybuilder.compose.catalog import explain_text

        return explain_text(entries)

    def systems(self, rows: list[dict[str, Any]]) -> str:
        out: list[str] = []
        for r in rows:
            takes = "; takes --points" if r["points_limit"] else ""
            out.append(
                f"{r['id']}  {r['title']}  (data version {r['data_version']}; measured in {r['measure']}{takes})"
            )
            out.extend(f"  - {c}" for c in r["checks"])
            if r.get("not_checked"):
                out.append("  not checked:")
                out.extend(f"    - {c}" for c in r["not_checked"])
        return "\n".join(out) + "\n"

    def codes(self, codes: list[Code], one: bool = False) -> str:
        if one:
            c = codes[0]
            if c.retired:
                return f"{c.code} {c.name} [retired {c.retired}] ({c.rule})\n\n{c.doc}\n"
            return f"{c.code} {c.name} [{c.severity.value}] ({c.rule})\n\n{c.doc}\n"
        return "".join(
            f"{c.code}  {'retired' if c.retired else c.severity.value:<7}  {c.name}  ({c.rule})\n" for c in codes
        )

    def __init__(self, color: bool = False, width: int = 100, **_: Any):
        self.color = color
        self.width = width

    def validate(self, results: Sequence[Result]) -> str:
        lines: list[str] = []
        for r in results:
            lines.extend(finding_line(r, f) for f in r.sorted_findings())
        return "".join(line + "\n" for line in lines)

    def cost(self, results: Sequence[Result]) -> str:
        from rich.console import Console
        from rich.markup import escape
        from rich.table import Table
        from rich.text import Text

        buf = io.StringIO()
        console = Console(
            file=buf,
            width=self.width,
            color_system="standard" if self.color else None,
            force_terminal=self.color,
            highlight=False,
            soft_wrap=False,
        )
        for i, r in enumerate(results):
            if i:
                console.print()
            title = r.name or r.file
            console.print(
                f"[bold]{escape(title)}[/bold]  ({escape(r.system or 'unknown system')}, {escape(r.file)})",
                soft_wrap=True,
            )
            for s in r.sections:
                table = Table(title=Text(s.title, style="bold"), title_justify="left", show_lines=False, expand=False)
                for col in s.columns:
                    table.add_column(col, overflow="fold")
                for row in s.rows:
                    table.add_row(*(Text(cell(v)) for v in row))
                console.print(table)
                for note in s.notes:
                    console.print(f"  {note}", soft_wrap=True, markup=False)
            console.print(status_line(r), soft_wrap=True, markup=False)
            errors = [f for f in r.sorted_findings() if f.severity is Severity.ERROR]
            for f in errors:
                console.print("  " + finding_line(r, f), soft_wrap=True, markup=False)
        return buf.getvalue()

    def diff(self, d: Diff) -> str:
        out = [f"old: {_side(d.old)}", f"new: {_side(d.new)}"]
        unit = d.new.measure.unit or d.old.measure.unit or "points"
        if d.old.measure.total is not None or d.new.measure.total is not None:
            out.append(f"{unit}: {_measure(d.old)} → {_measure(d.new)}{_delta(d.change)}")
        if not d.compared:
            out.append(
                one_line(
                    f"contents not compared: no inventory for {', '.join(d.uncompared)} "
                    "(the file is not a valid list shape, or its system cannot list its contents yet)"
                )
            )

        def section(title: str, changes: list[Change], sign: str, show: Callable[[Change], str]) -> None:
            if changes:
                out.append("")
                out.append(f"{title} ({len(changes)}):")
                out.extend(f"  {sign} " + one_line(show(c)) for c in changes)

        def times(v: Any) -> str:
            return "" if v in (1, None) else f" ×{_count(v)}"

        def either(v: Any) -> str:
            return "-" if v is None else _count(v)

        section("added", d.added, "+", lambda c: c.label() + times(c.new))
        section("removed", d.removed, "-", lambda c: c.label() + times(c.old))
        section("changed", d.changed, "~", lambda c: f"{c.label()}: {_count(c.old)} → {_count(c.new)}")
        section("totals", d.totals, "~", lambda c: f"{c.name}: {either(c.old)} → {either(c.new)}")
        if d.gained:
            out += ["", f"findings gained ({len(d.gained)}):"] + ["  + " + finding_line(d.new, f) for f in d.gained]
        if d.lost:
            out += ["", f"findings lost ({len(d.lost)}):"] + ["  - " + finding_line(d.old, f) for f in d.lost]
        if d.empty:
            out += ["", "no changes"]
        return "\n".join(out) + "\n"

    def tournament(self, t: Tournament) -> str:
        """The table of lists, then the errors of each list that is not legal.

        Plain aligned columns (:func:`armybuilder.text.columns`) rather than a Rich table: a Rich
        table of 1,000 rows takes longer to draw than checking the lists does.
        """
        several = len(t.pack.system_ids) > 1
        base = common_folder([e.file for e in t.entries])
        head = ["#", "Player / file", "List"] + (["System"] if several else []) + ["Total", "Data", "Status", "Errors"]
        rows = []
        for e in t.entries:
            shown = e.player or (os.path.relpath(e.file, base) if base else e.file)
            row = [str(e.index), one_line(shown), one_line(e.result.name or "")]
            if several:
                row.append(one_line(e.result.system or "-"))
            rows.append(
                [*row, total_text(e.result.measure), one_line(e.data_versions(t.pack)), e.status, str(e.errors)]
            )
        table = columns(head, rows, right=(0, len(head) - 4, len(head) - 1))  # #, Total, Errors
        paint = _painter(self.color)
        status_size = max(width(r[-2]) for r in [head, *rows])
        title = one_line(f"{t.pack.event} ({', '.join(t.pack.system_ids)})" + (f": files in {base}" if base else ""))
        out = [paint(title, "title"), *table[:2]]
        out += [_paint_cell(line, e.status, status_size, paint) for line, e in zip(table[2:], t.entries, strict=False)]
        for e in t.entries:
            if e.legal:
                continue
            who = f" ({one_line(e.player)})" if e.player else ""
            out += ["", paint(f"{e.index}. {one_line(e.file)}{who}: {e.status}", e.status)]
            out += ["  " + finding_line(e.result, f) for f in e.findings(Severity.ERROR)]
        if t.skipped:
            out += ["", f"not checked ({len(t.skipped)}):"]
            out += [f"  {one_line(os.path.relpath(s.file, base) if base else s.file)}: {s.reason}" for s in t.skipped]
        return "\n".join(out) + "\n"


# -- diffs -----------------------------------------------------------------------------------


def _count(value: Any) -> str:
    if isinstance(value, float):
        value = Fraction(value).limit_denominator(4)
    return fmt_points(value)


def _delta(change: Fraction | None) -> str:
    if not change:
        return ""
    return f" ({'+' if change > 0 else ''}{fmt_points(change)})"


def _measure(r: Result) -> str:
    return r.measure.value_text() or "-"


def _side(r: Result) -> str:
    name = r.name or "(no name)"
    system = r.system or "not a list"
    return one_line(f"{r.file}: {name} ({system}), {'valid' if r.valid else 'invalid'}")


# -- the tournament table --------------------------------------------------------------------

_STYLES = {"legal": "32", "illegal": "31", "broken": "1;31", "title": "1"}


def _painter(color: bool) -> Callable[[str, str], str]:
    if not color:
        return lambda text, _: text
    return lambda text, style: f"\x1b[{_STYLES[style]}m{text}\x1b[0m"


def _paint_cell(line: str, status: str, size: int, paint: Callable[[str, str], str]) -> str:
    """A table row with its Status cell (padded to ``size``, before the Errors column) painted."""
    head, sep, tail = line.rpartition("  " + status)
    if not sep:
        return line
    gap = size - width(status)
    return head + "  " + paint(status + tail[:gap], status) + tail[gap:]
