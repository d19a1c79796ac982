"""A total of the list (stands, heroes, points, tokens, units...) is below the event's
`require: {min_<total>: N}`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.events.inventory import count_text, total_text
from armybuilder.findings import Finding, Severity

from .event_rule_not_checked import uncounted

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.events.rules._base import Context

CODE = "EVT013"
NAME = "below-event-minimum"
SEVERITY = Severity.ERROR
RULE = "event pack"
COUNTS = True  # runs only when the list's inventory can be counted (ctx.index)


def check(ctx: Context) -> Iterator[Finding]:
    rules, index = ctx.counting()
    for entry in rules.minimum:
        total = index.total(entry.name)
        if total is None:
            yield uncounted(ctx, entry, "min")
        elif total < entry.value:
            yield ctx.finding(
                CODE,
                f"{ctx.event} requires at least {total_text(entry.name, entry.value)}; the list has "
                f"{count_text(total)}",
                entry.path,
            )
