"""A conquest's defender_faction that differs from the race data.

The race data gives each race's faction: the Horde six from the rule documents, the
Alliance and Neutral races from World of Warcraft lore (reference data, inferred), and
none for the Murlocs. When a conquest names both a defender and a different faction, the
cost and score follow the position as written (the Orcs' bonus counts Alliance-occupied
regions), and this warning asks you to check it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.codes import rule_finding as finding
from armybuilder.findings import Finding, Severity

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Position

CODE = "SWW009"
NAME = "faction-mismatch"
SEVERITY = Severity.WARNING
RULE = "SWoW races"


def check(ctx: Position) -> Iterator[Finding]:
    for c in ctx.conquests:
        d = c.defender
        if d is None or c.faction_from_data or c.faction == d.faction:
            continue
        if d.faction is None:
            known = f"the {d.name} belong to no faction"
        elif d.faction_confirmed_by:
            known = f"the {d.name} are {d.faction} ({d.faction_confirmed_by})"
        else:
            known = f"the {d.name} are {d.faction} in the race data (inferred from lore)"
        yield finding(
            __name__,
            f"the conquest of {c.region} says the defender's faction is {c.faction}, but "
            f"{known}; the score follows the position as written",
            (*c.path, "defender_faction"),
            d.cite if d.faction_confirmed_by else RULE,
        )
