"""A card that marks stands listed under ``army_cards`` with no number: it marks nothing.

Delayed Entry marks stands or a hero ("A maximum of one hero, and a maximum of four stands of
troops, may be marked as Delayed Entry", FT 32; "-2 points per stand or hero"), and Mobile
Infantry transports the stands of a class (FT 45, a card a stand carried). Listed under
``army_cards`` with no number, the card marks no stand: it costs nothing and changes nothing,
and FT 32 forbids nothing of the kind. So this is a warning of the list format, not a rule of
the game: list the card on the class or the hero it marks (``{Delayed Entry: 2}`` on a class),
or leave it out.

Before issue 46 (item 17) it was FTR003, an error citing FT 32. With a number under
``army_cards`` the list does not say which stands it marks, so the card cannot be priced: that
stays FTR003, an error.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.findings import Finding, Severity

from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.systems.fantasy_triumph.model import Army

CODE = "FTR017"
NAME = "marks-nothing"
SEVERITY = Severity.WARNING
RULE = "list format"


def check(army: Army) -> Iterator[Finding]:
    for use in army.army_cards:
        if not use.marks_nothing:
            continue
        assert use.card is not None  # marks_nothing: a known card
        marks = " or ".join("class" if m == "stands" else "hero" for m in use.card["marks"])
        yield finding(
            __name__,
            f"{use.name} under army_cards marks no stand, so it costs nothing and does nothing; "
            f"list it on the {marks} it marks ({use.card['rule']}), or leave it out",
            use.path,
        )
