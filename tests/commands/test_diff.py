"""``armybuilder diff OLD NEW``: golden outputs (text and JSON), and the edge cases."""

from __future__ import annotations

import json
from pathlib import Path

from events.helpers import FIXTURES as SHARED  # lists of every system, packs
from events.helpers import REL as SHARED_REL

from tests.support.golden import compare

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "golden"
FIXTURES = HERE.parent / "core" / "fixtures"  # diff/: two versions of a list, at the path its goldens print
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
    from armybuilder.commands import diff
    from armybuilder.outcome import ExitCode

    out = diff.diff(FIXTURES / "diff/old.yaml", FIXTURES / "diff/new.yaml", "text")
    assert out.code is ExitCode.INVALID and out.stderr == []
    assert out.stdout.startswith(f"old: {FIXTURES / 'diff/old.yaml'}: ")
    same = diff.diff(FIXTURES / "diff/old.yaml", FIXTURES / "diff/old.yaml", "json")
    assert same.code is ExitCode.OK and json.loads(same.stdout)["compared"] is True


def test_diff_command_refuses_two_systems_in_one_line():
    from armybuilder.commands import diff
    from armybuilder.outcome import ExitCode

    tt = SHARED / "lists/tt/wren-legal.yaml"
    out = diff.diff(FIXTURES / "diff/old.yaml", tt, "text")
    assert out.code is ExitCode.USAGE and out.stdout == ""
    assert out.stderr == [
        f"cannot diff {FIXTURES / 'diff/old.yaml'} (fantasy-triumph) with {tt} (token-terrors): "
        "two versions of a list are for one game system"
    ]


def test_diff_points_on_a_system_without_a_points_limit_is_a_usage_error():
    from armybuilder.commands import diff
    from armybuilder.outcome import ExitCode

    tt = SHARED / "lists/tt/wren-legal.yaml"
    out = diff.diff(tt, tt, "text", points=12.0)
    assert out.code is ExitCode.USAGE and out.stdout == ""
    [line] = out.stderr
    assert "--points does not apply" in line and "token-terrors" in line and "slots" in line


def test_diff_points_apply_to_fantasy_triumph():
    from armybuilder.commands import diff

    data = json.loads(diff.diff(FIXTURES / "diff/old.yaml", FIXTURES / "diff/new.yaml", "json", points=59.5).stdout)
    assert data["new"]["points"] == {"total": 59.5, "limit": 59.5, "unit": "points"}
    assert data["new"]["valid"] is True


def test_diff_of_a_missing_file_is_a_usage_error(run):
    assert run("diff", OLD, "no-such.yaml").exit_code == 2


# -- every value that changed, settings included (issue 26 point 2) --------------------------------


def _values(run, write, old: str, new: str) -> list[str]:
    r = run("diff", write("old.yaml", old), write("new.yaml", new))
    assert r.exit_code in (0, 1), r.stderr
    lines = r.stdout.splitlines()
    if "values changed" not in r.stdout:
        return []
    start = next(i for i, line in enumerate(lines) if line.startswith("values changed")) + 1
    end = next((i for i in range(start, len(lines)) if not lines[i]), len(lines))
    return [line.strip() for line in lines[start:end]]


FT = """system: fantasy-triumph
name: Host
points: 48
topography: Hilly
invasion: 2
maneuver: 2
classes:
  - {name: Wardens, troop: Elite Foot, stands: 2, general: true, cards: [{Flying: zoom}]}
  - {name: Rangers, troop: Light Foot, stands: 3}
"""


def test_diff_names_the_settings_that_changed(run, write):
    """Issue 26 point 2: invasion, topography, maneuver and points showed only as changed totals and
    findings."""
    new = (
        FT.replace("points: 48", "points: 51")
        .replace("Hilly", "Dense Forest")
        .replace("invasion: 2", "invasion: 0")
        .replace("maneuver: 2", "maneuver: 4")
        .replace("zoom", "hover")
    )
    assert _values(run, write, FT, new) == [
        "~ points: 48 → 51",
        "~ topography: Hilly → Dense Forest",
        "~ invasion: 2 → 0",
        "~ maneuver: 2 → 4",
        "~ classes[Wardens].cards[Flying]: zoom → hover",
    ]
    gone = FT.replace("maneuver: 2\n", "")
    assert _values(run, write, FT, gone) == ["- maneuver: 2"]
    assert _values(run, write, gone, FT) == ["+ maneuver: 2"]


def test_diff_names_a_heroes_level_and_a_units_side(run, write):
    old = (SHARED.parent.parent.parent / "examples/homm3-battlefield/skirmish-short.yaml").read_text(encoding="utf-8")
    hero = next(line for line in old.splitlines() if line.startswith("hero:"))
    unit = next(line for line in old.splitlines() if "side:" in line)
    side = "Pack" if "Few" in unit else "Few"
    level = "V" if "level: III" in hero else "III"
    new = old.replace(hero, hero.replace(hero.split("level: ")[1].rstrip("}"), level)).replace(
        unit, unit.replace(unit.split("side: ")[1].rstrip("}"), side)
    )
    name = unit.split("name: ")[1].split(",")[0]
    was_level = hero.split("level: ")[1].rstrip("}")
    was_side = unit.split("side: ")[1].rstrip("}")
    assert _values(run, write, old, new) == [
        f"~ hero.level: {was_level} → {level}",
        f"~ units[{name}].side: {was_side} → {side}",
    ]


def test_diff_does_not_say_twice_what_the_inventory_tells(run, write):
    more = FT.replace("stands: 3}", "stands: 4, cards: [Fast]}")
    r = run("diff", write("old.yaml", FT), write("new.yaml", more))
    assert "~ class Rangers: 3 → 4" in r.stdout and "+ card Fast on Rangers ×4" in r.stdout
    assert "values changed" not in r.stdout
    moved = (
        FT.replace("  - {name: Wardens, troop: Elite Foot, stands: 2, general: true, cards: [{Flying: zoom}]}\n", "")
        + "  - {name: Wardens, troop: Elite Foot, stands: 2, general: true, cards: [{Flying: zoom}]}\n"
    )
    assert run("diff", write("old.yaml", FT), write("new.yaml", moved)).stdout.splitlines()[-1] == "no changes"
