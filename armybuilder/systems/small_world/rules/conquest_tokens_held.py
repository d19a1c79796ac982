"""The turn's conquests commit more tokens than the race held before enlisting.

The tokens committed to the turn's conquests come from the active race's own tokens, so together
they never pass what it holds. For the Forsaken the enlisted tokens do not count: "Additional
tokens are received after the last conquest of the turn, before the redeployment step (i.e.
they cannot be used for conquests until next turn)" (seed 001, SWoW Forsaken). The position
counts them in ``regions`` and ``in_hand`` (``enlisted``), so the conquests' ``tokens`` must fit
within the tokens held less the enlisted ones. Example: 6 Forsaken tokens, 1 of them enlisted,
and one conquest that commits 6: only 5 could have fought.

Only conquests that give their ``tokens`` are counted. For a race without the enlisting power
the limit is every token it holds (the conquest rules of the base game: reference, unverified).
Within that limit, the tokens that stayed in the regions held through the turn cannot conquer
either: SWW017.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.codes import rule_finding as finding
from armybuilder.findings import Finding, Severity
from armybuilder.text import plural

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Position

CODE = "SWW015"
NAME = "conquest-tokens-held"
SEVERITY = Severity.ERROR
RULE = "SWoW Forsaken"


def check(ctx: Position) -> Iterator[Finding]:
    side = ctx.active
    counted = [c for c in ctx.conquests if c.tokens is not None]
    committed = sum(c.tokens or 0 for c in counted)
    enlisted = side.enlisted if side.power("enlist", ctx.cat) else 0
    before = side.total - enlisted
    if not counted or committed <= before:
        return
    running = 0
    for c in counted:  # the conquest that takes the count past the tokens held
        running += c.tokens or 0
        if running > before:
            break
    what = (
        f"the conquest of {c.region} commits {plural(c.tokens or 0, 'token')}"
        if len(counted) == 1
        else f"the turn's conquests commit {plural(committed, 'token')} (up to {c.region})"
    )
    if enlisted and side.race is not None and committed <= side.total:
        message = (
            f"{what}, but the {side.name} held only {before} before enlisting: the "
            f"{plural(enlisted, 'token')} enlisted arrive after the turn's last conquest and cannot "
            "conquer until next turn"
        )
        rule = side.race.cite
    else:
        held = f"{side.total}" + (f" ({before} before enlisting)" if enlisted else "")
        message = f"{what}, but the {side.name} hold only {held}"
        rule = ctx.cat.ref("conquest_base")
    yield finding(__name__, message, (*c.path, "tokens"), rule)
