"""Retired: a faction written with 0 tokens was an error citing "TT Draft Your Army".

An army lists each of its factions with its tokens. A faction written with 0 tokens is not part
of the army, and the army drafted is as legal as without the line: the rulebook forbids nothing
of the kind. TTB004 reported it as an error of the game; since issue 46 (item 17) it is TTB008,
a warning of the list format that says how to write it, and this code is never reused. (A
negative or fractional number is refused by the list schema.)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.findings import Finding, Severity

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Context

CODE = "TTB004"
NAME = "token-count"
SEVERITY = Severity.ERROR
RULE = "TT Draft Your Army"
RETIRED = "issue 46, item 17: a faction with 0 tokens is a notation of the list format, TTB008 (a warning)"


def check(ctx: Context) -> Iterator[Finding]:
    """Never reports (a retired code); kept so ``armybuilder rule TTB004`` explains it."""
    return iter(())
