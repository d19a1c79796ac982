"""Heroes of Might and Magic III: The Board Game, Battlefield expansion (``homm3-battlefield``).

Seed 004 as data (``data/homm3-battlefield/``), with units and heroes from the reference CSVs.
``system`` checks an army (``model``, ``rules``, ``report``); ``compose`` edits lists;
``catalog`` shows the data. An army is measured in units.
"""

from armybuilder.systems import Manifest

MANIFEST = Manifest(
    id="homm3-battlefield",
    list_schema="homm3-battlefield.list",
    measure="units",
    summary="Skirmish, Adventure and board armies: hero, cards and units against the game length",
    new_example="skirmish.yaml",
    explain_example="Manticores --format json",
)
