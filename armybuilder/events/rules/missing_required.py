"""The event requires every list to hold a name (`require: {include: [...]}`) and this list has none."""

from armybuilder.findings import Severity

CODE = "EVT015"
NAME = "missing-required"
SEVERITY = Severity.ERROR
RULE = "event pack"
COUNTS = True  # runs only when the list's inventory can be counted (ctx.index)


def check(ctx):
    index = ctx.index
    for entry in ctx.rules.include:
        if not index.named(entry.name):
            yield ctx.finding(
                CODE, f"{ctx.event} requires '{entry.name}' in every list; this list has none", entry.path
            )
