"""Every finding code armybuilder can report, for ``armybuilder rule``: one list from the registries.

The generic ``ABL`` codes (:data:`armybuilder.codes.GENERIC`), the event packs' rule modules
(:data:`armybuilder.events.rules.REGISTRY`) and each installed system's codes
(:meth:`armybuilder.systems.System.codes`). It sits above all of them, so that ``codes`` (which
the rule modules import) imports none of them.
"""

from __future__ import annotations

from armybuilder import systems
from armybuilder.codes import GENERIC, Code, code_of
from armybuilder.events.rules import REGISTRY as EVENT_RULES


def all_codes() -> list[Code]:
    """Every code, sorted by code."""
    out = list(GENERIC) + [code_of(rule) for rule in EVENT_RULES]
    for system_id in systems.available():
        out.extend(systems.get(system_id).codes())
    return sorted(out, key=lambda c: c.code)
