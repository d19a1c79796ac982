"""Helpers shared by the Fantasy Triumph rule modules."""

from __future__ import annotations

from armybuilder.codes import rule_finding as finding  # noqa: F401 (the rule modules use it)


def card_rule(use, default: str | None = None) -> str | None:
    return use.card["rule"] if use.card else default


def uses(army, name: str):
    """Every priced use of the card ``name`` in the army."""
    return [u for u in army.all_uses() if u.priced and u.name == name]
