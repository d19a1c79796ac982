"""Reporters: an output format chosen by name, mapped to a formatter class.

Each reporter turns results into text for stdout. Summaries and progress are the CLI's,
on stderr, so ``--format json`` prints only JSON.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Sequence

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.findings import Result


class Format(str, enum.Enum):
    text = "text"
    json = "json"


class Reporter:
    """Base class: one method per command that prints results."""

    def validate(self, results: Sequence["Result"]) -> str:
        raise NotImplementedError

    def cost(self, results: Sequence["Result"]) -> str:
        raise NotImplementedError


def reporter(fmt: Format | str, **kwargs) -> Reporter:
    fmt = Format(fmt)
    if fmt is Format.json:
        from armybuilder.reporters.json_ import JsonReporter

        return JsonReporter(**kwargs)
    from armybuilder.reporters.text import TextReporter

    return TextReporter(**kwargs)
