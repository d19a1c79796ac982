"""Small things a player notices (issue 16 item 6): plurals, articles, usage lines, a PDF under a
Markdown name, suggestions that are typos' corrections, a filter that shows why a row matched,
sources cited by name, and a schema header that survives sharing the list."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from armybuilder.commands.browse import explain_text
from armybuilder.compose.catalog import entries
from armybuilder.suggest import did_you_mean, fold, nearest
from armybuilder.yamlio import load_file

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted(p for p in (ROOT / "examples").glob("*/*.yaml") if p.parent.name != "events")
SYSTEMS = ["fantasy-triumph", "token-terrors", "small-world-of-warcraft", "homm3-battlefield"]


# -- plurals -----------------------------------------------------------------------------------------

# "1 tokens": a one not part of a larger number (12, 2.1, 1½, 3/1) before a plural count word
ONE_PLURAL = re.compile(r"(?<![\d.,½¼¾/])1 (tokens|units|valuables|points|stands|slots|entries|heroes|characters)\b")


def test_no_output_of_any_example_says_1_and_a_plural(run):
    for path in EXAMPLES:
        rel = path.relative_to(ROOT).as_posix()
        for args in (["validate", rel], ["cost", rel], ["export", rel, "--to", "markdown", "-o", "-"]):
            r = run(*args)
            found = ONE_PLURAL.findall(r.stdout + r.stderr)
            assert not found, (args, found)
    for system in SYSTEMS:
        assert not ONE_PLURAL.findall(run("catalog", system).stdout), system


def test_one_valuable_one_point_one_token_one_unit_one_stand(run, tmp_path):
    units = run("catalog", "homm3-battlefield", "units").stdout
    assert "+ 1 valuable " in units and "+ 2 valuables" in units
    cost = run("cost", "examples/fantasy-triumph/iron-marches.yaml").stdout
    assert "Sellswords (1 stand): counts as 1 point lost until it enters (FT 32.3)" in cost
    tt = tmp_path / "tt.yaml"
    run("new", "token-terrors", tt)
    assert run("add", tt, "tokens", "Elves", "1").stdout.splitlines()[0] == "Elves: 1 token (+1)"
    assert run("add", tt, "tokens", "Elves", "1").stdout.splitlines()[0] == "Elves: 2 tokens (+1)"
    r = run("validate", tt)
    assert f"{tt}: INVALID, 2 of 10 slots" in r.stderr
    one = tmp_path / "one.yaml"
    one.write_text(
        "system: homm3-battlefield\nname: One\nmode: board\nopponent: player\nfaction: Castle\n"
        "hero: {name: Catherine}\nunits:\n  - {name: Halberdiers, side: Pack}\n",
        encoding="utf-8",
    )
    assert f"{one}: VALID, 1 of 7 units (" in run("validate", one).stderr
    ft = tmp_path / "ft.yaml"
    ft.write_text(
        "system: fantasy-triumph\nname: Lone\nclasses:\n  - {name: A, troop: Knights, stands: 1, general: true}\n",
        encoding="utf-8",
    )
    assert "the army has 1 stand; a 51-point army needs at least 8" in run("validate", ft).stdout


def test_measure_text_takes_the_number_s_word():
    from fractions import Fraction

    from armybuilder.findings import Measure

    assert Measure(1, None, "units").text() == "1 unit"
    assert Measure(7, None, "units").text() == "7 units"
    assert Measure(1, 10, "slots").text() == "1 of 10 slots"
    assert Measure(Fraction(1, 2), None, "points").text() == "½ point"
    assert Measure(None, 51, "points").text() is None


# -- articles ------------------------------------------------------------------------------------------


def test_a_missing_key_is_said_without_a_wrong_article(run, write):
    r = run("validate", write("sw.yaml", "system: small-world-of-warcraft\nname: X\n"))
    assert "the file needs an entry 'active' (list schema)" in r.stdout
    assert "needs a '" not in r.stdout


# -- usage lines ---------------------------------------------------------------------------------------


def test_usage_lines_name_their_arguments(run):
    from armybuilder.cli import app

    names = list(app.pending)
    assert "validate" in names and "matchup" in names
    for name in names:
        usage = run(name, "--help").stdout.splitlines()[0]
        assert usage.startswith(f"Usage: armybuilder {name} ") and not re.search(r"[{}]", usage), usage
    assert run("validate", "--help").stdout.startswith("Usage: armybuilder validate [OPTIONS] FILE...\n")
    assert run("tournament", "--help").stdout.startswith("Usage: armybuilder tournament [OPTIONS] PACK LISTS...\n")
    assert run("catalog", "--help").stdout.startswith("Usage: armybuilder catalog [OPTIONS] SYSTEM [KIND]\n")
    missing = run("validate")
    assert missing.exit_code == 2 and "Usage: armybuilder validate [OPTIONS] FILE...\n" in missing.stderr


# -- a roster under another format's name -----------------------------------------------------------


@pytest.mark.parametrize(
    "to, name, warned",
    [
        (
            "pdf",
            "roster.md",
            "roster.md gets a pdf roster, but a .md name says markdown; name it .pdf, or export with --to markdown",
        ),
        ("json", "roster.yaml", "roster.yaml gets a json roster, but a .yaml name does not say json; name it .json"),
        ("pdf", "roster.PDF", None),
        ("markdown", "roster.markdown", None),
        ("markdown", "roster", None),
    ],
)
def test_export_warns_of_a_name_that_says_another_format(run, tmp_path, monkeypatch, to, name, warned):
    monkeypatch.chdir(tmp_path)
    r = run("export", ROOT / "examples/fantasy-triumph/greenwood-host.yaml", "--to", to, "-o", name)
    assert r.exit_code == 0 and (tmp_path / name).exists()  # written as asked
    said = [line for line in r.stderr.splitlines() if "warning:" in line]
    assert said == ([f"armybuilder export: warning: {warned}"] if warned else [])


# -- suggestions ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "written, choices, wanted",
    [
        ("Spellblst", ["Spellblast", "Mindblast", "Spiked Carts"], "Spellblast"),
        ("wyvrens", ["Wyverns", "Goblins", "Elves"], "Wyverns"),
        ("Elfs", ["Wyverns", "Goblins", "Elves"], "Elves"),  # a misspelt ending
        ("Knigths", ["Knights", "Knight Bows"], "Knights"),  # two letters swapped
        ("fantasy-trumph", SYSTEMS, "fantasy-triumph"),
        ("Elefants", ["Elephants", "Elite Foot", "Behemoths"], "Elephants"),
        ("orc", ["Orcs", "Trolls"], "Orcs"),
    ],
)
def test_a_typo_gets_its_correction(written, choices, wanted):
    assert nearest(written, choices) == wanted


@pytest.mark.parametrize(
    "written, choices",
    [
        ("Haste", ["Castle", "Rampart", "Tower", "Dungeon"]),  # 2 edits in 5 letters, the first one wrong
        ("FTR01", ["FTR010", "FTR011", "FTR031", "FTR001"]),  # ten codes one edit away: none is meant
        ("Dragon", ["Wagon", "Druid"]),  # 2 edits, the first letter wrong
        ("zz", ["ab", "cd"]),
        ("", ["Orcs"]),
    ],
)
def test_nonsense_gets_no_suggestion(written, choices):
    assert nearest(written, choices) is None
    assert did_you_mean(written, choices) == ""


def test_the_issue_s_two_suggestions_are_gone_and_good_ones_stay(run):
    r = run("rule", "FTR01")
    assert r.exit_code == 2 and "did you mean" not in r.stderr
    r = run("explain", "homm3-battlefield", "Haste")
    assert r.exit_code == 2 and "did you mean" not in r.stderr and "Castle" not in r.stderr
    assert "(did you mean 'FTR010'?)" in run("rule", "FTR0100").stderr
    assert "(did you mean 'Spellblast'?)" in run("explain", "fantasy-triumph", "Spellblst").stderr
    assert "(did you mean 'Halberdiers'?)" in run("explain", "homm3-battlefield", "Halberdeirs").stderr


def test_an_index_works_a_suggestion_out_once_per_name_and_keeps_a_bounded_number(monkeypatch):
    from armybuilder import suggest

    index = suggest.NameIndex({"Spellblast": 1, "Mindblast": 2}, aliases={"Blast": "Spellblast"})
    calls: list[str] = []
    real = suggest.did_you_mean
    monkeypatch.setattr(suggest, "did_you_mean", lambda name, choices: calls.append(name) or real(name, choices))
    assert [index.suggestion("Spellblst") for _ in range(50)] == [" (did you mean 'Spellblast'?)"] * 50
    assert index.suggestion("Blasst") == " (did you mean 'Blast'?)" and index.suggestion("zz") == ""
    assert calls == ["Spellblst", "Blasst", "zz"]  # a list that repeats a misspelling pays once
    monkeypatch.setattr(suggest.NameIndex, "KEEP", 3)
    for name in ("a1", "a2", "a3", "a4"):
        index.suggestion(name)
    assert len(index._suggested) <= 3  # a long-running serve keeps no more than KEEP


# -- catalog --filter ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "system, kind, text",
    [
        ("fantasy-triumph", "cards", "blast"),
        ("fantasy-triumph", "troops", "cavalry"),
        ("small-world-of-warcraft", "races", "alliance"),
        ("token-terrors", "factions", "ranged"),
        ("homm3-battlefield", "units", "Rampart"),
    ],
)
def test_every_row_the_filter_keeps_shows_the_text(run, system, kind, text):
    """A row either shows the text in its cells or is listed under the table with its summary,
    which has it: nothing is kept for a reason the player cannot see."""
    out = run("catalog", system, kind, "--filter", text).stdout
    (group,) = json.loads(run("catalog", system, kind, "--filter", text, "--format", "json").stdout)["kinds"]
    assert group["rows"]
    lines = out.splitlines()
    for row in group["rows"]:
        shown = [line for line in lines if row["name"] in line]
        assert shown, row["name"]
        cells = [str(v) for k, v in row.items() if k != "summary" and v is not None]
        if not any(fold(text) in fold(c) for c in cells):
            assert f"  {row['name']}: {row['summary']}" in lines
            assert fold(text) in fold(row["summary"])
    if "is in the summary of:" in out:
        assert f"'{text}' is in the summary of:" in lines


def test_the_issue_s_blast_filter(run):
    out = run("catalog", "fantasy-triumph", "--filter", "blast").stdout
    assert (
        "'blast' is in the summary of:\n  Marksman: +1 in offensive ranged combat (not for Spellblast or Mindblast)."
        in out
    )


# -- sources cited by name -------------------------------------------------------------------------------

DEVELOPER_PATHS = re.compile(r"\.\./shared|reference/|\.csv\b|reference README")


def test_no_output_cites_a_developer_path(run):
    from armybuilder.compose.catalog import explain_entries

    texts = []
    for system in SYSTEMS:
        texts += [run("catalog", system).stdout, run("catalog", system, "--format", "json").stdout]
        names = sorted({e.name for _, es in entries(system) for e in es})
        for name in names:
            hits = explain_entries(system, name)
            texts.append(explain_text(hits))
            texts.append(json.dumps([e.to_dict() for e in hits], default=str))
    texts += [run("systems").stdout, run("systems", "--format", "json").stdout, run("rule").stdout]
    texts += [run("rule", code).stdout for code in re.findall(r"^(\S+)  ", run("rule").stdout, re.M)]
    for path in EXAMPLES:
        rel = path.relative_to(ROOT).as_posix()
        texts += [run("cost", rel).stdout, run("cost", rel, "--format", "json").stdout]
        texts += [run("export", rel, "--to", "markdown", "-o", "-").stdout]
    for text in texts:
        found = DEVELOPER_PATHS.findall(text)
        assert not found, (found, text[:200])


def test_troop_types_cite_their_public_source(run):
    out = run("explain", "fantasy-triumph", "Elite Foot").stdout
    assert "rule:      Triumph! troop types (Meshwesh)" in out
    assert "Small World of Warcraft rulebook component list" in run("explain", "small-world-of-warcraft", "Orcs").stdout


# -- schemas and the header of a new list ---------------------------------------------------------------


def test_schemas_lists_and_writes_the_published_schemas(run, tmp_path):
    listed = run("schemas")
    assert listed.exit_code == 0
    names = [line.split()[0] for line in listed.stdout.splitlines()]
    assert names == [f"{s}.list.schema.json" for s in SYSTEMS] + ["event.schema.json", "roster.schema.json"]
    out = tmp_path / "schemas"
    r = run("schemas", "--write", out)
    assert r.exit_code == 0 and len(r.stderr.splitlines()) == len(names)
    for name in names:
        assert (out / name).read_bytes() == (ROOT / "schemas" / name).read_bytes()
    again = run("schemas", "--write", out)
    assert again.exit_code == 0 and again.stderr.strip().endswith(f"6 already up to date in {out}")
    (out / "event.schema.json").write_text("{}", encoding="utf-8")
    refused = run("schemas", "--write", out)
    assert refused.exit_code == 2 and "event.schema.json" in refused.stderr and "--force" in refused.stderr
    assert (out / "event.schema.json").read_text(encoding="utf-8") == "{}"  # never overwritten without --force
    assert run("schemas", "--write", out, "--force").exit_code == 0
    assert (out / "event.schema.json").read_bytes() == (ROOT / "schemas" / "event.schema.json").read_bytes()
    a_file = tmp_path / "file"
    a_file.write_text("x", encoding="utf-8")
    assert run("schemas", "--write", a_file).exit_code == 2


def test_a_new_list_s_schema_is_beside_it_after_schemas_write(run, tmp_path):
    """The header points at schemas/ beside the list, not into one installation; the comment under
    it says how to put the schema there; after that the reference resolves."""
    folder = tmp_path / "club"
    folder.mkdir()
    army = folder / "army.yaml"
    assert run("new", "fantasy-triumph", army).exit_code == 0
    first, second = army.read_text(encoding="utf-8").splitlines()[:2]
    ref = first.removeprefix("# yaml-language-server: $schema=")
    assert ref == "schemas/fantasy-triumph.list.schema.json"
    assert second == "# (for your editor's checks: armybuilder schemas --write schemas)"
    assert run("schemas", "--write", folder / "schemas").exit_code == 0
    schema = json.loads((army.parent / ref).read_text(encoding="utf-8"))
    assert schema["$schema"].startswith("https://json-schema.org/")
    assert load_file(army).data["system"] == "fantasy-triumph"
    moved = tmp_path / "elsewhere" / "army.yaml"  # shared: the same header still means the same thing
    moved.parent.mkdir()
    moved.write_bytes(army.read_bytes())
    assert moved.read_text(encoding="utf-8").splitlines()[0] == first
