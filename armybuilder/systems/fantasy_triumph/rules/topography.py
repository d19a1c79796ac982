"""Unknown home topography, or none where a price depends on it.

Ambush (FT 24), Prepared Defenses (FT 49) and Terrain Affinity (FT 58) cost more for an army
with a Dense home topography (Dense Forest, Dense Marsh, Dense Wasteland, Dense Underground).
A list with one of these cards must say its ``topography``. The topographies are an
unverified list kept in ``data/fantasy-triumph/topographies.yaml``.
"""

from armybuilder.findings import Severity

from ._base import finding

CODE = "FTR027"
NAME = "topography"
SEVERITY = Severity.ERROR
RULE = "army construction"


def check(army):
    if army.topography_written is not None and army.topography is None:
        yield finding(
            __name__,
            f"unknown topography '{army.topography_written}'"
            f"{army.cat.topographies.suggestion(army.topography_written)} (topographies: "
            f"{', '.join(army.cat.topographies)})",
            ("topography",),
        )
    elif army.topography_written is None and army.needs_topography:
        use = army.needs_topography[0]
        yield finding(
            __name__,
            f"the price of {use.name} depends on the home topography: add 'topography:' "
            "to the list (priced here as not Dense)",
            use.path,
            use.card["rule"],
        )
