"""A unit of a tier the Skirmish length does not use.

A Short skirmish uses the Bronze and Silver units; a Medium one Bronze, Silver and Golden
units; a Large one all units (Bronze, Silver, Golden) (4. Skirmish Mode). A community rules
rewrite says Medium uses Bronze and Silver only; the seed wins, so Golden units are allowed.
Adventure and the board allow every tier.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from armybuilder.findings import Severity

from ..model import join
from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Iterator

    from armybuilder.findings import Finding

    from ..model import Army

CODE = "HMB017"
NAME = "unit-tier"
SEVERITY = Severity.ERROR
RULE = "HoMM3 Battlefield 4. Skirmish Mode"


def check(army: Army) -> Iterator[Finding]:
    s = army.skirmish
    if s is None:
        return
    for use in army.units:
        if use.unit is not None and use.unit["tier"] not in s["tiers"]:
            yield finding(
                __name__,
                f"{use.label} is a {use.unit['tier']} unit; a {army.length_title} uses only {join(s['tiers'])} units",
                (*use.path, "name"),
            )
