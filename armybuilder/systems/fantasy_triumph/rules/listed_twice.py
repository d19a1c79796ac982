"""A card bought in numbers listed in two or more entries of one class, hero or army.

Illusion (FT 39), Prepared Defenses (FT 49), Hold the Line (FT 38) and Charge Through (FT 29)
are bought as a number of cards: the list writes each once, with the number, ``{Illusion: 6}``.
Two entries, ``{Illusion: 3}`` and ``{Illusion: 3}``, can still be read: they count together,
for the price and for the caps (at most six Illusions in an army, FT 39; at most three Hold the
Line cards for a class, FT 38; FTR010 and FTR013 add them up), and the rules forbid nothing of
the kind. So this is a warning of the list format, not a rule of the game: it says how to write
them, once, with the sum.

Before issue 46 (item 17) it was FTR004, an error; FTR004 keeps what cannot be read as a sum (a
stand card twice on one stand, a card that marks stands twice on one class or hero).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.findings import Finding, Severity

from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.systems.fantasy_triumph.model import Army, CardUse

CODE = "FTR016"
NAME = "listed-twice"
SEVERITY = Severity.WARNING
RULE = "list format"


def check(army: Army) -> Iterator[Finding]:
    owners = [(u.what, u.cards) for u in army.units()] + [("the army", army.army_cards)]
    for what, cards in owners:
        found: dict[str, list[CardUse]] = {}
        for use in cards:
            if use.priced and use.card is not None and use.card.get("quantity") == "cards":
                found.setdefault(use.name, []).append(use)
        for name, entries in found.items():
            if len(entries) < 2:
                continue
            numbers = [u.number if u.number is not None else 1 for u in entries]
            yield finding(
                __name__,
                f"{name} is listed {len(entries)} times for {what} ({' + '.join(map(str, numbers))} cards): "
                f"they count together; write it once with the number, {{{name}: {sum(numbers)}}}",
                entries[1].path,
            )
