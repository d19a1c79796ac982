"""Token Terrors' own command: ``armybuilder matchup FIRST SECOND``.

The manifest names this module in ``commands``; the CLI calls :func:`register` with its Typer app
at start-up. Only typer is imported here: the matchup itself (``matchup.py``, with the data and
the reporters) is imported when the command runs.
"""

from __future__ import annotations

from pathlib import Path

import typer

from armybuilder.cli.terminal import color, finish
from armybuilder.reporters import Format


def register(app: typer.Typer) -> None:
    """Add ``matchup`` to the command line."""

    @app.command()
    def matchup(
        first: Path = typer.Argument(..., help="The first army file.", exists=True, dir_okay=False, readable=True),
        second: Path = typer.Argument(..., help="The second army file.", exists=True, dir_okay=False, readable=True),
        fmt: Format = typer.Option(Format.text, "--format", "-f", help="Output format.", case_sensitive=False),
        allow_shared_factions: bool = typer.Option(
            False,
            "--allow-shared-factions",
            help="Both players agree to share factions (pre-built armies); one box then supplies both armies.",
        ),
    ) -> None:
        """Token Terrors: set two armies against each other (shared factions, live Grudges, each side's Tactics)."""
        from armybuilder.systems.token_terrors.matchup import matchup as run

        finish(run(first, second, fmt, allow_shared=allow_shared_factions, color=color()))
