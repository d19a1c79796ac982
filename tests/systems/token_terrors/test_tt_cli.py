"""validate, cost and matchup through the command line (CliRunner), text and JSON."""

import json

import pytest

from .helpers import EXAMPLES

EXAMPLE_FILES = sorted(p.relative_to(EXAMPLES.parents[1]).as_posix() for p in EXAMPLES.glob("*.yaml"))
WREN = "examples/token-terrors/wrens-host.yaml"
OZZY = "examples/token-terrors/ozzys-muster.yaml"
DRAFT = "examples/token-terrors/friday-night-draft.yaml"
ISSUE_DRAFT = "tests/systems/token_terrors/fixtures/issue-draft.yaml"
RESULT_KEYS = {"file", "system", "name", "valid", "points", "findings", "not_checked"}


def test_the_examples_ship():
    assert len(EXAMPLE_FILES) >= 4


@pytest.mark.parametrize("example", EXAMPLE_FILES)
def test_every_example_validates(run, example):
    r = run("validate", example)
    assert r.exit_code == 0, r.stdout
    assert "VALID" in r.stderr and "INVALID" not in r.stderr
    assert "[error]" not in r.stdout


def test_validate_json(run):
    r = run("validate", "--format", "json", WREN, ISSUE_DRAFT)
    assert r.exit_code == 1
    data = json.loads(r.stdout)
    first, second = data["results"]
    assert set(first) == RESULT_KEYS
    assert first["valid"] is True and first["points"] == {"total": 10, "limit": 10, "unit": "slots"}
    assert second["valid"] is False
    assert [f["code"] for f in second["findings"] if f["severity"] == "error"] == ["TTB006", "TTB006", "TTB013"]
    assert r.stderr.splitlines()[-1] == "2 lists checked: 1 valid, 1 invalid"


def test_cost_json_army(run):
    r = run("cost", "--format", "json", WREN)
    assert r.exit_code == 0
    [item] = json.loads(r.stdout)["results"]
    assert set(item) == RESULT_KEYS | {"breakdown", "sections"}
    b = item["breakdown"]
    assert b["kind"] == "army" and b["army"]["slots"] == 10
    assert [(f["faction"], f["tokens"], f["slots"]) for f in b["army"]["factions"]] == [
        ("Wyverns", 5, 5),
        ("Goblins", 5, 5),
    ]
    assert [t["name"] for t in b["army"]["talents"]] == ["Take Flight", "Rush", "Enable", "Incite"]
    assert [s["title"] for s in item["sections"]] == [
        "Slots",
        "Talents",
        "Terrible Tactics in reach",
        "Gruesome Grudges in reach",
    ]
    grudges = {(g["name"], g["faction"], g["rival"]) for g in b["army"]["grudges"]}
    assert grudges == {("Haughty Hatred", "Goblins", "Elves"), ("Airborne Animosity", "Wyverns", "Flying Machines")}


def test_cost_of_a_draft_has_sections_per_player(run):
    r = run("cost", DRAFT)
    assert r.exit_code == 0
    for title in (
        "Draft",
        "Ozzy: Slots",
        "Ozzy: Talents",
        "Ozzy: Terrible Tactics in reach",
        "Wren: Slots",
        "Wren: Gruesome Grudges in reach",
        "Gruesome Grudges live",
    ):
        assert title in r.stdout
    data = json.loads(run("cost", "--format", "json", DRAFT).stdout)["results"][0]
    assert [p["player"] for p in data["breakdown"]["players"]] == ["Ozzy", "Wren"]
    assert data["points"] == {"total": 20, "limit": 20, "unit": "slots (both players)"}


def test_cost_text_lists_errors_of_an_invalid_draft(run):
    r = run("cost", ISSUE_DRAFT)
    assert r.exit_code == 1
    assert "TTB013 [error] pick 3: Wyverns are closed to Ozzy" in r.stdout


def test_matchup_text(run):
    r = run("matchup", WREN, OZZY)
    assert r.exit_code == 0, r.stdout
    assert (
        "TTB031 [info] the Gruesome Grudge 'Haughty Hatred' is live: "
        "Wren's Host has Goblins and Ozzy's Muster has Elves" in r.stdout
    )
    for title in (
        "Factions",
        "Gruesome Grudges live",
        "Wren's Host: Terrible Tactics",
        "Ozzy's Muster: Terrible Tactics",
    ):
        assert title in r.stdout
    assert r.stdout.splitlines()[-1].startswith(f"{WREN} vs {OZZY}: VALID, 20 of 20 slots")  # once (issue 26)
    assert " vs " not in r.stderr and "lists checked" not in r.stderr


def test_matchup_json(run):
    r = run("matchup", "--format", "json", WREN, OZZY)
    assert r.exit_code == 0
    data = json.loads(r.stdout)
    assert data["valid"] is True
    assert [set(x) for x in data["results"]] == [RESULT_KEYS | {"breakdown", "sections"}] * 2
    m = data["matchup"]
    assert set(m) == RESULT_KEYS | {"breakdown", "sections"}
    assert m["breakdown"]["grudges_live"] == [
        {
            "name": "Haughty Hatred",
            "factions": ["Goblins", "Elves"],
            "challenge": "Play 3 or more games where Goblins and Elves battle each other.",
        }
    ]
    tactics = [[t["name"] for t in a["tactics"]] for a in m["breakdown"]["armies"]]
    assert tactics == [["Death from Above", "Big Bad Bird Bait"], ["The Alliance of Elves and Men"]]


def test_matchup_shared_faction_fails_unless_allowed(run, tmp_path):
    rival = tmp_path / "rival.yaml"
    rival.write_text("system: token-terrors\nname: Rival\ntokens: {Wyverns: 1, Soldiers: 6, Elves: 3}\n")
    r = run("matchup", WREN, rival)
    assert r.exit_code == 1
    assert "TTB030 [error] Wyverns are in both armies" in r.stdout
    r = run("matchup", "--allow-shared-factions", "--format", "json", WREN, rival)
    assert r.exit_code == 0
    assert json.loads(r.stdout)["matchup"]["breakdown"]["shared_factions"] == ["Wyverns"]


def test_matchup_with_an_invalid_army_exits_1(run, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("system: token-terrors\ntokens: {Wyverns: 5, Gobbos: 5}\n")
    r = run("matchup", bad, OZZY)
    assert r.exit_code == 1
    assert "TTB002 [error] unknown faction 'Gobbos' (did you mean 'Goblins'?)" in r.stdout
    shape = tmp_path / "shape.yaml"
    shape.write_text("system: token-terrors\ntokens: {Wyverns: -5}\n")
    r = run("matchup", "--format", "json", shape, OZZY)
    assert r.exit_code == 1
    assert json.loads(r.stdout)["matchup"] is None
    assert "matchup not checked" in r.stderr


@pytest.mark.parametrize(
    "other, words",
    [
        (DRAFT, "is a draft record; matchup takes two army files"),
        ("sww", "is a small-world-of-warcraft list"),
    ],
)
def test_matchup_usage_errors_exit_2(run, tmp_path, other, words):
    if other == "sww":
        other = tmp_path / "sww.yaml"
        other.write_text("system: small-world-of-warcraft\nactive: {race: Orcs}\n")
    r = run("matchup", WREN, other)
    assert r.exit_code == 2
    assert r.stdout == ""
    assert words in r.stderr


def test_matchup_missing_file_is_a_usage_error(run):
    r = run("matchup", WREN, "no-such-file.yaml")
    assert r.exit_code == 2
