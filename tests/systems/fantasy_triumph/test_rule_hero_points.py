"""FTR024 hero-points: at most 8 points of heroes in all, each 1 + its cards (reference README)
(hero_points.py)."""

from .conftest import codes, ft_list, of


def test_eight_hero_points_pass():
    # Mindblast hero 1 + 4 = 5; Subcommander hero 1 + 2 = 3: 5 + 3 = 8
    r = ft_list(heroes=[{"cards": ["Mindblast"]}, {"cards": ["Subcommander"]}])
    assert r.details["hero_points"] == 8
    assert "FTR024" not in codes(r) and r.valid


def test_eight_and_a_half_fail():
    # unlimited Spellblast hero 1 + 4½ = 5½; Subcommander hero 3: 5½ + 3 = 8½
    r = ft_list(heroes=[{"cards": [{"Spellblast": ["unlimited", "magical"]}]}, {"cards": ["Subcommander"]}])
    assert r.details["hero_points"] == 8.5
    [f] = of(r, "FTR024")
    assert f.severity.value == "error" and not r.valid


def test_one_expensive_hero():
    # 1 + Spellblast unlimited 4½ + Deadly 2 + Champion 1 = 8½
    r = ft_list(heroes=[{"cards": [{"Spellblast": ["unlimited", "physical"]}, "Deadly", "Champion"]}])
    assert len(of(r, "FTR024")) == 1


def test_delayed_entry_refund_is_an_army_card_not_a_hero_cost():
    # FT 32 design note: the savings "are army battle card cost reductions, not stand cost reductions":
    # the hero still costs 1 + Deadly 2 = 3 toward hero points; the army line is -2
    r = ft_list(heroes=[{"cards": ["Deadly", "Delayed Entry"]}])
    assert r.details["hero_points"] == 3
    assert [c["points"] for c in r.details["army_cards"] if c["card"] == "Delayed Entry"] == [-2]


def test_heroes_with_an_unknown_card_are_not_totalled():
    # Mindblast hero 1 + 4 = 5, twice: 10 > 8; but one also holds 'Spelblast' (FTR002), counted 0:
    # the heroes' cost is not known (issue 26 point 8: a finding that depends on an unknown name).
    r = ft_list(heroes=[{"cards": ["Mindblast"]}, {"cards": ["Mindblast", "Spelblast"]}])
    assert "FTR002" in codes(r) and "FTR024" not in codes(r)
    assert of(ft_list(heroes=[{"cards": ["Mindblast"]}, {"cards": ["Mindblast"]}]), "FTR024")
