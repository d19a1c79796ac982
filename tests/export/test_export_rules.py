"""The rules appendix (``export --with-rules``): each card, troop type, faction, race, talent or unit
a list uses, with the summary and the rule reference the game data gives it, and no summary that
the data does not hold. Golden files for one list of each game system (Markdown and text).

After a deliberate change, rewrite the golden files with ``ARMYBUILDER_UPDATE_GOLDEN=1`` and read them.
"""

from __future__ import annotations

import json

import pytest
from jsonschema import Draft202012Validator

from armybuilder.export import render
from armybuilder.export.appendix import NO_SUMMARY, NO_SUMMARY_OR_RULE
from armybuilder.export.roster import build
from armybuilder.resources import load_schema
from armybuilder.yamlio import load_file
from tests.support.golden import compare

from .helpers import EXAMPLES, FT_EXAMPLE, GOLDEN, INVALID, ONE_PER_SYSTEM, ROOT, example_id, pdf_text

DATA = ROOT / "data"


def _card_names(listed) -> list[str]:
    """The names of every card a Fantasy Triumph list file writes (on classes, heroes, the army)."""
    cards = [c for part in ("classes", "heroes") for unit in listed.get(part, []) for c in unit.get("cards", [])]
    cards += listed.get("army_cards", [])
    return [next(iter(c)) if isinstance(c, dict) else c for c in cards]


@pytest.mark.parametrize("fmt,suffix", [("markdown", "md"), ("text", "txt")])
@pytest.mark.parametrize("path", ONE_PER_SYSTEM, ids=example_id)
def test_golden(path, fmt, suffix):
    roster, _ = build(path, with_rules=True)
    compare(GOLDEN / "rules" / f"{path.stem}.{suffix}", render(roster, fmt))


def test_fantasy_triumph_cards_carry_their_summary_and_section_from_the_data():
    listed = load_file(FT_EXAMPLE).data
    cards = {c["name"]: c for c in load_file(DATA / "fantasy-triumph" / "cards.yaml").data["cards"]}
    roster, _ = build(FT_EXAMPLE, with_rules=True)
    shown = {e.name: e for e in roster.rules if e.kind == "card"}
    assert sorted(shown) == sorted(set(_card_names(listed)))  # each card the list writes, once
    for name, e in shown.items():
        assert e.rule == f"FT {cards[name]['number']}"  # Illusion is FT 39, ...
        assert e.summary == " ".join(cards[name]["summary"].split())
        assert e.text == f"{name} (card, FT {cards[name]['number']}): {e.summary}"


def test_an_item_without_a_summary_in_the_data_shows_its_figures_or_says_so():
    troops = {t["name"]: t for t in load_file(DATA / "fantasy-triumph" / "troops.yaml").data["troops"]}
    assert not any("summary" in t for t in troops.values())  # when the data gains summaries, the roster shows them
    roster, _ = build(FT_EXAMPLE, with_rules=True)
    listed = load_file(FT_EXAMPLE).data
    shown = [e for e in roster.rules if e.kind == "troop type"]
    assert sorted(e.name for e in shown) == sorted({c["troop"] for c in listed["classes"]})
    for e in shown:  # no summary in the data: the troop type's figures, as the data holds them
        t = troops[e.name]
        assert e.rule and e.summary == e.summary_text and NO_SUMMARY not in e.summary_text
        assert f"order: {t['order']}" in e.summary and f"points: {t['points']}" in e.summary
        assert f"move: {t['move']} MU" + ("" if t["move_verified"] else " (unverified)") + "," in e.summary
    # a Heroes III faction has neither a summary nor figures: it says so
    roster, _ = build(ROOT / "examples" / "homm3-battlefield" / "skirmish-short.yaml", with_rules=True)
    (faction,) = [e for e in roster.rules if e.kind == "faction"]
    assert faction.summary is None and faction.summary_text == NO_SUMMARY


def test_a_name_the_data_does_not_know_is_listed_without_summary_or_rule():
    roster, _ = build(ROOT / "examples" / "small-world-of-warcraft" / "thrall-turn-4.yaml", with_rules=True)
    shown = [(e.kind, e.name) for e in roster.rules]
    assert shown == [("race", "Orcs"), ("race", "Tauren"), ("special power", "Blacksmith")]
    power = roster.rules[-1]
    assert power.rule is None and power.summary is None and power.summary_text == NO_SUMMARY_OR_RULE
    races = {r["name"]: r for r in load_file(DATA / "small-world-of-warcraft" / "races.yaml").data["races"]}
    for e in roster.rules[:2]:
        assert e.rule == races[e.name]["rule"]
        assert e.summary == " ".join(races[e.name]["summary"].split())


