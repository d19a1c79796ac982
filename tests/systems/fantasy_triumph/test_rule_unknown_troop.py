"""FTR001 unknown-troop: a class names a troop type that is not one of the 26 (unknown_troop.py)."""

from armybuilder.check import check_text

from .conftest import codes, ft_list, ft_yaml, of


def test_known_troop_types_pass():
    r = ft_list(classes=[{"troop": "Knights"}, {"troop": "Shooters"}, {"troop": "Behemoths"}])
    assert "FTR001" not in codes(r) and r.valid


def test_triumph_names_singulars_and_case_are_accepted():
    # reference README: Archers = Shooters, Elephants = Behemoths, "accept both"
    r = ft_list(classes=[{"troop": "Archers"}, {"troop": "elephants"}, {"troop": "Knight"}, {"troop": "war wagon"}])
    assert "FTR001" not in codes(r)
    assert [c["troop"] for c in r.details["classes"][:4]] == ["Shooters", "Behemoths", "Knights", "War Wagons"]


def test_unknown_troop_is_an_error_with_a_suggestion():
    r = ft_list(classes=[{"name": "Riders", "troop": "Knigths"}])
    [f] = of(r, "FTR001")
    assert f.severity.value == "error" and not r.valid
    assert "Knigths" in f.message and "did you mean 'Knights'" in f.message


def test_unknown_troop_finding_points_at_its_line():
    text = ft_yaml(classes=[{"name": "Riders", "troop": "Dragons"}])
    r = check_text(text)
    [f] = of(r, "FTR001")
    line = next(i for i, text_line in enumerate(text.splitlines(), 1) if "Dragons" in text_line)
    assert f.line == line


def test_a_troop_type_not_in_fantasy_triumph():
    # the 26 types only: no "Dragons", no "Orcs"
    r = ft_list(classes=[{"troop": "Orcs"}])
    assert "FTR001" in codes(r)
