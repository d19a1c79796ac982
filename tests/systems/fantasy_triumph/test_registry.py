"""Every Fantasy Triumph rule module has its finding code and its own test file here."""

from pathlib import Path

from armybuilder.systems.fantasy_triumph import rules

HERE = Path(__file__).resolve().parent


def test_each_rule_module_has_a_test_file():
    missing = [
        m.__name__.rsplit(".", 1)[1]
        for m in rules.REGISTRY
        if not (HERE / f"test_rule_{m.__name__.rsplit('.', 1)[1]}.py").exists()
    ]
    assert missing == []


def test_codes_are_unique_and_documented():
    codes = [m.CODE for m in rules.REGISTRY]
    assert len(codes) == len(set(codes))
    assert all(c.startswith("FTR") for c in codes)
    for m in rules.REGISTRY:
        assert (m.__doc__ or "").strip(), m.__name__
        assert m.SEVERITY.value in ("error", "warning", "info")
