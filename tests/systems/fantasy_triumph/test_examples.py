"""The Fantasy Triumph example lists through the command line (`armybuilder validate`).

Valid lists exit 0; the deliberately invalid one exits 1 with the codes its header names. The
totals are the hand sums written in each file's comments.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from armybuilder.check import check_path
from armybuilder.cli import app

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "fantasy-triumph"
VALID = {
    "greenwood-host.yaml": 51,  # 13 + 12 + 10½ + 9 + 5½ + 1 + ½ + 1½ - 2 = 51 (its own comment)
    "mire-court.yaml": 51,  # 14 + 8 + 6 + 7 + 5 + 3 + 2 + 2 + 2 + 1 + 1 = 51
    "iron-marches.yaml": 51,  # 13 + 4 + 13½ + 3 + 9 + 4 + 2 + 4 + ½ - 2 = 51; invasion 4 -1, maneuver 3 +1
}
INVALID = "broken-horde.yaml"
INVALID_ERRORS = {"FTR001", "FTR003", "FTR007", "FTR008", "FTR010", "FTR011", "FTR014"}
INVALID_TOTAL = 40  # 4 + 6 + 11 + 1 (unknown troop, 1-point floor) + 4 + 1 + 3 + 3 + 7 = 40


def run(*args):
    return CliRunner().invoke(app, list(args))


@pytest.mark.parametrize("name", sorted(VALID))
def test_valid_example_exits_0(name):
    result = run("validate", str(EXAMPLES / name))
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "VALID" in result.stderr and "INVALID" not in result.stderr
    assert f"{VALID[name]} of 51 points" in result.stderr


@pytest.mark.parametrize("name", sorted(VALID))
def test_valid_example_totals_and_no_errors_or_warnings(name):
    r = check_path(EXAMPLES / name)
    assert r.valid
    assert r.measure.total == VALID[name]
    assert [f.code for f in r.findings if f.severity.value != "info"] == []


def test_mire_court_is_dense_and_prices_accordingly():
    r = check_path(EXAMPLES / "mire-court.yaml")
    assert r.details["dense"] is True
    lines = {line["card"]: line["points"] for line in r.details["army_cards"]}
    assert lines["Ambush"] == 2  # Dense home: 2 (FT 24)
    assert lines["Prepared Defenses"] == 2  # 2 cards x 1 (FT 49)
    assert lines["Mobile Infantry"] == 2  # 2 stands x 1 flying (FT 45)
    assert r.details["classes"][1]["per_stand"] == 4  # Bad Horse 3 + Terrain Affinity 1 (Dense, FT 58)
    assert r.details["classes"][2]["move"].startswith("2 MU")  # Horde 3 MU, Slow -> 2 (FT 53.1)
    assert r.details["classes"][3]["move"].startswith("6 MU")  # Skirmishers 5 MU, Fast -> 6 (FT 33.1)
    assert r.details["hero_points"] == 8


def test_invalid_example_exits_1_with_its_codes():
    result = run("validate", "--format", "json", str(EXAMPLES / INVALID))
    assert result.exit_code == 1
    [res] = json.loads(result.stdout)["results"]
    assert res["valid"] is False
    errors = {f["code"] for f in res["findings"] if f["severity"] == "error"}
    assert errors == INVALID_ERRORS
    assert res["points"]["total"] == INVALID_TOTAL


def test_invalid_example_text_output():
    result = run("validate", str(EXAMPLES / INVALID))
    assert result.exit_code == 1
    assert "INVALID" in result.stderr
    for code in INVALID_ERRORS:
        assert code in result.stdout


def test_all_examples_together_exit_1():
    files = [str(EXAMPLES / n) for n in sorted(VALID)] + [str(EXAMPLES / INVALID)]
    result = run("validate", *files)
    assert result.exit_code == 1
    assert "3 valid, 1 invalid" in result.stderr


def test_valid_examples_together_exit_0():
    result = run("validate", *[str(EXAMPLES / n) for n in sorted(VALID)])
    assert result.exit_code == 0


def test_points_option_overrides_the_army_size():
    # iron-marches costs 51: against a 50-point limit it is 1 over -> exit 1 with FTR020
    result = run("validate", "--format", "json", "--points", "50", str(EXAMPLES / "iron-marches.yaml"))
    assert result.exit_code == 1
    [res] = json.loads(result.stdout)["results"]
    assert res["points"] == {"total": 51, "limit": 50, "unit": "points"}
    assert "FTR020" in {f["code"] for f in res["findings"]}
