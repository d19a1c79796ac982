"""An event pack's names must mean something (EVT003), its `require` keys are blamed right, and a pack
and a list given the wrong way round are told apart (issue 15, points 1 to 3).

Every name in `ban`, `limit` and `require` is resolved against the system's data when the pack is
read: a typo would otherwise check nothing, in silence. The names come from each system's
`names()` declaration, the same names its `inventory()` gives.
"""

from __future__ import annotations

import pytest

from armybuilder import events, systems
from armybuilder.findings import Severity

from .helpers import ALICE, FIXTURES, REL, codes, event_codes

FT = "event: Test Event\nsystem: fantasy-triumph\n"


def refused(write, text: str) -> list:
    with pytest.raises(events.PackError) as info:
        events.load(write("pack.yaml", text))
    return sorted(info.value.findings, key=lambda f: (f.line or 0, f.column or 0))


def only(findings: list, code: str):
    [f] = [f for f in findings if f.code == code]
    return f


# -- point 1: names that resolve ---------------------------------------------------------------


def test_the_issues_misspelled_pack_is_refused_with_positions_and_suggestions(write):
    # issue 15: "ban: [Spellblst] and limit: {Illusions: 0} pass a list that has Spellblast and an
    # Illusion: exit 0. limit: {stand: 3} is ignored the same way."
    found = refused(write, FT + "ban: [Spellblst]\nlimit: {Illusions: 0, stand: 3}\n")
    assert [(f.code, f.line, f.column) for f in found] == [("EVT003", 3, 7), ("EVT003", 4, 9), ("EVT003", 4, 23)]
    assert all(f.severity is Severity.ERROR and f.source.endswith("pack.yaml") for f in found)
    assert "'Spellblst' (did you mean 'Spellblast'?)" in found[0].message
    assert found[0].message.startswith("ban: fantasy-triumph has no card or troop called")
    assert "'Illusions' (did you mean 'Illusion'?)" in found[1].message
    assert "'stand' (did you mean 'stands'?)" in found[2].message
    assert "its totals: stands, heroes, classes, hero_points, points" in found[2].message


def test_the_issues_pack_is_a_usage_error_on_the_command_line(run, write):
    pack = write("pack.yaml", FT + "ban: [Spellblst]\nlimit: {Illusions: 0}\n")
    r = run("validate", "examples/fantasy-triumph/greenwood-host.yaml", "--event", pack)
    assert r.exit_code == 2 and r.stdout == ""
    assert f"{pack}:3:7: EVT003 [error] ban:" in r.stderr
    r = run("tournament", pack, "examples/fantasy-triumph/")
    assert r.exit_code == 2 and "EVT003" in r.stderr and "no list was checked" in r.stderr


def test_the_corrected_pack_catches_what_the_misspelled_one_let_through(check, root, write):
    # The Greenwood Host (9 stands) with an Illusion army card: its Archmage holds Spellblast.
    text = (root / "examples/fantasy-triumph/greenwood-host.yaml").read_text(encoding="utf-8")
    host = write("host.yaml", text.replace("  - Ambush: home", "  - Illusion: 1\n  - Ambush: home"))
    r = check(FT + "ban: [Spellblast]\nlimit: {Illusion: 0, stands: 3}\n", host)
    assert event_codes(r) == ["EVT011", "EVT012", "EVT012"]


@pytest.mark.parametrize(
    "name,kind",
    [("Rangers", "class"), ("archmage", "hero"), ("Archers of the Eaves", "class")],
)
def test_ban_takes_the_names_a_list_gives_its_classes_and_heroes(check, name, kind):
    # "Names that a list defines itself, such as class and hero names, are also allowed in ban."
    f = only(check(FT + f"ban: [{name}]\n").findings, "EVT011")
    assert f.message.startswith(kind)


def test_ban_takes_a_name_no_list_holds_when_it_is_no_near_miss(check):
    assert codes(check(FT + "ban: [The Dark Lord]\n")) == []  # a hero name some list might give


def test_ban_refuses_a_near_miss_even_where_class_names_are_allowed(write):
    f = only(refused(write, FT + "ban: [Mindblst]\n"), "EVT003")
    assert "(did you mean 'Mindblast'?)" in f.message
    assert "ban also takes the class and hero names a list gives, but not a near miss" in f.message


