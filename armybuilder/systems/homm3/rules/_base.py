"""Helpers shared by the HoMM3 Battlefield rule modules."""

from __future__ import annotations

import sys

from armybuilder.findings import Finding

PREFIX = "HoMM3 Battlefield "


def finding(module: str, message: str, path: tuple, rule: str | None = None) -> Finding:
    """A finding with the code, severity and rule of the rule module named ``module``."""
    mod = sys.modules[module]
    return Finding(mod.CODE, mod.SEVERITY, message, rule or mod.RULE, tuple(path))
