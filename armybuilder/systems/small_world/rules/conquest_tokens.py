"""A conquest made with fewer tokens than it costs.

A conquest costs 2 tokens, plus 1 for each token already in the region, plus 1 for a
Mountain and 1 for each other defence marker (Small World's base rule: reference data,
unverified, since the rule documents never print the "normal" cost). The active race's
power then changes it: the Trolls pay 1 token less for a region that is not empty (never
less than 1); the Tauren never conquer with fewer than 2 tokens (seed 001: they "may never
occupy (nor conquer) a Region with less than 2 Race tokens").

When a conquest gives the `tokens` committed to it, they must cover its cost. The turn's
last conquest may instead be tried with the reinforcement die (`die: true`): the tokens may
then fall short of the cost (the roll is not checked) but never below 1 token (the Tauren: 2).
Only the last listed conquest may use the die.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.codes import rule_finding as finding
from armybuilder.findings import Finding, Severity
from armybuilder.text import plural

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Position

CODE = "SWW008"
NAME = "conquest-tokens"
SEVERITY = Severity.ERROR
RULE = "Small World base rules (reference, unverified)"


def check(ctx: Position) -> Iterator[Finding]:
    last = len(ctx.conquests) - 1
    name = ctx.active.name
    for c in ctx.conquests:
        if c.die and c.index != last:
            yield finding(
                __name__,
                f"the conquest of {c.region} uses the reinforcement die, but only the "
                "turn's last conquest may; list it last",
                (*c.path, "die"),
                ctx.cat.ref("reinforcement_die_minimum"),
            )
        if c.tokens is None:
            continue
        if c.die:
            if c.tokens < c.minimum:
                yield finding(
                    __name__,
                    f"the conquest of {c.region} commits {plural(c.tokens, 'token')}; even "
                    f"with the reinforcement die the {name} need at least {c.minimum}",
                    (*c.path, "tokens"),
                    c.minimum_rule,
                )
        elif c.tokens < c.cost:
            rule = c.adjustments[-1].rule if c.adjustments else RULE
            yield finding(
                __name__,
                f"conquering {c.region} costs the {name} {plural(c.cost, 'token')} "
                f"({c.explain()}); the conquest commits only {c.tokens}",
                (*c.path, "tokens"),
                rule,
            )
