"""A list file is an army or a draft record, not both.

A Token Terrors list file holds either ``tokens`` (an army: each faction with its number of
tokens) or ``draft`` (a draft record: the two players, the first player first, and every pick
in order). A file with both is refused, and nothing else in it is checked until one goes. (A
file with neither is refused by the list schema: it asks for ``tokens``.)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.findings import Finding, Severity

from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Context

CODE = "TTB001"
NAME = "army-or-draft"
SEVERITY = Severity.ERROR
RULE = "list format"


def check(ctx: Context) -> Iterator[Finding]:
    if ctx.kind == "both":
        yield finding(
            __name__,
            "this file has both 'tokens' (an army) and 'draft' (a draft record); "
            "a list file is one or the other: keep 'tokens' for one army, or 'draft' for a whole draft",
            ("draft",),
        )
    elif ctx.kind == "neither":
        yield finding(
            __name__,
            "this file has neither 'tokens' (an army, e.g. 'tokens: {Wyverns: 5, Goblins: 5}') "
            "nor 'draft' (a draft record with players and picks)",
            (),
        )
