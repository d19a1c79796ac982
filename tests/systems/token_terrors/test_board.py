"""Token Terrors' builder board, against the rulebook (rule document 000, "Draft Your Army"):

- "Players alternate drafting until each player has 10 Tokens. A player may have up to 6 Tokens of
  the same faction."
- "The first player selects 1 to 6 Tokens from any one faction. Once you have drafted even as few
  as 1 of any of the available factions, your opponent cannot draft tokens from that faction."
- "A Rarity, such as Typical, Tyrannical, or Titanic which indicates both the tokens size and how
  many slots the Token uses up in your army": every Season 1 faction is Typical, 1 slot a token
  (10 Typical tokens fill the army of 10).
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import yaml

from armybuilder.compose.board import NUMBER, TEXT, Board, Control
from armybuilder.edit.engine import run_edit
from armybuilder.edit.offer import board_for
from armybuilder.outcome import ExitCode
from tests.builder.driver import Driver

from .helpers import EXAMPLES, army_text, draft_text

FACTIONS = ["Goblins", "Soldiers", "Zombies", "Wyverns", "Elves", "Flying Machines", "Swamplins"]
CLI = re.compile(r"--\w|\bFILE\b|armybuilder |usage:")


def write(tmp_path: Path, text: str, name: str = "list.yaml") -> Path:
    f = tmp_path / name
    f.write_text(text, encoding="utf-8")
    return f


def made(path: Path, focus: str | None = None) -> Board:
    b, _ = board_for(path, focus)
    assert b is not None
    return b


def control(b: Board, label: str) -> Control:
    (c,) = [c for c in b.controls() if c.label == label]
    return c


def entry(b: Board, name: str):
    return next(e for g in b.catalog for e in g.entries if e.name == name)


def tokens(path: Path) -> dict:
    return yaml.safe_load(path.read_text(encoding="utf-8"))["tokens"]


# ---------------------------------------------------------------------------
# Costs


def test_costs_are_slots_a_token_as_the_rarity_gives_them(tmp_path):
    b = made(write(tmp_path, army_text({"Soldiers": 6, "Elves": 2})))
    soldiers = entry(b, "Soldiers")
    assert soldiers.cost == "1 slot a token" and soldiers.add.cost == "1 slot a token"  # Typical: 1 slot
    assert [e.name for g in b.catalog for e in g.entries] == FACTIONS
    (army,) = [s for s in b.sections if s.key == "tokens"]
    assert army.title == "Army (8 of 10 slots: 2 short)"
    row = {r.title: r for r in army.rows}["Soldiers"]
    assert row.cost == "6 slots" and row.path == ("tokens", "Soldiers")
    # "SOLDIERS - MELEE | TYPICAL | HUMAN", and their talents (TT Token Terrors Factions: Soldiers)
    assert row.subtitle == "melee · Typical · Human · talents: March, Phalanx"
    by_key = {c.key: c for c in row.controls}
    assert by_key["minus"].face == "\u2212" and by_key["minus"].cost == "\u22121 slot"
    assert by_key["plus"].face == "+" and by_key["plus"].cost == "+1 slot"
    assert by_key["remove"].cost == "\u22126 slots"
    assert by_key["tokens"].kind == NUMBER and by_key["tokens"].value == "6"
    assert (by_key["tokens"].low, by_key["tokens"].high) == (1, 6)
    elves = {c.key: c for c in {r.title: r for r in army.rows}["Elves"].controls}
    assert elves["tokens"].high == 4  # 2 of Elves and 2 free slots
    assert b.catalog[0].note == "2 of 10 slots left; up to 6 tokens of a faction"
    assert entry(b, "Goblins").add.high == 2  # the free slots
    assert entry(b, "Elves").add.high == 2


def test_a_pick_costs_its_tokens_in_slots(tmp_path):
    b = made(EXAMPLES / "friday-night-draft.yaml")
    picks = {r.key: r for s in b.sections if s.key == "picks" for r in s.rows}
    assert picks["pick-2"].title == "Pick 2: Wren, 5 Wyverns" and picks["pick-2"].cost == "5 slots"
    assert picks["pick-2"].path == ("draft", "picks", 1)
    assert picks["pick-4"].controls[0].label == "Remove the last pick (pick 4: Wren, 5 Goblins)"
    assert picks["pick-4"].controls[0].cost == "\u22125 slots"
    players = {r.key: r for s in b.sections if s.key == "players" for r in s.rows}
    assert players["player-1"].cost == "10 of 10 slots" and players["player-1"].path == ("draft", "players", 0)
    assert players["player-2"].subtitle == "second player · Wyverns 5, Goblins 5"


# ---------------------------------------------------------------------------
# What cannot be taken, and why


def test_six_of_a_faction_is_the_cap(tmp_path):
    b = made(write(tmp_path, army_text({"Soldiers": 6})))
    soldiers = entry(b, "Soldiers").add
    assert not soldiers.enabled and soldiers.edit is None
    assert soldiers.why_not == (
        "the army has 6 Soldiers: a player may have up to 6 tokens of the same faction (TT Draft Your Army)"
    )
    assert control(b, "One more token of Soldiers").why_not == soldiers.why_not
    assert entry(b, "Elves").add.enabled and entry(b, "Elves").add.high == 4  # 10 slots less the 6


def test_ten_slots_fill_the_army(tmp_path):
    b = made(EXAMPLES / "ozzys-muster.yaml")  # Soldiers 6, Elves 4
    for e in b.catalog[0].entries:
        assert not e.add.enabled, e.name
    assert entry(b, "Goblins").add.why_not == "the army has all 10 slots: an army fills exactly 10 (TT Draft Your Army)"
    assert control(b, "One more token of Elves").why_not.startswith("the army has all 10 slots")
    assert control(b, "One token fewer of Elves").enabled


def test_a_faction_the_opponent_drafted_is_closed(tmp_path):
    f = write(tmp_path, draft_text(["Ozzy", "Wren"], [("Ozzy", "Soldiers", 1)]))
    b = made(f)
    assert b.focus == "player-2"  # Wren's turn: the players alternate
    soldiers = entry(b, "Soldiers").add
    assert soldiers.label == "Wren drafts Soldiers tokens" and not soldiers.enabled
    assert soldiers.why_not == (
        "Ozzy drafted Soldiers at pick 1: once a player drafts a faction, the opponent cannot draft it "
        "(TT Draft Your Army)"
    )
    assert entry(b, "Wyverns").add.enabled and (entry(b, "Wyverns").add.low, entry(b, "Wyverns").add.high) == (1, 6)


def test_out_of_turn_and_the_draft_over(tmp_path):
    f = write(tmp_path, draft_text(["Ozzy", "Wren"], [("Ozzy", "Soldiers", 6)]))
    b = made(f, focus="player-1")
    assert b.focus == "player-1"
    assert entry(b, "Elves").add.why_not == "it is Wren's turn: players alternate drafting (TT Draft Your Army)"
    b = made(EXAMPLES / "friday-night-draft.yaml", focus="player-2")
    assert entry(b, "Zombies").add.why_not == (
        "the draft is over: both players have their 10 slots (TT Draft Your Army)"
    )


def test_a_pick_takes_at_most_what_the_cap_and_the_slots_leave(tmp_path):
    picks = [("Ozzy", "Soldiers", 5), ("Wren", "Wyverns", 6), ("Ozzy", "Elves", 4)]
    b = made(write(tmp_path, draft_text(["Ozzy", "Wren"], picks)), focus="player-1")
    b = made(write(tmp_path, draft_text(["Ozzy", "Wren"], [*picks, ("Wren", "Goblins", 3)])))
    assert b.focus == "player-1"
    assert entry(b, "Soldiers").add.high == 1  # 9 of 10 slots: 1 more
    assert entry(b, "Zombies").add.high == 1
    assert not entry(b, "Wyverns").add.enabled  # Wren's


def test_a_draft_needs_both_players_named(tmp_path):
    f = tmp_path / "new.yaml"
    d = Driver.new(f, "token-terrors", "Friday")
    b = d.board()
    assert control(b, "Second player's name").why_not == "name the first player first"
    d.type("First player's name", "Ozzy")  # a draft of one player: not a list the schema allows yet
    b = d.board()
    assert control(b, "Second player's name").enabled and control(b, "First player's name").value == "Ozzy"
    assert entry(b, "Goblins").add.why_not == "name both players first"
    d.type("Second player's name", "Wren")
    assert entry(d.board(), "Goblins").add.enabled


# ---------------------------------------------------------------------------
# Every edit is one the engine takes


def _states(tmp_path: Path) -> list[Path]:
    out = sorted(EXAMPLES.glob("*.yaml"))
    odd = {
        "duplicates.yaml": army_text({"Wyverns": 3, "wyverns": 4, "Dragons": 2, "Goblins": 0}),
        "over.yaml": army_text({"Soldiers": 7, "Elves": 5}),
        "empty.yaml": army_text({}),
        "mid-draft.yaml": draft_text(["Ozzy", "Wren"], [("Ozzy", "Soldiers", 6), ("Wren", "Elves", 2)]),
        "bad-draft.yaml": draft_text(["Ozzy", "Wren"], [("Kim", "Soldiers", 6), ("Wren", "Soldiers", 7)]),
        "one-player.yaml": "system: token-terrors\nname: x\ndraft: {players: [Ozzy], picks: []}\n",
        "odd-picks.yaml": (
            "system: token-terrors\nname: x\ndraft: {players: [Ozzy, Wren], picks: [5, {player: Ozzy}]}\n"
        ),
        "tokens-list.yaml": "system: token-terrors\nname: x\ntokens: [Elves, Goblins]\n",
        "players-text.yaml": "system: token-terrors\nname: x\ndraft: {players: Ozzy and Wren, picks: []}\n",
    }
    for name, text in odd.items():
        out.append(write(tmp_path, text, name))
    return out


def _typed(c: Control) -> str:
    if c.kind == TEXT:
        return "Robin"
    return c.value or str(int(c.low or 1))


def test_every_edit_on_every_board_is_taken(tmp_path):
    tried: set[tuple] = set()
    for source in _states(tmp_path):
        focuses = [None, "player-1", "player-2"] if "draft" in source.read_text(encoding="utf-8") else [None]
        for focus in focuses:
            b = made(source, focus)
            for c in b.controls():
                edits = [c.edit] if c.edit is not None else []
                edits += [o.edit for o in c.options if o.edit is not None]
                for e in edits:
                    copy = tmp_path / "try" / source.name
                    copy.parent.mkdir(exist_ok=True)
                    shutil.copy(source, copy)
                    words = e.with_value(_typed(c)).words if e.value_at is not None else e.words
                    if (source.name, e.verb, e.part, words) in tried:
                        continue
                    tried.add((source.name, e.verb, e.part, words))
                    out = run_edit(copy, e.verb, e.part, list(words))
                    assert out.code != ExitCode.USAGE, (source.name, c.label, e, out.stderr)
    assert len(tried) > 80


def test_a_duplicated_faction_is_removed_by_its_entry(tmp_path):
    f = write(tmp_path, army_text({"Wyverns": 3, "wyverns": 4, "Goblins": 3}))
    b = made(f)
    assert control(b, "Remove wyverns").edit.words[:2] == ("--entry", "2")
    d = Driver(f)
    d.click("Remove wyverns")
    assert tokens(f) == {"Wyverns": 3, "Goblins": 3}
    d.click("One more token of Wyverns")  # one entry now: no entry number needed
    assert tokens(f) == {"Wyverns": 4, "Goblins": 3}


def test_an_unknown_faction_is_edited_as_written(tmp_path):
    f = write(tmp_path, army_text({"Dragons": 2, "Elves": 4}))
    b = made(f)
    row = next(r for s in b.sections for r in s.rows if r.title == "Dragons")
    assert row.cost == "? slots" and row.explain is None
    Driver(f).type("Number of Dragons tokens", "1")
    assert tokens(f) == {"Dragons": 1, "Elves": 4}
    Driver(f).click("Remove Dragons")
    assert tokens(f) == {"Elves": 4}


def test_clicks_build_an_army_and_change_it(tmp_path):
    f = tmp_path / "army.yaml"
    d = Driver.new(f, "token-terrors", "Muster")
    d.type("Add Soldiers tokens", "5")
    d.type("Add Elves tokens", "4")
    d.click("One more token of Soldiers")
    assert tokens(f) == {"Soldiers": 6, "Elves": 4}
    d.click("One token fewer of Elves")
    d.type("Number of Elves tokens", "1")
    d.click("One token fewer of Elves (removes it)")
    assert tokens(f) == {"Soldiers": 6}
    assert d.clicks == 6


def test_the_draft_catalog_follows_the_turn_and_picks_are_removed(tmp_path):
    f = tmp_path / "draft.yaml"
    d = Driver.new(f, "token-terrors", "Friday")
    d.type("First player's name", "Ozzy")
    d.type("Second player's name", "Wren")
    d.type("Ozzy drafts Soldiers tokens", "6")
    d.type("Wren drafts Wyverns tokens", "5")
    d.click("Add picks for Ozzy")
    assert d.board().focus == "player-1"
    d.type("Ozzy drafts Elves tokens", "4")
    d.click("Remove the last pick (pick 3: Ozzy, 4 Elves)")
    d.type("Second player's name", "Robin")
    picks = yaml.safe_load(f.read_text(encoding="utf-8"))["draft"]["picks"]
    assert picks == [
        {"player": "Ozzy", "faction": "Soldiers", "tokens": 6},
        {"player": "Robin", "faction": "Wyverns", "tokens": 5},
    ]


# ---------------------------------------------------------------------------
# Words


def _texts(b: Board) -> list[str]:
    out: list[str] = []
    for c in b.controls():
        out += [c.label, c.face, c.cost, c.why_not, c.value]
        out += [w for o in c.options for w in (o.label, o.cost, o.why_not)]
    for s in b.sections:
        out += [s.title, s.empty]
        for r in s.rows:
            out += [r.title, r.subtitle, r.cost]
    for g in b.catalog:
        out += [g.title, g.note]
        out += [w for e in g.entries for w in (e.name, e.summary, e.cost)]
    return out


def test_no_command_line_words_and_labels_unique(tmp_path):
    for source in _states(tmp_path):
        b = made(source)
        for text in _texts(b):
            assert not CLI.search(text), (source.name, text)
        labels = [c.label for c in b.controls()]
        assert len(labels) == len(set(labels)), source.name


def test_the_tactics_and_grudges_in_reach_are_shown():
    b = made(EXAMPLES / "ozzys-muster.yaml")
    tactics = {r.title for s in b.sections if s.key == "tactics" for r in s.rows}
    assert tactics == {"The Alliance of Elves and Men"}  # Elves + Soldiers
    b = made(EXAMPLES / "friday-night-draft.yaml")
    grudges = [r.subtitle for s in b.sections if s.key == "grudges" for r in s.rows]
    assert grudges and grudges[0].startswith("live: Ozzy's Elves against Wren's Goblins")  # Haughty Hatred
    summary = entry(made(EXAMPLES / "wrens-host.yaml"), "Swamplins").summary
    assert "With your Goblins: the Terrible Tactic Goblin War Frenzy." in summary
