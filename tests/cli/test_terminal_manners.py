"""Terminal manners (issue 16 item 5): tables fit the terminal, colour only where it belongs,
``--min-severity`` hides lines and never changes a verdict.

A terminal is simulated the way ``cli_io`` asks for one: ``cli_io.stdout_is_terminal`` answers
True, and ``COLUMNS`` gives its width (``shutil.get_terminal_size`` reads it first).
"""

from __future__ import annotations

import json
import re

import pytest

from armybuilder.cli import terminal as cli_io

GREENWOOD = "examples/fantasy-triumph/greenwood-host.yaml"
BROKEN = "examples/fantasy-triumph/broken-horde.yaml"
IRON = "examples/fantasy-triumph/iron-marches.yaml"
HOMM3 = "examples/homm3-battlefield/skirmish-medium.yaml"
AUTUMN = "examples/events/autumn-clash.yaml"
SGR = re.compile("\x1b\\[[0-9;]*m")
RED, AMBER = "\x1b[31m", "\x1b[33m"


@pytest.fixture
def terminal(monkeypatch):
    """A terminal of the given width; colour off (NO_COLOR) unless a test turns it on."""

    def make(columns: int) -> None:
        monkeypatch.setattr(cli_io, "stdout_is_terminal", lambda: True)
        monkeypatch.setenv("COLUMNS", str(columns))

    return make


def widest(text: str) -> int:
    from armybuilder.text import width

    return max(width(SGR.sub("", line)) for line in text.splitlines())


def table_lines(text: str) -> list[str]:
    """The lines of the boxed tables (their borders and rows)."""
    return [line for line in text.splitlines() if line[:1] in "┏┃┡│└"]


# -- width -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("columns", [60, 200])
@pytest.mark.parametrize("path", [GREENWOOD, HOMM3])
def test_cost_tables_fit_the_terminal(run, terminal, columns, path):
    terminal(columns)
    r = run("cost", path)
    assert r.exit_code == 0
    lines = table_lines(r.stdout)
    assert lines and max(len(line) for line in lines) <= columns


def test_a_wide_terminal_wraps_no_cell_and_a_narrow_one_does(run, terminal):
    """At 100 columns (a pipe) Greenwood's notes table wraps its longest note; at 200 nothing wraps:
    each row is one line. At 60 more rows take two lines."""

    def rows(text: str) -> int:
        return sum(1 for line in text.splitlines() if line.startswith("│"))

    plain = run("cost", GREENWOOD).stdout
    terminal(200)
    wide = run("cost", GREENWOOD).stdout
    terminal(60)
    narrow = run("cost", GREENWOOD).stdout
    assert rows(wide) < rows(plain) < rows(narrow)
    assert max(len(line) for line in table_lines(plain)) == 100


def test_not_a_terminal_is_100_columns_whatever_columns_says(run, monkeypatch, root):
    """Into a pipe or a file the bytes never depend on the terminal: the golden, with COLUMNS=60."""
    monkeypatch.setenv("COLUMNS", "60")
    r = run("cost", GREENWOOD)
    assert r.stdout == (root / "tests/reporters/golden/cost-greenwood.txt").read_text(encoding="utf-8")
    assert cli_io.table_width() == 100 and cli_io.fit_width() is None


def test_a_tiny_terminal_is_laid_out_for_40_columns(run, terminal):
    terminal(10)
    assert cli_io.table_width() == 40
    lines = table_lines(run("cost", GREENWOOD).stdout)
    assert max(len(line) for line in lines) <= 40


@pytest.mark.parametrize("columns", [60, 200])
def test_catalog_and_tournament_tables_fit_the_terminal(run, terminal, columns):
    terminal(columns)
    cards = run("catalog", "fantasy-triumph", "cards")
    assert cards.exit_code == 0 and widest(cards.stdout) <= columns
    t = run("tournament", AUTUMN, "examples/fantasy-triumph/")
    table = t.stdout.split("\n\n")[0].split("\n", 1)[1]  # the table: after the title, before the errors
    assert widest(table) <= columns
    assert "Spellblast" in cards.stdout and "Mindblast" in cards.stdout  # wrapped, nothing lost


def test_catalog_and_tournament_into_a_pipe_are_as_wide_as_their_cells(run, root):
    cards = run("catalog", "fantasy-triumph", "cards").stdout
    assert cards == (root / "tests/compose/golden/catalog-fantasy-triumph-cards.txt").read_text(encoding="utf-8")
    assert widest(cards) > 100  # as before: a pipe gets the whole row on one line


# -- colour --------------------------------------------------------------------------------------------


