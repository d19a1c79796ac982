"""The event-pack rules: one module per finding code, in this explicit registry.

The list checks run in registry order (each module's ``check(ctx)`` with a
:class:`~armybuilder.events.rules._base.Context`); EVT001, EVT002 and EVT003 are found when the
pack is read, EVT090 when a tournament run cannot check a list.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from . import (
    above_event_maximum,
    banned,
    below_event_minimum,
    check_failed,
    data_version_mismatch,
    event_rule_not_checked,
    missing_required,
    over_event_limit,
    pack_conflict,
    pack_shape,
    setting_mismatch,
    unknown_name,
    wrong_system,
)

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.events.rules._base import Context
    from armybuilder.findings import Finding

REGISTRY = [
    pack_shape,  # EVT001 (the pack, when it is read)
    pack_conflict,  # EVT002 (the pack, when it is read)
    unknown_name,  # EVT003 (the pack, when it is read)
    wrong_system,  # EVT010
    data_version_mismatch,  # EVT017
    event_rule_not_checked,  # EVT018 (points; a system that lists nothing; see also EVT013/EVT014)
    setting_mismatch,  # EVT016
    banned,  # EVT011
    over_event_limit,  # EVT012
    below_event_minimum,  # EVT013
    above_event_maximum,  # EVT014
    missing_required,  # EVT015
    check_failed,  # EVT090 (a tournament run)
]

BY_CODE = {rule.CODE: rule for rule in REGISTRY}


def check(ctx: Context) -> Iterator[Finding]:
    """Every list check of the pack, in registry order. A rule that counts what the list holds
    (``COUNTS = True``) runs only when there is an inventory to count (``ctx.index``)."""
    for rule in REGISTRY:
        if not hasattr(rule, "check") or (getattr(rule, "COUNTS", False) and ctx.index is None):
            continue
        yield from rule.check(ctx)
