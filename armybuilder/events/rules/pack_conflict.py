"""The event pack fits its schema but cannot be applied: it names a game system armybuilder does not
know, has both `system` and `systems`, puts `points` or `data_version` at the top of a
several-systems pack (they belong under `systems.<id>`), asks for a `min_` total above its `max_`,
or both bans and requires the same name. Exit code 2.
"""

from armybuilder.findings import Severity

CODE = "EVT002"
NAME = "pack-conflict"
SEVERITY = Severity.ERROR
RULE = "event pack"

# Checked when the pack is read (armybuilder.events.load), not against a list.
