"""A number given to a card that takes none, or more than the class has.

Only cards bought in numbers take one: how many cards (Illusion, Prepared Defenses, Hold the
Line, Charge Through) or how many stands of the class a card marks (Delayed Entry). A Delayed
Entry number cannot be more than the stands of its class, and a hero is marked whole.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.findings import Finding, Severity

from ._base import card_rule, finding

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.systems.fantasy_triumph.model import Army

CODE = "FTR009"
NAME = "card-number"
SEVERITY = Severity.ERROR
RULE = "FT 24-62"


def check(army: Army) -> Iterator[Finding]:
    for use in army.all_uses():
        if use.card is None or use.number is None:
            continue
        q = use.card.get("quantity")
        if q is None:
            yield finding(
                __name__,
                f"{use.name} is not bought in numbers; remove the number {use.number}",
                use.path,
                card_rule(use),
            )
        elif q == "stands" and use.owner is not None:
            if use.owner.kind == "hero":
                yield finding(
                    __name__, f"{use.name} marks a hero whole; write it without a number", use.path, card_rule(use)
                )
            elif use.number > use.owner.stands:
                yield finding(
                    __name__,
                    f"{use.name} marks {use.number} stands but {use.owner.what} has {use.owner.stands}",
                    use.path,
                    card_rule(use),
                )
