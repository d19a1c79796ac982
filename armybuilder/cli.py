"""The command line: parse options, call the library, print. Nothing else lives here."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import List, Optional

import typer

from armybuilder import __version__
from armybuilder.compose import grammar as _grammar  # help texts: plain strings
from armybuilder.export import ExportFormat, Paper  # enums only: no reportlab at start-up
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


def _finish(out: str, messages: List[str], code: int) -> None:
    """Report on stdout, messages on stderr, then exit with the code."""
    _emit(out)
    for line in messages:
        _say(line)
    raise typer.Exit(code)


@app.command()
def validate(
    files: List[Path] = FilesArg,
    fmt: Format = FormatOpt,
    points: Optional[float] = PointsOpt,
    event: Optional[Path] = typer.Option(None, "--event", help="Also check against this event pack (YAML): its points, bans, limits and requirements.", exists=True, dir_okay=False, readable=True),
) -> None:
    """Check list files against the rules: every cap, restriction and cost rule."""
    from armybuilder import app as core

    out, summary, code = core.validate(files, fmt, points=points, event=event)
    _finish(out, summary, code)


@app.command()
def cost(
    files: List[Path] = FilesArg,
    fmt: Format = FormatOpt,
    points: Optional[float] = PointsOpt,
) -> None:
    """Show what each part of a list costs, and why."""
    from armybuilder import app as core

    out, summary, code = core.cost(files, fmt, points=points, color=_color())
    _finish(out, summary, code)


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


@app.command()
def matchup(
    first: Path = typer.Argument(..., help="The first army file.", exists=True, dir_okay=False, readable=True),
    second: Path = typer.Argument(..., help="The second army file.", exists=True, dir_okay=False, readable=True),
    fmt: Format = FormatOpt,
    allow_shared_factions: bool = typer.Option(
        False, "--allow-shared-factions",
        help="Both players agree to share factions (pre-built armies); one box then supplies both armies."),
) -> None:
    """Token Terrors: set two armies against each other (shared factions, live Grudges, each side's Tactics)."""
    from armybuilder.systems.token_terrors.matchup import matchup as run

    out, summary, code = run(first, second, fmt, allow_shared=allow_shared_factions, color=_color())
    _finish(out, summary, code)


@app.command()
def tournament(
    pack: Path = typer.Argument(..., help="The event pack (YAML).", exists=True, dir_okay=False, readable=True),
    lists: List[Path] = typer.Argument(..., help="List files, or folders searched for *.yaml and *.yml.", exists=True),
    report: List[Path] = typer.Option([], "--report", "-r", help="Write a report: .md, .json, .csv or .xml (JUnit). Repeatable."),
    force: bool = typer.Option(False, "--force", help="Overwrite report files that exist."),
    fmt: Format = FormatOpt,
) -> None:
    """Check every submitted list against an event pack; exit 1 when any list is illegal."""
    from armybuilder import tournament as t

    out, summary, code = t.command(pack, lists, report, force=force, fmt=Format(fmt).value,
                                   progress=t.stderr_is_terminal(), color=_color())
    _finish(out, summary, code)


@app.command()
def diff(
    old: Path = typer.Argument(..., help="The old version of the list.", exists=True, dir_okay=False, readable=True),
    new: Path = typer.Argument(..., help="The new version of the list.", exists=True, dir_okay=False, readable=True),
    fmt: Format = FormatOpt,
    points: Optional[float] = PointsOpt,
    event: Optional[Path] = typer.Option(None, "--event", help="Check both versions against this event pack too.", exists=True, dir_okay=False, readable=True),
) -> None:
    """What changed between two versions of a list; exit 1 when the new one is not valid."""
    from armybuilder import diff as d

    out, summary, code = d.command(old, new, Format(fmt).value, points=points, event=event)
    _finish(out, summary, code)


@app.command()
def export(
    file: Path = typer.Argument(..., help="The list file (YAML).", exists=True, dir_okay=False, readable=True),
    to: Optional[ExportFormat] = typer.Option(None, "--to", "-t", case_sensitive=False,
                                              help="Output format; without it, from the -o suffix (.md, .pdf, .json)."),
    output: str = typer.Option(..., "--output", "-o", metavar="PATH", help="The file to write; '-' for stdout."),
    paper: Paper = typer.Option(Paper.a4, "--paper", case_sensitive=False, help="PDF paper size."),
    force: bool = typer.Option(False, "--force", help="Overwrite the output file if it exists."),
    date: Optional[str] = typer.Option(None, "--date", metavar="YYYY-MM-DD", help="Print this date on the roster."),
) -> None:
    """Export a roster (Markdown, PDF or JSON) to print or share; exit 1 when the list is invalid."""
    from armybuilder.export import run

    outcome = run(file, to, output, paper=paper, force=force, date=date, stdout_is_tty=sys.stdout.isatty())
    if outcome.stdout is not None:
        sys.stdout.buffer.write(outcome.stdout)
        sys.stdout.flush()
    for line in outcome.messages:
        _say(line)
    raise typer.Exit(outcome.code)


@app.command()
def fingerprint(files: List[Path] = FilesArg) -> None:
    """Print each list's fingerprint: SHA-256 of its canonical content (comments and key order do not count)."""
    from armybuilder.fingerprint import report

    out, messages, code = report(files)
    _finish(out, messages, code)


# --- Compose lists and browse the rules: new, add, remove, set, catalog, explain (armybuilder/compose/)

def _complete(what: str):
    def complete(ctx: typer.Context, incomplete: str):
        from armybuilder.compose.complete import complete as run

        return run(what, ctx, incomplete)

    return complete


def _outcome(outcome) -> None:
    for line in outcome.out:
        print(line)  # plain print: `path:line:col: CODE ...` lines never wrap
    for line in outcome.err:
        _say(line)
    raise typer.Exit(outcome.code)


@app.command("new", help=_grammar.NEW_HELP)
def compose_new(
    system: str = typer.Argument(..., metavar="SYSTEM", help="The game system (armybuilder systems).", autocompletion=_complete("system")),
    file: Path = typer.Argument(..., metavar="FILE", help="The list file to create (YAML)."),
    name: Optional[str] = typer.Option(None, "--name", help="The list's name (default: from the file name)."),
    points: Optional[float] = typer.Option(None, "--points", help="Fantasy Triumph: the army size (default 51)."),
    force: bool = typer.Option(False, "--force", help="Write over an existing file."),
) -> None:
    from armybuilder.compose.edit import run_new

    _outcome(run_new(system, file, name, points, force))


def _edit_command(verb: str):
    def command(
        file: Path = typer.Argument(..., metavar="FILE", help="The list file (YAML)."),
        part: str = typer.Argument(..., metavar="PART", help="What to change (see the grammar above).", autocompletion=_complete("part")),
        args: Optional[List[str]] = typer.Argument(None, metavar="ARGS", help="The part's names and numbers.", autocompletion=_complete("args")),
        troop: Optional[str] = typer.Option(None, "--troop", help="Fantasy Triumph: the class's troop type.", autocompletion=_complete("opt:troop")),
        stands: Optional[int] = typer.Option(None, "--stands", help="Fantasy Triumph: the class's stands (default 1)."),
        general: Optional[bool] = typer.Option(None, "--general/--no-general", help="Fantasy Triumph: the class holds the general."),
        to: Optional[str] = typer.Option(None, "--to", "--from", help="Fantasy Triumph: the CLASS a card goes on (or comes off).", autocompletion=_complete("opt:to")),
        hero: Optional[str] = typer.Option(None, "--hero", help="Fantasy Triumph: the HERO a card goes on.", autocompletion=_complete("opt:hero")),
        army: bool = typer.Option(False, "--army", help="Fantasy Triumph: an army card."),
        option: Optional[List[str]] = typer.Option(None, "--option", help="Fantasy Triumph: a card's option (repeat for two).", autocompletion=_complete("opt:option")),
        number: Optional[int] = typer.Option(None, "--number", help="Fantasy Triumph: how many cards, or stands marked."),
        side: Optional[str] = typer.Option(None, "--side", help="Heroes III: a unit's side, Few or Pack.", autocompletion=_complete("opt:side")),
        alternate: Optional[bool] = typer.Option(None, "--alternate/--no-alternate", help="Heroes III: the unit's alternate card."),
        neutral: Optional[bool] = typer.Option(None, "--neutral/--no-neutral", help="Heroes III: a neutral unit."),
        level: Optional[str] = typer.Option(None, "--level", help="Heroes III: the hero's level, I to VII.", autocompletion=_complete("opt:level")),
        tokens: Optional[int] = typer.Option(None, "--tokens", help="Small World: tokens in a region, or committed to a conquest."),
        decline: bool = typer.Option(False, "--decline", help="Small World: the race in decline's region, power or enlisted."),
        magic: Optional[bool] = typer.Option(None, "--magic/--no-magic", help="Small World: a Magic region."),
        power: Optional[str] = typer.Option(None, "--power", help="Small World: the race's special power (a free name)."),
        opponent: Optional[str] = typer.Option(None, "--opponent", help="Small World: the opponent's race where a bomb lies.", autocompletion=_complete("opt:opponent")),
        defender: Optional[str] = typer.Option(None, "--defender", help="Small World: the race that held a conquered region.", autocompletion=_complete("opt:defender")),
        defender_tokens: Optional[int] = typer.Option(None, "--defender-tokens", help="Small World: the defender's tokens before the conquest."),
        defender_faction: Optional[str] = typer.Option(None, "--defender-faction", help="Small World: the defender's faction.", autocompletion=_complete("opt:defender_faction")),
        mountain: Optional[bool] = typer.Option(None, "--mountain/--no-mountain", help="Small World: the conquered region is a Mountain."),
        defences: Optional[int] = typer.Option(None, "--defences", help="Small World: other defence markers on the region."),
        die: Optional[bool] = typer.Option(None, "--die/--no-die", help="Small World: the last conquest, tried with the reinforcement die."),
        as_written: bool = typer.Option(False, "--as-written", help="Keep a name the data does not know, as typed."),
    ) -> None:
        opts = {k: v for k, v in locals().items() if k not in ("file", "part", "args", "verb")}
        from armybuilder.compose.edit import run_edit

        _outcome(run_edit(file, verb, part, args, opts))

    command.__doc__ = _grammar.HELP[verb]
    return command


for _verb in ("add", "remove", "set"):
    app.command(_verb)(_edit_command(_verb))


@app.command("catalog", help=_grammar.CATALOG_HELP)
def compose_catalog(
    system: str = typer.Argument(..., metavar="SYSTEM", help="The game system.", autocompletion=_complete("system")),
    kind: Optional[str] = typer.Argument(None, metavar="KIND", help="cards, troops, factions, units, races... (default: all).", autocompletion=_complete("kind")),
    text: Optional[str] = typer.Option(None, "--filter", help="Only rows that contain this text (any case)."),
    fmt: Format = FormatOpt,
) -> None:
    from armybuilder.compose.catalog import catalog_report

    out, messages, code = catalog_report(system, kind, text, fmt)
    _finish(out, messages, code)


@app.command("explain", help=_grammar.EXPLAIN_HELP)
def compose_explain(
    system: str = typer.Argument(..., metavar="SYSTEM", help="The game system.", autocompletion=_complete("system")),
    name: List[str] = typer.Argument(..., metavar="NAME", help="A card, troop type, faction, race, unit or hero.", autocompletion=_complete("entry")),
    fmt: Format = FormatOpt,
) -> None:
    from armybuilder.compose.catalog import explain_report

    out, messages, code = explain_report(system, " ".join(name), fmt)
    _finish(out, messages, code)


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
