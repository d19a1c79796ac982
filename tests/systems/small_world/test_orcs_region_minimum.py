"""SWW010 orcs-region-minimum is retired: the 2-token floor is the Tauren's (seed 001).

Seed 001's Orcs entry is "Orcs are natural-born conquerors. Each conquest of an Alliance-occupied
Region is worth 1 bonus Victory Coin. This power is cumulative with the usual Faction Bonus." and
nothing more; "These large, resilient warriors may never occupy (nor conquer) a Region with less
than 2 Race tokens" opens the Tauren's entry.
"""

from armybuilder.rulebook import all_codes
from armybuilder.systems.small_world import rules

from .helpers import check, errors, position


def test_an_orc_region_with_one_token_passes():
    r = check(
        position(active={"race": "Orcs", "in_hand": 3, "regions": [{"name": "Durotar", "tokens": 1}]}, conquests=None)
    )
    assert r.valid, [f.message for f in r.findings]
    assert "SWW010" not in [f.code for f in r.findings]


def test_an_orc_conquest_with_one_token_and_the_die_passes():
    last = {"region": "Crossroads", "defender": "Humans", "defender_tokens": 1, "tokens": 1, "die": True}
    r = check(position(conquests=[last]))
    assert r.valid, [f.message for f in r.findings]


def test_the_code_is_retired_not_reused():
    (code,) = [c for c in all_codes() if c.code == "SWW010"]
    assert code.name == "orcs-region-minimum" and code.retired and "Tauren" in code.retired
    assert code.doc.startswith("Retired:")
    from armybuilder.systems.small_world.rules import orcs_region_minimum

    assert orcs_region_minimum in rules.ALL and orcs_region_minimum not in rules.REGISTRY
    assert list(orcs_region_minimum.check(None)) == []  # it never reports


def test_rule_command_explains_the_retirement(run):
    r = run("rule", "SWW010")
    assert r.exit_code == 0
    assert r.stdout.startswith("SWW010 orcs-region-minimum [retired before release 0.1.0: the 2-token floor")
    r = run("rule")
    assert "SWW010  retired  orcs-region-minimum" in r.stdout


def test_the_orcs_hold_one_token_regions_where_the_tauren_cannot():
    one = [{"name": "Durotar", "tokens": 1}]
    assert check(position(active={"race": "Orcs", "regions": one}, decline=None, conquests=None)).valid
    tauren = check(position(active={"race": "Tauren", "regions": one}, decline=None, conquests=None))
    assert errors(tauren) == ["SWW011"]


def test_rule_json_says_retired(run):
    import json

    (code,) = json.loads(run("rule", "SWW010", "--format", "json").stdout)["codes"]
    assert code["retired"].startswith("before release 0.1.0") and code["code"] == "SWW010"
    (live,) = json.loads(run("rule", "SWW011", "--format", "json").stdout)["codes"]
    assert live["retired"] is None
