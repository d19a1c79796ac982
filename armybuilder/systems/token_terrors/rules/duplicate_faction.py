"""A faction listed twice in one army.

Faction names match in any case, so ``Wyverns: 3`` and ``wyverns: 2`` name the same faction.
List each faction once, with all its tokens. The other checks count both entries together.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.findings import Finding, Severity

from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Context

CODE = "TTB003"
NAME = "duplicate-faction"
SEVERITY = Severity.ERROR
RULE = "list format"


def check(ctx: Context) -> Iterator[Finding]:
    if ctx.kind != "army":
        return
    seen: dict[str, str] = {}  # canonical faction -> its first entry, as written
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
