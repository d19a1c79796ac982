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
from armybuilder.text import noun

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.events.rules._base import Context
    from armybuilder.systems import Item

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
                what, where = _what(entry.value, kind, hits), f" ({index.where(hits)})"
            yield ctx.finding(
                CODE, f"{ctx.event} allows at most {what}; the list has {count_text(count)}{where}", entry.path
            )


def _what(value: object, kind: str, hits: list[Item]) -> str:
    """What a limit on a name counts, as the list holds it: "4 stands with card 'Deadly'" (issue 41:
    "at most 4 card 'Deadly'" for a count of stands), "2 cards 'Illusion'"; without the system
    saying what it counts, "4 faction 'Goblins'" as before."""
    name = hits[0].name
    counted = sorted({h.counts for h in hits if h.counts})
    if not counted:
        return f"{count_text(value)} {kind} '{name}'"
    if counted == [kind]:
        return f"{count_text(value)} {noun(value, kind)} '{name}'"
    return f"{count_text(value)} {' or '.join(noun(value, c) for c in counted)} with {kind} '{name}'"
