"""Reading an event pack: the schema, clear errors with the pack's lines, the bundled examples."""

from __future__ import annotations

import json

import pytest

from armybuilder import events
from armybuilder.codes import code_of
from armybuilder.events import rules
from armybuilder.resources import load_schema
from armybuilder.rulebook import all_codes

from .helpers import ALICE, FIXTURES, REL


def load_errors(write, text: str | bytes) -> list:
    with pytest.raises(events.PackError) as info:
        events.load(write("pack.yaml", text))
    return info.value.findings


@pytest.mark.parametrize(
    "path",
    [
        "examples/events/autumn-clash.yaml",
        "examples/events/games-day.yaml",
        f"{REL}/packs/autumn-clash.yaml",
        f"{REL}/packs/all-systems.yaml",
    ],
)
def test_bundled_packs_load(root, path):
    pack = events.load(root / path)
    assert pack.event and pack.system_ids


def test_the_issues_pack_reads_as_written(root):
    pack = events.load(root / "examples/events/autumn-clash.yaml")
    r = pack.rules["fantasy-triumph"]
    assert pack.event == "Autumn Clash 2026" and pack.system_ids == ["fantasy-triumph"]
    assert r.points == 51 and r.data_version == "3"
    assert [e.name for e in r.ban] == ["Mindblast", "Illusion"]
    assert {e.name: e.value for e in r.limit} == {"Unreliable": 2, "heroes": 1}
    assert [(e.name, e.value) for e in r.minimum] == [("stands", 8)]


def test_several_systems_merge_top_level_rules_into_each(write):
    pack = events.load(
        write(
            "p.yaml", "event: D\nban: [X]\nsystems:\n  fantasy-triumph: {ban: [Y], points: 40}\n  token-terrors: {}\n"
        )
    )
    assert [e.name for e in pack.rules["fantasy-triumph"].ban] == ["X", "Y"]
    assert [e.name for e in pack.rules["token-terrors"].ban] == ["X"]
    assert pack.rules["fantasy-triumph"].points == 40 and pack.rules["token-terrors"].points is None


def test_schema_is_valid_json_schema():
    from jsonschema import Draft202012Validator

    Draft202012Validator.check_schema(load_schema("event"))


def test_not_yaml_keeps_the_generic_code_and_cites_the_pack(write):
    [f] = load_errors(write, "event: [unclosed\nsystem: fantasy-triumph\n")
    assert f.code == "ABL004" and f.source.endswith("pack.yaml") and f.line == 2


def test_not_a_mapping(write):
    [f] = load_errors(write, "- event: A\n")
    assert f.code == "EVT001" and "mapping with an 'event' key" in f.message


def test_aliases_are_refused_in_packs_too(write):
    [f] = load_errors(write, "event: &a A\nsystem: fantasy-triumph\nban: [*a]\n")
    assert f.code == "ABL007"


@pytest.mark.parametrize(
    "text,line,words",
    [
        (
            "event: A\nsystem: fantasy-triumph\nbann: [Mindblast]\n",
            3,
            "unknown key 'bann' in the file (did you mean 'ban'?)",
        ),
        (
            "event: A\nsystem: fantasy-triumph\nrequire: {minstands: 3}\n",
            3,
            "unknown key 'minstands' in require (did you mean 'min_<total>'?)",
        ),
        ("event: A\nsystem: fantasy-triumph\nlimit: {heroes: -1}\n", 3, "limit.heroes must be at least 0"),
        ("event: A\nsystem: fantasy-triumph\nlimit: {heroes: two}\n", 3, "limit.heroes must be a number"),
        ("event: A\nsystem: fantasy-triumph\nban: Mindblast\n", 3, "ban must be a list"),
        ("event: A\nsystem: fantasy-triumph\npoints: 0\n", 3, "points must be more than 0"),
        ("system: fantasy-triumph\n", 1, "needs an entry 'event'"),
        ("event: A\n", 1, "needs an entry 'system'"),
        ("event: A\nsystem: Fantasy Triumph\n", 2, "system 'Fantasy Triumph' does not fit"),
    ],
)
def test_shape_errors_are_evt001_with_the_pack_line(write, text, line, words):
    findings = load_errors(write, text)
    assert [f.code for f in findings] == ["EVT001"], [f.message for f in findings]
    f = findings[0]
    assert words.split(" (did you mean")[0] in f.message, f.message
    assert f.line == line and f.rule == "event pack schema"


def test_require_unknown_key_names_the_keys_it_takes(write):
    [f] = load_errors(write, "event: A\nsystem: fantasy-triumph\nrequire: {stands: 3}\n")
    assert "require takes include, settings, min_<total> and max_<total>" in f.message


