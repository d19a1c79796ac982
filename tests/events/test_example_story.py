"""The bundled event pack tells a true story about the bundled lists (issue 26 point 14).

None of the four Fantasy Triumph examples was legal under ``examples/events/autumn-clash.yaml``
(51 points against 48), so the organiser demo said "0 legal, 8 illegal"; and the README's pack
snippet said ``min_stands: 12`` while the file said 8. Now some are legal and some not, each for
the reason the pack's comment gives, and the README shows the file's rules.
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from armybuilder import events
from armybuilder.check import check_path

ROOT = Path(__file__).resolve().parents[2]
PACK = ROOT / "examples/events/autumn-clash.yaml"
LISTS = sorted((ROOT / "examples/fantasy-triumph").glob("*.yaml"))


def _told() -> dict[str, str]:
    """list file -> what the pack's comment says of it ("legal: ...", "illegal: ...")."""
    said: dict[str, str] = {}
    for line in PACK.read_text(encoding="utf-8").splitlines():
        if m := re.match(r"^#\s+(\S+\.yaml)\s+(legal|illegal): (.*)$", line):
            said[m.group(1)] = m.group(2)
    return said


def test_some_bundled_lists_are_legal_at_the_event_and_some_not_as_its_comment_says():
    pack = events.load(PACK)
    told = _told()
    assert sorted(told) == [p.name for p in LISTS]  # every bundled list is told of
    verdicts = {p.name: "legal" if check_path(p, pack=pack).valid else "illegal" for p in LISTS}
    assert verdicts == told
    assert "legal" in verdicts.values() and "illegal" in verdicts.values()


def test_the_reasons_the_comment_gives_are_the_findings():
    pack = events.load(PACK)
    codes = {p.name: {f.code for f in check_path(p, pack=pack).findings if f.severity.value == "error"} for p in LISTS}
    assert codes["iron-marches.yaml"] == {"EVT011"}  # Illusion banned, legal otherwise
    assert codes["mire-court.yaml"] == {"EVT011", "EVT012"}  # Mindblast and Illusion; 2 heroes
    assert {"EVT011", "EVT012"} < codes["broken-horde.yaml"]  # and its own errors
    assert check_path(ROOT / "examples/fantasy-triumph/iron-marches.yaml").valid  # legal under the game's rules


def test_the_readme_shows_the_packs_rules():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    snippet = next(
        yaml.safe_load(m.group(1))
        for m in re.finditer(r"^```yaml\n(.*?)^```", readme, re.S | re.M)
        if m.group(1).startswith("event: Autumn Clash 2026\nsystem:")
    )
    pack = yaml.safe_load(PACK.read_text(encoding="utf-8"))
    for key, value in snippet.items():
        assert pack[key] == value, key
