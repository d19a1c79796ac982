"""The army needs exactly one general, and the general is a stand.

Mark the class that holds the general with ``general: true``; the general is one stand of
that class. A hero is never the general (army construction rules; unverified default).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.findings import Finding, Severity

from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.systems.fantasy_triumph.model import Army

CODE = "FTR022"
NAME = "general"
SEVERITY = Severity.ERROR
RULE = "army construction"


def check(army: Army) -> Iterator[Finding]:
    generals = army.general_units()
    want = army.cat.rule_value("generals")
    if not generals:
        yield finding(
            __name__,
            "the army has no general: mark the class that holds it with 'general: true'",
            ("classes",) if army.classes else (),
        )
    elif len(generals) > want:
        for g in generals[want:]:
            yield finding(
                __name__,
                f"{len(generals)} classes are marked as holding the general; the army has exactly {want}",
                (*g.path, "general"),
            )
