"""JSON reporter: one object, ``{"results": [...]}``, the same shape for every system; :func:`dumps`,
the one way every command's JSON is written."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from armybuilder.findings import Finding, Result, number
from armybuilder.reporters import Reporter
from armybuilder.text import json_text


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

    def validate(self, results: Sequence[Result]) -> str:
        return dumps({"results": [r.to_dict() for r in results]})

    def cost(self, results: Sequence[Result]) -> str:
        return dumps({"results": [cost_dict(r) for r in results]})


def findings_of(file: str, findings: Sequence[Finding]) -> list[dict[str, Any]]:
    """Findings with the file each is about (the list, or the event pack it cites)."""
    return [{**f.to_dict(), "file": f.source or file} for f in findings]
