"""Helpers shared by the Fantasy Triumph rule modules."""

from __future__ import annotations

from typing import TYPE_CHECKING

from armybuilder.codes import rule_finding as finding

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.systems.fantasy_triumph.model import Army, CardUse

__all__ = ["card_rule", "finding", "uses"]  # finding: the rule modules use it


def card_rule(use: CardUse, default: str | None = None) -> str | None:
    return use.card["rule"] if use.card else default


def uses(army: Army, name: str) -> list[CardUse]:
    """Every priced use of the card ``name`` in the army."""
    return [u for u in army.all_uses() if u.priced and u.name == name]
