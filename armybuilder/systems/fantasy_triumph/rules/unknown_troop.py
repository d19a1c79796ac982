"""Unknown troop type.

A class names a troop type that is not one of the 26 Triumph! troop types Fantasy Triumph
keeps. Both names are accepted where Fantasy Triumph renamed a type (Archers or Shooters,
Elephants or Behemoths), singular or plural, in any case. The message suggests the nearest
known type.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.findings import Finding, Severity

from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.systems.fantasy_triumph.model import Army

CODE = "FTR001"
NAME = "unknown-troop"
SEVERITY = Severity.ERROR
RULE = "Triumph! troop types"


def check(army: Army) -> Iterator[Finding]:
    for c in army.classes:
        if c.troop is None:
            yield finding(
                __name__,
                f"unknown troop type '{c.troop_written}' in class '{c.name}'"
                f"{army.cat.troops.suggestion(c.troop_written)}",
                (*c.path, "troop"),
            )
