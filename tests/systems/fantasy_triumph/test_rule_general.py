"""FTR022 general: exactly one general, and the general is a stand (general.py; reference README:
"A hero is never the general: the general is one stand")."""

from armybuilder.check import check_text

from .conftest import codes, ft_list, ft_yaml, of


def test_one_general_passes():
    r = ft_list(classes=[{"troop": "Spear", "stands": 8, "general": True}], filler=False)
    assert "FTR022" not in codes(r) and r.valid


def test_no_general_fails():
    r = ft_list(classes=[{"troop": "Spear", "stands": 8}], filler=False)
    [f] = of(r, "FTR022")
    assert f.severity.value == "error" and not r.valid


def test_general_false_everywhere_fails():
    r = ft_list(classes=[{"troop": "Spear", "stands": 8, "general": False}], filler=False)
    assert len(of(r, "FTR022")) == 1


def test_two_generals_fail():
    r = ft_list(
        classes=[{"troop": "Spear", "stands": 4, "general": True}, {"troop": "Knights", "stands": 4, "general": True}],
        filler=False,
    )
    assert len(of(r, "FTR022")) == 1 and not r.valid


def test_a_hero_cannot_be_marked_general():
    # the list format has no `general` on heroes: the schema refuses it
    text = ft_yaml(heroes=[{"name": "Lord"}]).replace("- name: Lord", "- name: Lord\n  general: true")
    r = check_text(text)
    assert not r.valid
    assert any(c.startswith("ABL") for c in codes(r))
