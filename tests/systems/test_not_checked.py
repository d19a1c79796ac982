"""Every system says what a green result does not cover (``not_checked`` in its system.yaml).

Issue 14: "Players and organisers need to know what a green result does not cover. ... Each
system declares them in its data. `systems` and `explain` show them, rosters carry a short 'Not
checked' section, and JSON results carry `not_checked`." The cases are generated from the
registry, so a new system gets them by its registry line.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from armybuilder import systems
from armybuilder.check import check_path
from armybuilder.compose.catalog import entries
from armybuilder.export import render
from armybuilder.export.roster import build
from armybuilder.suggest import fold
from armybuilder.text import not_checked_text

ROOT = Path(__file__).resolve().parents[2]
MANIFESTS = systems.manifests()
each = pytest.mark.parametrize("m", MANIFESTS, ids=[m.id for m in MANIFESTS])


def example(m: systems.Manifest) -> Path:
    return sorted((ROOT / "examples" / m.id).glob("*.yaml"))[0]


@each
def test_each_system_declares_what_it_does_not_check(m):
    items = systems.get(m.id).not_checked
    assert items, m.id
    for i in items:
        assert i["text"].strip() and len(not_checked_text(i)) <= 300
    assert any("unverified" in i["text"] or "not in the rule documents" in i["text"] for i in items), m.id


@each
def test_about_names_a_catalog_entry(m):
    names = {fold(n) for _, es in entries(m.id) for e in es for n in [e.name, *e.aliases]}
    for i in systems.get(m.id).not_checked:
        for name in i.get("about", []):
            assert fold(name) in names, (m.id, name)


@each
def test_systems_shows_them(run, m):
    lines = [not_checked_text(i) for i in systems.get(m.id).not_checked]
    r = run("systems")
    block = r.stdout.split(f"{m.id}  ", 1)[1]
    assert "  not checked:\n" in block
    for line in lines:
        assert f"    - {line}" in block
    (row,) = [s for s in json.loads(run("systems", "--format", "json").stdout)["systems"] if s["id"] == m.id]
    assert row["not_checked"] == lines


@each
def test_json_results_carry_them(run, m):
    path = example(m)
    r = run("validate", path, "--format", "json")
    (res,) = json.loads(r.stdout)["results"]
    assert res["not_checked"] == [{"text": i["text"], "rule": i.get("rule")} for i in systems.get(m.id).not_checked]
    (res,) = json.loads(run("cost", path, "--format", "json").stdout)["results"]
    assert res["not_checked"] and res["not_checked"][0]["text"] == systems.get(m.id).not_checked[0]["text"]


@each
def test_rosters_carry_a_not_checked_section(m):
    roster, result = build(example(m))
    lines = [not_checked_text(i) for i in systems.get(m.id).not_checked]
    readings = [n for n in roster.not_checked if n.startswith("reading: ")]  # those of the entries it uses
    assert roster.not_checked == lines + readings and result.not_checked
    lines += readings
    markdown = render(roster, "markdown").decode("utf-8")
    section = markdown.split("## Not checked\n\n", 1)[1].split("\n\n", 1)[0]
    assert section.count("\n- ") + 1 == len(lines)
    assert json.loads(render(roster, "json"))["not_checked"] == lines


def test_a_file_that_is_no_list_has_none(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: no system\n", encoding="utf-8")
    r = check_path(bad)
    assert r.not_checked == [] and r.to_dict()["not_checked"] == []


def test_explain_shows_the_lines_about_an_entry(run):
    # small-world-of-warcraft names the Goblins: "a position has no map, so adjacency (Goblin bombs
    # go in adjacent regions) ..."; seed 001: "Goblins may place Bombs in adjacent Regions".
    r = run("explain", "small-world-of-warcraft", "Goblins")
    assert (
        "  unchecked: the board: a position has no map, so adjacency (Goblin bombs go in adjacent regions)" in r.stdout
    )
    r = run("explain", "small-world-of-warcraft", "Trolls")
    assert "unchecked:" not in r.stdout


# Issue 39, item 2: "Readings made in silence. Each of these must be either checked or declared: in
# `armybuilder systems`, on `explain` of the entry, and in rosters' 'Not checked' section when the
# list uses the entry. Say which reading the program takes and why." The readings are data
# (system.yaml `readings`), each with the rule and the catalog entries it is about.
READINGS = {  # the audit's list: the rule each one reads, and an entry it is about
    "fantasy-triumph": [("FT 29", "Charge Through"), ("FT 47", "No Camp"), ("FT 38", "Hold the Line"),
                        ("FT 32", "Delayed Entry"), ("FT 49.3.a", "Prepared Defenses")],
    "small-world-of-warcraft": [("SWoW Goblins", "Goblins"), ("SWoW Forsaken", "Forsaken")],
    "homm3-battlefield": [("HoMM3 Battlefield 2. Setup", "Cyra")],
}  # fmt: skip


@pytest.mark.parametrize("system_id", sorted(READINGS))
def test_the_audits_readings_are_declared(system_id):
    got = systems.get(system_id).readings
    for rule, entry in READINGS[system_id]:
        assert any(i["rule"].startswith(rule) and entry in i.get("about", []) for i in got), (rule, entry)


@each
def test_readings_are_about_catalog_entries_and_shown_by_systems(run, m):
    names = {fold(n) for _, es in entries(m.id) for e in es for n in [e.name, *e.aliases]}
    lines = [not_checked_text(i) for i in systems.get(m.id).readings]
    for i in systems.get(m.id).readings:
        assert i["text"].strip() and i["rule"].strip()
        for name in i.get("about", []):
            assert fold(name) in names, (m.id, name)
    r = run("systems")
    block = r.stdout.split(f"{m.id}  ", 1)[1].split("\n\n")[0]
    for line in lines:
        assert f"    - {line}" in block
    (row,) = [s for s in json.loads(run("systems", "--format", "json").stdout)["systems"] if s["id"] == m.id]
    assert row["readings"] == lines


def test_explain_shows_the_reading_of_an_entry(run):
    r = run("explain", "fantasy-triumph", "Hold the Line")
    assert '  reading:   Hold the Line\'s "up to a maximum of 3" is read per class' in r.stdout
    (e,) = json.loads(run("explain", "fantasy-triumph", "Hold the Line", "--format", "json").stdout)["entries"]
    assert e["readings"] and e["readings"][0].startswith("Hold the Line's")
    assert "reading:" not in run("explain", "fantasy-triumph", "Deadly").stdout


def _roster_of(tmp_path, text):
    f = tmp_path / "list.yaml"
    f.write_text(text, encoding="utf-8")
    roster, _ = build(f)
    return roster


def test_a_roster_says_the_readings_of_the_entries_its_list_uses(tmp_path):
    host = (ROOT / "examples" / "fantasy-triumph" / "greenwood-host.yaml").read_text(encoding="utf-8")
    roster = _roster_of(tmp_path, host)
    readings = [n for n in roster.not_checked if n.startswith("reading: ")]
    # the Greenwood Host has Delayed Entry and Prepared Defenses, no Hold the Line nor Charge Through
    assert [n.split(" ")[1] for n in readings] == ["Delayed", "Prepared"]
    markdown = render(roster, "markdown").decode("utf-8")
    section = markdown.split("## Not checked\n\n", 1)[1].split("\n\n", 1)[0]
    assert "- reading: Delayed Entry's reduction" in section and "Hold the Line" not in section
    with_htl = host.replace("cards: [Deadly, Armored]", "cards: [Deadly, Armored, {Hold the Line: 2}]")
    assert with_htl != host
    roster = _roster_of(tmp_path, with_htl)
    assert any(n.startswith("reading: Hold the Line's") for n in roster.not_checked)
    assert json.loads(render(roster, "json"))["not_checked"] == roster.not_checked
