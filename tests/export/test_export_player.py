"""The list's own words on every roster: its ``player:`` and ``note:`` (and a Fantasy Triumph class's
or hero's ``note:``), escaped for each format, in every game system's list format."""

from __future__ import annotations

import json

import pytest

from armybuilder.export import render
from armybuilder.export.roster import build
from armybuilder.yamlio import load_file
from tests.support.golden import compare

from .helpers import GOLDEN, ONE_PER_SYSTEM, PLAYER_NOTE, example_id, pdf_text

WORDS = "player: Ann O'Neil\nnote: Bring the red dice.\n"


def test_markdown_golden():
    roster, _ = build(PLAYER_NOTE)
    compare(GOLDEN / "player-note.md", render(roster, "markdown"))


def test_markdown_escapes_them():
    roster, _ = build(PLAYER_NOTE)
    md = render(roster, "markdown").decode("utf-8")
    assert "- Player: Ásta Þórsdóttir \\| \\*club\\* \\[Reykjavík\\](x)\n" in md
    note = "Bring the red dice. Second line \ufffd\\[31mred\ufffd\\[0m; \\`code\\` and \\<i\\>tags\\</i\\>."
    assert f"- Note: {note}\n" in md
    assert "- Wardens: The general stands at the back.\n" in md and "- Archmage: Casts from the woods.\n" in md
    assert "\x1b" not in md


def test_json_keeps_them_as_written():
    listed = load_file(PLAYER_NOTE).data
    roster, _ = build(PLAYER_NOTE)
    data = render(roster, "json")
    assert b"\x1b" not in data  # JSON escapes it: \u001b
    obj = json.loads(data)
    assert obj["player"] == listed["player"] and obj["note"] == listed["note"]
    assert "Wardens: The general stands at the back." in obj["tables"][0]["notes"]


def test_pdf_prints_them_without_control_characters():
    roster, _ = build(PLAYER_NOTE)
    text = pdf_text(render(roster, "pdf"))
    assert "Player Ásta Þórsdóttir | *club* [Reykjavík](x)" in text
    assert "Note Bring the red dice. Second line" in text and "`code` and <i>tags</i>." in text
    assert "\x1b" not in text
    assert "Wardens: The general stands at the back." in text


@pytest.mark.parametrize("fmt", ["markdown", "pdf", "json", "text"])
def test_a_roster_without_them_has_no_such_line(fmt):
    roster, _ = build(ONE_PER_SYSTEM[0])
    assert roster.player is None and roster.note is None
    out = render(roster, fmt)
    text = pdf_text(out) if fmt == "pdf" else out.decode("utf-8")
    assert "Player" not in text and "Note:" not in text


@pytest.mark.parametrize("path", ONE_PER_SYSTEM, ids=example_id)
def test_every_list_format_takes_them(path, tmp_path, run):
    """A player and a note are part of every system's list format, and reach the roster."""
    src = tmp_path / path.name
    src.write_text(path.read_text(encoding="utf-8") + WORDS, encoding="utf-8")
    r = run("validate", src)
    assert r.exit_code == 0, r.stdout
    roster, _ = build(src)
    assert roster.valid and (roster.player, roster.note) == ("Ann O'Neil", "Bring the red dice.")
    text = render(roster, "text").decode("utf-8")
    assert "\nPlayer: Ann O'Neil\nNote: Bring the red dice.\n" in text
    md = render(roster, "markdown").decode("utf-8")
    assert "- Player: Ann O'Neil\n- Note: Bring the red dice.\n" in md


@pytest.mark.parametrize("fmt,suffix", [("markdown", "md"), ("pdf", "pdf"), ("json", "json")])
def test_a_roster_with_them_verifies(run, tmp_path, fmt, suffix):
    out = tmp_path / f"roster.{suffix}"
    assert run("export", PLAYER_NOTE, "--to", fmt, "-o", out).exit_code == 0
    r = run("verify", out)
    assert r.exit_code == 0, r.stdout
