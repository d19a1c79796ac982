"""Small World of Warcraft: a player's position checked against the racial powers of the Horde races.

The rules are seed 001 and reference data marked unverified (``data/small-world-of-warcraft/``).
``system`` builds the position model (``model``: costs and coins), runs the rule modules
(``rules``, one per finding code) and lays out the report (``report``); ``compose`` edits
positions; ``catalog`` shows the data.
"""

from armybuilder.systems import Manifest

MANIFEST = Manifest(
    id="small-world-of-warcraft",
    list_schema="small-world-of-warcraft.list",
    measure="tokens",
    summary="Horde races: a position against the racial powers, conquest costs, the turn's victory coins",
    new_example="turn-4.yaml",
    explain_example="Tauren",
)
