"""Plain-text roster (``export --to text``): a compact list to paste into a forum post or a chat.

Layout: the list's name; the game system, the total and the status; the event and its date
(``--event PACK``), the player and the note when the list has them; one line per row of each table
of the army (a class, a hero, a card, a unit, a faction, a race: whatever the system lays out), its
cells after the first as ``Column: value``, the empty ones left out; the status with the counts
("legal at EVENT" with ``--event``), and every error of an invalid list; the rules appendix with
``--with-rules``; and a last line with the armybuilder version, the data version and the
fingerprint.

Names are kept as written (accents, any script) but every text passes through
:func:`armybuilder.text.one_line`: no control character or line break from a list reaches the text.
"""

from __future__ import annotations

from armybuilder.export import Exporter, ExportOptions
from armybuilder.export.appendix import NOTHING_USED, RULES_INTRO
from armybuilder.export.roster import Roster, Table, finding_text
from armybuilder.text import one_line, utf8

SEP = " · "


def row_lines(t: Table) -> list[str]:
    """One line per row: the first cell, then each other filled cell as ``Column: value``."""
    out = []
    head = [one_line(c) for c in t.columns]
    for row in t.text_rows():
        cells = [one_line(c) for c in row]
        parts = [cells[0]] if cells and cells[0] else []
        for name, value in zip(head[1:], cells[1:], strict=True):
            if value:
                parts.append(f"{name}: {value}" if name else value)
        if parts:
            out.append("- " + SEP.join(parts))
    return out


class TextExporter(Exporter):
    name = "text"
    suffix = ".txt"

    def render(self, roster: Roster, options: ExportOptions) -> bytes:
        return utf8(self.text(roster))

    def text(self, r: Roster) -> str:
        out = [one_line(r.title), one_line(SEP.join([r.system_label, r.measure_text, r.status]))]
        out += [one_line(f"{label}: {value}") for label, value in r.header_facts]
        for t in r.tables:
            lines = row_lines(t)
            if lines:
                out += ["", one_line(t.title), *lines]
        status = f"legal {r.judged}" if r.valid else f"not legal {r.judged}"  # with --event: the event's verdict
        out += ["", one_line(f"{r.status}: {status} ({r.counts_text})")]
        out += [one_line(f"- {finding_text(f)}") for f in r.errors]
        if r.rules is not None:
            out += ["", "Rules used", one_line(RULES_INTRO)]
            out += [one_line(f"- {e.text}") for e in r.rules] or [f"- {NOTHING_USED}"]
        tail = [f"armybuilder {r.version}", r.data_label]
        if r.fingerprint:
            tail.append(f"fingerprint {r.fingerprint}")
        out += ["", one_line(SEP.join(tail))]
        return "\n".join(out) + "\n"
