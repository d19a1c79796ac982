"""A choice the army commander must make when the army is built is not written down.

"When a Ranged Attack battle card is purchased the army commander must choose whether it is a
physical effect or a magical one" (FT 51.2; Spellblast: FT 54.3), and FT 46.1.a says they "must
choose (when the army is built)": Armored stops one, Negate Magic the other. "Stands with this
battle card choose two terrain types present in their home topography" (Terrain Affinity,
FT 58.1). The list is priced without the choice, but it is not a complete army without it: an
error. The options are those whose data says ``missing: must_choose`` (cards.yaml). Choices that
change the price (Spellblast's level, Flying's mode...) are FTR005's.

Changed before release 0.1.0: FTR006 was a warning; it is an error (the same code, the same rule).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.findings import Finding, Severity

from ._base import finding
from .option_invalid import with_fix

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.systems.fantasy_triumph.model import Army

CODE = "FTR006"
NAME = "option-not-chosen"
SEVERITY = Severity.ERROR
RULE = "FT 51.2"


def check(army: Army) -> Iterator[Finding]:
    for use in army.all_uses():
        if use.card is None or use.marks_nothing:  # marks nothing: it buys nothing to choose
            continue
        for g in use.card.get("options", []):
            if g.get("missing") == "must_choose" and not use.chosen.get(g["name"]):
                said = (
                    f"{use.name} on {use.owner.what if use.owner else 'the army'} has no "
                    f"{g['name']} chosen: {g.get('help', '')}"
                )
                example = g["choices"][0] if g.get("choices") else ""
                found = finding(__name__, said, use.path, g.get("rule"))
                yield with_fix(found, army, use, example) if example else found
