"""More units than the Battlefield board allows in a regular game.

Using the Battlefield board in a regular game, a player-versus-player Combat places up to 7
units and a Combat against Neutral Units keeps the 5-unit limit (6. Board in regular games);
``opponent`` says which. Adventure and Skirmish have no 5-unit limit: a player may place all
the Faction units available (5. Combat). Every entry of ``units`` counts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from armybuilder.findings import Severity
from armybuilder.text import plural

from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Iterator

    from armybuilder.findings import Finding

    from ..model import Army

CODE = "HMB019"
NAME = "unit-limit"
SEVERITY = Severity.ERROR
RULE = "HoMM3 Battlefield 6. Board in regular games"

_FIGHT: dict[str | None, str] = {"player": "a player-versus-player Combat", "neutral": "a Combat against Neutral Units"}


def check(army: Army) -> Iterator[Finding]:
    limit = army.unit_limit
    if limit is None:
        return
    have = len(army.units)
    if have > limit:
        yield finding(
            __name__,
            f"{_FIGHT.get(army.opponent, 'a Combat')} on the Battlefield board places up to "
            f"{plural(limit, 'unit')}; the list has {have}",
            ("units",),
            army.mode_rules["unit_limit_rule"],
        )