@pytest.mark.parametrize(
    "text,line,words",
    [
        (
            "event: A\nsystem: fantasy-triumf\n",
            2,
            "unknown game system 'fantasy-triumf' (did you mean 'fantasy-triumph'?)",
        ),
        ("event: A\nsystems: {warhammer: {}}\n", 2, "unknown game system 'warhammer'"),
        # issue 26 point 10: the beginning of one id gets the suggestion a list's ABL031 gives
        ("event: A\nsystem: fantasy\n", 2, "unknown game system 'fantasy' (did you mean 'fantasy-triumph'?)"),
        (
            "event: A\nsystems: {homm3: {}}\n",
            2,
            "unknown game system 'homm3' (did you mean 'homm3-battlefield'?)",
        ),
        ("event: A\nsystem: fantasy-triumph\nsystems: {token-terrors: {}}\n", 3, "both 'system' and 'systems'"),
        ("event: A\npoints: 40\nsystems: {token-terrors: {}}\n", 2, "'points' belongs to one system"),
        (
            "event: A\nsystem: fantasy-triumph\nrequire: {min_stands: 9, max_stands: 8}\n",
            3,
            "min_stands (9) is above max_stands (8)",
        ),
        (
            "event: A\nsystem: fantasy-triumph\nban: [Fast]\nrequire: {include: [fast]}\n",
            4,
            "'fast' is both banned and required",
        ),
    ],
)
def test_conflicts_are_evt002_with_the_pack_line(write, text, line, words):
    findings = load_errors(write, text)
    assert [f.code for f in findings] == ["EVT002"], [f.message for f in findings]
    assert words in findings[0].message and findings[0].line == line


def test_pack_error_lines_are_path_line_col(write):
    with pytest.raises(events.PackError) as info:
        events.load(write("pack.yaml", "event: A\nsystem: fantasy-triumph\nbann: []\n"))
    [line] = info.value.lines()
    assert line.endswith(
        ":3:1: EVT001 [error] unknown key 'bann' in the file (did you mean 'ban'?) (event pack schema)"
    )


EVT_CODES = [
    "EVT001",
    "EVT002",
    "EVT003",
    "EVT010",
    "EVT011",
    "EVT012",
    "EVT013",
    "EVT014",
    "EVT015",
    "EVT016",
    "EVT017",
    "EVT018",
    "EVT090",
]


def test_every_evt_code_is_registered_and_documented():
    registered = {c.code: c for c in all_codes()}
    assert sorted(rule.CODE for rule in rules.REGISTRY) == EVT_CODES
    assert sorted(c for c in registered if c.startswith("EVT")) == EVT_CODES
    for rule in rules.REGISTRY:
        c = code_of(rule)
        assert registered[c.code] == c
        assert c.name and c.rule and len(c.doc) > 40


def test_each_evt_module_is_named_after_its_code():
    for rule in rules.REGISTRY:
        assert rule.__name__.rsplit(".", 1)[-1] == rule.NAME.replace("-", "_")


def test_the_list_checks_are_the_codes_found_on_a_list():
    checked = sorted(rule.CODE for rule in rules.REGISTRY if hasattr(rule, "check"))
    assert checked == ["EVT010", "EVT011", "EVT012", "EVT013", "EVT014", "EVT015", "EVT016", "EVT017", "EVT018"]


def test_rule_command_explains_an_event_code(run):
    r = run("rule", "EVT011")
    assert r.exit_code == 0 and "banned" in r.stdout


# -- validate --event --------------------------------------------------------------------------

PACK = f"{REL}/packs/autumn-clash.yaml"


def test_validate_with_event_legal_exits_0(run):
    r = run("validate", ALICE, "--event", PACK)
    assert r.exit_code == 0 and r.stdout == ""
    assert "VALID, 48 of 48 points" in r.stderr


def test_validate_with_event_cites_the_pack_and_its_line(run):
    r = run("validate", FIXTURES / "lists/ft/carol-banned.yaml", "--event", PACK)
    assert r.exit_code == 1
    lines = r.stdout.splitlines()
    assert (
        f"{PACK}:7:7: EVT011 [error] card 'Mindblast' is banned at Autumn Clash 2026 (list line 13) (event pack)"
        in lines
    )
    assert (
        f"{PACK}:8:24: EVT012 [error] Autumn Clash 2026 allows at most 1 hero in a list; the list has 2 (event pack)"
        in lines
    )


def test_validate_with_event_json_carries_the_source(run):
    r = run("validate", FIXTURES / "lists/ft/carol-banned.yaml", "--event", PACK, "--format", "json")
    data = json.loads(r.stdout)
    evt = [f for f in data["results"][0]["findings"] if f["code"].startswith("EVT")]
    assert evt and all(f["source"] == PACK for f in evt)


def test_validate_with_a_broken_pack_exits_2_and_checks_nothing(run, write):
    bad = write("bad-pack.yaml", "event: A\nsystem: fantasy-triumph\nbann: []\n")
    r = run("validate", ALICE, "--event", bad)
    assert r.exit_code == 2 and r.stdout == ""
    assert "EVT001" in r.stderr and ":3:1:" in r.stderr


def test_validate_with_a_missing_pack_is_a_usage_error(run):
    r = run("validate", ALICE, "--event", "no-such-pack.yaml")
    assert r.exit_code == 2


def test_validate_without_event_is_unchanged(run):
    r = run("validate", FIXTURES / "lists/ft/carol-banned.yaml")
    assert r.exit_code == 0 and "EVT" not in r.stdout
