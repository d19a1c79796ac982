"""validate and cost from the command line, text and JSON; golden outputs of one example."""

import json
from pathlib import Path

import pytest

from tests.support.golden import compare

GOLDEN = Path(__file__).resolve().parent / "golden"
EXAMPLE = "examples/homm3-battlefield/skirmish-medium.yaml"


def test_validate_json(run):
    r = run("validate", "--format", "json", EXAMPLE)
    assert r.exit_code == 0
    out = json.loads(r.stdout)
    (res,) = out["results"]
    assert res["system"] == "homm3-battlefield" and res["valid"] is True
    assert res["points"] == {"total": 7, "limit": None, "unit": "units"}
    assert {f["code"] for f in res["findings"]} == {"HMB012"}
    assert set(res["findings"][0]) == {"code", "severity", "message", "rule", "line", "column"}
    assert r.stderr.strip() == f"{EXAMPLE}: VALID, 7 units (0 errors, 0 warnings, 5 info)"


def test_cost_json(run):
    r = run("cost", "--format", "json", EXAMPLE)
    assert r.exit_code == 0
    (res,) = json.loads(r.stdout)["results"]
    assert res["breakdown"]["totals"] == {"units": 7, "attack": 29, "defense": 9, "hp": 34, "gold": 86, "valuables": 3}
    assert res["breakdown"]["skirmish"]["abilities"] == {"draw": 4, "keep": 3}
    titles = [s["title"] for s in res["sections"]]
    assert titles == ["Hero", "Cards", "Units"]
    units = res["sections"][2]
    assert units["rows"][-1] == ["Total: 7 units", "", "", "", 29, 9, 34, "", 86, 3]


def test_invalid_list_exits_1_with_findings(run, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "system: homm3-battlefield\nmode: skirmish\nlength: short\nfaction: Castle\n"
        "hero: {name: Mutare, level: V}\nunits:\n  - {name: Champions, side: Pack}\n",
        encoding="utf-8",
    )
    r = run("validate", "--format", "json", bad)
    assert r.exit_code == 1
    (res,) = json.loads(r.stdout)["results"]
    got = [(f["code"], f["line"]) for f in res["findings"]]
    assert ("HMB004", 5) in got and ("HMB005", 5) in got and ("HMB017", 7) in got and ("HMB018", 7) in got
    assert res["valid"] is False


@pytest.mark.parametrize("command", ["validate", "cost"])
def test_golden_text(run, command):
    r = run(command, EXAMPLE)
    assert r.exit_code == 0
    compare(GOLDEN / f"skirmish-medium.{command}.txt", r.stdout)