def test_a_troop_types_other_name_bans_it(check):
    # README: "Triumph! or Fantasy Triumph names: Archers/Shooters"; Alice's "Archers of the Eaves"
    # are Shooters. The pack's Archers now bans them (the name was compared as written before).
    f = only(check(FT + "ban: [archers]\n").findings, "EVT011")
    assert f.message.startswith("troop 'Shooters' is banned")


def test_a_total_in_ban_or_include_is_refused_with_what_to_write(write):
    found = refused(write, FT + "ban: [heroes]\nrequire: {include: [stands]}\n")
    assert "'heroes' is a total fantasy-triumph counts, not a name: write limit: {heroes: 0}" in found[0].message
    assert "write require: {min_stands: 1}" in found[1].message


def test_include_takes_names_of_the_data_only(write):
    # A class or hero name is allowed in ban only.
    f = only(refused(write, FT + "require: {include: [Archmage]}\n"), "EVT003")
    assert f.message.startswith("require.include: fantasy-triumph has no card or troop called 'Archmage'")


def test_min_and_max_take_totals_only(write):
    found = refused(write, FT + "require: {min_stand: 8, max_Deadly: 2}\n")
    assert "counts no total 'stand' for min_stand (did you mean 'stands'?)" in found[0].message
    assert "counts no total 'Deadly' for max_Deadly" in found[1].message
    assert "it counts: stands, heroes, classes, hero_points, points" in found[1].message


def test_names_are_resolved_without_regard_to_case_spaces_or_hyphens(check):
    r = check(FT + "ban: [mindBLAST]\nlimit: {elite-foot: 5, Hero_Points: 8}\nrequire: {min_Stands: 8}\n")
    assert codes(r) == []


@pytest.mark.parametrize(
    "system,block,wanted",
    [
        ("token-terrors", "ban: [Wyvern]", "token-terrors has no faction called 'Wyvern' (did you mean 'Wyverns'?)"),
        ("token-terrors", "limit: {token: 6}", "(did you mean 'tokens'?)"),
        ("small-world-of-warcraft", "ban: [Murloc]", "has no race called 'Murloc' (did you mean 'Murlocs'?)"),
        ("homm3-battlefield", "ban: [Halberdier]", "(did you mean 'Halberdiers'?)"),
        ("homm3-battlefield", "require: {min_unit: 5}", "counts no total 'unit' for min_unit (did you mean 'units'?)"),
    ],
)
def test_every_system_refuses_its_typos(write, system, block, wanted):
    f = only(refused(write, f"event: T\nsystem: {system}\n{block}\n"), "EVT003")
    assert wanted in f.message


def test_names_a_system_knows_resolve_in_every_system(write):
    for system, block in [
        ("token-terrors", "ban: [wyverns]\nlimit: {Goblins: 4, slots: 10}"),
        ("small-world-of-warcraft", "ban: [Murlocs, Blacksmith]\nlimit: {coins: 9}"),  # a power: the list's name
        # a card the data does not name is the list's own name (HMB012 accepts it)
        ("homm3-battlefield", "ban: [Halberdiers, Catherine, Archery, Frost Ring IV, Sword of Judgement]"),
    ]:
        pack = events.load(write("p.yaml", f"event: T\nsystem: {system}\n{block}\n"))
        assert pack.system_ids == [system]


def test_settings_keys_and_fixed_values_resolve_against_the_list_format(write):
    hm = "event: T\nsystem: homm3-battlefield\n"
    f = only(refused(write, hm + "require: {settings: {mdoe: skirmish}}\n"), "EVT003")
    assert "'mdoe' is not a top-level key of homm3-battlefield lists (did you mean 'mode'?)" in f.message
    f = only(refused(write, hm + "require: {settings: {mode: skirmsh}}\n"), "EVT003")
    assert "mode: skirmsh is not a value homm3-battlefield lists allow" in f.message
    assert "(did you mean 'skirmish'?)" in f.message
    pack = events.load(write("ok.yaml", hm + "require: {settings: {MODE: Skirmish, length: short}}\n"))
    assert [e.name for e in pack.rules["homm3-battlefield"].settings] == ["mode", "length"]


