"""Something about a card a player should know at the table.

For example: a Regenerate general's stand comes back as a normal stand, and the general is
still lost (FT 52).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.findings import Finding, Severity

from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.systems.fantasy_triumph.model import Army

CODE = "FTR031"
NAME = "card-notes"
SEVERITY = Severity.INFO
RULE = "FT 52"


def check(army: Army) -> Iterator[Finding]:
    from armybuilder.systems.fantasy_triumph.conditions import undecided
    from armybuilder.systems.fantasy_triumph.model import holds

    for use in army.all_uses():
        if not use.priced:
            continue
        assert use.card is not None  # priced: a known card
        for n in use.card.get("notes", []):
            if not undecided(n["when"], use.owner) and holds(n["when"], army, use.owner, use):
                yield finding(
                    __name__,
                    f"{use.name} on {use.owner.what if use.owner else 'the army'}: {n['message']}",
                    use.path,
                    n["rule"],
                )
