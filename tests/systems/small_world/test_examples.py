"""The example positions that ship: all valid, with the scores their comments promise."""

import pytest

from armybuilder.check import check_path

from .helpers import EXAMPLES

EXPECTED = {  # file: (tokens, supply, conquest costs, net coins)
    "thrall-turn-4.yaml": (8, 11, [3], 4),
    "goblins-bombs.yaml": (9, 11, [2, 3], 5),
    "forsaken-enlist.yaml": (11, 20, [4, 4], 3),
    "trolls-discount.yaml": (6, 11, [4, 2], 4),
    "blood-elves-magic.yaml": (8, 10, [3], 7),
}


def test_every_example_is_listed():
    assert sorted(p.name for p in EXAMPLES.glob("*.yaml")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_example(name):
    r = check_path(EXAMPLES / name)
    assert r.valid, [f.message for f in r.findings]
    assert [f.code for f in r.findings if f.severity.value != "info"] == []
    tokens, supply, costs, coins = EXPECTED[name]
    assert (r.measure.total, r.measure.limit) == (tokens, supply)
    assert [c["cost"] for c in r.details["conquests"]] == costs
    assert r.details["coins"]["net"] == coins
