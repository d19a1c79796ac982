"""The builder board of a Heroes III Battlefield army (armybuilder/systems/homm3/board.py).

Costs and refusals are computed by hand from seed 004 (data/homm3-battlefield/rules.yaml) and
the unit data (units.yaml: the community transcription of the unit cards, since the seed prints
no statistics); every edit a board offers is one the edit engine takes.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from armybuilder.compose.board import BUTTON, CHOICE, TEXT, TOGGLE, Board, Control, Edit, Entry, Row
from armybuilder.edit.engine import run_edit
from armybuilder.edit.offer import board_for, board_of
from armybuilder.outcome import ExitCode
from armybuilder.yamlio import load_file

from ._lists import ADVENTURE, BOARD, EXAMPLES, LARGE, MEDIUM, SHORT, check, variant

EXAMPLE_FILES = sorted(EXAMPLES.glob("*.yaml"))
COMMAND_LINE = re.compile(r"--\w|\bFILE\b|armybuilder ")


def board(data: dict[str, Any], focus: str | None = None) -> Board:
    made = board_of(check(data), focus)
    assert made is not None
    return made


def control(b: Board, label: str) -> Control:
    found = [c for c in b.controls() if c.label == label]
    assert len(found) == 1, (label, sorted(c.label for c in b.controls()))
    return found[0]


def entry(b: Board, group: str, name: str) -> Entry:
    (g,) = [g for g in b.catalog if g.key == group]
    (e,) = [e for e in g.entries if e.name == name]
    return e


def row(b: Board, key: str) -> Row:
    (r,) = [r for r in b.rows() if r.key == key]
    return r


def option(c: Control, value: str) -> Any:
    (o,) = [o for o in c.options if o.value == value]
    return o


def texts(b: Board) -> list[str]:
    """Every text of a board a player reads."""
    out: list[str] = []
    for c in b.controls():
        out += [c.label, c.face, c.cost, c.why_not, c.value]
        for o in c.options:
            out += [o.label, o.cost, o.why_not]
    for s in b.sections:
        out += [s.title, s.empty]
        for r in s.rows:
            out += [r.title, r.subtitle, r.cost]
            for chip in r.chips:
                out += [chip.label, chip.cost, chip.note]
    for g in b.catalog:
        out += [g.title, g.note]
        for e in g.entries:
            out += [e.name, e.summary, e.cost]
    return out


def edit_file(tmp_path: Path, data: dict[str, Any], name: str = "army.yaml") -> Path:
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return path


def apply(path: Path, e: Edit, value: str = "") -> dict[str, Any]:
    out = run_edit(path, e.verb, e.part, list(e.with_value(value).words))
    assert out.code != ExitCode.USAGE, (e, out.stderr)
    data: dict[str, Any] = load_file(path).data
    return data


# ---------------------------------------------------------------------------
# Settings


def test_settings_are_mode_length_faction_hero_and_level():
    # a skirmish at its length's level shows no level to choose (the length's button says it)
    b = board(MEDIUM)
    assert [c.label for c in b.settings] == ["Game mode", "Game length", "Faction", "Hero"]
    assert [(c.key, c.value) for c in b.settings] == [
        ("mode", "skirmish"),
        ("length", "medium"),
        ("faction", "Castle"),
        ("hero", "Catherine"),
    ]
    assert [c.label for c in board(ADVENTURE).settings][-1] == "Hero level"
    assert all(c.kind == CHOICE for c in b.settings)
    # the current value is not an edit; another is
    mode = control(b, "Game mode")
    assert option(mode, "skirmish").edit is None
    assert option(mode, "board").edit == Edit("set", "mode", ("--", "board"))


def test_the_skirmish_lengths_say_what_they_set():
    # 4. Skirmish Mode: "Short game: Hero III ... on Few", "Medium game: Hero V ... on Pack",
    # "Large game: Hero VII ... all on Pack"
    length = control(board(MEDIUM), "Game length")
    assert [(o.value, o.cost) for o in length.options] == [
        ("short", "hero Level III, units on their Few side"),
        ("medium", "hero Level V, units on their Pack side"),
        ("large", "hero Level VII, units on their Pack side"),
    ]
    # 3. Adventure Mode: "Short 9, Medium 13, Large 16 Rounds"
    length = control(board(ADVENTURE), "Game length")
    assert [o.cost for o in length.options] == [
        "9 Adventure Phase Rounds",
        "13 Adventure Phase Rounds",
        "16 Adventure Phase Rounds",
    ]


def test_a_skirmish_plays_the_hero_at_its_length_s_level():
    # 4. Skirmish Mode, Medium: "Hero Level V"
    assert "Hero level" not in [c.label for c in board(MEDIUM).settings]  # at Level V: nothing to choose
    # a wrong level can be put right, to the length's level only
    level = control(board(variant(MEDIUM, hero={"name": "Catherine", "level": "III"})), "Hero level")
    assert option(level, "V").edit == Edit("set", "level", ("--", "V"))
    assert option(level, "VII").why_not == "a Medium skirmish plays the hero at Level V"
    assert option(level, "VII").edit is None
    # Adventure levels the hero up in play: any level
    level = control(board(ADVENTURE), "Hero level")
    assert all(not o.why_not for o in level.options)


def test_the_board_has_an_opponent_and_no_length():
    # 6. Board in regular games: "In player-vs-player Combat you may place up to 7 units; in
    # Neutral Combat the 5-unit limit still applies."
    b = board(BOARD)
    assert [c.label for c in b.settings] == ["Game mode", "Opponent", "Faction", "Hero", "Hero level"]
    opponent = control(b, "Opponent")
    assert [(o.value, o.cost) for o in opponent.options] == [("player", "up to 7 units"), ("neutral", "up to 5 units")]
    # a length the board does not use, an opponent Adventure does not: a button removes it (HMB001)
    remove = control(board(variant(BOARD, length="short")), "Remove the game length")
    assert remove.edit == Edit("remove", "length", ("--",))
    remove = control(board(variant(ADVENTURE, opponent="player")), "Remove the opponent")
    assert remove.edit == Edit("remove", "opponent", ("--",))


def test_the_hero_is_one_of_the_faction_s_heroes():
    hero = control(board(MEDIUM), "Hero")
    names = [o.value for o in hero.options]
    assert "Catherine" in names and "Tarnum" in names and "Sandro" not in names
    # "Tarnum" is written plainly: the faction finds Tarnum (Castle)
    assert option(hero, "Tarnum").edit == Edit("set", "hero", ("--", "Tarnum"))
    # a hero of another faction stays shown as the current value (HMB004 says why)
    hero = control(board(variant(MEDIUM, hero={"name": "Sandro", "level": "V"})), "Hero")
    assert hero.value == "Sandro" and option(hero, "Sandro").label == "Sandro (a Necropolis hero)"


def test_a_new_list_can_be_started():
    b = board({"system": "homm3-battlefield", "name": "New"})
    assert [c.label for c in b.settings] == ["Game mode", "Game length", "Faction", "Hero"]
    assert len(control(b, "Hero").options) == 64  # every hero, no faction yet
    (units,) = [g for g in b.catalog if g.key == "units"]
    assert units.entries == () and units.note == "Choose a faction to add its units"
    assert [s.rows for s in b.sections if s.key == "units"] == [()]


def test_a_list_of_the_wrong_shape_still_has_a_board():
    b = board({"system": "homm3-battlefield", "mode": "skirmish", "hero": "Catherine", "units": "all", "faction": 3})
    assert control(b, "Game mode").value == "skirmish"
    assert b.rows()[0].title == "No hero yet"


# ---------------------------------------------------------------------------
# Costs


def test_unit_entries_cost_a_unit_and_their_recruit_cost():
    # units.yaml, Castle: Halberdiers Pack 3 gold; Champions Pack 20 gold + 1 valuable
    b = board(variant(MEDIUM, units=[]))
    halberdiers = entry(b, "units", "Halberdiers (Pack side)")
    assert halberdiers.cost == "+1 unit, 3 gold"
    assert halberdiers.summary == "Bronze · Ground, attack 3, defense 1, hp 2, initiative 5"
    assert halberdiers.add.edit == Edit("add", "unit", ("--side", "Pack", "--", "Halberdiers"))
    assert entry(b, "units", "Champions (Pack side)").cost == "+1 unit, 20 gold + 1 valuable"
    # Dungeon's Manticores: the alternate card is an entry of its own
    b = board(variant(LARGE, units=[]))
    manticores = entry(b, "units", "Manticores (Pack side, alternate card)")
    assert manticores.add.edit == Edit("add", "unit", ("--side", "Pack", "--alternate", "--", "Manticores"))


def test_unit_rows_show_the_recruit_cost_and_what_a_change_does():
    b = board(MEDIUM)
    archangels = row(b, "units-6")
    assert (archangels.title, archangels.path, archangels.cost) == ("Archangels", ("units", 6), "30 gold + 2 valuables")
    assert control(b, "Remove Archangels").cost == "−1 unit, −30 gold, −2 valuables"
    assert control(b, "Remove Archangels").edit == Edit("remove", "unit", ("--entry", "7", "--", "Archangels"))
    # Adventure: either side; Iron Golems Few 4 gold, Pack 7 gold
    side = control(board(ADVENTURE), "Side of Iron Golems")
    assert side.value == "Few" and option(side, "Few").edit is None
    pack = option(side, "Pack")
    assert pack.cost == "+3 gold"
    assert pack.edit == Edit("set", "unit", ("--entry", "3", "--side", "Pack", "--", "Iron Golems"))


def test_card_rows_count_against_the_skirmish_length():
    # 4. Skirmish Mode, Medium: "draw 4 Ability cards keep 3; draw 3 Artifact cards keep 2; draw
    # 2-4 Spell cards"
    b = board(MEDIUM)
    assert row(b, "abilities").cost == "3 of 3 kept (a Medium skirmish draws 4)"
    assert row(b, "artifacts").cost == "2 of 2 kept (a Medium skirmish draws 3)"
    assert row(b, "spells").cost == "3 cards (a Medium skirmish draws 2 to 4)"
    assert row(b, "specialties").cost == "2 cards (a Medium skirmish uses I and IV)"
    (chip,) = [c for c in row(b, "abilities").chips if c.label == "Offense"]
    assert chip.path == ("abilities", 1)
    assert chip.controls[0].edit == Edit("remove", "ability", ("--entry", "2", "--", "Offense"))
    # the hero's own Ability card is not one of the drawn cards (2. Setup step 2; HMB021)
    own = variant(MEDIUM, abilities=["Archery", "Offense", "Wisdom", "Leadership"])
    assert row(board(own), "abilities").cost == "3 of 3 kept (a Medium skirmish draws 4)"
    # outside Skirmish a count is a count
    assert row(board(BOARD), "abilities").cost == "1 card"


# ---------------------------------------------------------------------------
# What cannot be added, and why


def test_a_short_skirmish_refuses_gold_units_and_the_pack_side():
    # 4. Skirmish Mode, Short: "use all Bronze and Silver units on their Few side"
    b = board(variant(SHORT, units=[]))
    knights = entry(b, "units", "Dread Knights (Few side)")
    assert knights.add.why_not == "a Gold unit: a Short skirmish uses only Bronze and Silver units"
    assert knights.add.edit is None and not knights.add.enabled
    pack = entry(b, "units", "Skeletons (Pack side)")
    assert pack.add.why_not == "a Short skirmish uses every unit on its Few side"
    few = entry(b, "units", "Skeletons (Few side)")
    assert few.add.enabled and few.add.edit == Edit("add", "unit", ("--side", "Few", "--", "Skeletons"))
    # the side of a listed unit too
    side = control(board(SHORT), "Side of Skeletons")
    assert option(side, "Pack").why_not == "a Short skirmish uses every unit on its Few side"


def test_a_unit_already_in_the_army_cannot_be_added_again():
    # 2. Setup step 2: "7 unit cards and 7 miniatures": each unit once (HMB016)
    why = entry(board(MEDIUM), "units", "Halberdiers (Few side)").add.why_not
    assert why == "Halberdiers is already in the army: each unit once"
    why = entry(board(LARGE), "units", "Manticores (Pack side)").add.why_not
    assert why == "Manticores is already in the army: each unit once (its regular and alternate cards are one unit)"


def test_neutral_units_only_on_the_board():
    # 2. Setup step 2: the Faction's unit cards; rules.yaml: neutral units not refused on the board
    why = entry(board(MEDIUM), "neutral", "Sharpshooters (neutral)").add.why_not
    assert why == "a Skirmish army holds only the Castle units"
    why = entry(board(ADVENTURE), "neutral", "Sharpshooters (neutral)").add.why_not
    assert why == "an Adventure army holds only the Tower units"
    four = variant(BOARD, units=BOARD["units"][:4])
    sharpshooters = entry(board(four), "neutral", "Sharpshooters (neutral)")
    assert sharpshooters.add.edit == Edit("add", "unit", ("--neutral", "--", "Sharpshooters"))
    assert sharpshooters.cost == "+1 unit, 10 gold"


def test_the_board_s_unit_limit():
    # 6. Board in regular games: "in Neutral Combat the 5-unit limit still applies"
    b = board(BOARD)  # 5 units against neutral units
    why = "the board against neutral units places up to 5 units: the list has 5"
    assert entry(b, "units", "Unicorns (Pack side)").add.why_not == why
    assert entry(b, "neutral", "Peasants (neutral)").add.why_not == why
    # "In player-vs-player Combat you may place up to 7 units"
    b = board(variant(BOARD, opponent="player"))
    assert entry(b, "units", "Unicorns (Pack side)").add.enabled
    assert [s.title for s in b.sections if s.key == "units"] == ["Units (5 of up to 7)"]


def test_diplomacy_and_logistics_are_removed_from_adventure_and_skirmish():
    # 2. Setup step 3: "remove the Diplomacy and Logistics Ability cards"
    b = board(ADVENTURE)
    for name in ("Diplomacy", "Logistics"):
        why = entry(b, "abilities", name).add.why_not
        assert why == f"{name} is removed from the Ability Deck in Adventure and Skirmish (setup step 3)"
    # a regular game on the board keeps them
    assert entry(board(BOARD), "abilities", "Diplomacy").add.edit == Edit("add", "ability", ("--", "Diplomacy"))
    # issue 39: a hero keeps its own card (step 3 prepares the Decks; the hero's card is in none)
    cyra = board(variant(ADVENTURE, faction="Tower", hero={"name": "Cyra", "level": "II"}, abilities=[]))
    assert entry(cyra, "abilities", "Diplomacy").add.edit == Edit("add", "ability", ("--", "Diplomacy"))
    assert entry(cyra, "abilities", "Logistics").add.why_not.startswith("Logistics is removed from the Ability Deck")


def test_a_skirmish_keeps_so_many_cards():
    # 4. Skirmish Mode, Medium: "draw 4 Ability cards keep 3", "draw 3 Artifact cards keep 2"
    b = board(MEDIUM)
    assert entry(b, "abilities", "Tactics").add.why_not == "a Medium skirmish keeps 3 Ability cards: the list has 3"
    assert (
        control(b, "Add an Ability card by name").why_not == "a Medium skirmish keeps 3 Ability cards: the list has 3"
    )
    assert (
        control(b, "Add an Artifact card by name").why_not == "a Medium skirmish keeps 2 Artifact cards: the list has 2"
    )
    # Large: "draw 3-5 Spell cards"
    full = variant(LARGE, spells=[*LARGE["spells"], "Slow"])
    assert control(board(full), "Add a Spell card by name").why_not == (
        "a Large skirmish draws 3 to 5 Spell cards: the list has 5"
    )
    # one short of the count: the typed name adds it
    b = board(variant(MEDIUM, abilities=["Archery", "Offense"]))
    typed = control(b, "Add an Ability card by name")
    assert typed.kind == TEXT and typed.edit == Edit("add", "ability", ("--",), 1)
    assert entry(b, "abilities", "Tactics").add.enabled
    # the hero's own card is not one of the cards drawn (HMB021)
    assert entry(b, "abilities", "Leadership").add.why_not == (
        "Leadership is Catherine's own Ability card, not one of the cards drawn"
    )


def test_specialty_cards_of_the_skirmish_length():
    # 4. Skirmish Mode, Short: "Hero Level III; Level I Specialty card only"
    b = board(variant(SHORT, specialties=[]))
    assert entry(b, "specialties", "Cloak of the Undead King IV").add.why_not == (
        "a Short skirmish (hero Level III) uses the Level I Specialty card only"
    )
    first = entry(b, "specialties", "Cloak of the Undead King I").add
    assert first.edit == Edit("add", "specialty", ("--", "I"))
    # Medium: "Level I and IV Specialty cards": one click adds both
    b = board(variant(MEDIUM, specialties=[]))
    both = control(b, "Add Specialty cards I and IV (Crusaders)")
    assert both.edit == Edit("add", "specialty", ("--", "I", "IV"))
    assert entry(b, "specialties", "Crusaders VI").add.why_not == (
        "a Medium skirmish (hero Level V) uses the Specialty cards I and IV"
    )
    # listed already (HMB013)
    assert entry(board(MEDIUM), "specialties", "Crusaders I").add.why_not == (
        "Specialty card I is already in the list: the hero has one card of each level"
    )
    # Adventure: any of the hero's cards (HMB006 checks the level in Skirmish only)
    b = board(ADVENTURE)
    assert entry(b, "specialties", "Chain Lightning VI").add.enabled


# ---------------------------------------------------------------------------
# Rows


def test_the_alternate_card_is_a_toggle():
    toggle = control(board(LARGE), "Manticores on the alternate card")
    assert toggle.kind == TOGGLE and toggle.pressed is True
    assert toggle.edit == Edit("set", "unit", ("--entry", "6", "--no-alternate", "--", "Manticores"))
    assert not [c for c in board(MEDIUM).controls() if c.kind == TOGGLE]


def test_a_neutral_unit_row_has_no_side():
    b = board(BOARD)
    sharpshooters = row(b, "units-4")
    assert sharpshooters.title == "Sharpshooters (neutral)"
    assert [c.key for c in sharpshooters.controls] == ["remove"]


def test_the_focus_is_not_used():
    assert board(MEDIUM, "units-3").focus is None
    assert not any(r.focusable for r in board(MEDIUM).rows())


def test_a_unit_listed_twice_is_removed_by_its_place(tmp_path):
    twice = variant(MEDIUM, units=[*MEDIUM["units"], {"name": "Halberdiers", "side": "Few"}])
    b = board(twice)
    assert control(b, "Remove Halberdiers (unit 1)").edit == Edit(
        "remove", "unit", ("--entry", "1", "--", "Halberdiers")
    )
    second = control(b, "Remove Halberdiers (unit 8)")
    path = edit_file(tmp_path, twice)
    assert apply(path, second.edit)["units"] == MEDIUM["units"]  # the second one went
    path = edit_file(tmp_path, twice)
    got = apply(path, control(b, "Remove Halberdiers (unit 1)").edit)["units"]
    assert got == [*MEDIUM["units"][1:], {"name": "Halberdiers", "side": "Few"}]  # the first one went
    # and the side of the second one
    path = edit_file(tmp_path, twice)
    pack = option(control(b, "Side of Halberdiers (unit 8)"), "Pack")
    assert apply(path, pack.edit)["units"] == [*MEDIUM["units"], {"name": "Halberdiers", "side": "Pack"}]


def test_a_card_listed_twice_is_removed_by_its_place(tmp_path):
    twice = variant(ADVENTURE, abilities=["Wisdom", "Intelligence", "Wisdom"])
    b = board(twice)
    remove = control(b, "Remove the Wisdom Ability card (card 3)")
    assert apply(edit_file(tmp_path, twice), remove.edit)["abilities"] == ["Wisdom", "Intelligence"]
    remove = control(b, "Remove the Wisdom Ability card (card 1)")
    assert apply(edit_file(tmp_path, twice), remove.edit)["abilities"] == ["Intelligence", "Wisdom"]
    specialties = variant(ADVENTURE, specialties=["I", "IV", "I"])
    remove = control(board(specialties), "Remove Specialty card I (card 3)")
    assert apply(edit_file(tmp_path, specialties), remove.edit)["specialties"] == ["I", "IV"]


def test_typed_card_names_are_written_as_typed(tmp_path):
    b = board(variant(MEDIUM, artifacts=["Sword of Judgement"]))
    typed = control(b, "Add an Artifact card by name")
    got = apply(edit_file(tmp_path, variant(MEDIUM, artifacts=["Sword of Judgement"])), typed.edit, "Centaur's Axe")
    assert got["artifacts"] == ["Sword of Judgement", "Centaur's Axe"]


# ---------------------------------------------------------------------------
# Every board


STATES = {
    "new": {"system": "homm3-battlefield", "name": "New"},
    "mode only": {"system": "homm3-battlefield", "name": "N", "mode": "board"},
    "board, four units": variant(BOARD, units=BOARD["units"][:4]),
    "board with a length": variant(BOARD, length="large"),
    "adventure with an opponent": variant(ADVENTURE, opponent="neutral"),
    "short, wrong side and tier": variant(
        SHORT,
        specialties=[],
        abilities=[],
        units=[{"name": "Skeletons", "side": "Pack"}, {"name": "Dread Knights", "side": "Few"}],
    ),
    "unknown faction and hero": variant(MEDIUM, faction="Castel", hero={"name": "Nobody"}),
    "tarnum of another faction": variant(MEDIUM, hero={"name": "Tarnum"}, faction="Necropolis"),
    "neutral with a side": variant(BOARD, units=[{"name": "Sharpshooters", "neutral": True, "side": "Few"}]),
}


def every_board() -> list[tuple[str, Board]]:
    out = []
    for f in EXAMPLE_FILES:
        made, _ = board_for(f)
        assert made is not None
        out.append((f.name, made))
    return out + [(name, board(data)) for name, data in STATES.items()]


@pytest.mark.parametrize(("name", "made"), every_board(), ids=lambda v: v if isinstance(v, str) else "")
def test_labels_are_unique_and_in_a_player_s_words(name, made):
    labels = [c.label for c in made.controls()]
    assert len(labels) == len(set(labels)), sorted(x for x in labels if labels.count(x) > 1)
    assert all(labels)
    said = [t for t in texts(made) if COMMAND_LINE.search(t)]
    assert said == []
    keys = [r.key for r in made.rows()]
    assert len(keys) == len(set(keys))
    for c in made.controls():
        if c.kind == BUTTON and c.edit is None and c.focus is None:
            assert c.why_not, c.label  # a button that does nothing says why


def _edits(made: Board) -> list[Edit]:
    seen: list[Edit] = []
    for e in made.edits():
        if e not in seen:
            seen.append(e)
    return seen


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda p: p.name)
def test_every_edit_of_an_example_s_board_is_taken(path, tmp_path):
    made, _ = board_for(path)
    assert made is not None
    copy = tmp_path / path.name
    for e in _edits(made):
        shutil.copy(path, copy)
        out = run_edit(copy, e.verb, e.part, list(e.with_value("Blind").words))
        assert out.code != ExitCode.USAGE, (e, out.stderr)


def _sample(edits: list[Edit], each: int = 3) -> list[Edit]:
    """A few edits of each shape (the part and its options): the 93 neutral units of a board
    game, or the 64 heroes of a new list, differ only by a name."""
    shapes: dict[tuple[Any, ...], int] = {}
    out = []
    for e in edits:
        shape = (e.verb, e.part, tuple(w for w in e.words if w.startswith("--")))
        shapes[shape] = shapes.get(shape, 0) + 1
        if shapes[shape] <= each:
            out.append(e)
    return out


@pytest.mark.parametrize("name", sorted(STATES))
def test_edits_of_an_unfinished_list_s_board_are_taken(name, tmp_path):
    data = STATES[name]
    made = board(data)
    for e in _sample(_edits(made)):
        path = edit_file(tmp_path, data)
        out = run_edit(path, e.verb, e.part, list(e.with_value("Blind").words))
        assert out.code != ExitCode.USAGE, (e, out.stderr)


def test_rows_say_what_is_not_the_faction_s_or_the_hero_s():
    # 2. Setup step 2: the Faction's 7 unit cards, the Hero's 3 Specialty cards (HMB014, HMB006)
    b = board(variant(MEDIUM, faction="Dungeon", specialties=["I", "II"]))
    assert row(b, "units-0").subtitle.startswith("a Castle unit, not a Dungeon unit · Pack side")
    notes = [(c.label, c.note) for c in row(b, "specialties").chips]
    assert notes == [("Crusaders I", ""), ("Crusaders II", "not one of Catherine's Specialty cards")]


def test_a_removed_card_is_not_counted_among_the_cards_kept():
    # 2. Setup step 3: "remove the Diplomacy and Logistics Ability cards"; Short: "draw 3 Ability
    # cards keep 2". [Wisdom, Diplomacy] keeps 1 drawn card: a second one can still be added.
    b = board(variant(SHORT, abilities=["Wisdom", "Diplomacy"]))
    assert row(b, "abilities").cost == "1 of 2 kept (a Short skirmish draws 3)"
    assert entry(b, "abilities", "Tactics").add.why_not == ""
    (chip,) = [c for c in row(b, "abilities").chips if c.label == "Diplomacy"]
    assert chip.note == "removed from the Ability Deck (setup step 3): it cannot be drawn"


def test_a_skirmish_missing_units_of_its_tiers_offers_them_all_in_one_entry():
    # 4. Skirmish Mode: a Medium game uses all Bronze, Silver and Gold units, on their Pack side
    short = variant(MEDIUM, units=[{"name": "Archangels", "side": "Pack"}])
    group = next(g for g in board(short).catalog if g.key == "units")
    first = group.entries[0]
    assert first.add.face == "Add all" and first.add.edit == Edit("add", "skirmish-units", ("--",))
    assert "Halberdiers" in first.add.label and "Archangels" not in first.add.label
    assert not any(e.add.face == "Add all" for e in next(g for g in board(MEDIUM).catalog if g.key == "units").entries)
    assert not any(e.add.face == "Add all" for g in board(ADVENTURE).catalog for e in g.entries if g.key == "units")
