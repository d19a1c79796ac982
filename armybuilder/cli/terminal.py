"""How the commands meet the terminal: print an outcome, exit with its code, and whether to colour.

Reports go to stdout, messages to stderr; the exit code is the outcome's. Used by ``cli.py`` and
by the commands a system adds (``MANIFEST.commands``).
"""

from __future__ import annotations

import os
import sys
import typing

import typer

from armybuilder.outcome import Outcome


def finish(outcome: Outcome) -> None:
    """Report on stdout, messages on stderr, then exit with the outcome's code.

    The one way out to the terminal: every text report and message passes through
    :func:`armybuilder.text.terminal` (no control character or escape sequence from a list file,
    a file name or an event pack reaches the terminal, whatever the reporter did; colour codes
    pass only when the output is coloured). Bytes (a PDF into a pipe) are written as they are.

    A stdout that cannot be written (a full disk, ``>&-``, a reader that went away) ends the
    command with exit code 2 and, unless the reader just stopped reading, one line on stderr;
    a command that already did its work (an edit written: ``outcome.done``) says so there, so
    a written edit is never taken for a failed one.
    """
    from armybuilder.text import terminal

    exc: Exception | None = None
    try:
        if isinstance(outcome.stdout, bytes):
            if outcome.stdout:
                _stdout().buffer.write(outcome.stdout)
        elif outcome.stdout:
            _stdout().write(terminal(outcome.stdout, colour=color()))
        _stdout().flush()
    except (OSError, ValueError, AttributeError) as failed:  # ENOSPC, EPIPE, a closed or missing stdout
        exc = failed
    if outcome.stream is not None and exc is None:
        colour = color()
        for chunk in outcome.stream:  # each as it is made (a list checked), not the report whole
            if not chunk:
                continue
            try:
                _stdout().write(terminal(chunk, colour=colour))
                _stdout().flush()
            except (OSError, ValueError, AttributeError) as failed:
                exc = failed
                break  # no reader: the lists left are not checked
    code = int(outcome.code)  # read after the stream, which sets it (and adds to stderr) as it goes
    errors = list(outcome.stderr)
    if exc is not None:
        drop_stdout()
        code = 2
        if not isinstance(exc, BrokenPipeError):
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else "it is closed"
            errors.append(f"armybuilder: cannot write to standard output ({why}); the report was not printed")
        if outcome.done:
            errors.append(f"armybuilder: {outcome.done}")
    try:
        for line in errors:
            sys.stderr.write(terminal(line) + "\n")
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):  # nowhere left to say anything
        pass
    raise typer.Exit(code)


def _stdout() -> typing.TextIO:
    out = sys.stdout
    if out is None:  # started with stdout closed (`>&-`)
        raise AttributeError("stdout is closed")
    return out


def stdout_failed() -> bool:
    """Whether stdout cannot take what is written to it (flushing it fails)."""
    try:
        _stdout().flush()
    except (OSError, ValueError, AttributeError):
        return True
    return False


def drop_stdout() -> None:
    """Point the process's stdout at the null device, so what is still buffered for it cannot fail
    again when Python exits (an "Exception ignored" message and exit code 120)."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, ValueError, OSError):  # none, or not a real file (a test's capture)
        return
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, fd)
        os.close(null)
    except OSError:  # pragma: no cover - no null device
        pass


MIN_WIDTH = 40  # the narrowest a terminal's tables are laid out for


def table_width() -> int:
    """The columns a report's tables may fill: the terminal's width on a terminal (``COLUMNS``, else
    the terminal's size; at least 40), and a fixed 100 when stdout is a file or a pipe, so the bytes
    there never depend on the terminal the command was started from."""
    from armybuilder.reporters import TEXT_WIDTH

    if not stdout_is_terminal():
        return TEXT_WIDTH
    import shutil

    return max(MIN_WIDTH, shutil.get_terminal_size((TEXT_WIDTH, 24)).columns)


def fit_width() -> int | None:
    """The width plain tables (catalog, tournament) wrap to fit: a terminal's, else None (they are
    printed as wide as they are, the same bytes into any file or pipe)."""
    return table_width() if stdout_is_terminal() else None


def color() -> bool:
    """Colour on a terminal, unless NO_COLOR or TERM=dumb; FORCE_COLOR forces it."""
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    return bool(os.environ.get("FORCE_COLOR")) or stdout_is_terminal()


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
