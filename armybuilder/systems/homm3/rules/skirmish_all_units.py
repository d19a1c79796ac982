"""A Skirmish army leaves out units its length uses.

Skirmish players receive pre-constructed armies (1. Overview): a Short skirmish uses all
Bronze and Silver units, Medium the Bronze, Silver and Golden units, Large all units
(4. Skirmish Mode). Combat lets a player place "all Faction units available" (5. Combat), so a
missing unit is a warning, not an error.
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
SEVERITY = Severity.WARNING
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