def test_a_games_day_resolves_shared_rules_in_any_of_its_systems(write):
    day = "event: D\nsystems:\n  fantasy-triumph: {}\n  token-terrors: {}\n"
    pack = events.load(write("ok.yaml", day + "ban: [Mindblast, Goblins]\n"))  # one card, one faction
    assert [e.name for e in pack.rules["token-terrors"].ban] == ["Mindblast", "Goblins"]
    found = refused(write, day + "ban: [Goblinz]\n")
    assert len(found) == 1  # once, not once per system
    assert "none of the event's systems (fantasy-triumph, token-terrors) knows 'Goblinz'" in found[0].message
    assert "(did you mean 'Goblins'?)" in found[0].message


def test_a_games_day_resolves_each_systems_own_rules_in_that_system(write):
    found = refused(write, "event: D\nsystems:\n  fantasy-triumph: {limit: {Goblins: 2}}\n  token-terrors: {}\n")
    assert found[0].code == "EVT003" and (found[0].line, found[0].column) == (3, 29)
    assert "fantasy-triumph has no card, troop or total called 'Goblins'" in found[0].message


def test_the_bundled_packs_resolve(root):
    for path in (
        "examples/events/autumn-clash.yaml",
        "examples/events/games-day.yaml",
        f"{REL}/packs/all-systems.yaml",
    ):
        events.load(root / path)


def test_names_cover_every_name_the_inventory_gives(root):
    """What an inventory holds is what a pack may name: every example list's items are in its
    system's names() (or of a kind the list names itself), every total is declared."""
    from armybuilder.check import check_path
    from armybuilder.events.inventory import inventory_of

    lists = sorted((root / "examples").glob("*/*.yaml")) + sorted((FIXTURES / "lists").glob("*/*.yaml"))
    seen = set()
    for path in lists:
        result = check_path(path)
        items = inventory_of(result)
        if result.system is None or not items or not result.valid:
            continue  # an invalid list may hold names the data does not know (its errors say so)
        names = systems.get(result.system).names()
        assert names is not None
        for item in items:
            if item.kind == "total":
                assert item.name in names.totals, (path, item)
            elif item.kind not in names.list_kinds:
                assert item.name in names.kinds[item.kind].values(), (path, item)
            seen.add((result.system, item.kind))
    assert {s for s, _ in seen} == set(systems.ids())


def test_a_system_that_does_not_declare_its_names_takes_the_packs_as_written(write, monkeypatch):
    system = systems.get("token-terrors")
    monkeypatch.setattr(type(system), "names", lambda self: None)
    pack = events.load(write("p.yaml", "event: T\nsystem: token-terrors\nban: [Anything At All]\n"))
    assert [e.name for e in pack.rules["token-terrors"].ban] == ["Anything At All"]


# -- hostile packs ------------------------------------------------------------------------------


def test_a_pack_of_five_hundred_unknown_names_is_refused_name_by_name(write):
    bans = ", ".join(f"Card{i:03d}x" for i in range(500))
    found = refused(write, f"event: T\nsystem: token-terrors\nban: [{bans}]\n")
    assert len(found) == 500 and {f.code for f in found} == {"EVT003"}


def test_names_with_terminal_escapes_are_cleaned_in_the_message_line(run, write):
    pack = write("pack.yaml", 'event: T\nsystem: token-terrors\nban: ["Wyv\\e[31mern"]\n')
    r = run("validate", "examples/token-terrors/wrens-host.yaml", "--event", pack)
    assert r.exit_code == 2 and "EVT003" in r.stderr
    assert "\x1b" not in r.stderr


def test_a_number_or_a_long_name_as_a_limit_key_is_refused_not_a_crash(write):
    found = refused(write, FT + "limit: {1: 2, " + "x" * 100 + ": 3}\n")
    assert [f.code for f in found] == ["EVT003", "EVT003"]
    assert "called '1'" in found[0].message


def test_a_pack_for_an_unknown_system_says_that_and_resolves_nothing_else(write):
    found = refused(write, "event: T\nsystem: fantasy-triumf\nban: [Spellblst]\n")
    assert [f.code for f in found] == ["EVT002"]


# -- point 2: require's keys ------------------------------------------------------------------


