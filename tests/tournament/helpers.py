"""Helpers for the event-pack, tournament and diff tests.

Fixtures live in ``fixtures/`` (lists of every system, valid, invalid and broken; event packs;
two versions of a list for diff); golden outputs in ``golden/`` (regenerate them with
``ARMYBUILDER_UPDATE_GOLDEN=1``, then read the diff before committing).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
FIXTURES = HERE / "fixtures"
GOLDEN = HERE / "golden"
REL = "tests/tournament/fixtures"  # the same, from the repository root (the `run` fixture's cwd)

ALICE = FIXTURES / "lists/ft/alice-legal.yaml"  # legal at 48 points: 9 stands, 1 hero (Archmage)


def golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if os.environ.get("ARMYBUILDER_UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


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
