"""The event pack does not fit the event-pack schema (`schemas/event.schema.json`): an unknown key
(often a typo: a suggestion is given), a value of the wrong type, a negative cap. The finding
cites the pack's line. A pack that is not YAML at all is reported with the generic ABL codes.
Commands given a broken pack stop with exit code 2 before checking any list.
"""

from armybuilder.findings import Severity

CODE = "EVT001"
NAME = "pack-shape"
SEVERITY = Severity.ERROR
RULE = "event pack schema"

# Checked when the pack is read (armybuilder.events.load), not against a list.
