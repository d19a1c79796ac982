"""Every shipped example is valid, with no warning; one per Skirmish length."""

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
    assert [f.message for f in r.findings if f.severity is not Severity.INFO] == []
    # the only info findings are card names the data does not list
    assert {f.code for f in r.findings} <= {"HMB012"}
