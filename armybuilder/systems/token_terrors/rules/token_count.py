"""A faction in an army with no tokens.

An army lists each of its factions with a whole positive number of tokens. A faction written
with 0 tokens is not part of the army: take it out, or give it its tokens. (A negative or
fractional number is refused by the list schema.)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.findings import Finding, Severity

from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Context

CODE = "TTB004"
NAME = "token-count"
SEVERITY = Severity.ERROR
RULE = "TT Draft Your Army"


def check(ctx: Context) -> Iterator[Finding]:
    if ctx.kind != "army":
        return
    for e in ctx.entries:
        if e.tokens < 1:
            yield finding(
                __name__,
                f"{e.written}: {e.tokens} tokens; list a faction with 1 or more of its tokens, or leave it out",
                e.path,
            )
