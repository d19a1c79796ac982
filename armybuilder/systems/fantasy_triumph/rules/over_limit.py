"""The army costs more than its points limit.

Stands, heroes and army battle cards all count toward the army size (51 points unless the
list or an event sets another). Delayed Entry refunds are taken off (FT 32).
"""

from armybuilder.findings import Severity
from armybuilder.text import fmt_points

from ._base import finding

CODE = "FTR020"
NAME = "over-limit"
SEVERITY = Severity.ERROR
RULE = "FT 39.3.c"


def check(army):
    if army.total > army.limit:
        path = ("points",) if "points" in army.data else ()
        yield finding(
            __name__,
            f"the army costs {fmt_points(army.total)} points, "
            f"{fmt_points(army.total - army.limit)} over its limit of {fmt_points(army.limit)}",
            path,
        )
