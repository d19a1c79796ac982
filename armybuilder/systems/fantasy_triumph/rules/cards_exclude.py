"""Two cards that cannot be on the same stand.

Fast and Slow (FT 33, 53); Flying with Fast or Slow (FT 35); Craven and Fierce (FT 30, 34);
Terrain Affinity and Flying (FT 58); Supporting Shooters and Ranged Attack (FT 57); Spiked
Carts with Flying or Mobile Infantry (FT 55). Each pair is reported once, on the later card.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.findings import Finding, Severity

from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.systems.fantasy_triumph.model import Army, CardUse

CODE = "FTR008"
NAME = "cards-exclude"
SEVERITY = Severity.ERROR
RULE = "FT 24-62"


def check(army: Army) -> Iterator[Finding]:
    for unit in army.units():
        seen: list[CardUse] = []
        for use in unit.cards:
            if not use.priced:
                continue
            for earlier in seen:
                a, b = earlier.card, use.card
                assert a is not None and b is not None  # both priced: known cards
                if b["name"] in a.get("excludes", []) or a["name"] in b.get("excludes", []):
                    rule = a["rule"] if b["name"] in a.get("excludes", []) else b["rule"]
                    yield finding(
                        __name__, f"{a['name']} and {b['name']} cannot both be on {unit.what}", use.path, rule
                    )
            seen.append(use)
