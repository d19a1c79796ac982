"""The rulebook's advice for a beginning Warlord (info).

"If you're a beginning Warlord I'd advise a mix of two factions, one melee and one ranged,
with a split of 5/5 or 6/4." For an army of two factions that fills its slots, this says
whether it is that mix, and if not, why not. (Armies of three or more factions: TTB021.)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.findings import Finding, Severity

from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Context

CODE = "TTB020"
NAME = "beginner-mix"
SEVERITY = Severity.INFO
RULE = "TT Core Concept: Tokens"


def check(ctx: Context) -> Iterator[Finding]:
    advice = ctx.cat.rules["advice"]["beginner_mix"]
    limit = ctx.cat.value("army_slots")
    styles = sorted(advice["battle_styles"])
    splits = sorted(sorted(s) for s in advice["splits"])
    advised = f"{advice['factions']} factions, one {' and one '.join(advice['battle_styles'])}, split " + " or ".join(
        "/".join(str(n) for n in sorted(s, reverse=True)) for s in advice["splits"]
    )
    for army in ctx.armies:
        factions = army.present()
        if len(factions) != advice["factions"] or army.slots(ctx.cat) != limit:
            continue
        own = sorted(ctx.cat.faction(f)["battle_style"] for f in factions)
        split = sorted(army.counts[f] for f in factions)
        described = " and ".join(f"{f} {army.counts[f]} ({ctx.cat.faction(f)['battle_style']})" for f in factions)
        who = "" if ctx.kind == "army" else f"{army.label}: "
        if own == styles and split in splits:
            msg = f"{who}{described}: the mix the rulebook advises for a beginning Warlord ({advised})"
        else:
            why = []
            if own != styles:
                why.append(f"both are {own[0]}")
            if split not in splits:
                why.append(f"the split is {'/'.join(str(n) for n in sorted(split, reverse=True))}")
            msg = f"{who}{described}: for a beginning Warlord the rulebook advises {advised}; here " + " and ".join(why)
        yield finding(__name__, msg, army.where)
