"""Too many expendable cards for a class, or for too many classes.

Hold the Line: at most three cards, bought separately for each class (FT 38). Charge
Through: at most three cards, and only one class per army may have them (FT 29).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.findings import Finding, Severity

from ._base import finding, uses

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.systems.fantasy_triumph.model import Army

CODE = "FTR013"
NAME = "class-card-cap"
SEVERITY = Severity.ERROR
RULE = "FT 38"


def check(army: Army) -> Iterator[Finding]:
    for card in army.cat.cards.values():
        caps = card.get("caps", {})
        if "max_per_class" not in caps and "max_classes" not in caps:
            continue
        found = uses(army, card["name"])
        per_class: dict[int, int] = {}  # two entries for one class count together (FTR016)
        for use in found:
            n = use.number if use.number is not None else 1
            assert use.owner is not None  # a priced card bought per class is on a class
            had = per_class.get(use.owner.index, 0)
            per_class[use.owner.index] = had + n
            cap = caps.get("max_per_class")
            if cap is not None and had + n > cap >= had:
                yield finding(
                    __name__,
                    f"{had + n} {card['name']} cards for {use.owner.what}; at most {cap}",
                    use.path,
                    card["rule"],
                )
        classes = {u.owner.index for u in found if u.owner is not None}
        if "max_classes" in caps and len(classes) > caps["max_classes"]:
            yield finding(
                __name__,
                f"{card['name']} is bought for {len(classes)} classes; only "
                f"{caps['max_classes']} class per army may have it",
                found[-1].path,
                card["rule"],
            )
