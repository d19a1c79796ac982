"""Something about a card a player should know at the table.

For example: a Regenerate general's stand comes back as a normal stand, and the general is
still lost (FT 52).
"""

from armybuilder.findings import Severity

from ._base import finding

CODE = "FTR031"
NAME = "card-notes"
SEVERITY = Severity.INFO
RULE = "FT 52"


def check(army):
    from armybuilder.systems.fantasy_triumph.model import holds

    for use in army.all_uses():
        if not use.priced:
            continue
        for n in use.card.get("notes", []):
            if holds(n["when"], army, use.owner, use):
                yield finding(
                    __name__,
                    f"{use.name} on {use.owner.what if use.owner else 'the army'}: {n['message']}",
                    use.path,
                    n["rule"],
                )
