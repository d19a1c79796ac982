"""Unknown faction.

The faction is not one of the factions in the unit data (Castle, Necropolis, Dungeon, Tower,
Rampart, Fortress, Inferno, Stronghold, Conflux, Cove). Each player chooses a Faction
(2. Setup, step 2); "Neutral" is not a faction a player can choose. Names match without regard
to case; the message suggests the nearest faction.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from armybuilder.findings import Severity

from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Iterator

    from armybuilder.findings import Finding

    from ..model import Army

CODE = "HMB002"
NAME = "unknown-faction"
SEVERITY = Severity.ERROR
RULE = "HoMM3 Battlefield 2. Setup"


def check(army: Army) -> Iterator[Finding]:
    if army.faction is None:
        factions = army.cat.factions
        yield finding(
            __name__,
            f"unknown faction '{army.faction_written}'{factions.suggestion(army.faction_written)} "
            f"(factions: {', '.join(factions)})",
            ("faction",),
        )
