"""Helpers for the event-pack tests, and the fixtures the tournament and diff tests share with them.

Fixtures live in ``fixtures/``: lists of every system (valid, invalid and broken) and event packs.
``tests/commands/test_tournament.py`` and ``tests/commands/test_diff.py`` read them from here too.
"""

from __future__ import annotations

from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parent / "fixtures"
REL = "tests/events/fixtures"  # the same, from the repository root (the `run` fixture's cwd)

ALICE = FIXTURES / "lists/ft/alice-legal.yaml"  # legal at 48 points: 9 stands, 1 hero (Archmage)


def needs_inventory(system_id: str):
    """Skip unless the system is installed and lists what a list holds."""
    from armybuilder import systems
    from armybuilder.systems import System

    if system_id not in systems.available():
        pytest.skip(f"{system_id} is not installed yet")
    system = systems.get(system_id)
    if type(system).inventory is System.inventory:
        pytest.skip(f"{system_id} does not implement inventory() yet")
    return system


def codes(result) -> list[str]:
    return [f.code for f in result.sorted_findings()]


def event_codes(result) -> list[str]:
    """The event pack's codes among a result's findings (systems add info findings of their own)."""
    return [c for c in codes(result) if c.startswith("EVT")]
