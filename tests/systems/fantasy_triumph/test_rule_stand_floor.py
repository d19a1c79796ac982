"""FTR026 stand-floor (info): a stand's cards take it below 1 point; it costs 1 (reference README)
(stand_floor.py)."""

from .conftest import codes, ft_list, of


def test_one_point_stand_is_not_floored():
    # Bow Levy 2 - Brittle 1 = 1
    r = ft_list(classes=[{"troop": "Bow Levy", "cards": ["Brittle"]}])
    assert "FTR026" not in codes(r)


def test_stand_below_one_point_is_raised():
    # Horde 2 - Brittle 2 - Unruly 1 = -1 -> 1
    r = ft_list(classes=[{"troop": "Horde", "stands": 2, "cards": ["Brittle", "Unruly"]}])
    [f] = of(r, "FTR026")
    assert f.severity.value == "info" and r.valid
    assert r.details["classes"][0]["total"] == 2  # 2 stands x 1
