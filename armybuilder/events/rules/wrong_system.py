"""The list is for another game system than the event's (`system`, or the keys of `systems`).
The list is still checked against its own game's rules, but it cannot be played at the event.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.findings import Finding, Severity

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.events.rules._base import Context

CODE = "EVT010"
NAME = "wrong-system"
SEVERITY = Severity.ERROR
RULE = "event pack"


def check(ctx: Context) -> Iterator[Finding]:
    if ctx.rules is None:
        wanted = " or ".join(ctx.pack.system_ids)
        yield ctx.finding(
            CODE, f"{ctx.event} is played with {wanted}; this list is for {ctx.result.system}", ctx.pack.system_path
        )
