"""The matchup module on its own: its Outcome, the pair check's arguments, no upward import."""

import subprocess
import sys

import pytest

from armybuilder.check import check_path
from armybuilder.outcome import ExitCode
from armybuilder.reporters import Format
from armybuilder.systems.token_terrors.matchup import check_pair, matchup

from .helpers import EXAMPLES, army_text

WREN, OZZY = EXAMPLES / "wrens-host.yaml", EXAMPLES / "ozzys-muster.yaml"


def _pair(tmp_path, a, b):
    pa, pb = tmp_path / "a.yaml", tmp_path / "b.yaml"
    pa.write_text(army_text(a, "A"), encoding="utf-8")
    pb.write_text(army_text(b, "B"), encoding="utf-8")
    return pa, pb


def test_allow_shared_is_given_by_name_only():
    # The lint issue: the pair was called with `*results`, so a third result would have landed in
    # allow_shared as well as the keyword. The flag can no longer be passed by position.
    one, two = check_path(WREN), check_path(OZZY)
    with pytest.raises(TypeError):
        check_pair(one, two, True)
    assert check_pair(one, two, allow_shared=True).details["allow_shared_factions"] is True
    assert check_pair(one, two).details["allow_shared_factions"] is False


@pytest.mark.parametrize("allow, code, shared_error", [(False, ExitCode.INVALID, True), (True, ExitCode.OK, False)])
def test_the_flag_reaches_the_pair(tmp_path, allow, code, shared_error):
    a, b = _pair(tmp_path, {"Wyverns": 3, "Goblins": 5, "Elves": 2}, {"Wyverns": 3, "Soldiers": 6, "Elves": 1})
    out = matchup(a, b, allow_shared=allow)
    assert out.code is code
    assert ("TTB030 [error]" in out.stdout) is shared_error


def test_the_verdict_is_said_once():
    """Issue 26 point 11: matchup printed its verdict twice (the report's last line and stderr), next
    to "2 lists checked: 2 valid". Stderr has a line per army; the verdict ends the text report, and
    is on stderr beside JSON, which has no such line."""
    # every finding the report printed is counted, the armies' too (issue 41: "1 info" after 6 info lines)
    counted = "(0 errors, 0 warnings, 6 info in both armies and the matchup)"
    verdict = f"{WREN} vs {OZZY}: VALID, 20 of 20 slots (both players) {counted}"
    armies = [
        f"{WREN}: VALID, 10 of 10 slots (0 errors, 0 warnings, 3 info)",
        f"{OZZY}: VALID, 10 of 10 slots (0 errors, 0 warnings, 2 info)",
    ]
    out = matchup(WREN, OZZY)
    assert out.code is ExitCode.OK
    assert out.stderr == armies
    assert out.stdout.splitlines()[-1] == verdict and out.stdout.count(verdict) == 1
    js = matchup(WREN, OZZY, Format.json)
    assert js.stderr == [*armies, verdict]


def test_a_missing_file_is_a_usage_error(tmp_path):
    out = matchup(WREN, tmp_path / "nope.yaml")
    assert out.code is ExitCode.USAGE and out.stdout == ""
    assert out.stderr == [f"{tmp_path / 'nope.yaml'}: no such file"]


def test_matchup_imports_neither_the_cli_nor_the_app():
    code = (
        "import sys\n"
        "from armybuilder.systems.token_terrors.matchup import matchup\n"
        f"matchup({str(WREN)!r}, {str(OZZY)!r})\n"
        "print(sorted(m for m in sys.modules if m in ('armybuilder.commands.validate', 'armybuilder.cli', 'typer')))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_the_command_registers_on_any_app():
    import typer
    from typer.testing import CliRunner

    from armybuilder.systems.token_terrors import MANIFEST, cli

    assert MANIFEST.commands == ("armybuilder.systems.token_terrors.cli",)
    app = typer.Typer()
    app.callback()(lambda: None)  # a group, so the command keeps its name
    cli.register(app)
    runner = CliRunner()
    r = runner.invoke(app, ["matchup", str(WREN), str(OZZY), "--format", "json"])
    assert r.exit_code == 0 and '"matchup": {' in r.stdout
    r = runner.invoke(app, ["matchup", str(WREN), str(EXAMPLES / "friday-night-draft.yaml")])
    assert r.exit_code == 2 and "is a draft record" in r.stderr
