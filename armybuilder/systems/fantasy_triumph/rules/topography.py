"""Unknown home topography, or none where a price depends on it.

Ambush (FT 24), Prepared Defenses (FT 49) and Terrain Affinity (FT 58) cost more for an army
with a Dense home topography (Dense Forest, Dense Marsh, Dense Wasteland, Dense Underground).
A list with one of these cards must say its ``topography`` when the card's two prices differ;
until it does (or while the data does not know the one it gives), that card is left out of the
total, which says it is incomplete: the rules give it no price yet. A card priced the same either
way asks for none: Ambush for any topography is "2 points if the army may use this ability in any
topography, or for armies with a Dense home topography" (FT 24), and nothing in the rule
documents asks a list to name its home otherwise. The topographies are an unverified list kept in
``data/fantasy-triumph/topographies.yaml``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.findings import Finding, Severity

from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.systems.fantasy_triumph.model import Army

CODE = "FTR027"
NAME = "topography"
SEVERITY = Severity.ERROR
RULE = "army construction"


def check(army: Army) -> Iterator[Finding]:
    if army.topography_written is not None and army.topography is None:
        yield finding(
            __name__,
            f"unknown topography '{army.topography_written}'"
            f"{army.cat.topographies.suggestion(army.topography_written)} (topographies: "
            f"{', '.join(army.cat.topographies)})",
            ("topography",),
        )
    elif army.topography_written is None:
        # only a card whose price the home changes waits for it (Ambush for any topography is 2
        # points either way, FT 24: no error)
        unknown = [u for u in army.needs_topography if u.topography_unknown]
        if not unknown:
            return
        use = unknown[0]
        assert use.card is not None  # needs_topography holds priced uses: known cards
        yield finding(
            __name__,
            f"the price of {use.name} depends on the home topography: add 'topography:' "
            "to the list (left out of the total until then)",
            use.path,
            use.card["rule"],
            player=f"the price of {use.name} depends on the army's home topography: choose it in the settings "
            "(left out of the total until then)",
        )
