"""More cards of one kind than the army may buy.

Illusion: at most six cards (FT 39). Prepared Defenses: at most six (FT 49). Mobile
Infantry: at most eight, one card per transported stand (FT 45).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.findings import Finding, Severity

from ._base import finding, uses

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.systems.fantasy_triumph.model import Army, CardUse

CODE = "FTR010"
NAME = "army-card-cap"
SEVERITY = Severity.ERROR
RULE = "FT 39"


def _count(use: CardUse) -> int:
    assert use.card is not None  # a priced use: a known card
    if use.card["cost"]["per"] == "transported":
        assert use.owner is not None  # a priced transporting card marks stands: it is on a class
        return use.owner.stands
    return use.number if use.number is not None else 1


def check(army: Army) -> Iterator[Finding]:
    for card in army.cat.cards.values():
        cap = card.get("caps", {}).get("max_cards")
        if cap is None:
            continue
        found = uses(army, card["name"])
        total = sum(_count(u) for u in found)
        if total > cap:
            yield finding(
                __name__, f"{total} {card['name']} cards; an army may have at most {cap}", found[-1].path, card["rule"]
            )
