"""A conquered region said to hold fewer tokens than its race ever leaves in a region.

A race whose region minimum holds in every state (``region_minimum`` with ``active`` and
``in_decline`` in races.yaml: the Tauren, 2) never has fewer tokens in a region, whoever plays
it: "Under no circumstances should a Tauren token be left alone" (seed 001, SWoW Tauren). A
conquest whose defender is the Tauren with 1 token describes a board that cannot exist: the
position is wrong (the defender, or its tokens). A region said to be empty (0 tokens) is not
this rule's.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.codes import rule_finding as finding
from armybuilder.findings import Finding, Severity
from armybuilder.text import plural

from ._base import always_minimum

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Position

CODE = "SWW016"
NAME = "lone-defender"
SEVERITY = Severity.ERROR
RULE = "SWoW Tauren"


def check(ctx: Position) -> Iterator[Finding]:
    for c in ctx.conquests:
        race = c.defender
        least = always_minimum(race)
        if race is None or least is None or not 0 < c.defender_tokens < least:
            continue
        yield finding(
            __name__,
            f"the conquest of {c.region} says {plural(c.defender_tokens, 'token')} of the {race.name} "
            f"held it, but a region of the {race.name} always holds at least {least}, active or in "
            "decline (a token left alone is redeployed): check the defender and its tokens",
            (*c.path, "defender_tokens"),
            race.cite,
        )
