"""A card the army may buy only once, bought more often.

Fortified Camp (FT 36) and Subcommander (FT 56, on one hero only) may be bought once per
army; No Camp and Pack Train and Herds are single army cards too.
"""

from armybuilder.findings import Severity

from ._base import finding, uses

CODE = "FTR011"
NAME = "once-per-army"
SEVERITY = Severity.ERROR
RULE = "FT 56"


def check(army):
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
