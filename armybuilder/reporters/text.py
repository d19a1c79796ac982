"""Text reporter: ``path:line:col: CODE [severity] message (rule)`` lines, cost tables, diffs and
the tournament table."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from armybuilder.findings import Finding, Measure, Result, Severity
from armybuilder.reporters import TEXT_WIDTH, Reporter
from armybuilder.text import cell, fmt_points, one_line, tally, terminal, width

if TYPE_CHECKING:  # pragma: no cover
    from fractions import Fraction

    from armybuilder.codes import Code
    from armybuilder.commands.diff import Change, Diff
    from armybuilder.commands.tournament import Tournament
    from armybuilder.compose.catalog import Entry, Group


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


def total_text(m: Measure) -> str:
    """``51 of 51 points``, ``7 units`` (no limit), or ``-`` when nothing was measured."""
    return m.text() or "-"


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
    def catalog(
        self, system: str, title: str, text_filter: str | None, groups: list[Group], note: str | None = None
    ) -> str:
        from armybuilder.compose.catalog import catalog_text

        return catalog_text(system, title, text_filter, groups, self.fit, note)

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

    def codes(self, codes: list[Code], one: bool = False) -> str:
        if one:
            c = codes[0]
            doc = re.sub(r"``([^`]+)``", r"\1", c.doc)  # the docstring's code marks: ``data/...`` is data/...
            if c.retired:
                return f"{c.code} {c.name} [retired {c.retired}] ({c.rule})\n\n{doc}\n"
            return f"{c.code} {c.name} [{c.severity.value}] ({c.rule})\n\n{doc}\n"
        return "".join(
            f"{c.code}  {'retired' if c.retired else c.severity.value:<7}  {c.name}  ({c.rule})\n" for c in codes
        )

    def __init__(self, color: bool = False, width: int = TEXT_WIDTH, fit: int | None = None, **_: Any):
        self.color = color
        self.width = width
        self.paint = _painter(color) if color else None
        self.fit = fit  # plain tables (catalog, tournament) fit a terminal's width; None: as wide as they are

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

        paint = _painter(self.color)

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
        if d.values:
            out += ["", f"values changed ({len(d.values)}):"]
            out += ["  " + one_line(v.line()) for v in d.values]
        if d.gained:
            out += ["", f"findings gained ({len(d.gained)}):"]
            out += ["  + " + finding_line(d.new, f, self.paint) for f in d.gained]
        if d.lost:
            out += ["", f"findings lost ({len(d.lost)}):"]
            out += ["  - " + finding_line(d.old, f, self.paint) for f in d.lost]
        if d.empty:
            out += ["", "no changes"]
        return "\n".join(out) + "\n"

    def tournament(self, t: Tournament) -> str:
        """The table of lists, then the errors of each list that is not legal.

        Plain aligned columns (:func:`armybuilder.text.columns`) rather than a Rich table: a Rich
        table of 1,000 rows takes longer to draw than checking the lists does.
        """
        from armybuilder.boxed import fit_columns

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
        table = fit_columns(head, rows, right=(0, len(head) - 4, len(head) - 1), line=self.fit)  # #, Total, Errors
        paint = _painter(self.color)
        status_size = max(width(r[-2]) for r in [head, *rows])
        title = one_line(f"{t.pack.event} ({', '.join(t.pack.system_ids)})" + (f": files in {base}" if base else ""))
        out = [paint(title, "title"), *table[0], *table[1]]
        for lines, e in zip(table[2:], t.entries, strict=False):  # a wrapped row: its first line has the status
            out += [_paint_cell(lines[0], e.status, status_size, paint), *lines[1:]]
        named = t.names_lines(lambda p: os.path.relpath(p, base) if base else p)
        out += ["", *named] if named else []
        for e in t.entries:
            if e.legal:
                continue
            who = f" ({one_line(e.player)})" if e.player else ""
            out += ["", paint(f"{e.index}. {one_line(e.file)}{who}: {e.status}", e.status)]
            out += ["  " + finding_line(e.result, f, self.paint) for f in e.findings(Severity.ERROR)]
        if t.skipped:
            out += ["", f"not checked ({len(t.skipped)}):"]
            out += [f"  {one_line(os.path.relpath(s.file, base) if base else s.file)}: {s.reason}" for s in t.skipped]
        return "\n".join(out) + "\n"


# -- diffs -----------------------------------------------------------------------------------


def _count(value: Any) -> str:
    if isinstance(value, float):
        from fractions import Fraction  # only for a diff (a start-up cost for every other report)

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

# SGR codes: the tournament's statuses, titles, and a finding's code and severity (red, amber).
_STYLES = {"legal": "32", "illegal": "31", "broken": "1;31", "title": "1", "error": "31", "warning": "33"}


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
