"""The command line: parse options, call the library, print. Nothing else lives here."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import List, Optional

import typer

from armybuilder import __version__
from armybuilder.reporters import Format

app = typer.Typer(
    name="armybuilder",
    help="Build army lists, see what every part costs, and know before game day that the list is legal.",
    no_args_is_help=True,
    add_completion=True,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
)

FilesArg = typer.Argument(..., help="List files (YAML).", exists=True, dir_okay=False, readable=True)
FormatOpt = typer.Option(Format.text, "--format", "-f", help="Output format.", case_sensitive=False)
PointsOpt = typer.Option(None, "--points", help="Check against this points limit instead of the list's own.", min=1, max=10000)


def _version(value: bool) -> None:
    if value:
        print(f"armybuilder {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Print the version."),
) -> None:
    """Army-list builder and points validator."""


def _emit(text: str) -> None:
    sys.stdout.write(text)
    sys.stdout.flush()


def _say(text: str) -> None:
    sys.stderr.write(text + "\n")


@app.command()
def validate(
    files: List[Path] = FilesArg,
    fmt: Format = FormatOpt,
    points: Optional[float] = PointsOpt,
) -> None:
    """Check list files against the rules: every cap, restriction and cost rule."""
    from armybuilder import app as core

    out, summary, code = core.validate(files, fmt, points=points)
    _emit(out)
    for line in summary:
        _say(line)
    raise typer.Exit(code)


@app.command()
def cost(
    files: List[Path] = FilesArg,
    fmt: Format = FormatOpt,
    points: Optional[float] = PointsOpt,
) -> None:
    """Show what each part of a list costs, and why."""
    from armybuilder import app as core

    out, summary, code = core.cost(files, fmt, points=points, color=_color())
    _emit(out)
    for line in summary:
        _say(line)
    raise typer.Exit(code)


@app.command()
def systems(fmt: Format = FormatOpt) -> None:
    """The game systems, with their data version and what each checks."""
    from armybuilder import app as core

    _emit(core.systems_report(fmt))


@app.command()
def rule(
    code: Optional[str] = typer.Argument(None, help="A finding code, e.g. FTR011. Without one: all codes."),
    fmt: Format = FormatOpt,
) -> None:
    """Explain a finding code (or list them all)."""
    from armybuilder import app as core

    text, ok = core.rule_doc(code, fmt)
    if not ok:
        _say(text)
        raise typer.Exit(2)
    _emit(text)


def _color() -> bool:
    import os

    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    return bool(os.environ.get("FORCE_COLOR")) or sys.stdout.isatty()


def main() -> None:
    try:
        app()
    except BrokenPipeError:  # `armybuilder ... | head -1`
        import os

        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        sys.exit(1)
