"""Unknown faction.

An army entry or a draft pick names a faction that is not one of the seven Season 1
(Primeval) factions: Goblins, Soldiers, Zombies, Wyverns, Elves, Flying Machines, Swamplins.
Names match in any case ("flying machines"); the message suggests the nearest known faction.
Tokens of an unknown faction count toward nothing else.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.findings import Finding, Severity

from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Context

CODE = "TTB002"
NAME = "unknown-faction"
SEVERITY = Severity.ERROR
RULE = "TT Token Terrors Season 1: Primeval"


def check(ctx: Context) -> Iterator[Finding]:
    for written, path in ctx.unknown:
        where = f"pick {path[2] + 1}: " if ctx.kind == "draft" else ""
        yield finding(
            __name__,
            f"{where}unknown faction '{written}'{ctx.cat.factions.suggestion(written)}; "
            f"the factions are {ctx.cat.names()}",
            path,
        )
