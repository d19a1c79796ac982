"""The fingerprint: the same whatever the comments, key order, quoting or layout; different when
a value changes."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from armybuilder import fingerprint
from armybuilder.export.roster import build

FT_EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "fantasy-triumph" / "greenwood-host.yaml"

BASE = """\
system: fantasy-triumph
name: The Greenwood Host
points: 51
classes:
  - name: Wardens
    troop: Elite Foot
    stands: 2
    general: true
    cards: [Deadly, Armored]
"""

SAME = [
    # comments, blank lines and a trailing space
    "# my list\n" + BASE.replace("points: 51", "points: 51   # the usual size\n") + "\n# end\n",
    # key order, quoting, block style, a float written as a whole number
    """\
classes:
- cards:
  - "Deadly"
  - 'Armored'
  general: yes
  stands: 2.0
  troop: "Elite Foot"
  name: Wardens
name: "The Greenwood Host"
points: 0x33
system: fantasy-triumph
""",
    # flow style throughout
    "{system: fantasy-triumph, name: The Greenwood Host, points: 51, classes: [{name: Wardens, "
    "troop: Elite Foot, stands: 2, general: true, cards: [Deadly, Armored]}]}\n",
]

DIFFERENT = [
    BASE.replace("stands: 2", "stands: 3"),
    BASE.replace("[Deadly, Armored]", "[Armored, Deadly]"),  # list order is the list's own
    BASE.replace("The Greenwood Host", "The Greenwood host"),
    BASE.replace("points: 51", "points: 51.5"),
    BASE.replace("points: 51", "points: '51'"),  # text, not a number
    BASE + "note: one more key\n",
]


def _fp(tmp_path, text, name="list.yaml"):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return fingerprint.of_file(p)


@pytest.mark.parametrize("variant", range(len(SAME)))
def test_same_content_same_fingerprint(tmp_path, variant):
    assert _fp(tmp_path, SAME[variant]) == _fp(tmp_path, BASE, "base.yaml")


@pytest.mark.parametrize("variant", range(len(DIFFERENT)))
def test_changed_value_changes_the_fingerprint(tmp_path, variant):
    assert _fp(tmp_path, DIFFERENT[variant]) != _fp(tmp_path, BASE, "base.yaml")


def test_canonical_form_is_as_documented():
    data = {"b": [1, 2.0, 0.5, -0.0], "a": {"é": True, "z": None}, 3: "x"}
    expected = '{"3":"x","a":{"z":null,"é":true},"b":[1,2,0.5,0]}'
    assert fingerprint.canonical_bytes(data) == expected.encode("utf-8")
    assert fingerprint.of_data(data) == hashlib.sha256(expected.encode("utf-8")).hexdigest()


def test_keys_that_collide_are_refused():
    with pytest.raises(fingerprint.CanonicalError):
        fingerprint.canonical_bytes({1: "a", "1": "b"})


def test_roster_footer_matches_the_command(run):
    roster, _ = build(FT_EXAMPLE)
    r = run("fingerprint", "examples/fantasy-triumph/greenwood-host.yaml")
    assert r.exit_code == 0
    assert r.stdout == f"{roster.fingerprint}  examples/fantasy-triumph/greenwood-host.yaml\n"
    assert len(roster.fingerprint) == 64


def test_command_several_files_and_a_broken_one(run, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("a: &x 1\nb: *x\n", encoding="utf-8")
    good = tmp_path / "good.yaml"
    good.write_text(BASE, encoding="utf-8")
    r = run("fingerprint", good, bad)
    assert r.exit_code == 1
    assert r.stdout == f"{fingerprint.of_file(good)}  {good}\n"
    assert f"{bad}:1:4: ABL007" in r.stderr and "no fingerprint" in r.stderr


def test_command_missing_file_is_a_usage_error(run):
    r = run("fingerprint", "no-such-file.yaml")
    assert r.exit_code == 2
