"""More stands or heroes carry a card than it allows.

Unreliable: at most four stands (FT 60). Marksman: at most four stands and one hero (FT 42).
Delayed Entry: at most four stands and one hero (FT 32). A class's card is on every stand of
the class, so a class of five Marksman stands is already too many.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.findings import Finding, Severity

from ._base import finding, uses

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.systems.fantasy_triumph.model import Army

CODE = "FTR012"
NAME = "stand-hero-cap"
SEVERITY = Severity.ERROR
RULE = "FT 60"


def check(army: Army) -> Iterator[Finding]:
    from armybuilder.systems.fantasy_triumph.model import marked_count

    for card in army.cat.cards.values():
        caps = card.get("caps", {})
        if "max_stands" not in caps and "max_heroes" not in caps:
            continue
        found = uses(army, card["name"])
        on_classes = [u for u in found if u.owner is not None and u.owner.kind == "class"]
        on_heroes = [u for u in found if u.owner is not None and u.owner.kind == "hero"]
        stands = sum(marked_count(u) for u in on_classes)
        if "max_stands" in caps and stands > caps["max_stands"]:
            yield finding(
                __name__,
                f"{stands} stands have {card['name']}; at most {caps['max_stands']} may",
                on_classes[-1].path,
                card["rule"],
            )
        if "max_heroes" in caps and len(on_heroes) > caps["max_heroes"]:
            yield finding(
                __name__,
                f"{len(on_heroes)} heroes have {card['name']}; at most {caps['max_heroes']} may",
                on_heroes[-1].path,
                card["rule"],
            )
