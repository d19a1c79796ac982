"""The event fixes a top-level key of the list (`require: {settings: {mode: skirmish}}`) and the list
gives another value or none. Text is compared without regard to case.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from armybuilder.findings import Finding, Severity, locate
from armybuilder.suggest import fold

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.events.rules._base import Context

CODE = "EVT016"
NAME = "setting-mismatch"
SEVERITY = Severity.ERROR
RULE = "event pack"


def check(ctx: Context) -> Iterator[Finding]:
    rules = ctx.checked
    if rules is None:
        return
    data: dict[Any, Any] = ctx.result.document if isinstance(ctx.result.document, dict) else {}
    for entry in rules.settings:
        key = _find_key(data, entry.name)
        if key is None:
            yield ctx.finding(
                CODE,
                f"{ctx.event} is played with {entry.name}: {_show(entry.value)}; the list "
                f"does not say its {entry.name}",
                entry.path,
            )
            continue
        value = data[key]
        if not _same(value, entry.value):
            line = locate(ctx.result.positions or {}, (key,))[0]
            yield ctx.finding(
                CODE,
                f"{ctx.event} is played with {entry.name}: {_show(entry.value)}; the list "
                f"says {_show(value)} (list line {line})",
                entry.path,
            )


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (dict, list)):
        return "(a " + ("mapping" if isinstance(value, dict) else "list") + ")"
    return str(value)


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, str) and isinstance(b, str):
        return fold(a) == fold(b)
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    return bool(a == b)


def _find_key(data: dict[Any, Any], name: str) -> Any:
    if name in data:
        return name
    for key in data:
        if isinstance(key, str) and fold(key) == fold(name):
            return key
    return None
