"""Helpers shared by the HoMM3 Battlefield rule modules."""

from __future__ import annotations

from armybuilder.codes import rule_finding as finding  # noqa: F401 (the rule modules use it)

PREFIX = "HoMM3 Battlefield "
