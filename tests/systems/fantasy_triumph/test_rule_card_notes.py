"""FTR031 card-notes (info): what a player should know at the table (card_notes.py).

FT 52: "If the army general's stand has this battle card and is killed, it regenerates as a normal
(non-general) stand, and the general is still lost."
"""

from .conftest import codes, ft_list, of


def test_regenerate_on_the_general_gets_a_note():
    r = ft_list(classes=[{"troop": "Spear", "stands": 2, "general": True, "cards": ["Regenerate"]}])
    [f] = of(r, "FTR031")
    assert f.severity.value == "info" and f.rule == "FT 52"
    assert r.valid


def test_regenerate_elsewhere_gets_none():
    r = ft_list(classes=[{"troop": "Spear", "stands": 2, "cards": ["Regenerate"]}])
    assert "FTR031" not in codes(r) and r.valid


def test_regenerate_command_points_at_the_table():
    # FT 52.1: Rabble 2 + Regenerate 1 = 3 points -> 2.5-3.5 band: 1 command point;
    # Spear 4 + 1 = 5 -> 4-5.5 band: 2; Elite Foot 4 + Deadly 2 + 1 = 7 -> 6 or more: 3
    r = ft_list(
        classes=[
            {"name": "Rabble", "troop": "Rabble", "cards": ["Regenerate"]},
            {"name": "Spear", "troop": "Spear", "cards": ["Regenerate"]},
            {"name": "Guard", "troop": "Elite Foot", "cards": ["Deadly", "Regenerate"]},
        ]
    )
    notes = r.details["at_the_table"]
    assert any(n.startswith("Rabble:") and "3-point" in n and "1 command point" in n for n in notes), notes
    assert any(n.startswith("Spear:") and "5-point" in n and "2 command points" in n for n in notes), notes
    assert any(n.startswith("Guard:") and "7-point" in n and "3 command points" in n for n in notes), notes


def test_delayed_entry_counts_as_half_lost_at_the_table():
    # FT 32.3: "count as a casualty until they enter the battle, but at ½ normal value":
    # 2 Spear stands x 4 = 8 x ½ = 4
    r = ft_list(classes=[{"name": "Late", "troop": "Spear", "stands": 2, "cards": ["Delayed Entry"]}])
    assert any(n.startswith("Late") and "counts as 4 points lost" in n for n in r.details["at_the_table"])


def test_heavily_fortified_camp_sacked_value_at_the_table():
    # FT 36.2.b: "A Heavily Fortified Camp that has been sacked counts as 17 points of lost troops"
    r = ft_list(army_cards=[{"Fortified Camp": "heavily fortified"}])
    assert any("17 points" in n for n in r.details["at_the_table"])
    r = ft_list(army_cards=[{"Fortified Camp": "fortified"}])
    assert not any("17 points" in n for n in r.details["at_the_table"])
