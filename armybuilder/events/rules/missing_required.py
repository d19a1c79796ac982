"""The event requires every list to hold a name (`require: {include: [...]}`) and this list has none."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.findings import Finding, Severity

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.events.rules._base import Context

CODE = "EVT015"
NAME = "missing-required"
SEVERITY = Severity.ERROR
RULE = "event pack"
COUNTS = True  # runs only when the list's inventory can be counted (ctx.index)


def check(ctx: Context) -> Iterator[Finding]:
    rules, index = ctx.counting()
    for entry in rules.include:
        if not index.named(entry.name):
            yield ctx.finding(
                CODE, f"{ctx.event} requires '{entry.name}' in every list; this list has none", entry.path
            )
