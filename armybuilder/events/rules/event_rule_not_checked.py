"""A rule of the event pack cannot be checked for this list: the game system does not count that
total, does not list its items yet, or is not measured in points (so `points` does not apply).
The list is not refused for it: check that rule by hand.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.findings import Finding, Severity
from armybuilder.text import fmt_points

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder import findings
    from armybuilder.events.requirements import Entry, Rules
    from armybuilder.events.rules._base import Context

CODE = "EVT018"
NAME = "event-rule-not-checked"
SEVERITY = Severity.WARNING
RULE = "event pack"


def check(ctx: Context) -> Iterator[Finding]:
    """The pack's points on a system that takes no outside points limit; counting rules on a system
    that does not list what a list holds."""
    rules = ctx.checked
    if rules is None:
        return
    if rules.points is not None and not ctx.manifest.points_limit:
        # Declared, not guessed: the system's manifest says whether an outside points limit applies,
        # so the pack's points are never compared with the list's own limit in other units.
        yield ctx.finding(
            CODE,
            f"the event's points limit ({fmt_points(rules.points)}) does not apply to "
            f"{ctx.manifest.id} lists (measured in {ctx.manifest.measure}); check it by hand",
            rules.points_path,
        )
    if rules.counts_items and not ctx.items:
        yield ctx.finding(
            CODE,
            f"{ctx.manifest.id} does not list what a list holds yet, so the event's bans, "
            "limits and requirements cannot be checked for this list; check them by hand",
            _first_path(rules) or ctx.pack.system_path,
        )


def uncounted(ctx: Context, entry: Entry, bound: str) -> Finding:
    """A ``min_`` or ``max_`` (``bound``) total the system does not count."""
    _, index = ctx.counting()
    names = ", ".join(index.total_names()) or "nothing"
    return ctx.finding(
        CODE,
        f"{ctx.manifest.id} does not count '{entry.name}' (it counts: {names}), "
        f"so the event's {bound}_{entry.name} cannot be checked",
        entry.path,
    )


def _first_path(rules: Rules) -> findings.Path:
    for entries in (rules.ban, rules.limit, rules.minimum, rules.maximum, rules.include):
        if entries:
            return entries[0].path
    return ()
