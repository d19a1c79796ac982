"""The warband costs more than its points limit.

A warband's units together cost at most the limit (the list's ``points``, else the data's).
"""

from armybuilder.codes import rule_finding
from armybuilder.findings import Severity
from armybuilder.text import fmt_points

CODE = "TOY002"
NAME = "over-limit"
SEVERITY = Severity.ERROR
RULE = "Toy 2"


def check(band):
    if band.total > band.limit:
        yield rule_finding(
            __name__,
            f"the warband costs {fmt_points(band.total)} points; the limit is {fmt_points(band.limit)}",
            ("warband",),
        )
