"""An army of three or more factions: a challenging mix (info).

"If you're feeling adventurous, you can try more challenging mixes such as 3/3/4 or 6/2/2.
As you'll learn, though, your Tokens become more powerful when you keep Tokens of the same
faction adjacent, so this will provide a tougher challenge." Said of any army of three or
more factions.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.findings import Finding, Severity

from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Context

CODE = "TTB021"
NAME = "challenging-mix"
SEVERITY = Severity.INFO
RULE = "TT Core Concept: Tokens"


def check(ctx: Context) -> Iterator[Finding]:
    examples = ctx.cat.rules["advice"]["challenging_mixes"]["examples"]
    named = " or ".join("/".join(str(n) for n in e) for e in examples)
    for army in ctx.armies:
        factions = army.present()
        if len(factions) < 3:
            continue
        who = "" if ctx.kind == "army" else f"{army.label}: "
        yield finding(
            __name__,
            f"{who}{len(factions)} factions ({army.mix()}): the rulebook calls mixes such as "
            f"{named} a tougher challenge, since tokens grow stronger next to tokens of their own faction",
            army.where,
        )