def test_a_token_terrors_draft_lists_both_players_factions_and_their_talents():
    path = ROOT / "examples" / "token-terrors" / "friday-night-draft.yaml"
    roster, _ = build(path, with_rules=True)
    picks = load_file(path).data["draft"]["picks"]
    factions = {f["name"]: f for f in load_file(DATA / "token-terrors" / "factions.yaml").data["factions"]}
    assert sorted(e.name for e in roster.rules if e.kind == "faction") == sorted({p["faction"] for p in picks})
    talents = {t["name"] for p in picks for t in factions[p["faction"]]["talents"]}
    assert {e.name for e in roster.rules if e.kind in ("talent", "trait")} == talents
    assert all(e.summary for e in roster.rules)  # every Token Terrors entry has its summary in the data


@pytest.mark.parametrize("path", EXAMPLES, ids=example_id)
def test_every_format_shows_every_entry(path):
    roster, _ = build(path, with_rules=True)
    assert roster.rules, "every example uses something the catalog knows"
    md = render(roster, "markdown").decode("utf-8")
    text = render(roster, "text").decode("utf-8")
    pdf = pdf_text(render(roster, "pdf"))
    obj = json.loads(render(roster, "json"))
    assert list(Draft202012Validator(load_schema("roster")).iter_errors(obj)) == []
    assert obj["rules"] == [e.to_dict() for e in roster.rules]
    assert "## Rules used" in md and "\nRules used\n" in text and "Rules used" in pdf
    for e in roster.rules:
        assert f"- {e.text}\n" in text
        assert e.name in md and e.name in pdf


@pytest.mark.parametrize("path", ONE_PER_SYSTEM, ids=example_id)
def test_without_the_option_there_is_no_appendix(path):
    roster, _ = build(path)
    assert roster.rules is None
    assert "Rules used" not in render(roster, "markdown").decode("utf-8")
    assert "Rules used" not in render(roster, "text").decode("utf-8")
    assert "rules" not in json.loads(render(roster, "json"))


def test_a_file_that_is_not_a_list_has_an_empty_appendix(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("system: [unclosed\n", encoding="utf-8")
    roster, _ = build(bad, with_rules=True)
    assert roster.rules == []
    assert "- nothing: the file is not a list that was checked" in render(roster, "text").decode("utf-8")


@pytest.mark.parametrize("fmt", ["markdown", "pdf", "json"])
def test_a_roster_with_the_appendix_still_verifies(run, tmp_path, fmt):
    out = tmp_path / f"roster.{ {'markdown': 'md'}.get(fmt, fmt) }"
    assert run("export", FT_EXAMPLE, "--to", fmt, "-o", out, "--with-rules").exit_code == 0
    r = run("verify", out)
    assert r.exit_code == 0, r.stdout
    assert "verified: VALID, 51 of 51 points" in r.stdout


def test_cli_with_rules_and_help(run):
    r = run("export", INVALID, "--to", "text", "-o", "-", "--with-rules")
    assert r.exit_code == 1
    assert "\nRules used\n" in r.stdout and "- Deadly (card, FT 31): " in r.stdout
    assert "- Armoured Hide" not in r.stdout  # an unknown card has no entry: the errors say what is wrong
    help_text = run("export", "--help").stdout
    for option in ("--with-rules", "--compact", "text"):
        assert option in help_text


def test_a_pdf_roster_says_its_sources_and_its_share_code_in_a_players_words(run, tmp_path):
    """Issue 46, item 8: a PDF roster is read by an opponent. Its troop types cite "the official
    Triumph! army-list database", not the database's developer name (Meshwesh, which the JSON keeps
    for those who look it up: /work/shared/reference/README.md), and the QR code's caption says what
    to do with it, with no command line."""
    listing = ROOT / "examples" / "fantasy-triumph" / "greenwood-host.yaml"
    pdf = tmp_path / "roster.pdf"
    assert run("export", listing, "-o", pdf, "--with-rules").exit_code == 0
    text = " ".join(pdf_text(pdf.read_bytes()).split())
    assert "Meshwesh" not in text
    assert "armybuilder import" not in text
    assert "army list source: the official Triumph! army-list database" in text
    assert "The list's share code: open it in armybuilder" in text
    roster, _ = build(listing, with_rules=True)
    kept = {e["rule"] for e in json.loads(render(roster, "json"))["rules"] if e["kind"] == "troop type"}
    assert kept == {"Triumph! troop types (Meshwesh)"}  # the exact term, for a developer
