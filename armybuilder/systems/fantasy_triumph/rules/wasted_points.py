"""Points that buy nothing.

Hearten or Prowess beside Deadly: only Deadly applies (FT 31.2, 37.2, 50.2). Armored beside
Spiked Carts: Spiked Carts already count as Armored (FT 55.2). Fortified Camp beside Pack Train
and Herds: only one of them can be used in a battle (FT 36, 48). A second No Camp or Pack Train
and Herds: one card gives the army all the card says (FT 47.1 "The army does not have a camp.";
FT 48 "Armies with this battle card have a camp that may be placed anywhere along the player's
base edge."). Legal, but probably not meant.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.findings import Finding, Severity

from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.systems.fantasy_triumph.model import Army

CODE = "FTR030"
NAME = "wasted-points"
SEVERITY = Severity.WARNING
RULE = "FT 31.2"


def check(army: Army) -> Iterator[Finding]:
    from armybuilder.systems.fantasy_triumph.conditions import undecided
    from armybuilder.systems.fantasy_triumph.model import holds

    seen: set[str] = set()
    for use in army.army_cards:
        again = use.card.get("bought_again") if use.priced and use.card is not None else None
        if again and use.name in seen:
            n = sum(1 for u in army.army_cards if u.priced and u.name == use.name)
            yield finding(
                __name__,
                f'{use.name} is bought {n} times: {again["message"]} (the card says: "{again["says"]}")',
                use.path,
                again["rule"],
            )
        seen.add(use.name)
    for use in army.all_uses():
        if not use.priced:
            continue
        assert use.card is not None  # priced: a known card
        for w in use.card.get("warnings", []):
            if not undecided(w["when"], use.owner) and holds(w["when"], army, use.owner, use):
                where = f"{use.owner.what}: " if use.owner else ""
                yield finding(__name__, f"{where}{w['message']}", use.path, w["rule"])
