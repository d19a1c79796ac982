"""A card the army may buy only once, bought more often.

Fortified Camp (FT 36: "An army can only purchase the Fortified Camp battle card once.") and
Subcommander (FT 56: "This battle card may not be taken more than once in an army."). No Camp and
Pack Train and Herds bought twice are not refused: their cards say no such thing, and a second copy
buys nothing (FTR030, a warning).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.findings import Finding, Severity

from ._base import finding, uses

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.systems.fantasy_triumph.model import Army

CODE = "FTR011"
NAME = "once-per-army"
SEVERITY = Severity.ERROR
RULE = "FT 56"


def check(army: Army) -> Iterator[Finding]:
    for card in army.cat.cards.values():
        cap = card.get("caps", {}).get("max_per_army")
        if cap is None:
            continue
        found = uses(army, card["name"])
        if len(found) > cap:
            for extra in found[cap:]:
                yield finding(
                    __name__,
                    f"{card['name']} is bought {len(found)} times; an army may buy it "
                    f"only {'once' if cap == 1 else f'{cap} times'}",
                    extra.path,
                    card["rule"],
                )
