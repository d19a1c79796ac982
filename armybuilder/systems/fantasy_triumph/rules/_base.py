"""Helpers shared by the Fantasy Triumph rule modules."""

from __future__ import annotations

import sys

from armybuilder.findings import Finding


def finding(module: str, message: str, path: tuple, rule: str | None = None) -> Finding:
    """A finding with the code, severity and rule of the rule module named ``module``."""
    mod = sys.modules[module]
    return Finding(mod.CODE, mod.SEVERITY, message, rule or mod.RULE, tuple(path))


def card_rule(use, default: str | None = None) -> str | None:
    return use.card["rule"] if use.card else default


def uses(army, name: str):
    """Every priced use of the card ``name`` in the army."""
    return [u for u in army.all_uses() if u.card and u.name == name and not u.misplaced]
