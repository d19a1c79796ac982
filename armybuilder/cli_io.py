"""How the commands meet the terminal: print an outcome, exit with its code, and whether to colour.

Reports go to stdout, messages to stderr; the exit code is the outcome's. Used by ``cli.py`` and
by the commands a system adds (``MANIFEST.commands``).
"""

from __future__ import annotations

import os
import sys

import typer

from armybuilder.outcome import Outcome


def finish(outcome: Outcome) -> None:
    """Report on stdout, messages on stderr, then exit with the outcome's code."""
    if isinstance(outcome.stdout, bytes):
        if outcome.stdout:
            sys.stdout.buffer.write(outcome.stdout)
    elif outcome.stdout:
        sys.stdout.write(outcome.stdout)
    sys.stdout.flush()
    for line in outcome.stderr:
        sys.stderr.write(line + "\n")
    raise typer.Exit(int(outcome.code))


def color() -> bool:
    """Colour on a terminal, unless NO_COLOR or TERM=dumb; FORCE_COLOR forces it."""
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    return bool(os.environ.get("FORCE_COLOR")) or sys.stdout.isatty()


def stdout_is_terminal() -> bool:
    try:
        return sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


def stderr_is_terminal() -> bool:
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False
