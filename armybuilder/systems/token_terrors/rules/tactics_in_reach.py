"""A Terrible Tactic the army's factions can use (info).

A Terrible Tactics card belongs to two factions. A player may use it when they control both,
have at least 1 token of each on the Battleground and hold Mastery of Tactics. Each card is
sealed until its challenge is met: the finding names the Tactic and the challenge that
unlocks it. Two cards name one faction and "???" for the other; an army with the named
faction is told that the partner is unknown.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from armybuilder.findings import Finding, Severity

from ._base import finding, pair

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Catalog, Context

CODE = "TTB023"
NAME = "tactics-in-reach"
SEVERITY = Severity.INFO
RULE = "TT Terrible Tactics"


def in_reach(cat: Catalog, factions: Iterable[str]) -> list[tuple[dict[str, Any], bool]]:
    """(tactic, partner_unknown) for each Tactic the factions can use (or might, partner unknown)."""
    have = set(factions)
    out = []
    for t in cat.tactics:
        named = [f for f in t["factions"] if f is not None]
        if not set(named) <= have:
            continue
        out.append((t, len(named) < len(t["factions"])))
    return out


def check(ctx: Context) -> Iterator[Finding]:
    for army in ctx.armies:
        who = "this army" if ctx.kind == "army" else army.label
        for t, unknown in in_reach(ctx.cat, army.present()):
            if unknown:
                named = next(f for f in t["factions"] if f)
                prefix = "" if ctx.kind == "army" else f"{army.label}: "
                msg = (
                    f"{prefix}{named} share the Terrible Tactic '{t['name']}' with a faction the rulebook leaves "
                    f"unnamed ('???'), so whether {who} can use it is unknown; unlocked by: {t['challenge']}"
                )
            else:
                msg = (
                    f"{who} can use the Terrible Tactic '{t['name']}' ({pair(t['factions'])}) with Mastery of "
                    f"Tactics and a token of each on the Battleground; unlocked by: {t['challenge']}"
                )
            yield finding(__name__, msg, army.where)
