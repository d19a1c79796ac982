"""Goblin bombs beyond the stack, two in one region, or in a region that is not an opponent's.

The Goblins have a stack of 12 Bomb tokens. At the end of their turn they place bombs in
adjacent regions occupied by opponents' active races, never more than one a region. A
revealed bomb is discarded to the box (`bombs_spent`); once the stack is used up, no more
bombs. So the bombs on the board plus those spent never pass 12, no region holds two, and
no bomb lies in a region the player holds or on the player's own race (nor on the Murlocs,
who belong to no player).

Not checked: adjacency (the position has no map), and whether the opponent's race is still
active (a race may go into decline with a bomb on it): both declared in system.yaml (``not_checked``
and ``readings``), so ``systems``, ``explain Goblins`` and a roster with Goblins say so.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.codes import rule_finding as finding
from armybuilder.findings import Finding, Severity
from armybuilder.suggest import fold
from armybuilder.text import plural

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Position

CODE = "SWW012"
NAME = "goblin-bombs"
SEVERITY = Severity.ERROR
RULE = "SWoW Goblins"


def check(ctx: Position) -> Iterator[Finding]:
    side = ctx.active
    rule = side.power("bombs", ctx.cat)
    if not rule or side.race is None:  # (only a known race has a power)
        return
    stack, per_region = rule["stack"], rule["per_region"]
    cite = side.race.cite
    used = len(side.bombs) + side.bombs_spent
    if used > stack:
        yield finding(
            __name__,
            f"the {side.name} have {plural(len(side.bombs), 'bomb')} on the board and "
            f"{side.bombs_spent} spent, {used} in all; their stack holds {stack}, and a spent bomb never "
            "comes back",
            (*side.path, "bombs" if side.bombs else "bombs_spent"),
            cite,
        )
    own = ctx.own_regions()
    own_races = {s.race.name for s in ctx.sides() if s.race is not None}
    count: dict[str, int] = {}
    for bomb in side.bombs:
        key = fold(bomb.region)
        count[key] = count.get(key, 0) + 1
        if count[key] == per_region + 1:
            yield finding(
                __name__,
                f"{bomb.region} gets more than {plural(per_region, 'bomb')}; never more "
                f"than {per_region} Bomb token a region",
                (*bomb.path, "region"),
                cite,
            )
        if key in own:
            holder = own[key][0]
            yield finding(
                __name__,
                f"the bomb in {bomb.region} lies in a region of {holder.label}; bombs go "
                "only in regions occupied by an opponent's active race",
                (*bomb.path, "region"),
                cite,
            )
        elif bomb.opponent is not None and bomb.opponent.name in own_races:
            yield finding(
                __name__,
                f"the bomb in {bomb.region} is on the {bomb.opponent.name}, the player's own "
                "race; bombs go only in regions occupied by an opponent's active race",
                (*bomb.path, "opponent"),
                cite,
            )
        elif bomb.opponent is not None and not bomb.opponent.playable:
            yield finding(
                __name__,
                f"the bomb in {bomb.region} is on the {bomb.opponent.name}, who belong to no "
                "player; bombs go only in regions occupied by an opponent's active race",
                (*bomb.path, "opponent"),
                cite,
            )