def test_require_blames_only_the_unknown_key_and_refuses_min_above_max(write):
    # issue 15: "require: {min_stands: 10, max_stands: 8, include: [Deadly], colour: red} says
    # unknown key 'min_stands' and unknown key 'max_stands'. Only colour is unknown. min above max
    # should be refused too."
    found = refused(write, FT + "require: {min_stands: 10, max_stands: 8, include: [Deadly], colour: red}\n")
    assert [(f.code, f.line, f.column) for f in found] == [("EVT002", 3, 11), ("EVT001", 3, 61)]
    assert found[0].message == "min_stands (10) is above max_stands (8)"
    assert found[1].message.startswith("unknown key 'colour' in require")
    assert not any("min_stands'" in f.message or "max_stands'" in f.message for f in found if f.code == "EVT001")


def test_min_above_max_is_refused_in_a_games_days_block_with_other_shape_errors(write):
    found = refused(write, "event: D\nsystems:\n  token-terrors:\n    require: {min_tokens: 9, max_tokens: 3, x: 1}\n")
    assert ("EVT002", "min_tokens (9) is above max_tokens (3)") in [(f.code, f.message) for f in found]


def test_require_with_only_pattern_keys_fits_the_schema(write):
    pack = events.load(write("p.yaml", FT + "require: {min_stands: 8, max_stands: 12}\n"))
    assert [e.name for e in pack.rules["fantasy-triumph"].minimum] == ["stands"]


# -- point 3: arguments the wrong way round ------------------------------------------------------


def test_validate_of_an_event_pack_says_so_in_one_line(run):
    # issue 15: "validate examples/events/autumn-clash.yaml prints 8 schema errors."
    r = run("validate", "examples/events/autumn-clash.yaml")
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr.splitlines() == [
        "armybuilder: examples/events/autumn-clash.yaml is an event pack, not a list; check lists against it "
        "with: armybuilder validate LIST... --event examples/events/autumn-clash.yaml"
    ]
    r = run(
        "validate", "--format", "json", "examples/fantasy-triumph/greenwood-host.yaml", "examples/events/games-day.yaml"
    )
    assert r.exit_code == 2 and r.stdout == "" and len(r.stderr.splitlines()) == 1


def test_a_tournament_given_a_list_as_its_pack_says_so_in_one_line(run):
    # issue 15: "tournament list.yaml lists/ says needs a 'event' entry".
    r = run("tournament", "examples/fantasy-triumph/greenwood-host.yaml", "examples/fantasy-triumph/")
    assert r.exit_code == 2 and r.stdout == ""
    [line] = r.stderr.splitlines()
    assert line.startswith("examples/fantasy-triumph/greenwood-host.yaml:3:1: EVT001 [error] this file is a ")
    assert "fantasy-triumph list, not an event pack" in line and "give the event pack first" in line


def test_a_list_given_as_validates_event_says_so(run):
    r = run(
        "validate",
        "examples/fantasy-triumph/greenwood-host.yaml",
        "--event",
        "examples/fantasy-triumph/iron-marches.yaml",
    )
    assert r.exit_code == 2 and len(r.stderr.splitlines()) == 1
    assert "fantasy-triumph list, not an event pack" in r.stderr


def test_a_pack_with_a_typo_in_event_is_not_taken_for_a_list(write):
    found = refused(write, "evnt: T\nsystem: fantasy-triumph\nban: [Mindblast]\n")
    assert [f.code for f in found] == ["EVT001", "EVT001"]  # 'event' missing, 'evnt' unknown
    assert not any("not an event pack" in f.message for f in found)


def test_an_event_pack_among_a_tournaments_lists_is_one_broken_list(run, tmp_path):
    r = run("tournament", f"{REL}/packs/autumn-clash.yaml", ALICE, "examples/events/games-day.yaml")
    assert r.exit_code == 1
    assert "broken" in r.stdout and "ABL005" in r.stdout and "is an event pack" in r.stdout


def test_diff_of_an_event_pack_is_a_usage_error(run):
    r = run("diff", "examples/events/autumn-clash.yaml", "examples/fantasy-triumph/greenwood-host.yaml")
    assert r.exit_code == 2 and r.stdout == "" and "is an event pack, not a list" in r.stderr
