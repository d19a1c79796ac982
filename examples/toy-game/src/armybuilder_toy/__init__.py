"""Toy Skirmish: a made-up game, the example of an outside game package for armybuilder.

A warband of units bought with points against a limit. The package declares itself in its
distribution's entry points (``armybuilder.systems.v1``: ``toy-skirmish = "armybuilder_toy"``) and
keeps its data (``data/toy-skirmish/``) and its list schema (``schemas/``) inside itself, named by
``data_root``: nothing in armybuilder knows it (docs/SYSTEM-GUIDE.md).
"""

from pathlib import Path

from armybuilder.systems import Manifest

MANIFEST = Manifest(
    id="toy-skirmish",
    list_schema="toy-skirmish.list",
    measure="points",
    points_limit=True,
    summary="a warband of units against a points limit",
    new_example="band.yaml --points 20",
    explain_example="Goblin",
    data_root=Path(__file__).resolve().parent,  # data/toy-skirmish/ and schemas/ are in this package
)
