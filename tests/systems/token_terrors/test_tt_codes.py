"""Every rule module is registered, documented, and its code is stable and unique."""

import re
from pathlib import Path

from armybuilder.systems.token_terrors import rules
from armybuilder.systems.token_terrors.system import SYSTEM

EXPECTED = {
    "TTB001": "army-or-draft",
    "TTB002": "unknown-faction",
    "TTB003": "duplicate-faction",
    "TTB004": "token-count",
    "TTB005": "faction-cap",
    "TTB006": "army-slots",
    "TTB007": "unknown-slot-size",
    "TTB008": "zero-tokens",
    "TTB010": "draft-players",
    "TTB011": "draft-turn-order",
    "TTB012": "draft-pick-size",
    "TTB013": "draft-faction-closed",
    "TTB014": "box-supply",
    "TTB020": "beginner-mix",
    "TTB021": "challenging-mix",
    "TTB022": "faction-advice",
    "TTB023": "tactics-in-reach",
    "TTB030": "shared-faction",
    "TTB031": "grudge-live",
}


def test_codes():
    codes = SYSTEM.codes()
    assert {c.code: c.name for c in codes} == EXPECTED
    for c in codes:
        assert re.fullmatch(r"TTB\d{3}", c.code)
        assert c.doc and c.rule


def test_every_rule_module_is_registered():
    folder = Path(rules.__file__).parent
    modules = {p.stem for p in folder.glob("*.py") if not p.stem.startswith("_")}
    assert modules == {m.__name__.rsplit(".", 1)[1] for m in rules.ALL}
    retired = {m for m in rules.ALL if getattr(m, "RETIRED", None)}
    assert {m.CODE for m in retired} == {"TTB004"}  # issue 46, item 17: TTB008 took its place, a warning
    assert set(rules.REGISTRY) | set(rules.MATCHUP) == set(rules.ALL) - retired
