"""Text reporter: ``path:line:col: CODE [severity] message (rule)`` lines, and cost tables."""

from __future__ import annotations

import io
from typing import Any, Sequence

from armybuilder.findings import Result, Severity
from armybuilder.reporters import Reporter
from armybuilder.text import cell, one_line, tally


def finding_line(result: Result, f) -> str:
    where = f.source or result.file
    line = f.line if f.line is not None else 1
    col = f.column if f.column is not None else 1
    rule = f" ({f.rule})" if f.rule else ""
    return one_line(f"{where}:{line}:{col}: {f.code} [{f.severity.value}] {f.message}{rule}")


def status_line(r: Result) -> str:
    c = r.counts()
    m = r.measure
    measure = f", {m.value_text()} {m.unit}" if m.total is not None else ""
    status = "VALID" if r.valid else "INVALID"
    return one_line(f"{r.file}: {status}{measure} ({tally(c)})")


class TextReporter(Reporter):
    def __init__(self, color: bool = False, width: int = 100, **_: Any):
        self.color = color
        self.width = width

    def validate(self, results: Sequence[Result]) -> str:
        lines = []
        for r in results:
            lines.extend(finding_line(r, f) for f in r.sorted_findings())
        return "".join(line + "\n" for line in lines)

    def cost(self, results: Sequence[Result]) -> str:
        from rich.console import Console
        from rich.markup import escape
        from rich.table import Table
        from rich.text import Text

        buf = io.StringIO()
        console = Console(file=buf, width=self.width, color_system="standard" if self.color else None,
                          force_terminal=self.color, highlight=False, soft_wrap=False)
        for i, r in enumerate(results):
            if i:
                console.print()
            title = r.name or r.file
            console.print(f"[bold]{escape(title)}[/bold]  ({escape(r.system or 'unknown system')}, {escape(r.file)})",
                          soft_wrap=True)
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
