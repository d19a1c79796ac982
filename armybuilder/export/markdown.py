"""Markdown roster: GitHub-flavoured tables, padded so the plain text reads as well.

Layout: the list's name as the title, a banner when the list is invalid, the header facts
(status, system, measure, the event and its date with ``--event``, the list's player and note,
file, date), every error, one table per section of the army with its notes, the warnings and info
findings, what is not checked, the rules appendix (``--with-rules``), and a footer (armybuilder
version, data version, fingerprint). Text from the list is escaped so a name cannot turn into Markdown or HTML.
"""

from __future__ import annotations

import re

from armybuilder.export import Exporter, ExportOptions
from armybuilder.export.appendix import NOTHING_USED, RULES_INTRO
from armybuilder.export.roster import Roster, Table, finding_text, notices_heading
from armybuilder.text import json_text, pad, utf8, width
from armybuilder.text import md as escape


def table(t: Table) -> list[str]:
    """A GitHub-flavoured table, columns padded to equal width; numbers right-aligned."""
    header = [escape(c) for c in t.columns]
    rows = [[escape(c) for c in row] for row in t.text_rows()]
    numeric = t.numeric()
    sizes = [max([3, width(header[i])] + [width(r[i]) for r in rows]) for i in range(len(header))]
    lines = ["| " + " | ".join(pad(h, sizes[i], False) for i, h in enumerate(header)) + " |"]
    lines.append(
        "| " + " | ".join(("-" * (s - 1) + ":") if numeric[i] else "-" * s for i, s in enumerate(sizes)) + " |"
    )
    for r in rows:
        lines.append("| " + " | ".join(pad(c, sizes[i], numeric[i]) for i, c in enumerate(r)) + " |")
    return lines


class MarkdownExporter(Exporter):
    name = "markdown"
    suffix = ".md"

    def render(self, roster: Roster, options: ExportOptions) -> bytes:
        return utf8(self.text(roster))

    def text(self, r: Roster) -> str:
        out: list[str] = [f"# {escape(r.title)}", ""]
        if not r.valid:
            out += [f"> **{escape(r.invalid_banner)}.**", ""]
        out.append(f"- Status: **{r.status}** ({r.counts_text})")
        out.append(f"- System: {escape(r.system_label)}" + (f" (`{r.system_id}`)" if r.system_id else ""))
        out.append(f"- {escape(r.measure_label)}: {escape(r.measure_value)}")
        out += [f"- {label}: {escape(value)}" for label, value in r.header_facts]
        out.append(f"- List file: {escape(r.file)}")
        if r.date:
            out.append(f"- Date: {r.date}")
        out.append("")
        if r.errors:
            out += ["## Errors", ""]
            out += [f"- {escape(finding_text(f))}" for f in r.errors]
            out.append("")
        for t in r.tables:
            out += [f"## {escape(t.title)}", ""]
            if t.columns and t.rows:  # an empty table shows no header row: its notes say why
                out += table(t)
                out.append("")
            if t.notes:
                out += [f"- {escape(n)}" for n in t.notes]
                out.append("")
        if r.notices:
            out += [f"## {notices_heading(r.notices)}", ""]
            out += [f"- {escape(finding_text(f, with_severity=True))}" for f in r.notices]
            out.append("")
        if r.not_checked:  # what a VALID does not cover
            out += ["## Not checked", ""]
            out += [f"- {escape(n)}" for n in r.not_checked]
            out.append("")
        if r.rules is not None:
            out += rules_section(r)
        out += ["---", ""]
        out.append(f"- {r.status}: {escape(r.title)}, {escape(r.measure_text)}")
        out.append(f"- Exported by armybuilder {r.version}; {escape(r.data_label)}")
        if r.event:
            out.append(f"- {escape(r.event.verdict_line)}")
        if r.fingerprint:
            out.append(
                f"- Fingerprint: `{r.fingerprint}` (SHA-256 of the list's canonical content; "
                f"`armybuilder fingerprint FILE` prints it for a file)"
            )
        else:
            out.append("- Fingerprint: none (the file cannot be read as a list)")
        if r.findings_digest:
            out.append(f"- Findings digest: `{r.findings_digest}` (SHA-256 of what the check found)")
        out += carried_block(r)
        return "\n".join(out) + "\n"


def rules_section(r: Roster) -> list[str]:
    """The rules appendix (``--with-rules``): each item's name in bold, its kind and rule, its summary."""
    out = ["## Rules used", "", escape(RULES_INTRO), ""]
    out += [f"- **{escape(e.name)}** ({escape(e.about)}): {escape(e.summary_text)}" for e in r.rules or []]
    if not r.rules:
        out.append(f"- {NOTHING_USED}")
    return [*out, ""]


LIST_INFO = "json armybuilder-list"  # the info string of the fenced block that carries the list
_SAFE = re.compile("[`<>&\u2028\u2029]")  # never JSON syntax: only ever inside a string


def carried_block(r: Roster) -> list[str]:
    """The list the roster was made from (:func:`armybuilder.fingerprint.carried_bytes`) in a fenced block that
    ``armybuilder verify`` reads back. Backticks, ``<``, ``>``, ``&``, the line separators and the
    C1 control characters are written as JSON escapes (the same value), so no text of the list can
    close the block, become HTML or break a line."""
    text = r.carried_text
    if text is None:
        return []
    text = _SAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", json_text(text))
    fence = "```"  # the list has no backtick left to close it early
    return [
        "",
        "The list this roster was made from (`armybuilder verify` checks it again):",
        "",
        f"{fence}{LIST_INFO}",
        text,
        fence,
    ]
