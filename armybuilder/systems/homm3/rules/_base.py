"""Helpers shared by the HoMM3 Battlefield rule modules."""

from __future__ import annotations

from armybuilder.codes import rule_finding as finding

__all__ = ["PREFIX", "finding"]  # finding: the rule modules use it

PREFIX = "HoMM3 Battlefield "
