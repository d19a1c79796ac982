"""Retired: the Orcs were held to a 2-token region minimum by a misreading of seed 001.

Seed 001 prints the races without headings; each entry opens with a short description of its
race. "These large, resilient warriors may never occupy (nor conquer) a Region with less than 2
Race tokens. However, they still lose one token when conquered." opens the Tauren's entry, not
the end of the Orcs' one: the Orcs' power is the Alliance coin alone ("natural-born conquerors
... 1 bonus Victory Coin ... cumulative with the usual Faction Bonus").

SWW010 reported an Orc region with fewer than 2 tokens; it is no longer reported, and the code is
never reused. The 2-token floor is the Tauren's: SWW011 (a region), SWW008 (a conquest), SWW016
(a conquered region).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.findings import Finding, Severity

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Position

CODE = "SWW010"
NAME = "orcs-region-minimum"
SEVERITY = Severity.ERROR
RULE = "SWoW Orcs"
RETIRED = "before release 0.1.0: the 2-token floor is the Tauren's (SWW011)"


def check(ctx: Position) -> Iterator[Finding]:
    """Never reports (a retired code); kept so ``armybuilder rule SWW010`` explains it."""
    return iter(())
