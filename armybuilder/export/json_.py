"""JSON roster: the roster as data for other tools (``schemas/roster.schema.json``)."""

from __future__ import annotations

import json

from armybuilder.export import Exporter, ExportOptions
from armybuilder.export.roster import Roster
from armybuilder.text import json_text, utf8


class JsonExporter(Exporter):
    name = "json"
    suffix = ".json"

    def render(self, roster: Roster, options: ExportOptions) -> bytes:
        text = json.dumps(roster.to_dict(), indent=2, ensure_ascii=False, allow_nan=False)
        return utf8(json_text(text) + "\n")
