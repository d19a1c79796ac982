"""Every shipped example is valid; one per Skirmish length. Only the Adventure example warns: its
faction and hero are from the Tower Expansion (HMB022), as its comment says."""

import pytest

from armybuilder.check import check_path
from armybuilder.findings import Severity

from ._lists import EXAMPLES

FILES = sorted(EXAMPLES.glob("*.yaml"))


def test_one_example_per_skirmish_length():
    names = {f.stem for f in FILES}
    assert {"skirmish-short", "skirmish-medium", "skirmish-large"} <= names


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_example_is_valid_without_warnings(path):
    r = check_path(path)
    assert r.system == "homm3-battlefield"
    assert r.valid, [f.message for f in r.findings]
    warned = [(f.code, f.path) for f in r.sorted_findings() if f.severity is not Severity.INFO]
    if path.name == "adventure-medium.yaml":  # "designed for the Core Game only" (1. Overview)
        assert warned == [("HMB022", ("faction",)), ("HMB022", ("hero", "name"))]
        return
    assert warned == []
    # the only info findings are card names the data does not list
    assert {f.code for f in r.findings} <= {"HMB012"}
