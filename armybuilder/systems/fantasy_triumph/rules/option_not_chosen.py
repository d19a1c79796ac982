"""A choice the army commander must make is not written down.

When a Ranged Attack or Spellblast card is bought the commander must choose whether it is a
physical or a magical effect (FT 51.2, FT 54.3): Armored stops one, Negate Magic the other.
Terrain Affinity stands choose two terrain types of their home topography (FT 58.1). The list
is priced without the choice, but an opponent needs to know it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.findings import Finding, Severity

from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.systems.fantasy_triumph.model import Army

CODE = "FTR006"
NAME = "option-not-chosen"
SEVERITY = Severity.WARNING
RULE = "FT 51.2"


def check(army: Army) -> Iterator[Finding]:
    for use in army.all_uses():
        if use.card is None:
            continue
        for g in use.card.get("options", []):
            if g.get("missing") == "warning" and not use.chosen.get(g["name"]):
                yield finding(
                    __name__,
                    f"{use.name} on {use.owner.what if use.owner else 'the army'} has no "
                    f"{g['name']} chosen: {g.get('help', '')}",
                    use.path,
                    g.get("rule"),
                )
