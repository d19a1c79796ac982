"""More heroes than an army may have.

At most three heroes (army construction rules; unverified default).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.findings import Finding, Severity

from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.systems.fantasy_triumph.model import Army

CODE = "FTR023"
NAME = "too-many-heroes"
SEVERITY = Severity.ERROR
RULE = "army construction"


def check(army: Army) -> Iterator[Finding]:
    cap = army.cat.rule_value("max_heroes")
    if len(army.heroes) > cap:
        yield finding(__name__, f"the army has {len(army.heroes)} heroes; at most {cap}", army.heroes[cap].path)
