"""JSON reporter: one object, ``{"results": [...]}``, the same shape for every system; a diff;
a tournament (the same object as the ``--report x.json`` file)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from armybuilder.findings import Finding, Result, number
from armybuilder.reporters import Reporter
from armybuilder.text import json_text

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.codes import Code
    from armybuilder.commands.diff import Diff
    from armybuilder.commands.tournament import Tournament
    from armybuilder.compose.catalog import Entry, Group


def dumps(obj: Any) -> str:
    return json_text(json.dumps(obj, indent=2, ensure_ascii=False, default=number)) + "\n"


def cost_dict(r: Result) -> dict[str, Any]:
    """One result with its cost breakdown, as ``cost --format json`` gives it."""
    item = r.to_dict()
    item["breakdown"] = r.details
    item["sections"] = [s.to_dict() for s in r.sections]
    return item


class JsonReporter(Reporter):
    def __init__(self, **_: Any):
        pass

    def catalog(
        self, system: str, title: str, text_filter: str | None, groups: list[Group], note: str | None = None
    ) -> str:
        from armybuilder.compose.catalog import catalog_data

        return dumps(catalog_data(system, text_filter, groups, note))

    def explain(self, system: str, entries: list[Entry]) -> str:
        return dumps({"system": system, "entries": [e.to_dict() for e in entries]})

    def systems(self, rows: list[dict[str, Any]]) -> str:
        return dumps({"systems": rows})

    def codes(self, codes: list[Code], one: bool = False) -> str:
        return dumps({"codes": [c.to_dict() for c in codes]})

    def validate(self, results: Sequence[Result]) -> str:
        return dumps({"results": [r.to_dict() for r in results]})

    def cost(self, results: Sequence[Result]) -> str:
        return dumps({"results": [cost_dict(r) for r in results]})

    def diff(self, d: Diff) -> str:
        change = d.change
        return dumps(
            {
                "old": _side(d.old),
                "new": _side(d.new),
                "points": {
                    "old": number(d.old.measure.total),
                    "new": number(d.new.measure.total),
                    "change": None if change is None else number(change),
                    "unit": d.new.measure.unit,
                },
                "compared": d.compared,
                "added": [c.to_dict() for c in d.added],
                "removed": [c.to_dict() for c in d.removed],
                "changed": [c.to_dict() for c in d.changed],
                "totals": [{"name": c.name, "old": number(c.old), "new": number(c.new)} for c in d.totals],
                "values": [v.to_dict() for v in d.values],
                "findings": {"gained": _findings(d.new.file, d.gained), "lost": _findings(d.old.file, d.lost)},
            }
        )

    def tournament(self, t: Tournament) -> str:
        return dumps(tournament_dict(t))


def _side(r: Result) -> dict[str, Any]:
    return {"file": r.file, "system": r.system, "name": r.name, "valid": r.valid, "points": r.measure.to_dict()}


def _findings(file: str, findings: Sequence[Finding]) -> list[dict[str, Any]]:
    """Findings with the file each is about (the list, or the event pack it cites)."""
    return [{**f.to_dict(), "file": f.source or file} for f in findings]


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
                "system": e.result.system,
                "name": e.result.name,
                "status": e.status,
                "legal": e.legal,
                "points": e.result.measure.to_dict(),
                "data_version": e.data_version,
                "event_data_version": e.event_data_version(t.pack),
                "errors": e.errors,
                "warnings": e.warnings,
                "findings": _findings(e.file, e.result.sorted_findings()),
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
