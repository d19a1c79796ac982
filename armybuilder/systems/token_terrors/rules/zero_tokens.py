"""A faction written with 0 tokens in an army.

An army lists each of its factions with its tokens. A faction written with 0 tokens is not part
of the army: the army is read, counted and checked without it, and the rulebook forbids
nothing of the kind (TT Draft Your Army drafts 1 to 6 tokens a pick, but a line of the list is
not a pick). This is a notation of the list format, not a rule of the game: a warning that says
how to write it, leave the line out or give the faction its tokens.

Before issue 46 (item 17) it was TTB004, an error citing "TT Draft Your Army" (retired, never
reused). A negative or fractional number is refused by the list schema; a pick of 0 tokens in a
draft record is TTB012's.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.findings import Finding, Severity

from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Context

CODE = "TTB008"
NAME = "zero-tokens"
SEVERITY = Severity.WARNING
RULE = "list format"


def check(ctx: Context) -> Iterator[Finding]:
    if ctx.kind != "army":
        return
    for e in ctx.entries:
        if e.tokens < 1:
            yield finding(
                __name__,
                f"{e.written}: {e.tokens} tokens, so it is not in the army; leave the line out, "
                "or give the faction 1 or more of its tokens",
                e.path,
            )
