"""The hero's level does not match the Skirmish length.

A Short skirmish plays the hero at Level III, a Medium one at Level V and a Large one at
Level VII (4. Skirmish Mode). Adventure starts the hero at Level I and levels it up in play
(2. Setup, step 13), and a regular game on the board follows the hero's own progress, so the
level is checked in Skirmish only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from armybuilder.findings import Severity

from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Iterator

    from armybuilder.findings import Finding

    from ..model import Army

CODE = "HMB005"
NAME = "hero-level"
SEVERITY = Severity.ERROR
RULE = "HoMM3 Battlefield 4. Skirmish Mode"


def check(army: Army) -> Iterator[Finding]:
    s = army.skirmish
    if s is None:
        return
    want = s["hero_level"]
    if army.hero_level is None:
        yield finding(
            __name__, f"a {army.length_title} plays the hero at Level {want}: add level: {want} to the hero", ("hero",)
        )
    elif army.hero_level != want:
        yield finding(
            __name__,
            f"{army.hero_name} is Level {army.hero_level}, but a {army.length_title} plays the hero at Level {want}",
            ("hero", "level"),
        )
