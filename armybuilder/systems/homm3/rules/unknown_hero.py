"""Unknown hero.

The hero is not in the hero data (the HoMM3 board game hero cards, a community transcription).
Names match without regard to case; a hero who exists in several factions (Tarnum, Lord Haart)
is found by the plain name together with the list's faction. The message suggests the nearest
hero.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from armybuilder.findings import Severity

from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Iterator

    from armybuilder.findings import Finding

    from ..model import Army

CODE = "HMB003"
NAME = "unknown-hero"
SEVERITY = Severity.ERROR
RULE = "HoMM3 Battlefield 2. Setup"


def check(army: Army) -> Iterator[Finding]:
    if army.hero is None and not army.hero_candidates:
        yield finding(
            __name__,
            f"unknown hero '{army.hero_written}'{army.cat.heroes.suggestion(army.hero_written)}",
            ("hero", "name"),
        )
