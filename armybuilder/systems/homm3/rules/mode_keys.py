"""A key the chosen mode does not use.

``length`` (short, medium or large) belongs to Skirmish and Adventure: both players choose a
length before the game (3. Adventure Mode: 9, 13 or 16 Rounds; 4. Skirmish Mode). A regular
game that only uses the Battlefield board (``mode: board``) has no length. ``opponent``
(player or neutral) belongs to ``mode: board``: there the unit limit depends on it (6. Board in
regular games); Adventure and Skirmish are always one player against another.
"""

from armybuilder.findings import Severity

from ._base import finding

CODE = "HMB001"
NAME = "mode-keys"
SEVERITY = Severity.ERROR
RULE = "HoMM3 Battlefield 6. Board in regular games"


def check(army):
    data = army.data
    if army.mode == "board" and "length" in data:
        yield finding(__name__, f"length: {data['length']} is for skirmish and adventure; a regular game on the "
                      "Battlefield board has no length: leave it out", ("length",))
    if army.mode != "board" and "opponent" in data:
        yield finding(__name__, f"opponent: {data['opponent']} is for mode: board; {army.mode} is always one "
                      "player against another: leave it out", ("opponent",), "HoMM3 Battlefield 1. Overview")
