"""A neutral unit in a mode whose army holds only the faction's units.

In Adventure and Skirmish each player takes the 7 unit cards of the chosen Faction
(2. Setup, step 2) and may place "all Faction units available" (5. Combat): no neutral unit.
A regular game on the Battlefield board (``mode: board``) does not refuse neutral units, since
the seed gives no army rule for regular games (rules.yaml marks this unverified).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from armybuilder.findings import Severity

from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Iterator

    from armybuilder.findings import Finding

    from ..model import Army

CODE = "HMB015"
NAME = "neutral-unit"
SEVERITY = Severity.ERROR
RULE = "HoMM3 Battlefield 2. Setup"


def check(army: Army) -> Iterator[Finding]:
    rules = army.mode_rules
    if rules["neutral_units"]:
        return
    for use in army.units:
        if use.neutral and use.unit is not None:
            mode = {"skirmish": "a Skirmish", "adventure": "an Adventure"}.get(army.mode, f"a {army.mode}")
            yield finding(
                __name__,
                f"{use.name} is a neutral unit; {mode} army holds only the {army.faction_name} units",
                (*use.path, "neutral"),
                rules["neutral_units_rule"],
            )
