"""A unit listed twice.

Each player takes one card and one miniature of each of the faction's 7 units (2. Setup,
step 2), so a unit is listed at most once. Dungeon's Manticores and their alternate card are
one unit: list one of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from armybuilder.findings import Severity

from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Iterator

    from armybuilder.findings import Finding

    from ..model import Army, UnitUse

CODE = "HMB016"
NAME = "duplicate-unit"
SEVERITY = Severity.ERROR
RULE = "HoMM3 Battlefield 2. Setup"


def check(army: Army) -> Iterator[Finding]:
    seen: dict[tuple[bool, str], UnitUse] = {}
    for use in army.units:
        if use.unit is None:
            continue
        first = seen.get(use.key)
        if first is None:
            seen[use.key] = use
            continue
        extra = ""
        if first.alternate != use.alternate:
            extra = " (the regular and the alternate card are one unit)"
        yield finding(
            __name__, f"{use.label} is listed twice{extra}: each unit is in the army once", (*use.path, "name")
        )
