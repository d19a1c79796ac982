"""``armybuilder diff OLD NEW``: golden outputs (text and JSON), and the edge cases."""

from __future__ import annotations

import json
from pathlib import Path

from events.helpers import FIXTURES as SHARED  # lists of every system, packs
from events.helpers import REL as SHARED_REL
from golden import compare

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "golden"
FIXTURES = HERE / "fixtures"  # diff/: two versions of a list
REL = "tests/core/fixtures"  # the same, from the repository root (the `run` fixture's cwd)
OLD = f"{REL}/diff/old.yaml"  # the Greenwood Host without Prepared Defenses: ½ point unspent (FTR025)
NEW = f"{REL}/diff/new.yaml"  # Eagles gone, Rangers 3 -> 4 stands, Seers with Mindblast, a Druid: over 51


def test_diff_text_golden(run):
    r = run("diff", OLD, NEW)
    assert r.exit_code == 1  # the new version is not valid
    compare(GOLDEN / "diff-greenwood.txt", r.stdout)


def test_diff_json_golden(run):
    r = run("diff", OLD, NEW, "--format", "json")
    assert r.exit_code == 1
    data = json.loads(r.stdout)
    assert data["points"] == {"old": 50.5, "new": 59.5, "change": 9, "unit": "points"}
    assert {"kind": "class", "name": "Eagles", "owner": None, "old": 2, "new": None} in data["removed"]
    assert {"kind": "card", "name": "Mindblast", "owner": "Seers", "old": None, "new": 2} in data["added"]
    assert {"kind": "class", "name": "Rangers", "owner": None, "old": 3, "new": 4} in data["changed"]
    assert [f["code"] for f in data["findings"]["gained"]] == ["FTR020"]
    assert [f["code"] for f in data["findings"]["lost"]] == ["FTR025"]
    compare(GOLDEN / "diff-greenwood.json", r.stdout)


def test_diff_with_event_golden(run):
    r = run("diff", OLD, NEW, "--event", f"{SHARED_REL}/packs/autumn-clash.yaml")
    assert r.exit_code == 1
    compare(GOLDEN / "diff-greenwood-event.txt", r.stdout)
    assert "EVT011" in r.stdout  # Mindblast, banned at the event, was gained


def test_diff_of_a_file_with_itself(run):
    r = run("diff", OLD, OLD)
    assert r.exit_code == 0
    assert r.stdout.splitlines()[-1] == "no changes"
    data = json.loads(run("diff", OLD, OLD, "-f", "json").stdout)
    assert data["added"] == data["removed"] == data["changed"] == data["totals"] == []
    assert data["findings"] == {"gained": [], "lost": []}


def test_diff_from_a_broken_file(run):
    r = run("diff", f"{SHARED_REL}/lists/broken/not-yaml.yaml", OLD)
    assert r.exit_code == 0  # the new version is valid
    assert "contents not compared" in r.stdout
    assert "findings lost (1):" in r.stdout and "ABL004" in r.stdout


def test_diff_across_systems_is_refused(run):
    r = run("diff", OLD, f"{SHARED_REL}/lists/tt/wren-legal.yaml")
    assert r.exit_code == 2 and r.stdout == ""
    [line] = r.stderr.splitlines()
    assert OLD in line and "wren-legal.yaml" in line
    assert "fantasy-triumph" in line and "token-terrors" in line


def test_diff_across_systems_is_refused_in_json_too_with_nothing_on_stdout(run):
    # issue 15: "diff ft.yaml tt.yaml prints 'slots: 50½ of 51 → 10 of 10 (-40½)' and exits 0."
    r = run(
        "diff",
        "--format",
        "json",
        "examples/fantasy-triumph/greenwood-host.yaml",
        "examples/token-terrors/wrens-host.yaml",
    )
    assert r.exit_code == 2 and r.stdout == ""
    assert "two versions of a list are for one game system" in r.stderr


def test_diff_command_returns_an_outcome():
    from armybuilder import diff
    from armybuilder.outcome import ExitCode

    out = diff.command(FIXTURES / "diff/old.yaml", FIXTURES / "diff/new.yaml", "text")
    assert out.code is ExitCode.INVALID and out.stderr == []
    assert out.stdout.startswith(f"old: {FIXTURES / 'diff/old.yaml'}: ")
    same = diff.command(FIXTURES / "diff/old.yaml", FIXTURES / "diff/old.yaml", "json")
    assert same.code is ExitCode.OK and json.loads(same.stdout)["compared"] is True


def test_diff_command_refuses_two_systems_in_one_line():
    from armybuilder import diff
    from armybuilder.outcome import ExitCode

    tt = SHARED / "lists/tt/wren-legal.yaml"
    out = diff.command(FIXTURES / "diff/old.yaml", tt, "text")
    assert out.code is ExitCode.USAGE and out.stdout == ""
    assert out.stderr == [
        f"cannot diff {FIXTURES / 'diff/old.yaml'} (fantasy-triumph) with {tt} (token-terrors): "
        "two versions of a list are for one game system"
    ]


def test_diff_points_on_a_system_without_a_points_limit_is_a_usage_error():
    from armybuilder import diff
    from armybuilder.outcome import ExitCode

    tt = SHARED / "lists/tt/wren-legal.yaml"
    out = diff.command(tt, tt, "text", points=12.0)
    assert out.code is ExitCode.USAGE and out.stdout == ""
    [line] = out.stderr
    assert "--points does not apply" in line and "token-terrors" in line and "slots" in line


def test_diff_points_apply_to_fantasy_triumph():
    from armybuilder import diff

    data = json.loads(diff.command(FIXTURES / "diff/old.yaml", FIXTURES / "diff/new.yaml", "json", points=59.5).stdout)
    assert data["new"]["points"] == {"total": 59.5, "limit": 59.5, "unit": "points"}
    assert data["new"]["valid"] is True


def test_diff_of_a_missing_file_is_a_usage_error(run):
    assert run("diff", OLD, "no-such.yaml").exit_code == 2
