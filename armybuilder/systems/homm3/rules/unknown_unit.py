"""A unit card that does not exist for the list's faction.

A faction unit is one of the faction's 7 units (2. Setup, step 2: "7 unit cards"; the unit data
from the HoMM3 board game unit cards, a community transcription). Another faction's unit is named as such; a neutral
unit is written with ``neutral: true`` and looked up among the neutral units. Only Dungeon's
Manticores have an alternate card (``alternate: true``). Names match without regard to case,
with the nearest name suggested.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from armybuilder.findings import Severity
from armybuilder.suggest import fold

from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Iterator

    from armybuilder.findings import Finding

    from ..model import Army

CODE = "HMB014"
NAME = "unknown-unit"
SEVERITY = Severity.ERROR
RULE = "HoMM3 Battlefield 2. Setup"


def check(army: Army) -> Iterator[Finding]:
    cat = army.cat
    for use in army.units:
        if use.unit is None:
            if use.neutral:
                yield finding(
                    __name__,
                    f"unknown neutral unit '{use.written}'{cat.neutral.suggestion(use.written)}",
                    (*use.path, "name"),
                )
                continue
            if army.faction is None:
                continue  # HMB002 already says the faction is unknown
            faction = army.faction["name"]
            owners = cat.unit_factions.get(fold(use.written), [])
            if owners:
                also = ""
                if use.written in cat.neutral and army.mode_rules["neutral_units"]:
                    also = " (for the neutral unit of that name, write neutral: true)"
                yield finding(
                    __name__,
                    f"{use.written} is a {' and '.join(owners)} unit, not a {faction} one; "
                    f"{faction} units: {', '.join(army.faction['units'])}{also}",
                    (*use.path, "name"),
                )
            else:
                yield finding(
                    __name__,
                    f"'{use.written}' is not a {faction} unit"
                    f"{army.faction['units'].suggestion(use.written)}; {faction} units: "
                    f"{', '.join(army.faction['units'])}",
                    (*use.path, "name"),
                )
        elif use.bad_alternate:
            which = ", ".join(f"{f}'s {u}" for f, u in cat.alternates) or "no unit"
            yield finding(
                __name__, f"{use.label} has no alternate card (only {which} has one)", (*use.path, "alternate")
            )
