"""FTR023 too-many-heroes: at most 3 heroes (reference README) (too_many_heroes.py)."""

from .conftest import codes, ft_list, of


def test_three_heroes_pass():
    r = ft_list(heroes=[{}, {}, {}])  # 3 x 1 = 3 hero points
    assert "FTR023" not in codes(r) and r.valid


def test_four_heroes_fail():
    r = ft_list(heroes=[{}, {}, {}, {}])  # 4 x 1 = 4 hero points: only the count is wrong
    [f] = of(r, "FTR023")
    assert f.severity.value == "error" and not r.valid
    assert "FTR024" not in codes(r)
