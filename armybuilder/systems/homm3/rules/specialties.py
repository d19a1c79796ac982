"""Specialty cards that the hero does not have, or that the Skirmish length does not use.

Each hero has 3 Specialty cards (2. Setup, step 2): Levels I, IV and VI of one specialty (the
hero data). A Short skirmish uses the Level I card only, a Medium one the Level I and IV cards,
a Large one all of the hero's Specialty cards (4. Skirmish Mode). In Adventure and on the board
the list may name any of the hero's Specialty cards. A card listed twice is HMB013.

Adventure does not tie Specialty cards to the hero's level: the seed does so only in the Skirmish
table, and Adventure resolves "Hero level-ups, as in regular games" (3. Adventure Mode), rules
the documents do not hold. That is declared in system.yaml (``not_checked``), so
``armybuilder systems`` and every Heroes III roster say it (issue 39).
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

CODE = "HMB006"
NAME = "specialties"
SEVERITY = Severity.ERROR
RULE = "HoMM3 Battlefield 4. Skirmish Mode"


def check(army: Army) -> Iterator[Finding]:
    own = army.hero_specialty_levels()
    listed = []
    for level, path in army.specialties:
        if own is not None and level not in own:
            yield finding(
                __name__,
                f"{army.hero_name} has Specialty cards {join(own)}, not {level}",
                path,
                "HoMM3 Battlefield 2. Setup",
            )
            continue
        if level not in listed:
            listed.append(level)
    want = army.skirmish_specialties()
    if want is None:
        return
    what = (
        f"uses the Level {want[0]} Specialty card only" if len(want) == 1 else f"uses the Specialty cards {join(want)}"
    )
    for level, path in army.specialties:
        if level in listed and level not in want:
            yield finding(__name__, f"a {army.length_title} {what}: leave out {level}", path)
            listed.remove(level)
    missing = [lvl for lvl in want if lvl not in listed]
    if missing:
        yield finding(__name__, f"a {army.length_title} {what}: add {join(missing)}", ("specialties",))
