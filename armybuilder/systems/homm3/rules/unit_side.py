"""A unit on the side of its card the Skirmish length does not use, or a side for a neutral unit.

A Short skirmish uses every unit on its Few side; Medium and Large ones on their Pack side
(4. Skirmish Mode). Adventure and the board allow either side. A neutral unit has one card
with no Few or Pack side: leave ``side`` out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from armybuilder.findings import Severity

from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Iterator

    from armybuilder.findings import Finding

    from ..model import Army

CODE = "HMB018"
NAME = "unit-side"
SEVERITY = Severity.ERROR
RULE = "HoMM3 Battlefield 4. Skirmish Mode"


def check(army: Army) -> Iterator[Finding]:
    s = army.skirmish
    for use in army.units:
        if use.neutral:
            if use.side is not None:
                yield finding(
                    __name__,
                    f"{use.name} is a neutral unit with one card, which has no Few or Pack side: leave side out",
                    (*use.path, "side"),
                    "HoMM3 Battlefield 2. Setup",
                )
            continue
        if s is not None and use.side is not None and use.side != s["side"]:
            yield finding(
                __name__,
                f"a {army.length_title} uses every unit on its {s['side']} side; {use.name} is on its {use.side} side",
                (*use.path, "side"),
            )
