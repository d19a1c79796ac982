"""FTR021 too-few-stands: at least one stand per 6 points of army size, rounding down
(reference README: "8 stands at 51") (too_few_stands.py)."""

import pytest

from .conftest import codes, ft_list, of


@pytest.mark.parametrize("points,minimum", [(51, 8), (48, 8), (47, 7), (36, 6), (35, 5), (60, 10)])
def test_minimum_is_floor_of_points_over_six(points, minimum):
    # e.g. 51 / 6 = 8.5 -> 8; 47 / 6 = 7.8 -> 7; 35 / 6 = 5.8 -> 5
    ok = ft_list(classes=[{"troop": "Spear", "stands": minimum, "general": True}], points=points, filler=False)
    assert "FTR021" not in codes(ok)
    assert ok.details["minimum_stands"] == minimum
    bad = ft_list(classes=[{"troop": "Spear", "stands": minimum - 1, "general": True}], points=points, filler=False)
    [f] = of(bad, "FTR021")
    assert f.severity.value == "error" and not bad.valid


def test_stands_of_all_classes_count():
    r = ft_list(
        classes=[{"troop": "Spear", "stands": 3, "general": True}, {"troop": "Knights", "stands": 5}], filler=False
    )
    assert "FTR021" not in codes(r) and r.details["stands"] == 8


def test_heroes_are_not_stands():
    r = ft_list(classes=[{"troop": "Spear", "stands": 7, "general": True}], heroes=[{}], filler=False)
    assert "FTR021" in codes(r)
