"""Golden outputs of the text and JSON reporters, and the CLI's streams and exit codes."""

import json
from pathlib import Path

import pytest

from tests.support.golden import compare

GOLDEN = Path(__file__).resolve().parent / "golden"
VALID = "examples/fantasy-triumph/greenwood-host.yaml"
BROKEN = "tests/reporters/fixtures/ft-broken.yaml"


def test_validate_text_golden(run):
    r = run("validate", BROKEN)
    assert r.exit_code == 1
    compare(GOLDEN / "validate-broken.txt", r.stdout)
    assert "INVALID" in r.stderr and "INVALID" not in r.stdout


def test_validate_json_golden(run):
    r = run("validate", BROKEN, "--format", "json")
    assert r.exit_code == 1
    data = json.loads(r.stdout)  # only JSON on stdout
    assert data["results"][0]["valid"] is False
    compare(GOLDEN / "validate-broken.json", r.stdout)


def test_validate_valid_list_prints_nothing_on_stdout(run):
    r = run("validate", VALID)
    assert r.exit_code == 0
    assert r.stdout == ""
    assert "VALID, 51 of 51 points" in r.stderr


def test_cost_text_golden(run):
    r = run("cost", VALID)
    assert r.exit_code == 0
    compare(GOLDEN / "cost-greenwood.txt", r.stdout)


def test_cost_json_golden(run):
    r = run("cost", VALID, "--format", "json")
    assert r.exit_code == 0
    data = json.loads(r.stdout)
    assert data["results"][0]["breakdown"]["total"] == 51
    compare(GOLDEN / "cost-greenwood.json", r.stdout)


def test_json_shape_matches_the_issue(run):
    r = run("validate", BROKEN, VALID, "--format", "json")
    data = json.loads(r.stdout)
    assert list(data) == ["results"]
    for res in data["results"]:
        assert {"file", "system", "name", "valid", "points", "findings"} <= set(res)
        assert {"total", "limit"} <= set(res["points"])
        for f in res["findings"]:
            assert {"code", "severity", "message", "rule", "line", "column"} <= set(f)


def test_output_is_deterministic(run):
    assert run("validate", BROKEN, "--format", "json").stdout == run("validate", BROKEN, "--format", "json").stdout


@pytest.mark.parametrize(
    "args",
    [
        ["validate", "no-such-file.yaml"],
        ["validate", "--format", "xml", VALID],
        ["validate"],
        ["cost", "--points", "-3", VALID],
        ["rule", "ZZZ999"],
    ],
)
def test_usage_errors_exit_2(run, args):
    r = run(*args)
    assert r.exit_code == 2
    assert r.stdout == ""


def test_points_override(run):
    r = run("validate", VALID, "--points", "48", "--format", "json")
    assert r.exit_code == 1
    res = json.loads(r.stdout)["results"][0]
    assert res["points"] == {"total": 51, "limit": 48, "unit": "points"}
    assert [f["code"] for f in res["findings"]] == ["FTR020"]


def test_rule_docs(run):
    r = run("rule", "FTR010")
    assert r.exit_code == 0 and "Illusion: at most six cards (FT 39)" in r.stdout
    listing = run("rule").stdout
    assert "ABL007" in listing and "FTR001" in listing


def test_systems_lists_fantasy_triumph(run):
    r = run("systems", "--format", "json")
    ids = [s["id"] for s in json.loads(r.stdout)["systems"]]
    assert "fantasy-triumph" in ids
