"""Reporters: an output format chosen by name, mapped to a formatter class.

``--format text|json`` on every command that reports (validate, cost, diff, tournament, catalog,
explain, systems, rule) picks one :class:`Reporter` from :data:`FORMATS`; each command calls the
reporter's method of its own name with the command's model (results, a diff, a tournament,
catalog entries). Summaries and progress are the CLI's, on stderr, so ``--format json`` prints
only JSON. The reporters import the models they render only for type checking: the command
modules import the reporters, never the other way round.
"""

from __future__ import annotations

import enum
import importlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.codes import Code
    from armybuilder.commands.diff import Diff
    from armybuilder.commands.tournament import Tournament
    from armybuilder.compose.catalog import Entry, Group
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
    """Base class: one method per command that prints a report."""

    def validate(self, results: Sequence[Result]) -> str:
        raise NotImplementedError

    def cost(self, results: Sequence[Result]) -> str:
        raise NotImplementedError

    def diff(self, d: Diff) -> str:
        raise NotImplementedError

    def tournament(self, t: Tournament) -> str:
        raise NotImplementedError

    def catalog(
        self, system: str, title: str, text_filter: str | None, groups: list[Group], note: str | None = None
    ) -> str:
        raise NotImplementedError

    def explain(self, system: str, entries: list[Entry]) -> str:
        raise NotImplementedError

    def systems(self, rows: list[dict[str, Any]]) -> str:
        raise NotImplementedError

    def codes(self, codes: list[Code], one: bool = False) -> str:
        raise NotImplementedError


def reporter(fmt: Format | str, **kwargs: Any) -> Reporter:
    module, cls = FORMATS[Format(fmt)]
    made: Reporter = getattr(importlib.import_module(module), cls)(**kwargs)
    return made
