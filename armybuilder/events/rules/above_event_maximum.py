"""A total of the list is above the event's `require: {max_<total>: N}`."""

from armybuilder.events.inventory import count_text
from armybuilder.findings import Severity

from .event_rule_not_checked import uncounted

CODE = "EVT014"
NAME = "above-event-maximum"
SEVERITY = Severity.ERROR
RULE = "event pack"
COUNTS = True  # runs only when the list's inventory can be counted (ctx.index)


def check(ctx):
    index = ctx.index
    for entry in ctx.rules.maximum:
        total = index.total(entry.name)
        if total is None:
            yield uncounted(ctx, entry, "max")
        elif total > entry.value:
            yield ctx.finding(
                CODE,
                f"{ctx.event} requires at most {count_text(entry.value)} "
                f"{entry.name.replace('_', ' ')}; the list has {count_text(total)}",
                entry.path,
            )
