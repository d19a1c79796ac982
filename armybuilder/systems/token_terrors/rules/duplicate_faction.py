"""A faction listed twice in one army.

Faction names match in any case, so ``Wyverns: 3`` and ``wyverns: 2`` name the same faction.
List each faction once, with all its tokens. The other checks count both entries together.
"""

from armybuilder.findings import Severity

from ._base import finding

CODE = "TTB003"
NAME = "duplicate-faction"
SEVERITY = Severity.ERROR
RULE = "list format"


def check(ctx):
    if ctx.kind != "army":
        return
    seen = {}
    for e in ctx.entries:
        if e.faction is None:
            continue
        if e.faction in seen:
            total = ctx.armies[0].counts[e.faction]
            yield finding(
                __name__,
                f"'{seen[e.faction]}' and '{e.written}' both name {e.faction}; list each faction "
                f"once (together they make {total})",
                e.path,
            )
        else:
            seen[e.faction] = e.written
