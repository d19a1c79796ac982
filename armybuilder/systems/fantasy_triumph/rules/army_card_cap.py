"""More cards of one kind than the army may buy.

Illusion: at most six cards (FT 39). Prepared Defenses: at most six (FT 49). Mobile
Infantry: at most eight, one card per transported stand (FT 45).
"""

from armybuilder.findings import Severity

from ._base import finding, uses

CODE = "FTR010"
NAME = "army-card-cap"
SEVERITY = Severity.ERROR
RULE = "FT 39"


def _count(use) -> int:
    if use.card["cost"]["per"] == "transported":
        return use.owner.stands
    return use.number if use.number is not None else 1


def check(army):
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
