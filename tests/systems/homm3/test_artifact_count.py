"""HMB010 artifact-count: keep 1 / 2 / 3."""

from ._lists import BOARD, LARGE, MEDIUM, SHORT, assert_clean, findings, variant


def test_passes():
    for base in (SHORT, MEDIUM, LARGE, BOARD):
        assert_clean(base, "HMB010")


def test_wrong_number_fails():
    (f,) = findings(variant(SHORT, artifacts=["A", "B"]), "HMB010")
    assert f.message == "a Short skirmish draws 2 Artifact cards and keeps 1; the list has 2 Artifacts"
    (f,) = findings(variant(LARGE, artifacts=["A", "B"]), "HMB010")
    assert "draws 4 Artifact cards and keeps 3; the list has 2 Artifacts" in f.message
    (f,) = findings(variant(MEDIUM, artifacts=None), "HMB010")
    assert "keeps 2; the list has 0 Artifacts" in f.message
