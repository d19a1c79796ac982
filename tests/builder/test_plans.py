"""Every bundled valid example can be built from a new list by clicking its board (the plans
under ``tests/builder/plans``), and the result is the example's list (data version aside)."""

from __future__ import annotations

from pathlib import Path

import pytest

from armybuilder.check import check_path
from armybuilder.yamlio import load_file
from tests.builder.driver import EXAMPLES, Plan, build, every_plan, example_data, parts, same_list

PLANS = every_plan()


@pytest.mark.parametrize("plan", PLANS, ids=[p.example for p in PLANS])
def test_a_plan_builds_its_example(plan: Plan, tmp_path: Path) -> None:
    d = build(plan, tmp_path)
    got = load_file(d.path).data
    want = example_data(plan)
    assert same_list(got, want), (got, want)
    assert check_path(d.path).valid == check_path(EXAMPLES / plan.example).valid


def test_every_valid_example_has_a_plan() -> None:
    planned = {p.example for p in PLANS}
    valid = {
        f.relative_to(EXAMPLES).as_posix()
        for f in EXAMPLES.glob("*/*.yaml")
        if f.parent.name != "events" and check_path(f).valid
    }
    assert valid <= planned, sorted(valid - planned)


def test_parts_counts_what_a_player_added() -> None:
    doc = {"system": "x", "name": "n", "points": 51, "classes": [{"name": "A", "cards": ["Fast", {"Flying": "zoom"}]}]}
    assert parts(doc) == 4  # points, the class, its two cards
    assert parts({"system": "x", "tokens": {"Elves": 4, "Soldiers": 6}}) == 2
