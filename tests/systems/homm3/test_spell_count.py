"""HMB011 spell-count: 1-2 / 2-4 / 3-5, the same for might and magic heroes."""

import pytest

from ._lists import ADVENTURE, LARGE, MEDIUM, SHORT, assert_clean, findings, variant


@pytest.mark.parametrize(
    "base, spells",
    [
        (SHORT, ["A"]),
        (SHORT, ["A", "B"]),
        (MEDIUM, ["A", "B"]),
        (MEDIUM, ["A", "B", "C", "D"]),
        (LARGE, ["A", "B", "C"]),
        (LARGE, ["A", "B", "C", "D", "E"]),
    ],
)
def test_range_ends_pass(base, spells):
    assert_clean(variant(base, spells=spells), "HMB011")


def test_adventure_has_no_range():
    assert_clean(variant(ADVENTURE, spells=None), "HMB011")


@pytest.mark.parametrize(
    "base, spells, text",
    [
        (SHORT, ["A", "B", "C"], "a Short skirmish draws 1-2 Spell cards"),
        (MEDIUM, ["A"], "a Medium skirmish draws 2-4 Spell cards"),
        (LARGE, ["A", "B", "C", "D", "E", "F"], "a Large skirmish draws 3-5 Spell cards"),
    ],
)
def test_outside_the_range_fails(base, spells, text):
    (f,) = findings(variant(base, spells=spells), "HMB011")
    n = len(spells)
    assert f.message == f"{text}, for might and magic heroes alike; the list has {n} spell{'s' * (n != 1)}"


def test_no_spells_fails_for_a_magic_hero_too():
    (f,) = findings(variant(SHORT, spells=None), "HMB011")  # Sandro is a magic hero
    assert "the list has 0 spells" in f.message
