"""The list has more of a name than the event's `limit:` allows. A limit on a name counts what the
game system counts for it (stands carrying a card, tokens of a faction, copies of a unit), summed
over the list within one kind; a limit on a total (stands, heroes, tokens, units, points...)
compares that total.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.events.inventory import count_text, total_text
from armybuilder.findings import Finding, Severity

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.events.rules._base import Context

CODE = "EVT012"
NAME = "over-event-limit"
SEVERITY = Severity.ERROR
RULE = "event pack"
COUNTS = True  # runs only when the list's inventory can be counted (ctx.index)


def check(ctx: Context) -> Iterator[Finding]:
    rules, index = ctx.counting()
    for entry in rules.limit:
        count, kind, hits = index.count(entry.name)
        if count is not None and count > entry.value:
            if kind == "total":
                what, where = f"{total_text(entry.name, entry.value)} in a list", ""
            else:
                what, where = f"{count_text(entry.value)} {kind} '{hits[0].name}'", f" ({index.where(hits)})"
            yield ctx.finding(
                CODE, f"{ctx.event} allows at most {what}; the list has {count_text(count)}{where}", entry.path
            )
