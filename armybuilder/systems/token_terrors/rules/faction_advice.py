"""A faction drafted below the strength the rulebook advises for it (info).

Flying Machines "are strongest when they outnumber their enemies. Draft 6 Flying machines,
build until you have a large squadron then swarm and attack". An army with Flying Machines
but fewer than 6 of them is told so. (The advice is data: ``advised_tokens`` of a faction.)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.findings import Finding, Severity

from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Context

CODE = "TTB022"
NAME = "faction-advice"
SEVERITY = Severity.INFO
RULE = "TT Token Terrors Factions: Flying Machines"


def check(ctx: Context) -> Iterator[Finding]:
    for army in ctx.armies:
        for faction in army.present():
            data = ctx.cat.faction(faction)
            advised = data.get("advised_tokens")
            n = army.counts[faction]
            if advised is None or n >= advised:
                continue
            who = "" if ctx.kind == "army" else f"{army.label}: "
            yield finding(
                __name__,
                f"{who}{n} {faction}: the rulebook advises drafting {advised} ({data['advice_note']})",
                army.paths[faction],
                rule=data["advice_rule"],
            )
