"""What every command returns: its report for stdout, its messages for stderr, its exit code.

The commands are functions from their options to an :class:`Outcome`; ``cli.py`` only parses the
options, prints the outcome and exits with its code. So every command is easy to test without a
terminal, and the exit codes mean the same everywhere.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any


class ExitCode(enum.IntEnum):
    OK = 0  # every list is valid (the edit was made, the roster written...)
    INVALID = 1  # some list has an error finding (it was still reported, edited or exported)
    USAGE = 2  # a usage error: a bad option, a missing file, an edit refused, a pack that cannot be used

    @classmethod
    def of(cls, valid: bool) -> ExitCode:
        return cls.OK if valid else cls.INVALID


class UsageError(Exception):
    """A command cannot run as asked: the message says why (exit code 2, nothing written)."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


@dataclass
class Outcome:
    """A command's result: ``stdout`` (text or bytes), ``stderr`` lines and the exit code."""

    stdout: str | bytes = ""
    stderr: list[str] = field(default_factory=list)
    code: ExitCode = ExitCode.OK
    done: str = ""  # what the command already did (an edit written), said even when stdout cannot be written
    detail: Any = None  # the structured result, for a face that words it its own way (the browser builder)
    # stdout written as it is made, after ``stdout`` (``validate`` of a folder: one list at a time, so a
    # folder of 10,000 lists is never held whole); it may add to ``stderr`` and set ``code`` as it goes,
    # which are read when it is done
    stream: Iterator[str] | None = None

    @classmethod
    def usage(cls, *messages: str) -> Outcome:
        return cls("", list(messages), ExitCode.USAGE)
