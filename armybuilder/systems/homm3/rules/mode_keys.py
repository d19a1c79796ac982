"""A key the chosen mode does not use.

``length`` (short, medium or large) belongs to Skirmish and Adventure: both players choose a
length before the game (3. Adventure Mode: 9, 13 or 16 Rounds; 4. Skirmish Mode). A regular
game that only uses the Battlefield board (``mode: board``) has no length. ``opponent``
(player or neutral) belongs to ``mode: board``: there the unit limit depends on it (6. Board in
regular games); Adventure and Skirmish are always one player against another.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from armybuilder.findings import Severity

from ..model import join
from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Iterator

    from armybuilder.findings import Finding

    from ..model import Army

CODE = "HMB001"
NAME = "mode-keys"
SEVERITY = Severity.ERROR
RULE = "HoMM3 Battlefield 6. Board in regular games"


def check(army: Army) -> Iterator[Finding]:
    """Which modes take a length, and which an opponent, is the modes' data (rules.yaml)."""
    data = army.data
    modes = army.rules["modes"]
    if not army.mode_rules["lengths"] and "length" in data:
        timed = [m for m, rules in modes.items() if rules["lengths"]]
        yield finding(
            __name__,
            f"length: {data['length']} is for {join(timed)}; a {army.length_title} has no length: leave it out",
            ("length",),
        )
    if not _by_opponent(army.mode_rules) and "opponent" in data:
        takes = [m for m, rules in modes.items() if _by_opponent(rules)]
        yield finding(
            __name__,
            f"opponent: {data['opponent']} is for mode: {join(takes, 'or')}; {army.mode} is "
            "always one player against another: leave it out",
            ("opponent",),
            "HoMM3 Battlefield 1. Overview",
        )


def _by_opponent(mode_rules: dict[str, Any]) -> bool:
    """The mode's unit limit depends on the opponent (a player or neutral units)."""
    return isinstance(mode_rules["unit_limit"], dict)
