"""The turn's conquests commit tokens that had to stay in the regions held through the turn.

A race readies its troops by taking back all but 1 token from each region it keeps, and a region
is abandoned only at the start of a turn (Small World's base rules: reference, unverified,
``tokens_kept_per_region`` in base-rules.yaml). So each region the active race holds at the end of
the turn and did not conquer this turn kept its floor through the conquests: 1 token, or the race's
own region minimum (``region_minimum`` in races.yaml: the Tauren, 2; seed 001: "These large,
resilient warriors may never occupy (nor conquer) a Region with less than 2 Race tokens", "Under no
circumstances should a Tauren token be left alone, even during the 'Ready your troops' phase").

The tokens the turn's conquests can commit are therefore the tokens held (for the Forsaken, before
enlisting: SWW015) less the floor of each region not conquered this turn. Example: active Tauren
end the turn with Mulgore 2 and The Barrens 4; their one conquest, of The Barrens, commits 5. Mulgore
kept its 2 through the turn, so at most 6 - 2 = 4 could conquer. Orcs that keep Durotar cannot
commit all of their tokens either: Durotar kept 1.

Only conquests that give their ``tokens`` are counted. Conquests that commit more than every token
held are SWW015's, not reported twice.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.codes import rule_finding as finding
from armybuilder.findings import Finding, Severity
from armybuilder.text import plural

from ._base import kept_floor, kept_through_the_turn

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Position

CODE = "SWW017"
NAME = "conquest-tokens-free"
SEVERITY = Severity.ERROR
RULE = "Small World base rules (reference, unverified)"


def check(ctx: Position) -> Iterator[Finding]:
    side = ctx.active
    counted = [c for c in ctx.conquests if c.tokens is not None]
    if not counted:
        return
    committed = sum(c.tokens or 0 for c in counted)
    enlisted = side.enlisted if side.power("enlist", ctx.cat) else 0
    before = side.total - enlisted
    kept = kept_through_the_turn(ctx)
    floor, race = kept_floor(side, ctx.cat)
    free = max(0, before - floor * len(kept))
    if committed <= free or committed > before:  # (beyond every token held: SWW015)
        return
    running = 0
    for c in counted:  # the conquest that takes the count past the tokens free
        running += c.tokens or 0
        if running > free:
            break
    what = (
        f"the conquest of {c.region} commits {plural(c.tokens or 0, 'token')}"
        if len(counted) == 1
        else f"the turn's conquests commit {plural(committed, 'token')} (up to {c.region})"
    )
    held = f"the {plural(before, 'token')} the {side.name} held" + (" before enlisting" if enlisted else "")
    names = kept[0] if len(kept) == 1 else ", ".join(kept[:-1]) + f" and {kept[-1]}"
    stayed = f"its {floor}" if len(kept) == 1 else f"{floor} each"
    if race is not None:
        why, rule = f"the {race.name} never occupy a region with fewer than {plural(floor, 'token')}", race.cite
    else:
        why = f"a region held through the turn keeps at least {plural(floor, 'token')}"
        rule = ctx.cat.ref("tokens_kept_per_region")
    yield finding(
        __name__,
        f"{what}, but only {free} of {held} could conquer: {names}, not conquered this turn, kept {stayed} ({why})",
        (*c.path, "tokens"),
        rule,
    )
