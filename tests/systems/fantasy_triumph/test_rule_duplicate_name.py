"""FTR015 duplicate-name: two classes, two heroes, or a class and a hero of one name (duplicate_name.py).

Issue 15: "Two classes called Legion or two heroes called Mage validate, and add ... card Deadly
--to Legion edits the first." Names are how the list format tells classes and heroes apart
(FT 38.2.a: "battle cards purchased for different classes of the same army must be
differentiated clearly"), so a name used twice, matched without regard to case, is an error.
"""

from .conftest import codes, ft_list, of


def test_two_classes_called_legion():
    r = ft_list(classes=[{"name": "Legion", "troop": "Spear"}, {"name": "LEGION", "troop": "Horde"}])
    [f] = of(r, "FTR015")
    assert f.severity.value == "error" and not r.valid
    assert f.message == "class 1 and class 2 are both called 'LEGION'; give each class and hero a name of its own"
    assert f.path == ("classes", 1, "name")


def test_two_heroes_called_mage():
    r = ft_list(heroes=[{"name": "Mage"}, {"name": "mage"}])
    [f] = of(r, "FTR015")
    assert "hero 1 and hero 2 are both called 'mage'" in f.message and f.path == ("heroes", 1, "name")


def test_a_class_and_a_hero_of_one_name():
    r = ft_list(classes=[{"name": "Wardens", "troop": "Spear"}], heroes=[{"name": "Wardens"}])
    [f] = of(r, "FTR015")
    assert f.message.startswith("class 1 and hero 1 are both called 'Wardens'")


def test_names_differing_only_in_spaces_hyphens_or_underscores_are_the_same_name():
    r = ft_list(classes=[{"name": "Iron Guard", "troop": "Spear"}, {"name": "iron-guard", "troop": "Spear"}])
    assert len(of(r, "FTR015")) == 1


def test_distinct_names_pass():
    r = ft_list(
        classes=[{"name": "Legion", "troop": "Spear"}, {"name": "Legion II", "troop": "Spear"}],
        heroes=[{"name": "Mage"}],
    )
    assert "FTR015" not in codes(r) and r.valid


def test_three_of_one_name_give_two_findings():
    r = ft_list(
        classes=[{"name": "A", "troop": "Spear"}, {"name": "a", "troop": "Spear"}, {"name": "A", "troop": "Spear"}]
    )
    assert [f.path for f in of(r, "FTR015")] == [("classes", 1, "name"), ("classes", 2, "name")]
