"""Reporters: the results of ``validate`` and ``cost`` in an output format chosen by name.

``--format text|json`` picks one :class:`Reporter` from :data:`FORMATS`; ``validate`` and ``cost``
call the reporter's method of their own name with the results. Every other command that reports
(diff, tournament, catalog, explain, systems, rule) renders its own result beside it, with the
pieces here (:func:`armybuilder.reporters.json_.dumps`, :func:`armybuilder.findings.finding_line`).
Summaries and progress are the CLI's, on stderr, so ``--format json`` prints only JSON.
"""

from __future__ import annotations

import enum
import importlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.findings import Finding, Result


class Format(str, enum.Enum):
    text = "text"
    json = "json"


TEXT_WIDTH = 100  # columns a text report's tables fit when stdout is not a terminal (goldens, pipes)


class MinSeverity(str, enum.Enum):
    """``--min-severity``: the least severe findings a report shows. It hides lines, never changes
    a verdict, a count or an exit code (an error is always shown)."""

    info = "info"
    warning = "warning"
    error = "error"

    def keeps(self, f: Finding) -> bool:
        from armybuilder.findings import Severity  # loaded already: f is a Finding

        return f.severity.rank <= Severity(self.value).rank


def shown(results: Sequence[Result], level: MinSeverity | str = MinSeverity.info) -> list[Result]:
    """The results as a report shows them: without the findings below ``level``. Their verdict is
    the same (errors are never hidden); summaries and exit codes come from the results themselves."""
    import dataclasses

    level = MinSeverity(level)
    if level is MinSeverity.info:
        return list(results)
    return [dataclasses.replace(r, findings=[f for f in r.findings if level.keeps(f)]) for r in results]


# The format names mapped to their reporter classes (module, class), imported on use.
FORMATS: dict[Format, tuple[str, str]] = {
    Format.text: ("armybuilder.reporters.text", "TextReporter"),
    Format.json: ("armybuilder.reporters.json_", "JsonReporter"),
}


class Reporter:
    """Base class: the report of ``validate`` and of ``cost``."""

    def validate(self, results: Sequence[Result]) -> str:
        raise NotImplementedError

    def cost(self, results: Sequence[Result]) -> str:
        raise NotImplementedError


def reporter(fmt: Format | str, **kwargs: Any) -> Reporter:
    module, cls = FORMATS[Format(fmt)]
    made: Reporter = getattr(importlib.import_module(module), cls)(**kwargs)
    return made
