"""A Gruesome Grudge live between the two armies (info).

"Grudges are active if 2 players each control a faction that are sworn enemies": Goblins and
Elves, Zombies and Soldiers, Flying Machines and Wyverns. In a draft record or a matchup,
each Grudge whose rival factions are split between the two players is named, with the
challenge that unlocks its card; in play it is active while a token of each rival faction is
on the Battleground.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from armybuilder.findings import Finding, Severity

from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Army, Catalog, Context

CODE = "TTB031"
NAME = "grudge-live"
SEVERITY = Severity.INFO
RULE = "TT Gruesome Grudge Challenges"


def live(cat: Catalog, first: Army, second: Army) -> list[tuple[dict[str, Any], str, str]]:
    """(grudge, first's faction, second's faction) for each Grudge live between two armies."""
    a, b = set(first.present()), set(second.present())
    out = []
    for g in cat.grudges:
        x, y = g["factions"]
        if x in a and y in b:
            out.append((g, x, y))
        elif y in a and x in b:
            out.append((g, y, x))
    return out


def check(ctx: Context) -> Iterator[Finding]:
    if ctx.kind not in ("draft", "matchup") or len(ctx.armies) != 2:
        return
    first, second = ctx.armies
    for g, mine, theirs in live(ctx.cat, first, second):
        path = first.paths[mine] if ctx.kind == "matchup" else ("draft", "players")
        yield finding(
            __name__,
            f"the Gruesome Grudge '{g['name']}' is live: {first.label} has {mine} and "
            f"{second.label} has {theirs} (active while a token of each is on the Battleground); "
            f"unlocked by: {g['challenge']}",
            path,
            army=first if ctx.kind == "matchup" else None,
        )
