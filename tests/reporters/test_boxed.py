"""``cost`` draws its tables without Rich (issue 13 item 6), and its bytes are the ones Rich drew.

armybuilder.boxed follows Rich 15's Table layout. These tests hold it to Rich itself (a test
dependency: Typer brings it): the report of every example, the tables of every example at
terminal widths from 30 to 200 columns, and a few thousand generated tables, must be the bytes
Rich gives. The goldens of every example's ``cost`` (golden/cost/) were the Rich-drawn output
before the change, less two fixes made since ("1 point", no "did you mean" for a non-typo).
"""

from __future__ import annotations

import io
import random
import subprocess
import sys
from pathlib import Path

import pytest

from armybuilder.boxed import table
from armybuilder.check import check_path
from armybuilder.findings import Result, Severity, finding_line
from armybuilder.reporters.text import TextReporter, status_line
from armybuilder.systems import CheckOptions
from armybuilder.text import cell

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted(p for p in (ROOT / "examples").glob("*/*.yaml") if p.parent.name != "events")
GOLDEN = Path(__file__).parent / "golden" / "cost"

rich = pytest.importorskip("rich")


def rich_table(title: str, head: list[str], rows: list[list[str]], width: int) -> str:
    """The table as ``cost`` drew it with Rich, up to armybuilder 0.1.0."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    buf = io.StringIO()
    console = Console(file=buf, width=width, color_system=None, force_terminal=False, highlight=False, soft_wrap=False)
    t = Table(title=Text(title, style="bold"), title_justify="left", show_lines=False, expand=False)
    for col in head:
        t.add_column(col, overflow="fold")
    for row in rows:
        t.add_row(*(Text(c) for c in row))
    console.print(t)
    return buf.getvalue()


def rich_cost(results: list[Result], width: int = 100) -> str:
    """The whole ``cost`` report as Rich drew it (the code this module replaced, colour off)."""
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table
    from rich.text import Text

    buf = io.StringIO()
    console = Console(file=buf, width=width, color_system=None, force_terminal=False, highlight=False, soft_wrap=False)
    for i, r in enumerate(results):
        if i:
            console.print()
        console.print(
            f"[bold]{escape(r.name or r.file)}[/bold]  ({escape(r.system or 'unknown system')}, {escape(r.file)})",
            soft_wrap=True,
            emoji=False,
        )
        for s in r.sections:
            t = Table(title=Text(s.title, style="bold"), title_justify="left", show_lines=False, expand=False)
            for col in s.columns:
                t.add_column(col, overflow="fold")
            for row in s.rows:
                t.add_row(*(Text(cell(v)) for v in row))
            console.print(t)
            for note in s.notes:
                console.print(f"  {note}", soft_wrap=True, markup=False, emoji=False)
        console.print(status_line(r), soft_wrap=True, markup=False)
        for f in r.sorted_findings():
            if f.severity is Severity.ERROR:
                console.print("  " + finding_line(r, f), soft_wrap=True, markup=False)
    return buf.getvalue()


def _sections(path: Path) -> list[tuple[str, list[str], list[list[str]]]]:
    r = check_path(path, CheckOptions())
    return [(s.title, [str(c) for c in s.columns], [[cell(v) for v in row] for row in s.rows]) for s in r.sections]


def _shown(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


@pytest.mark.parametrize("path", EXAMPLES, ids=_shown)
def test_every_example_s_cost_is_the_golden_and_rich_s_bytes(run, path):
    r = run("cost", _shown(path))
    from tests.support import golden

    golden.compare(GOLDEN / path.parent.name / f"{path.stem}.txt", r.stdout)
    result = check_path(_shown(path), CheckOptions())
    assert TextReporter().cost([result]) == rich_cost([result])


@pytest.mark.parametrize("width", [30, 40, 60, 80, 100, 200])
def test_every_example_s_tables_at_any_width(width):
    for path in EXAMPLES:
        for title, head, rows in _sections(path):
            assert "\n".join(table(title, head, rows, width)) + "\n" == rich_table(title, head, rows, width), path


def test_generated_tables_are_laid_out_as_rich_lays_them_out():
    """Long words folded, wide characters, halves, brackets, empty cells and titles, 1 to 7 columns,
    widths from 12 to 200: the same bytes. (Headers are armybuilder's own words: no markup in them.)"""
    rnd = random.Random(16)
    letters = "abcdefghij klmnop  XYZ½—é漢字-/,.()[]:"

    def words(alphabet: str = letters, most: int = 30) -> str:
        return "".join(rnd.choice(alphabet) for _ in range(rnd.randint(0, most)))

    for _ in range(1500):
        n = rnd.randint(1, 7)
        head = [words(letters.replace("[", "").replace(":", ""), 12) for _ in range(n)]
        rows = [[words() for _ in range(n)] for _ in range(rnd.randint(0, 5))]
        title, width = words(), rnd.choice([12, 20, 30, 40, 60, 80, 100, 200])
        assert "\n".join(table(title, head, rows, width)) + "\n" == rich_table(title, head, rows, width), (
            title,
            head,
            rows,
            width,
        )


def test_names_rich_would_read_as_markup_or_control_keep_their_bytes(write):
    """A list name with markup-like brackets, backslashes, a tab and a carriage return prints as it
    did (Rich dropped \\r and expanded the tab); the colour codes of a name never reach the report."""
    path = write(
        "odd.yaml",
        'system: token-terrors\nname: "[bold]Wren\\\\ [/] the\\tbold\\r x\\\\"\ntokens: {Wyverns: 5, Goblins: 5}\n',
    )
    result = check_path(path, CheckOptions())
    assert TextReporter().cost([result]) == rich_cost([result])


def test_cost_into_a_pipe_does_not_import_rich():
    """The cost (and catalog, validate) of a list into a pipe: Rich is never imported (27 ms saved)."""
    harness = (
        "import atexit, sys\n"
        "rich = lambda: any(m.split('.')[0] == 'rich' for m in sys.modules)\n"
        "atexit.register(lambda: sys.stderr.write('RICH=%s\\n' % rich()))\n"
        "sys.argv = ['armybuilder', *sys.argv[1:]]\n"
        "from armybuilder.cli import main\n"
        "main()\n"
    )
    for args in (
        ["cost", "examples/homm3-battlefield/skirmish-medium.yaml"],
        ["cost", "examples/fantasy-triumph/greenwood-host.yaml", "--format", "json"],
        ["catalog", "fantasy-triumph"],
        ["validate", "examples/fantasy-triumph/broken-horde.yaml"],
    ):
        p = subprocess.run([sys.executable, "-c", harness, *args], cwd=ROOT, capture_output=True, text=True)
        assert p.returncode in (0, 1), p.stderr
        assert p.stdout  # the report was printed
        assert p.stderr.splitlines()[-1] == "RICH=False", (args, p.stderr)
    # the harness sees Rich when it is there
    p = subprocess.run(
        [sys.executable, "-c", "import rich.console\n" + harness, "systems"], cwd=ROOT, capture_output=True, text=True
    )
    assert p.stderr.splitlines()[-1] == "RICH=True"
