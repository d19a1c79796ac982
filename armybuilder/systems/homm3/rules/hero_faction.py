"""The hero belongs to another faction.

Each player chooses a Faction and a Hero (2. Setup, step 2): the hero is one of that faction's
heroes. A hero who exists in several factions (Tarnum, Lord Haart) is reported when none of
them is of the list's faction.
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

CODE = "HMB004"
NAME = "hero-faction"
SEVERITY = Severity.ERROR
RULE = "HoMM3 Battlefield 2. Setup"


def check(army: Army) -> Iterator[Finding]:
    if army.faction is None:
        return
    faction = army.faction["name"]
    if army.hero is not None and army.hero["faction"] != faction:
        yield finding(
            __name__,
            f"{army.hero['name']} is a {army.hero['faction']} hero, not a {faction} one; "
            f"{faction} heroes: {', '.join(_heroes_of(army, faction))}",
            ("hero", "name"),
        )
    elif army.hero is None and army.hero_candidates:
        whose = sorted(h["faction"] for h in army.hero_candidates)
        yield finding(
            __name__,
            f"{army.hero_name} is a hero of {join(whose)}, not of {faction}; "
            f"{faction} heroes: {', '.join(_heroes_of(army, faction))}",
            ("hero", "name"),
        )


def _heroes_of(army: Army, faction: str) -> list[str]:
    return [h["name"] for h in army.cat.heroes.values() if h["faction"] == faction]