@pytest.fixture
def colour_env(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    return monkeypatch


def test_on_a_terminal_errors_are_red(run, terminal, colour_env):
    terminal(100)
    r = run("validate", BROKEN)
    assert r.exit_code == 1
    assert f"{RED}FTR014 [error]\x1b[0m Unreliable" in r.stdout
    info = run("validate", IRON)  # (the Broken Horde has no info: its total counts an unknown troop type)
    assert ": FTR026 [info] class 'Levy'" in info.stdout  # info: plain
    cost = run("cost", BROKEN)
    assert f"  {BROKEN}:19:13: {RED}FTR014 [error]" in cost.stdout
    assert "\x1b[1m" in cost.stdout  # the bold title and headers


def test_a_warning_is_amber(colour_env, monkeypatch):
    """The painter itself: a warning's code and severity amber, an info line untouched."""
    from armybuilder.findings import Finding, Result, Severity
    from armybuilder.reporters.text import TextReporter

    r = Result(file="a.yaml")
    r.findings = [
        Finding("FTR030", Severity.WARNING, "buys nothing", "FT 1", line=2, column=3),
        Finding("FTR025", Severity.INFO, "unspent", None, line=4, column=1),
    ]
    out = TextReporter(color=True).validate([r]).splitlines()
    assert out[0] == f"a.yaml:2:3: {AMBER}FTR030 [warning]\x1b[0m buys nothing (FT 1)"
    assert out[1] == "a.yaml:4:1: FTR025 [info] unspent"
    assert TextReporter(color=False).validate([r]).splitlines()[0] == "a.yaml:2:3: FTR030 [warning] buys nothing (FT 1)"


def test_not_a_terminal_no_colour(run, colour_env):
    assert "\x1b" not in run("validate", BROKEN).stdout


def test_no_color_turns_it_off_even_on_a_terminal_and_over_force_color(run, terminal, colour_env):
    terminal(100)
    colour_env.setenv("NO_COLOR", "1")
    colour_env.setenv("FORCE_COLOR", "1")
    assert "\x1b" not in run("validate", BROKEN).stdout
    assert "\x1b" not in run("cost", BROKEN).stdout


def test_force_color_colours_a_pipe(run, colour_env):
    colour_env.setenv("FORCE_COLOR", "1")
    assert RED in run("validate", BROKEN).stdout
    assert RED in run("tournament", AUTUMN, BROKEN).stdout


def test_term_dumb_has_no_colour(run, terminal, colour_env):
    terminal(100)
    colour_env.setenv("TERM", "dumb")
    assert "\x1b" not in run("validate", BROKEN).stdout
    colour_env.setenv("FORCE_COLOR", "1")
    assert "\x1b" not in run("cost", BROKEN).stdout


def test_colour_codes_are_ours_added_after_the_file_s_text_is_cleaned(run, colour_env, write):
    """A list whose name and class carry colour and cursor codes: with colour on, the report holds
    armybuilder's codes only; the file's are U+FFFD."""
    colour_env.setenv("FORCE_COLOR", "1")
    text = (
        'system: fantasy-triumph\nname: "\\e[31mRED\\e[2J"\nclasses:\n'
        '  - {name: "\\e[32mGreen", troop: Knights, stands: 8, general: true, cards: [Deadly, Deadly]}\n'
    )
    army = write("painted.yaml", text)
    for command in ("validate", "cost"):
        out = run(command, army).stdout
        codes = set(SGR.findall(out))
        assert codes <= {"\x1b[0m", "\x1b[1m", RED, AMBER}, (command, codes)
        assert "\x1b[2J" not in out and "\ufffd[32mGreen" in out
        assert "\x1b[31mRED" not in out  # the name's own red never reaches the terminal


# -- --min-severity -----------------------------------------------------------------------------------


def test_min_severity_hides_lines_and_keeps_the_verdict(run):
    at = ("--event", AUTUMN)  # the Iron Marches: Illusion banned there (errors) and an info (FTR026)
    every = run("validate", IRON, *at)
    warning = run("validate", IRON, *at, "--min-severity", "warning")
    error = run("validate", IRON, *at, "--min-severity", "error")
    assert every.exit_code == warning.exit_code == error.exit_code == 1
    assert "[info]" in every.stdout and "[info]" not in warning.stdout
    assert [line for line in every.stdout.splitlines() if "[info]" not in line] == warning.stdout.splitlines()
    assert "[warning]" not in error.stdout and "[error]" in error.stdout
    assert every.stderr == warning.stderr == error.stderr  # the summary counts every finding


def test_min_severity_on_a_valid_list_keeps_exit_0(run):
    r = run("validate", HOMM3, "--min-severity", "error")
    assert r.exit_code == 0 and r.stdout == "" and "(0 errors, 0 warnings, 5 info)" in r.stderr


def test_min_severity_in_json_and_cost(run):
    j = json.loads(run("validate", HOMM3, "--format", "json", "--min-severity", "warning").stdout)
    assert j["results"][0]["findings"] == [] and j["results"][0]["valid"] is True
    c = run("cost", HOMM3, "--format", "json", "--min-severity", "warning")
    assert c.exit_code == 0 and json.loads(c.stdout)["results"][0]["findings"] == []
    assert run("cost", BROKEN, "--min-severity", "error").exit_code == 1
    assert run("validate", BROKEN, "--min-severity", "loud").exit_code == 2  # a usage error


def test_min_severity_on_a_roster(run, tmp_path):
    """The Heroes III info notes (card names the data does not know) leave the roster; its status and
    counts stay the list's."""
    md = run("export", HOMM3, "--to", "markdown", "-o", "-", "--min-severity", "warning")
    assert md.exit_code == 0
    assert "HMB012 (info" not in md.stdout and "(0 errors, 0 warnings, 5 info)" in md.stdout
    assert "HMB012 (info" in run("export", HOMM3, "--to", "markdown", "-o", "-").stdout
    pypdf = pytest.importorskip("pypdf")
    out = tmp_path / "r.pdf"
    assert run("export", HOMM3, "-o", out, "--min-severity", "warning").exit_code == 0
    text = "".join(page.extract_text() for page in pypdf.PdfReader(out).pages)
    assert "HMB012 (info" not in text and "VALID" in text
    assert run("verify", out).exit_code == 0  # still a true roster of its list
