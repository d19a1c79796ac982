"""The event is played on another data version of the game than the one armybuilder has
(`armybuilder systems` shows it). The list is checked with armybuilder's data, so the verdict
may differ from the event's rules: update armybuilder or the pack.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.findings import Finding, Severity

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.events.rules._base import Context

CODE = "EVT017"
NAME = "data-version-mismatch"
SEVERITY = Severity.WARNING
RULE = "event pack"


def check(ctx: Context) -> Iterator[Finding]:
    rules = ctx.checked
    if rules is None:
        return
    system = ctx.system
    if rules.data_version is not None and rules.data_version != system.data_version:
        yield ctx.finding(
            CODE,
            f"{ctx.event} is played on {system.id} data version {rules.data_version}; "
            f"armybuilder has version {system.data_version}, so its verdict may not match the "
            "event's rules",
            rules.data_version_path,
        )
