"""JSON reporter: one object, ``{"results": [...]}``, the same shape for every system."""

from __future__ import annotations

import json
from typing import Any, Sequence

from armybuilder.findings import Result, number
from armybuilder.reporters import Reporter


def dumps(obj: Any) -> str:
    return json.dumps(obj, indent=2, ensure_ascii=False, default=number) + "\n"


class JsonReporter(Reporter):
    def __init__(self, **_: Any):
        pass

    def validate(self, results: Sequence[Result]) -> str:
        return dumps({"results": [r.to_dict() for r in results]})

    def cost(self, results: Sequence[Result]) -> str:
        out = []
        for r in results:
            item = r.to_dict()
            item["breakdown"] = r.details
            item["sections"] = [s.to_dict() for s in r.sections]
            out.append(item)
        return dumps({"results": out})
