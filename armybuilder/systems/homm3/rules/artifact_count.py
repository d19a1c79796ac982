"""The number of Artifact cards is not what the Skirmish length keeps.

A Short skirmish draws 2 Artifact cards and keeps 1, a Medium one draws 3 and keeps 2, a Large
one draws 4 and keeps 3 (4. Skirmish Mode). ``artifacts`` lists the cards kept. The seed gives
might and magic heroes the same numbers. Adventure and the board have no fixed number.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from armybuilder.findings import Severity

from .ability_count import count_check

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Iterator

    from armybuilder.findings import Finding

    from ..model import Army

CODE = "HMB010"
NAME = "artifact-count"
SEVERITY = Severity.ERROR
RULE = "HoMM3 Battlefield 4. Skirmish Mode"
KIND = "artifacts"


def check(army: Army) -> Iterator[Finding]:
    yield from count_check(__name__, army, KIND)
