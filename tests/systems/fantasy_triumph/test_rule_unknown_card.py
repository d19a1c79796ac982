"""FTR002 unknown-card: a card name that is not one of FT 24 to FT 62 (unknown_card.py)."""

from armybuilder.check import check_text

from .conftest import codes, ft_list, ft_yaml, of


def test_known_cards_pass_in_any_case():
    r = ft_list(classes=[{"troop": "Spear", "cards": ["deadly", "ARMORED", "hold the line"]}])
    assert "FTR002" not in codes(r) and r.valid


def test_unknown_card_on_a_class_with_suggestion():
    r = ft_list(classes=[{"troop": "Spear", "cards": ["Dedly"]}])
    [f] = of(r, "FTR002")
    assert f.severity.value == "error" and not r.valid
    assert "'Dedly'" in f.message and "did you mean 'Deadly'" in f.message


def test_unknown_card_on_a_hero_and_in_army_cards():
    r = ft_list(heroes=[{"cards": ["Spellblazt"]}], army_cards=["Ambushh"], topography="Forest")
    msgs = [f.message for f in of(r, "FTR002")]
    assert len(msgs) == 2
    assert any("did you mean 'Spellblast'" in m for m in msgs)
    assert any("did you mean 'Ambush'" in m for m in msgs)


def test_unknown_card_is_not_priced():
    # Spear 4 + filler 7 Horde x 2 = 18: the unknown card adds nothing
    r = ft_list(classes=[{"troop": "Spear", "cards": ["Berserk"]}])
    assert "FTR002" in codes(r)
    assert r.measure.total == 18


def test_unknown_card_line():
    text = ft_yaml(classes=[{"troop": "Spear", "cards": ["Deadly", "Wizardry"]}])
    r = check_text(text)
    [f] = of(r, "FTR002")
    assert f.line == next(i for i, line in enumerate(text.splitlines(), 1) if "Wizardry" in line)
