"""A Skirmish army leaves out units its length uses.

Skirmish players "receive pre-constructed Decks and armies with minimal control" (1. Overview):
a Short skirmish says "use all Bronze and Silver units on their Few side", Medium "use Bronze,
Silver and Golden units on their Pack side", Large "use all units (Bronze, Silver, Golden) on
their Pack side" (4. Skirmish Mode). A Skirmish army without one of its faction's units of those
tiers is not the army the length gives: an error. The deployment line "you may place all Faction
units available to you" (5. Combat) is about the 5-unit limit, not about which units the army has.

Changed before release 0.1.0: HMB020 was a warning; it is an error (the same code, the same rule).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from armybuilder.findings import Severity
from armybuilder.suggest import fold

from ..model import join
from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Iterator

    from armybuilder.findings import Finding

    from ..model import Army

CODE = "HMB020"
NAME = "skirmish-all-units"
SEVERITY = Severity.ERROR
RULE = "HoMM3 Battlefield 4. Skirmish Mode"


def check(army: Army) -> Iterator[Finding]:
    s = army.skirmish
    if s is None or army.faction is None or not army.rules["skirmish"]["use_all_units"]:
        return
    listed = {use.key for use in army.units if use.unit is not None}
    missing = [
        u["name"]
        for u in army.faction["units"].values()
        if u["tier"] in s["tiers"] and (False, fold(u["name"])) not in listed
    ]
    if missing:
        yield finding(
            __name__,
            f"a {army.length_title} uses all {join(s['tiers'])} units; the list leaves out {join(missing)}",
            ("units",),
        )
