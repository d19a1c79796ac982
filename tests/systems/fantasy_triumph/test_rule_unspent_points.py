"""FTR025 unspent-points (info): the army costs less than its limit; legal (unspent_points.py)."""

from .conftest import codes, ft_list, of


def test_full_army_has_no_unspent_note():
    # Knights 4 x 8 = 32 + Illusion 6 + No Camp 4 + hero with Mindblast 5 + hero with Champion 2 +
    # Prepared Defenses 2 x 1 (Dense) = 32 + 6 + 4 + 5 + 2 + 2 = 51
    r = ft_list(
        classes=[{"troop": "Knights", "stands": 8, "general": True}],
        topography="Dense Marsh",
        heroes=[{"cards": ["Mindblast"]}, {"cards": ["Champion"]}],
        army_cards=[{"Illusion": 6}, "No Camp", {"Prepared Defenses": 2}],
        filler=False,
    )
    assert r.measure.total == 51
    assert "FTR025" not in codes(r) and r.valid


def test_points_left_over_is_info_only():
    # 8 Horde x 2 = 16 of 51: 35 unspent
    r = ft_list()
    [f] = of(r, "FTR025")
    assert f.severity.value == "info" and "35" in f.message
    assert r.valid
