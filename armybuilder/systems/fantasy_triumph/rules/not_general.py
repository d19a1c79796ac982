"""A card the general's stand may not have.

Generals cannot be Unreliable (FT 60) and cannot be marked with Delayed Entry (FT 32.4). A
card on a class is on every stand, the general's too; Delayed Entry marking fewer stands than
the class has leaves the general's stand unmarked, and is allowed.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.findings import Finding, Severity

from ._base import finding, uses

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.systems.fantasy_triumph.model import Army

CODE = "FTR014"
NAME = "not-on-general"
SEVERITY = Severity.ERROR
RULE = "FT 60"


def check(army: Army) -> Iterator[Finding]:
    for card in army.cat.cards.values():
        caps = card.get("caps", {})
        if not caps.get("not_general"):
            continue
        for use in uses(army, card["name"]):
            unit = use.owner
            if unit is None or not unit.general:
                continue
            if card.get("quantity") == "stands" and use.number is not None and use.number < unit.stands:
                continue
            yield finding(
                __name__,
                f"{card['name']} on {unit.what}, which holds the general: generals cannot have {card['name']}",
                use.path,
                caps.get("not_general_rule", card["rule"]),
            )
