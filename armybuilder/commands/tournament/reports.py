"""A tournament's reports: the table on stdout (:func:`table`) or its JSON (:func:`json_report`,
``--format json``), and the report files (``--report``): Markdown (to publish), JSON, CSV (a
spreadsheet) and JUnit XML (CI).

Each function takes a :class:`armybuilder.events.standings.Tournament` and returns text (the JSON file
is what ``--format json`` prints). The output depends only on the lists and the pack
(no times, no dates), so a report can be diffed and kept in git. In JUnit XML each list is a
test case: an illegal list a ``<failure>``, a broken
file an ``<error>``; warnings go to ``<system-out>``. A file found and not checked (hidden, not
YAML, an event pack...) is in every report too: a "Not checked" section in Markdown, a row with
status ``skipped`` in CSV, a ``<skipped>`` test case in JUnit, ``skipped`` in JSON. Every report
passes through the one cleaner (:func:`armybuilder.text.terminal`) before it is written.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from armybuilder.csvcells import rows_text
from armybuilder.findings import Finding, Severity, finding_line, number
from armybuilder.reporters.json_ import dumps, findings_of
from armybuilder.reporters.text import painter, total_text
from armybuilder.text import fmt_points, md, one_line, plural, terminal, width

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.events.standings import CheckedList, Tournament


def render(kind: str, t: Tournament) -> str:
    """The report file's text, through the one cleaner of every report (:func:`armybuilder.text.terminal`:
    a field a report forgot cannot carry a control character or a bidirectional control either)."""
    return terminal({"markdown": markdown, "json": json_report, "csv": csv_report, "junit": junit}[kind](t))


def _where(entry: CheckedList, f: Finding) -> str:
    line = f.line if f.line is not None else 1
    col = f.column if f.column is not None else 1
    return f"{f.source or entry.file}:{line}:{col}"


# -- the table -------------------------------------------------------------------------------


def table(t: Tournament, color: bool = False, fit: int | None = None) -> str:
    """The table of lists, then the errors of each list that is not legal; ``color``: a colour
    terminal's; ``fit``: a terminal's width, which the table fits (None: as wide as it is).

    Plain aligned columns (:func:`armybuilder.text.columns`) rather than a Rich table: a Rich
    table of 1,000 rows takes longer to draw than checking the lists does.
    """
    from armybuilder.boxed import fit_columns

    marks = painter(color) if color else None
    several = len(t.pack.system_ids) > 1
    base = common_folder([e.file for e in t.entries])
    head = ["#", "Player / file", "List"] + (["System"] if several else []) + ["Total", "Data", "Status", "Errors"]
    rows = []
    for e in t.entries:
        shown = e.player or (os.path.relpath(e.file, base) if base else e.file)
        row = [str(e.index), one_line(shown), one_line(e.name or "")]
        if several:
            row.append(one_line(e.system or "-"))
        rows.append([*row, total_text(e.measure), one_line(e.data_versions(t.pack)), e.status, str(e.errors)])
    lines = fit_columns(head, rows, right=(0, len(head) - 4, len(head) - 1), line=fit)  # #, Total, Errors
    paint = painter(color)
    status_size = max(width(r[-2]) for r in [head, *rows])
    title = one_line(f"{t.pack.event} ({', '.join(t.pack.system_ids)})" + (f": files in {base}" if base else ""))
    out = [paint(title, "title"), *lines[0], *lines[1]]
    for wrapped, e in zip(lines[2:], t.entries, strict=False):  # a wrapped row: its first line has the status
        out += [_paint_cell(wrapped[0], e.status, status_size, paint), *wrapped[1:]]
    named = t.names_lines(lambda p: os.path.relpath(p, base) if base else p)
    out += ["", *named] if named else []
    for e in t.entries:
        if e.legal:
            continue
        who = f" ({one_line(e.player)})" if e.player else ""
        out += ["", paint(f"{e.index}. {one_line(e.file)}{who}: {e.status}", e.status)]
        result = e.result
        out += ["  " + finding_line(result, f, marks) for f in e.findings(Severity.ERROR)]
    if t.skipped:
        out += ["", f"not checked ({len(t.skipped)}):"]
        out += [f"  {one_line(os.path.relpath(s.file, base) if base else s.file)}: {s.reason}" for s in t.skipped]
    return "\n".join(out) + "\n"


def common_folder(files: Sequence[str]) -> str | None:
    """The folder all the files are in (None when there is none worth naming)."""
    try:
        base = os.path.commonpath([os.path.dirname(f) or "." for f in files])
    except ValueError:  # absolute and relative paths mixed, or none
        return None
    return base if base not in ("", ".") else None


def _paint_cell(line: str, status: str, size: int, paint: Callable[[str, str], str]) -> str:
    """A table row with its Status cell (padded to ``size``, before the Errors column) painted."""
    head, sep, tail = line.rpartition("  " + status)
    if not sep:
        return line
    gap = size - width(status)
    return head + "  " + paint(status + tail[:gap], status) + tail[gap:]


# -- JSON ------------------------------------------------------------------------------------


def json_report(t: Tournament) -> str:
    """What ``--format json`` prints, and the ``--report x.json`` file."""
    return dumps(tournament_dict(t))


def tournament_dict(t: Tournament) -> dict[str, Any]:
    """A tournament run as plain data: the pack, the summary, every list with its findings; and,
    when players' names came from a players file, which (``names_from``; a list's ``player_from``)."""
    out: dict[str, Any] = {
        "event": t.pack.describe(),
        "summary": {**t.summary(), "all_legal": t.all_legal},
        "lists": [
            {
                "index": e.index,
                "file": e.file,
                "player": e.player,
                "system": e.system,
                "name": e.name,
                "status": e.status,
                "legal": e.legal,
                "points": e.measure.to_dict(),
                "data_version": e.data_version,
                "event_data_version": e.event_data_version(t.pack),
                "errors": e.errors,
                "warnings": e.warnings,
                "findings": findings_of(e.file, e.result.sorted_findings()),
                **({"player_from": e.named_by} if e.named_by is not None else {}),
            }
            for e in t.entries
        ],
        "skipped": [{"file": s.file, "reason": s.reason} for s in t.skipped],
    }
    named = t.names_from()
    if named:
        out["names_from"] = [
            {"file": source, "lists": [e.index for e in entries], "said": said}
            for (source, entries), said in zip(named, t.names_lines(), strict=True)
        ]
    return out


# -- CSV -------------------------------------------------------------------------------------

CSV_COLUMNS = [
    "index",
    "player",
    "file",
    "system",
    "name",
    "total",
    "limit",
    "unit",
    "status",
    "errors",
    "warnings",
    "codes",
    "messages",
    "data_version",
    "event_data_version",
]


def _cell(value: Any) -> str:
    """Text for a spreadsheet cell, on one line and without control characters (the guard against a
    formula is :func:`armybuilder.csvcells.cell`, which every cell passes through)."""
    return "" if value is None else one_line(value)


def csv_report(t: Tournament) -> str:
    rows: list[list[Any]] = [CSV_COLUMNS]
    for e in t.entries:
        m = e.measure
        shown = e.findings(Severity.WARNING)
        rows.append(
            [
                e.index,
                _cell(e.player),
                _cell(e.file),
                e.system or "",
                _cell(e.name),
                "" if m.total is None else number(m.total),
                "" if m.limit is None else number(m.limit),
                m.unit if m.total is not None else "",
                e.status,
                e.errors,
                e.warnings,
                " ".join(f.code for f in shown),
                _cell(" | ".join(f.message for f in shown if f.severity is Severity.ERROR)),
                _cell(e.data_version),
                _cell(e.event_data_version(t.pack)),
            ]
        )
    for s in t.skipped:  # a file found and not checked: a row of its own, the reason as its message
        rows.append(["", "", _cell(s.file), "", "", "", "", "", "skipped", "", "", "", _cell(s.reason)])
    return rows_text(rows, line_end="\n")


# -- Markdown --------------------------------------------------------------------------------


def _num(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return md(fmt_points(value) if not isinstance(value, float) else value)


def _rules_lines(t: Tournament) -> list[str]:
    return [f"- **{md(sid)}**: {r.words(md, _num)}" for sid, r in t.pack.rules.items()]


def markdown(t: Tournament) -> str:
    s = t.summary()
    several = len(t.pack.system_ids) > 1
    out = [f"# {md(t.pack.event)}", ""]
    for key, label in (("date", "Date"), ("organiser", "Organiser"), ("url", "Web")):
        if key in t.pack.data:
            out.append(f"{label}: {md(t.pack.data[key])}  ")
    out.append(f"Event pack: {md(t.pack.file)}")
    out += ["", "## Rules", "", *_rules_lines(t)]
    broken = f" ({plural(s['broken'], 'broken file')})" if s["broken"] else ""
    out += [
        "",
        "## Lists",
        "",
        f"**{plural(s['lists'], 'list')}: {s['legal']} legal, {s['illegal']} illegal{broken}.**",
        "",
    ]
    named = t.names_lines(md)
    out += [*(line + "  " for line in named[:-1]), *named[-1:], ""] if named else []
    head = ["#", "Player / file", "List"] + (["System"] if several else [])
    head += ["Total", "Data version", "Status", "Errors", "Warnings"]
    align = ["--:", "---", "---"] + (["---"] if several else []) + ["--:", "---", "---", "--:", "--:"]
    out.append("| " + " | ".join(head) + " |")
    out.append("|" + "|".join(align) + "|")
    for e in t.entries:
        status = e.status if e.legal else f"**{e.status}**"
        row = [str(e.index), md(e.label), md(e.name or "")]
        if several:
            row.append(md(e.system or "-"))
        row += [md(total_text(e.measure)), md(e.data_versions(t.pack)), status, str(e.errors), str(e.warnings)]
        out.append("| " + " | ".join(row) + " |")
    flagged = [e for e in t.entries if not e.legal or e.warnings]
    if flagged:
        out += ["", "## Findings"]
        for e in flagged:
            who = f"{md(e.player)}, " if e.player else ""
            name = f" ({md(e.name)})" if e.name else ""
            out += ["", f"### {e.index}. {who}{md(e.file)}{name}: {e.status}", ""]
            for f in e.findings(Severity.WARNING):
                rule = f" ({md(f.rule)})" if f.rule else ""
                out.append(f"- **{f.code}** {f.severity.value} at {md(_where(e, f))}: {md(f.message)}{rule}")
    if t.skipped:
        out += ["", "## Not checked", ""] + [f"- {md(s.file)}: {md(s.reason)}" for s in t.skipped]
    return "\n".join(out) + "\n"


# -- JUnit XML -------------------------------------------------------------------------------

_XML_BAD = re.compile("[\ufffe\uffff]")  # what XML 1.0 cannot hold beyond what text.terminal cleans


def _x(text: Any) -> str:
    """Text XML 1.0 can hold, cleaned as every report is (:func:`armybuilder.text.terminal`): no C0 or
    C1 control character (U+009B is a terminal's escape), no bidirectional control, from a list file."""
    return _XML_BAD.sub("\ufffd", terminal("" if text is None else str(text)))


def junit(t: Tournament) -> str:
    import xml.etree.ElementTree as ET

    s = t.summary()
    failures = sum(1 for e in t.entries if e.status == "illegal")
    errors = s["broken"]
    suites = ET.Element(
        "testsuites", name="armybuilder tournament", tests=str(s["lists"]), failures=str(failures), errors=str(errors)
    )
    suite = ET.SubElement(
        suites,
        "testsuite",
        name=_x(t.pack.event),
        tests=str(s["lists"]),
        failures=str(failures),
        errors=str(errors),
        skipped=str(len(t.skipped)),
    )
    props = ET.SubElement(suite, "properties")
    ET.SubElement(props, "property", name="event_pack", value=_x(t.pack.file))
    ET.SubElement(props, "property", name="systems", value=_x(" ".join(t.pack.system_ids)))
    for said in t.names_lines():
        ET.SubElement(props, "property", name="names_from", value=_x(said))
    for e in t.entries:
        name = e.file + (f" ({e.player})" if e.player else "")
        case = ET.SubElement(suite, "testcase", name=_x(name), classname=_x(e.system or "broken"), file=_x(e.file))
        errs = e.findings(Severity.ERROR)
        if not e.legal:
            tag = "error" if e.status == "broken" else "failure"
            first = errs[0] if errs else None
            node = ET.SubElement(
                case,
                tag,
                type=first.code if first else e.status,
                message=_x(f"{e.status}: {plural(e.errors, 'error')}" + (f"; {first.message}" if first else "")),
            )
            node.text = _x("\n".join(f"{_where(e, f)}: {f.code} [{f.severity.value}] {f.message}" for f in errs))
        warns = [f for f in e.findings(Severity.INFO) if f.severity is not Severity.ERROR]
        if warns:
            out = ET.SubElement(case, "system-out")
            out.text = _x("\n".join(f"{_where(e, f)}: {f.code} [{f.severity.value}] {f.message}" for f in warns))
    for skip in t.skipped:
        case = ET.SubElement(suite, "testcase", name=_x(skip.file), classname="not checked", file=_x(skip.file))
        ET.SubElement(case, "skipped", message=_x(skip.reason))
    ET.indent(suites)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(suites, encoding="unicode") + "\n"
