"""The command line on Small World of Warcraft positions: validate and cost, text and JSON."""

import json

import yaml
from typer.testing import CliRunner

from armybuilder.cli import app

from .helpers import EXAMPLES, position

EXAMPLE = str(EXAMPLES / "thrall-turn-4.yaml")
runner = CliRunner()


def write(tmp_path, data, name="position.yaml"):
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return str(path)


def test_validate_json_valid():
    r = runner.invoke(app, ["validate", "--format", "json", EXAMPLE])
    assert r.exit_code == 0
    (res,) = json.loads(r.stdout)["results"]
    assert res["system"] == "small-world-of-warcraft" and res["name"] == "Thrall, turn 4" and res["valid"]
    assert res["points"] == {"total": 8, "limit": 11, "unit": "tokens"}
    assert [f["code"] for f in res["findings"]] == ["SWW014"]
    assert set(res["findings"][0]) >= {"code", "severity", "message", "rule", "line", "column"}
    assert "VALID, 8 of 11 tokens" in r.stderr


def test_validate_json_invalid(tmp_path):
    bad = position(
        active={
            "race": "Tauren",
            "in_hand": 14,
            "regions": [{"name": "Mulgore", "tokens": 1}, {"name": "Barrens", "tokens": 2}],
        },
        decline=None,
        conquests=None,
    )  # 17 of the 16 Tauren tokens, and one left alone
    r = runner.invoke(app, ["validate", "-f", "json", write(tmp_path, bad)])
    assert r.exit_code == 1
    (res,) = json.loads(r.stdout)["results"]
    assert not res["valid"]
    assert [f["code"] for f in res["findings"] if f["severity"] == "error"] == ["SWW004", "SWW011"]
    assert res["points"] == {"total": 17, "limit": 16, "unit": "tokens"}
    assert "INVALID" in r.stderr


def test_cost_json_has_the_breakdown():
    r = runner.invoke(app, ["cost", "--format", "json", EXAMPLE])
    assert r.exit_code == 0
    (res,) = json.loads(r.stdout)["results"]
    assert res["breakdown"]["conquests"][0]["cost"] == 3
    assert res["breakdown"]["coins"]["net"] == 4
    assert [s["title"] for s in res["sections"]] == ["Races", "Conquests", "Victory coins this turn"]
    assert res["sections"][-1]["rows"][-1] == ["Total", None, None, 4]


def test_cost_text_and_several_files(tmp_path):
    other = write(tmp_path, position(active={"race": "Trolls", "regions": [{"name": "Crossroads", "tokens": 2}]}))
    r = runner.invoke(app, ["cost", EXAMPLE, other])
    assert r.exit_code == 0
    assert "Victory coins this turn" in r.stdout and "Trolls -1" in r.stdout
    assert r.stderr == ""  # text cost prints its status lines on stdout


def test_validate_text_points_at_the_line(tmp_path):
    r = runner.invoke(
        app,
        [
            "validate",
            write(tmp_path, position(decline={"race": "Tauren", "regions": [{"name": "Mulgore", "tokens": 1}]})),
        ],
    )
    assert r.exit_code == 1
    assert ":13:" in r.stdout and "SWW011 [error]" in r.stdout and "(SWoW Tauren)" in r.stdout
