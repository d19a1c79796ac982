"""The number of Spell cards is outside the Skirmish length's range.

A Short skirmish draws 1 to 2 Spell cards, a Medium one 2 to 4, a Large one 3 to 5
(4. Skirmish Mode). The seed gives might and magic heroes the same range (it names no rule
that changes it), so the hero's might or magic does not change the check. Adventure and the
board have no fixed number.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from armybuilder.findings import Severity

from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Iterator

    from armybuilder.findings import Finding

    from ..model import Army

CODE = "HMB011"
NAME = "spell-count"
SEVERITY = Severity.ERROR
RULE = "HoMM3 Battlefield 4. Skirmish Mode"


def check(army: Army) -> Iterator[Finding]:
    s = army.skirmish
    if s is None:
        return
    lo, hi = s["spells"]["min"], s["spells"]["max"]
    have = len(army.cards["spells"])
    if not lo <= have <= hi:
        yield finding(
            __name__,
            f"a {army.length_title} draws {lo}-{hi} Spell cards, for might and magic heroes "
            f"alike; the list has {have} spell{'s' * (have != 1)}",
            ("spells",),
        )
