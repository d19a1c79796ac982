"""The list holds something the event bans (`ban:`). Names are matched without regard to case,
spaces, hyphens or underscores, across every kind of thing the list holds (cards, troops, classes,
heroes, factions, races, units). The message gives the list lines where it appears.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.findings import Finding, Severity

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.events.rules._base import Context

CODE = "EVT011"
NAME = "banned"
SEVERITY = Severity.ERROR
RULE = "event pack"
COUNTS = True  # runs only when the list's inventory can be counted (ctx.index)


def check(ctx: Context) -> Iterator[Finding]:
    rules, index = ctx.counting()
    for entry in rules.ban:
        hits = index.named(entry.name)
        if hits:
            kinds = sorted({i.kind for i in hits})
            yield ctx.finding(
                CODE, f"{'/'.join(kinds)} '{hits[0].name}' is banned at {ctx.event} ({index.where(hits)})", entry.path
            )
