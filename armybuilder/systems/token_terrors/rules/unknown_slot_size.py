"""A token whose rarity's slot size the rulebook does not give.

A faction's rarity (Typical, Tyrannical or Titanic) "indicates both the tokens size and how
many slots the Token uses up in your army". The rulebook gives no size for Tyrannical or
Titanic tokens (no Season 1 faction has them), so an army with one cannot have its 10-slot
total checked. This is a warning: the data leaves the size unknown (null) until a source
gives it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.findings import Finding, Severity

from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Context

CODE = "TTB007"
NAME = "unknown-slot-size"
SEVERITY = Severity.WARNING
RULE = "TT Factions"


def check(ctx: Context) -> Iterator[Finding]:
    limit = ctx.cat.value("army_slots")
    for army in ctx.armies:
        for faction in army.unknown_sizes(ctx.cat):
            rarity = ctx.cat.faction(faction)["rarity"]
            who = "" if ctx.kind == "army" else f"{army.label}: "
            yield finding(
                __name__,
                f"{who}{faction} are {rarity}: the rulebook does not say how many army slots a "
                f"{rarity} token uses, so the {limit}-slot total cannot be checked",
                army.paths[faction],
                army=army,
            )
