"""Toy Skirmish: a made-up fifth game system, to prove that a game is one folder and one registry line.

A warband of units bought with points against a limit. Its data and list schema live beside this
package (``tests/toy/root/``), named by ``data_root``; nothing in armybuilder knows it.
"""

from pathlib import Path

from armybuilder.systems import Manifest

MANIFEST = Manifest(
    id="toy-skirmish",
    list_schema="toy-skirmish.list",
    measure="points",
    points_limit=True,
    summary="a warband of units against a points limit",
    explain_example="Goblin",
    data_root=Path(__file__).resolve().parent.parent / "root",
)
