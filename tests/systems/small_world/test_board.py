"""The Small World of Warcraft builder board (``systems/small_world/board.py``), hand-computed
against seed 001 (the Horde races), the box supplies of the component list and the base rules the
data keeps (2 tokens a conquest, +1 a defending token, +1 a Mountain, 1 coin a region)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml

from armybuilder.check import check_path, check_text
from armybuilder.compose.board import NUMBER, TEXT, Board, Control, Edit
from armybuilder.edit.engine import run_edit
from armybuilder.edit.offer import board_for, board_of
from armybuilder.outcome import ExitCode
from armybuilder.yamlio import load_file

from .helpers import EXAMPLES, position

ALL_EXAMPLES = sorted(EXAMPLES.glob("*.yaml"))
SYNTAX = re.compile(r"--\w|\bFILE\b|armybuilder ")

# Positions the checker refuses, for the boards of lists that are not right yet.
INVALID = {
    # 17 of the 16 Tauren tokens, and one left alone (SWW004, SWW011)
    "tauren-alone": position(
        active={
            "race": "Tauren",
            "in_hand": 14,
            "regions": [{"name": "Mulgore", "tokens": 1}, {"name": "Barrens", "tokens": 2}],
        },
        decline=None,
        conquests=None,
    ),
    # a region listed twice, a conquest listed twice (SWW005)
    "twice": position(
        active={
            "race": "Orcs",
            "regions": [{"name": "Durotar", "tokens": 3}, {"name": "durotar", "tokens": 1}],
        },
        conquests=[
            {"region": "Durotar", "defender": "Humans", "defender_tokens": 1, "tokens": 3},
            {"region": "Durotar", "tokens": 2, "die": True},
        ],
    ),
    # the stack used up, a bomb on the player's own region, spent bombs on the declined Goblins (SWW012, SWW007)
    "goblins-spent": position(
        active={
            "race": "Goblins",
            "regions": [{"name": "Ratchet", "tokens": 2}],
            "bombs": [{"region": "Ratchet"}, {"region": "Stormwind", "opponent": "Humans"}],
            "bombs_spent": 11,
        },
        decline={"race": "Forsaken", "enlisted": 1, "regions": [{"name": "Ratchet", "tokens": 2}]},
        conquests=None,
    ),
    # a race the data does not know (SWW001), the declined Tauren's lone token
    "unknown-race": position(
        active={"race": "Orks", "in_hand": 2, "regions": [{"name": "Durotar", "tokens": 2}]},
        decline={"race": "Tauren", "regions": [{"name": "Mulgore", "tokens": 1}]},
    ),
    # not a list the schema takes (a region without tokens): the board reads what it can
    "no-tokens": {
        "system": "small-world-of-warcraft",
        "name": "Broken",
        "active": {"race": "Orcs", "regions": [{"name": "Durotar", "tokens": 0}]},
    },
    # a new list: no active race yet
    "new": {"system": "small-world-of-warcraft", "name": "New", "data_version": "2"},
}


def write(tmp_path: Path, name: str, data: dict) -> Path:
    f = tmp_path / f"{name}.yaml"
    f.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return f


def board(path: Path, focus: str | None = None) -> Board:
    made, _ = board_for(path, focus)
    assert made is not None
    return made


def example(name: str, focus: str | None = None) -> Board:
    return board(EXAMPLES / name, focus)


def control(b: Board, label: str) -> Control:
    found = [c for c in b.controls() if c.label == label]
    assert len(found) == 1, sorted(c.label for c in b.controls())
    return found[0]


def entry(b: Board, group: str, name: str):
    (g,) = [g for g in b.catalog if g.key == group]
    (e,) = [e for e in g.entries if e.name == name]
    return e


def row(b: Board, key: str):
    (r,) = [r for r in b.rows() if r.key == key]
    return r


def every_board(path: Path) -> list[Board]:
    """The board of the file for no focus and for each of its rows."""
    first = board(path)
    return [first] + [board(path, r.key) for r in first.rows()]


@pytest.fixture
def invalid_files(tmp_path):
    return {name: write(tmp_path, name, data) for name, data in INVALID.items()}


# ---------------------------------------------------------------------------
# Costs as the system counts them: tokens (the measure) and coins (the turn's score)


def test_the_thrall_board_costs():
    b = example("thrall-turn-4.yaml")
    # 3 in hand + 3 in Durotar + 2 in Crossroads, of the Orcs' 11 tokens (component list)
    assert row(b, "active").cost == "8 of 11 tokens"
    assert row(b, "decline").cost == "2 of 16 tokens on the board"
    assert row(b, "active-regions-0").cost == "3 tokens · 1 coin"  # 1 coin a region held
    # the conquest: 2 + 1 Human token = 3; "Each conquest of an Alliance-occupied Region is worth 1 bonus
    # Victory Coin" (seed 001, Orcs)
    assert row(b, "conquests-0").cost == "costs 3 tokens (2 + 1 token) · +1 coin"
    assert control(b, "Crossroads is a Mountain").cost == "+1 token"
    assert control(b, "One more defending token in Crossroads").cost == "+1 token"
    assert control(b, "Remove the conquest of Crossroads").cost == "−1 coin"
    faction = control(b, "Faction of the defender of Crossroads")
    assert {o.value: o.cost for o in faction.options} == {"Horde": "−1 coin", "Alliance": "", "Neutral": "−1 coin"}
    # the catalog: the conquest of the last region of the Orcs, one entry a defender; Crossroads is
    # conquered already, and a race cannot conquer a region it already occupies (SWW018)
    assert b.focus == "active-regions-1"
    again = entry(b, "conquests", "From the Humans").add
    assert again.edit is None and again.why_not.startswith("Crossroads is already conquered this turn")
    b = example("thrall-turn-4.yaml", "active-regions-0")  # Durotar, not conquered
    humans = entry(b, "conquests", "From the Humans")
    assert humans.cost == "costs 3 tokens · +1 coin"
    assert humans.add.edit == Edit(
        "add",
        "conquest",
        ("--defender", "Humans", "--defender-tokens", "1", "--tokens", "3", "--", "Durotar"),
    )
    assert entry(b, "conquests", "From the Trolls").cost == "costs 3 tokens"  # Horde: no Orc coin
    # the Tauren "may never occupy ... a Region with less than 2 Race tokens": they defend with 2 at least
    assert entry(b, "conquests", "From the Tauren").cost == "costs 4 tokens"
    assert entry(b, "conquests", "Empty region").cost == "costs 2 tokens"
    assert entry(b, "races", "Forsaken").cost == "20 tokens"
    assert entry(b, "active-regions", "Region, 3 tokens").cost == "3 tokens · +1 coin"


def test_the_trolls_pay_one_token_less_for_an_occupied_region():
    # "Trolls may conquer any non-empty Region at a cost of 1 token less than normal (a minimum of 1
    # token is still required)" (seed 001)
    b = example("trolls-discount.yaml", "active-regions-0")
    assert entry(b, "conquests", "From the Humans").cost == "costs 2 tokens"  # 2 + 1, less 1
    assert entry(b, "conquests", "Empty region").cost == "costs 2 tokens"  # not for an empty one
    assert row(b, "conquests-0").cost == "costs 4 tokens (2 + 2 tokens + Mountain, Trolls -1)"
    assert row(b, "conquests-1").subtitle == "an empty region · 1 committed · reinforcement die"
    # no Mountain: 2 + 2 = 4, less 1: 3; the 4 tokens committed were its cost, so they follow it
    flat = control(b, "Stranglethorn is a Mountain (costs 3 tokens, 3 committed)")
    assert flat.cost == "−1 token" and flat.pressed is True


def test_a_tauren_conquest_costs_at_least_2():
    # "These large, resilient warriors may never occupy (nor conquer) a Region with less than 2 Race
    # tokens" (seed 001): the reinforcement die leaves them 2 tokens at least (1 for other races)
    data = position(
        active={"race": "Tauren", "regions": [{"name": "Crossroads", "tokens": 2}]},
        decline=None,
        conquests=[{"region": "Crossroads", "tokens": 2}],
    )
    b = board_of(check_text(yaml.safe_dump(data, sort_keys=False), file="position.yaml"))
    assert b is not None
    assert control(b, "Crossroads was tried with the reinforcement die").cost == "commits at least 2 tokens"
    t = example("thrall-turn-4.yaml")
    assert control(t, "Crossroads was tried with the reinforcement die").cost == "commits at least 1 token"


def test_the_blood_elves_score_their_magic_regions():
    # "They collect 1 bonus Victory Coin for each Magic Region they occupy at turn's end" (seed 001)
    b = example("blood-elves-magic.yaml")
    assert entry(b, "active-regions", "Magic region, 2 tokens").cost == "2 tokens · +2 coins"
    assert entry(b, "active-regions", "Region, 2 tokens").cost == "2 tokens · +1 coin"
    assert control(b, "Eversong Woods is a Magic region").cost == "+1 coin"
    assert control(b, "Silvermoon is a Magic region").cost == "−1 coin"
    assert row(b, "active-regions-0").cost == "3 tokens · 2 coins"
    # 1 + 3 + 2 + 2 of their 10 tokens: the 4-token entries are over the box supply
    assert entry(b, "active-regions", "Region, 2 tokens").add.why_not == ""
    assert "the box holds 10 Blood Elves tokens: 8 are on the board or in hand" in (
        entry(b, "active-regions", "Region, 3 tokens").add.why_not
    )
    # in decline a race loses its power (base rules): the declined Blood Elves' Magic region earns no more
    f = example("forsaken-enlist.yaml")
    assert control(f, "Eversong Woods is a Magic region").cost == ""
    assert not [g for g in f.catalog if any(e.name.startswith("Magic") for e in g.entries)]


def test_the_forsaken_enlist_for_a_coin_each_and_no_more_than_their_enemies_lost():
    # "Each time they force the loss of a Race token ..., they may spend 1 Victory Coin to get an
    # additional Forsaken Race token" (seed 001); two conquests of occupied regions: 2 tokens lost
    b = example("forsaken-enlist.yaml")
    number = control(b, "Tokens the Forsaken enlisted this turn")
    assert number.kind == NUMBER and number.value == "2" and number.cost == "−2 coins"
    more = control(b, "One more token enlisted by the Forsaken")
    assert more.edit is None and "made opponents lose 2 Race tokens" in more.why_not
    assert control(b, "One token fewer enlisted by the Forsaken").cost == "+1 coin"


def test_the_tokens_committed_follow_the_cost_when_they_were_its_cost():
    b = example("forsaken-enlist.yaml")
    # Silverpine commits 4, its cost (2 + 2 Worgen tokens): one more defending token makes both 5
    more = control(b, "One more defending token in Silverpine (costs 5 tokens, 5 committed)")
    assert more.edit == Edit("set", "conquest", ("--defender-tokens", "3", "--tokens", "5", "--", "Silverpine"))
    # the conquest of Crossroads says no tokens committed: only its defence changes
    t = example("thrall-turn-4.yaml")
    assert control(t, "Crossroads is a Mountain").edit == Edit("set", "conquest", ("--mountain", "--", "Crossroads"))
    # a conquest tried with the die keeps its tokens
    z = example("trolls-discount.yaml")
    assert control(z, "Zul'Gurub is a Mountain").edit == Edit("set", "conquest", ("--mountain", "--", "Zul'Gurub"))


# ---------------------------------------------------------------------------
# What cannot be added, and why: the rules' own conditions


def test_the_murlocs_are_never_a_players_race(invalid_files):
    new = board(invalid_files["new"])
    murlocs = entry(new, "races", "Murlocs").add
    assert murlocs.edit is None and "not a playable race" in murlocs.why_not  # SWW002
    assert entry(new, "races", "Orcs").add.edit == Edit("set", "active", ("--", "Orcs"))
    assert entry(example("thrall-turn-4.yaml"), "races", "Murlocs").add.why_not
    # ... but they defend a region, and they belong to no player: no bomb on them (SWW012)
    assert entry(example("thrall-turn-4.yaml", "active-regions-0"), "conquests", "From the Murlocs").add.why_not == ""
    assert "belong to no player" in entry(example("goblins-bombs.yaml"), "bombs", "On the Murlocs").add.why_not


def test_the_box_holds_one_of_each_race():
    # SWW003: the active race is never the race in decline
    b = example("thrall-turn-4.yaml")
    orcs = entry(b, "races", "Orcs").add
    assert orcs.edit is None and orcs.why_not == "the Orcs are your active race: the box holds one of each race"
    assert entry(b, "races", "Tauren").add.why_not == "the Tauren are already your race in decline"
    assert entry(b, "races", "Trolls").add.label == "Put the Trolls in decline instead of the Tauren"
    (tauren,) = [o for o in control(b, "Active race").options if o.value == "Tauren"]
    assert tauren.edit is None and "your race in decline" in tauren.why_not
    # the settings offer the six Horde races of seed 001, each with its box supply
    assert [o.label for o in control(b, "Active race").options] == [
        "Blood Elves (10 tokens)",
        "Forsaken (20 tokens)",
        "Goblins (11 tokens)",
        "Orcs (11 tokens)",
        "Tauren (16 tokens)",
        "Trolls (11 tokens)",
    ]


def test_region_counts_a_race_may_not_hold(invalid_files):
    # the Tauren "may never occupy ... a Region with less than 2 Race tokens" (seed 001, SWW011)
    t = board(invalid_files["tauren-alone"])
    one = entry(t, "active-regions", "Region, 1 token").add
    assert one.edit is None and one.why_not == "the Tauren never occupy a region with fewer than 2 tokens (SWoW Tauren)"
    assert control(t, "One token fewer in Barrens").why_not.startswith("the Tauren never occupy")
    # 17 tokens of 16: every count is over the box supply (SWW004)
    assert "the box holds 16 Tauren tokens: 17 are on the board or in hand" in (
        entry(t, "active-regions", "Region, 2 tokens").add.why_not
    )
    assert control(t, "One more token in Barrens").edit is None
    # "When going In Decline, they leave 2 Race tokens in each Region, instead of 1" (SWW006)
    b = example("thrall-turn-4.yaml")
    assert entry(b, "decline-regions", "Region, 2 tokens").add.why_not == ""
    assert entry(b, "decline-regions", "Region, 1 token").add.why_not == (
        "the Tauren in decline leave 2 in each region, instead of 1 (SWoW Tauren)"
    )
    assert control(b, "One more token in Mulgore").edit is None
    d = example("trolls-discount.yaml")  # the declined Orcs leave 1, like most races
    assert entry(d, "decline-regions", "Region, 1 token").add.why_not == ""
    assert (
        entry(d, "decline-regions", "Region, 2 tokens").add.why_not == "a race in decline leaves 1 token in each region"
    )
    # a region holds 1 token at least (the schema): remove it instead
    assert control(d, "One token fewer in Zul'Gurub").why_not == "a region holds at least 1 token: remove it instead"


def test_goblin_bombs(invalid_files):
    # "never more than one Bomb token per Region"; "If the Bomb tokens stack is depleted, Goblins can no
    # longer place Bombs" (seed 001): 12 in the stack
    b = example("goblins-bombs.yaml")
    humans = entry(b, "bombs", "On the Humans").add
    assert humans.kind == TEXT and humans.cost == "1 Bomb token (7 of 12 left)"
    assert humans.edit is not None and humans.edit.with_value("Stormwind Keep").words == (
        "--opponent",
        "Humans",
        "--",
        "Stormwind Keep",
    )
    # bombs go in "Regions that are occupied by opponents' Active Races": not on the player's own races
    assert "your own race" in entry(b, "bombs", "On the Goblins").add.why_not
    assert "your own race" in entry(b, "bombs", "On the Trolls").add.why_not
    assert control(b, "Bombs the Goblins have spent").cost == "5 of 12 bombs used"
    full = board(invalid_files["goblins-spent"])
    assert all(
        "the stack of 12 Bomb tokens is used up" in e.add.why_not
        for g in full.catalog
        if g.key == "bombs"
        for e in g.entries
    )
    assert control(full, "One more bomb spent by the Goblins").edit is None
    # a race without the power has no bomb entries
    assert not [g for g in example("thrall-turn-4.yaml").catalog if g.key == "bombs"]


def test_only_the_last_conquest_tries_the_die():
    # SWW008: "Only the last listed conquest may use the die"
    b = example("trolls-discount.yaml")
    first = control(b, "Stranglethorn was tried with the reinforcement die")
    assert first.edit is None and first.why_not.startswith("only the turn's last conquest")
    last = control(b, "Zul'Gurub was tried with the reinforcement die")
    assert last.pressed is True and last.edit == Edit("set", "conquest", ("--no-die", "--", "Zul'Gurub"))


# ---------------------------------------------------------------------------
# Focus: the catalog's conquests are for the region in focus


def test_the_catalog_adds_the_conquest_of_the_region_in_focus():
    b = example("goblins-bombs.yaml")
    assert b.focus == "active-regions-2"  # the last region added: Gadgetzan
    assert [g.title for g in b.catalog if g.key == "conquests"] == ["Conquest of Gadgetzan"]
    go = control(b, "Add a conquest of Ratchet")
    assert go.focus == "active-regions-1" and go.edit is None and go.enabled
    assert row(b, "active-regions-1").focusable and not row(b, "decline-regions-0").focusable
    r = example("goblins-bombs.yaml", "active-regions-1")
    assert r.focus == "active-regions-1"
    assert [g.title for g in r.catalog if g.key == "conquests"] == ["Conquest of Ratchet"]
    # a focus that names no region of the active race: the default
    assert example("goblins-bombs.yaml", "conquests-0").focus == "active-regions-2"
    assert example("goblins-bombs.yaml", "nothing").focus == "active-regions-2"


# ---------------------------------------------------------------------------
# Entries that share a name


def test_a_duplicated_region_and_conquest_are_removed_by_their_entry(tmp_path, invalid_files):
    f = invalid_files["twice"]
    b = board(f)
    assert [r.title for r in b.rows() if r.key.startswith("active-regions")] == ["Durotar #1", "durotar #2"]
    second = control(b, "Remove durotar #2")
    assert second.edit == Edit("remove", "region", ("--entry", "2", "--", "durotar"))
    assert run_edit(f, second.edit.verb, second.edit.part, list(second.edit.words)).code != ExitCode.USAGE
    assert load_file(f).data["active"]["regions"] == [{"name": "Durotar", "tokens": 3}]
    b = board(f)
    first = control(b, "Remove the conquest of Durotar #1")
    assert run_edit(f, first.edit.verb, first.edit.part, list(first.edit.words)).code != ExitCode.USAGE
    assert load_file(f).data["conquests"] == [{"region": "Durotar", "tokens": 2, "die": True}]
    # one left: no entry number needed
    assert control(board(f), "Remove the conquest of Durotar").edit == Edit("remove", "conquest", ("--", "Durotar"))


# ---------------------------------------------------------------------------
# Every edit the boards make is one the engine takes


def _typed(c: Control, e: Edit) -> Edit:
    if e.value_at is None:
        return e
    if c.kind == TEXT:
        return e.with_value("Tauren" if c.key == "race" else "Feralas")
    return e.with_value(str(int(c.low or 1) or 1))


def _edits(boards: list[Board]) -> list[Edit]:
    out: dict[Edit, None] = {}
    for b in boards:
        for c in b.controls():
            if c.edit is not None:
                out[_typed(c, c.edit)] = None
            for o in c.options:
                if o.edit is not None:
                    out[o.edit] = None
    return list(out)


def _sample(edits: list[Edit]) -> list[Edit]:
    """One edit of each shape (verb, part, options): the rest differ only in a name or a number."""
    seen: dict[tuple[object, ...], Edit] = {}
    for e in edits:
        shape = (e.verb, e.part, tuple(w for w in e.words if w.startswith("--")))
        seen.setdefault(shape, e)
    return list(seen.values())


def _accepted(tmp_path: Path, source: Path, edits: list[Edit]) -> None:
    target = tmp_path / "work.yaml"
    for e in edits:
        shutil.copyfile(source, target)
        out = run_edit(target, e.verb, e.part, list(e.words))
        assert out.code != ExitCode.USAGE, (source.name, e, out.stderr)


def test_every_edit_of_the_thrall_boards_is_accepted(tmp_path):
    f = EXAMPLES / "thrall-turn-4.yaml"
    _accepted(tmp_path, f, _edits(every_board(f)))


@pytest.mark.parametrize("name", [p.name for p in ALL_EXAMPLES if p.name != "thrall-turn-4.yaml"])
def test_each_kind_of_edit_of_the_example_boards_is_accepted(tmp_path, name):
    f = EXAMPLES / name
    _accepted(tmp_path, f, _sample(_edits(every_board(f))))


@pytest.mark.parametrize("name", sorted(INVALID))
def test_each_kind_of_edit_of_a_wrong_position_is_accepted(tmp_path, invalid_files, name):
    f = invalid_files[name]
    _accepted(tmp_path, f, _sample(_edits(every_board(f))))


# ---------------------------------------------------------------------------
# Words


def _texts(b: Board) -> list[str]:
    out: list[str] = []
    for c in b.controls():
        out += [c.label, c.face, c.cost, c.why_not, c.value]
        out += [t for o in c.options for t in (o.label, o.cost, o.why_not)]
    for s in b.sections:
        out += [s.title, s.empty]
        for r in s.rows:
            out += [r.title, r.subtitle, r.cost] + [t for ch in r.chips for t in (ch.label, ch.cost, ch.note)]
    for g in b.catalog:
        out += [g.title, g.note] + [t for e in g.entries for t in (e.name, e.summary, e.cost)]
    return out


def _all_boards(invalid_files) -> list[Board]:
    out: list[Board] = []
    for f in [*ALL_EXAMPLES, *invalid_files.values()]:
        out += every_board(f)
    return out


def test_no_command_line_syntax_on_any_board(invalid_files):
    for b in _all_boards(invalid_files):
        bad = [t for t in _texts(b) if SYNTAX.search(t)]
        assert not bad, bad


def test_labels_are_unique_on_every_board(invalid_files):
    for b in _all_boards(invalid_files):
        labels = [c.label for c in b.controls()]
        assert len(labels) == len(set(labels)), sorted({x for x in labels if labels.count(x) > 1})
        keys = [r.key for r in b.rows()]
        assert len(keys) == len(set(keys))
        for r in b.rows():
            row_keys = [c.key for c in r.controls]
            assert len(row_keys) == len(set(row_keys)), (r.key, row_keys)


def test_the_settings_are_the_race_its_power_and_the_tokens_in_hand(invalid_files):
    b = example("thrall-turn-4.yaml")
    assert [c.label for c in b.settings] == ["Active race", "Special power of the active race", "Tokens in hand"]
    power, hand = b.settings[1], b.settings[2]
    assert power.kind == TEXT and power.value == "Blacksmith"
    assert hand.kind == NUMBER and hand.value == "3" and (hand.low, hand.high) == (0, 6)  # 11 - 5 on the board
    new = board(invalid_files["new"])
    assert new.settings[1].why_not == "choose the active race first" and new.settings[2].edit is None
    assert [s.empty for s in new.sections] == ["No active race yet: choose one in the catalog"]


def test_rows_carry_the_paths_the_findings_use(invalid_files):
    t = check_path(invalid_files["tauren-alone"])
    b = board(invalid_files["tauren-alone"])
    (lone,) = [f for f in t.findings if f.code == "SWW011"]
    assert lone.path == ("active", "regions", 0, "tokens") and row(b, "active-regions-0").path == (
        "active",
        "regions",
        0,
    )
    (over,) = [f for f in t.findings if f.code == "SWW004"]
    assert row(b, "active").path == over.path[:1]
    c = check_path(EXAMPLES / "trolls-discount.yaml")
    assert row(example("trolls-discount.yaml"), "conquests-1").path == ("conquests", 1)
    assert c.valid


# ---------------------------------------------------------------------------
# What the catalog offers never makes the list illegal at once (issue 46, item 7)


def _decline_entry(b: Board, race: str):
    [g] = [g for g in b.catalog if g.key == "races"]
    [e] = [e for e in g.entries if e.name == race]
    return e.add


def test_a_race_put_in_decline_in_place_of_another_fits_the_regions_it_takes_over():
    """Seed 001, the Tauren: "2 Race tokens in each Region, instead of 1" when they go into decline
    (SWW006), and they never occupy a region with fewer than 2 (SWW011). The Blood Elves' list has
    the declined Tauren in Mulgore and Thunder Bluff with 2 tokens each: the Forsaken put there in
    their place would leave 1 in each region, so the list would be illegal at once, as it was when
    the catalog offered it."""
    b = board_for(EXAMPLES / "blood-elves-magic.yaml", None)[0]
    forsaken = _decline_entry(b, "Forsaken")
    assert forsaken.label == "Put the Forsaken in decline instead of the Tauren"
    assert not forsaken.enabled
    assert forsaken.why_not.startswith(
        "Mulgore holds 2 tokens of the Tauren; the Forsaken in decline would leave 1 token in each region ("
    )


def test_a_race_the_active_race_has_bombed_is_not_put_in_decline():
    """The Goblins' bombs go only "in regions occupied by an opponent's active race" (seed 001,
    SWW012): the Goblins' list has a bomb on the Humans in Stormwind, so the Humans in decline would
    be the player's own race under it."""
    b = board_for(EXAMPLES / "goblins-bombs.yaml", None)[0]
    humans = _decline_entry(b, "Humans")
    assert humans.why_not.startswith("the bomb in Stormwind is on the Humans, and bombs go only in regions of an")
    assert _decline_entry(b, "Orcs").enabled  # neither bombed nor the declined Trolls' 1-token regions' problem
