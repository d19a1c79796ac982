"""HMB005 hero-level: III, V, VII for Short, Medium, Large skirmish."""

from ._lists import ADVENTURE, BOARD, LARGE, MEDIUM, SHORT, assert_clean, findings, variant


def test_passes():
    for base in (SHORT, MEDIUM, LARGE):
        assert_clean(base, "HMB005")


def test_other_modes_do_not_check_the_level():
    assert_clean(variant(ADVENTURE, hero={"name": "Solmyr", "level": "VII"}), "HMB005")
    assert_clean(variant(BOARD, hero={"name": "Gelu"}), "HMB005")


def test_wrong_level_fails():
    (f,) = findings(variant(SHORT, hero={"name": "Sandro", "level": "V"}), "HMB005")
    assert f.message == "Sandro is Level V, but a Short skirmish plays the hero at Level III"
    (f,) = findings(variant(LARGE, hero={"name": "Mutare", "level": "V"}), "HMB005")
    assert "at Level VII" in f.message


def test_missing_level_fails():
    (f,) = findings(variant(MEDIUM, hero={"name": "Catherine"}), "HMB005")
    assert f.message == "a Medium skirmish plays the hero at Level V: add level: V to the hero"
