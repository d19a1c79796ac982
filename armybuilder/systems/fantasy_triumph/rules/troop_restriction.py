"""A card the stand or hero may not take.

Each card's "Selecting this Battle Card" and "Cost" parts say who may take it, by troop type,
order, mount, move or the other cards held. Among them: Spiked Carts only for Heavy Foot
(FT 55); Supporting Shooters only for close-order foot other than Artillery, Pavisiers, Horde
and War Wagons, and for Light Foot, Raiders and Light Spear (FT 57); Flying only for open-order
troops, War Wagons and Artillery (FT 35); Fast not for stands that already move 8 MU (FT 33);
Terrain Affinity only for open-order troops and Behemoths (FT 58); Weaken only for the types
FT 62 lists; Marksman only for shooting stands, and on a hero only with Ranged Attack (FT 42);
Ranged Attack only for types that do not shoot (FT 51); Craven, Fierce, Hold the Line, Unruly
and Armored have their own exclusions (FT 30, 34, 38, 61, 25). The conditions are data, in
``data/fantasy-triumph/cards.yaml``. A class of a troop type the data does not know (FTR001) is
not told which of its cards its type allows: a restriction that reads the troop type tells nothing
about it until its type is known.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from armybuilder.findings import Finding, Severity

from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.systems.fantasy_triumph.model import Army, CardUse, Unit

CODE = "FTR007"
NAME = "card-restriction"
SEVERITY = Severity.ERROR
RULE = "FT 24-62"


def check(army: Army) -> Iterator[Finding]:
    from armybuilder.systems.fantasy_triumph.conditions import undecided
    from armybuilder.systems.fantasy_triumph.model import holds

    for unit in army.units():
        for use in unit.cards:
            if not use.priced:
                continue
            assert use.card is not None  # priced: a known card
            for r in use.card.get("restrictions", []):
                if r.get("applies_to") not in (None, unit.taker):
                    continue
                if any(undecided(r[side], unit) for side in ("require", "forbid") if side in r):
                    continue
                if ("require" in r and not holds(r["require"], army, unit, use)) or (
                    "forbid" in r and holds(r["forbid"], army, unit, use)
                ):
                    yield _finding(unit, use, r)


def _finding(unit: Unit, use: CardUse, r: dict[str, Any]) -> Finding:
    troop = f" ({unit.troop['name']})" if unit.troop else ""
    return finding(__name__, f"{use.name} on {unit.what}{troop}: {r['reason']}", use.path, r["rule"])
