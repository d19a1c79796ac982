"""The command line: parse options, call the command, print its outcome. Nothing else lives here.

Each command function calls one library function that returns an
:class:`armybuilder.outcome.Outcome`; :func:`armybuilder.cli.terminal.finish` prints it and exits with
its code. No game system is named here: the edit commands read each part's options from the
part's declaration (:mod:`armybuilder.compose.parts`), their help is made from the declarations
when asked for (:class:`GeneratedHelp`), and a system's own commands come from its manifest.
"""

from __future__ import annotations

import contextlib
import errno
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer
from typer.core import TyperCommand

from armybuilder import __version__
from armybuilder.cli.help import SHORT  # plain strings; the full help is made when asked for
from armybuilder.cli.lazy import LazyTyper  # builds only the command that is run
from armybuilder.cli.terminal import color, finish, fit_width, stderr_is_terminal, stdout_is_terminal, table_width
from armybuilder.export import ExportFormat, Paper  # enums only: no reportlab at start-up
from armybuilder.reporters import Format, MinSeverity

if TYPE_CHECKING:  # pragma: no cover
    # The Click that TyperCommand is typed with: Typer vendors it as typer._click.
    from typer._click import Context as ClickContext
    from typer._click.shell_completion import CompletionItem
    from typer.models import CommandInfo


class Command(TyperCommand):
    """A command whose usage line names its arguments as Click does: ``FILE...`` for one or more
    files, ``[KIND]`` for an optional word (Typer 0.28 writes ``{files}...``)."""

    def collect_usage_pieces(self, ctx: ClickContext) -> list[str]:
        pieces = [self.options_metavar] if self.options_metavar else []
        for param in self.get_params(ctx):
            if param.param_type_name != "argument":
                pieces += param.get_usage_pieces(ctx)
                continue
            name = param.metavar or (param.name or "").upper()
            if param.nargs != 1 and not name.endswith("..."):
                name += "..."
            pieces.append(name if param.required else f"[{name}]")
        return pieces


class App(LazyTyper):
    """The app: every command a :class:`Command` unless it names a class of its own."""

    def build(self, info: CommandInfo) -> TyperCommand:
        if info.cls in (None, TyperCommand):  # Typer records its default class when none is given
            info.cls = Command
        return super().build(info)


app = App(
    name="armybuilder",
    help="Build army lists, see what every part costs, and know before game day that the list is legal.",
    no_args_is_help=True,
    add_completion=True,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

FilesArg = typer.Argument(..., metavar="FILE...", help="List files (YAML).", exists=True, dir_okay=False, readable=True)
ListsArg = typer.Argument(
    ...,
    metavar="FILE...",
    help="List files (YAML), or folders: every *.yaml and *.yml list in them (as tournament finds them).",
    exists=True,
    readable=True,
)
FormatOpt = typer.Option(Format.text, "--format", "-f", help="Output format.", case_sensitive=False)

# The options of the two servers, serve and collect.
PortOpt = typer.Option(8000, "--port", metavar="PORT", min=0, max=65535, help="The port (0: any free one).")


def _host_option(for_whom: str) -> Any:
    return typer.Option(
        "127.0.0.1", "--host", metavar="HOST", help=f"The address to listen on (0.0.0.0: every address, for {for_whom}."
    )


def _allow_host_option(what: str) -> Any:
    return typer.Option(
        [],
        "--allow-host",
        metavar="NAME",
        help=f"Another name the {what} answers to (repeatable), besides this computer's own names and addresses.",
    )


def _open_option(what: str) -> Any:
    return typer.Option(True, "--open/--no-open", help=f"Open {what} in a browser (when there is a graphical session).")


ServeHostOpt = _host_option("a phone); any but 127.0.0.1 is warned about")
ServeAllowOpt = _allow_host_option("builder")
ServeOpenOpt = _open_option("the builder")
DeskHostOpt = _host_option("the players' phones)")
DeskAllowOpt = _allow_host_option("desk")
DeskOpenOpt = _open_option("the organiser's page")


def _finite_points(value: float | None) -> float | None:
    """``--points``: the range check lets NaN through (every comparison with it is false)."""
    if value is not None and value != value:
        raise typer.BadParameter(f"{value} is not a number of points (give one from 1 to 10000)")
    return value


PointsOpt = typer.Option(
    None,
    "--points",
    min=1,
    max=10000,
    callback=_finite_points,
    help="Check against this points limit instead of the list's own (systems measured in points only).",
)
MinSeverityOpt = typer.Option(
    MinSeverity.info,
    "--min-severity",
    case_sensitive=False,
    help="Hide findings below this severity (warning: no info lines). The verdict and exit code stay the same.",
)


class GeneratedHelp(Command):
    """A command whose help text is made from the systems' declarations, only when it is shown."""

    @property
    def help(self) -> str:
        from armybuilder.cli.help import HELP

        return HELP[self.name or ""]()  # a GeneratedHelp command is always made with its name

    @help.setter
    def help(self, value: str | None) -> None:  # Click sets it at construction: the generated text wins
        pass

    def shell_complete(self, ctx: ClickContext, incomplete: str) -> list[CompletionItem]:
        """The command's own options, and for an edit the options the part being edited declares."""
        items = super().shell_complete(ctx, incomplete)
        if self.name in ("add", "remove", "set") and incomplete.startswith("-"):
            from armybuilder.cli.completion import option_names

            have = {i.value for i in items}
            kind = type(items[0]) if items else None
            if kind is not None:
                items += [kind(n) for n in option_names(self.name, incomplete) if n not in have]
        return items


def _version(value: bool) -> None:
    if value:
        print(f"armybuilder {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Print the version."),
) -> None:
    """Army-list builder and points validator."""


@app.command()
def validate(
    files: list[Path] = ListsArg,
    fmt: Format = FormatOpt,
    points: float | None = PointsOpt,
    event: Path | None = typer.Option(
        None,
        "--event",
        help="Also check against this event pack (YAML): its points, bans, limits and requirements.",
        exists=True,
        dir_okay=False,
        readable=True,
    ),
    min_severity: MinSeverity = MinSeverityOpt,
) -> None:
    """Check list files against the rules: every cap, restriction and cost rule."""
    from armybuilder.commands import validate as commands

    finish(commands.validate(files, fmt, points=points, event=event, min_severity=min_severity, color=color()))


@app.command()
def cost(
    files: list[Path] = FilesArg,
    fmt: Format = FormatOpt,
    points: float | None = PointsOpt,
    min_severity: MinSeverity = MinSeverityOpt,
) -> None:
    """Show what each part of a list costs, and why."""
    from armybuilder.commands import validate as commands

    finish(commands.cost(files, fmt, points=points, color=color(), width=table_width(), min_severity=min_severity))


@app.command()
def systems(fmt: Format = FormatOpt) -> None:
    """The game systems, with their data version and what each checks."""
    from armybuilder.commands import validate as commands

    finish(commands.systems(fmt))


@app.command()
def rule(
    code: str | None = typer.Argument(None, help="A finding code, e.g. FTR011. Without one: all codes."),
    fmt: Format = FormatOpt,
) -> None:
    """Explain a finding code (or list them all)."""
    from armybuilder.commands import validate as commands

    finish(commands.rule(code, fmt))


@app.command()
def tournament(
    pack: Path = typer.Argument(..., help="The event pack (YAML).", exists=True, dir_okay=False, readable=True),
    lists: list[Path] = typer.Argument(..., help="List files, or folders searched for *.yaml and *.yml.", exists=True),
    report: list[Path] = typer.Option(
        [], "--report", "-r", help="Write a report: .md, .json, .csv or .xml (JUnit). Repeatable."
    ),
    force: bool = typer.Option(False, "--force", help="Overwrite report or packet files that exist."),
    fmt: Format = FormatOpt,
    packet: Path | None = typer.Option(
        None, "--packet", metavar="FILE.pdf", help="Write the organiser's packet: a summary page, then every list."
    ),
    anonymous: bool = typer.Option(
        False, "--anonymous", help="In the packet, number the lists and leave out player and list names."
    ),
    compact: bool = typer.Option(
        False,
        "--compact",
        help="In the packet, lay each list out as export --compact does: smaller type, one page where it fits.",
    ),
) -> None:
    """Check every submitted list against an event pack; exit 1 when any list is illegal."""
    from armybuilder.commands import tournament as t

    finish(
        t.tournament(
            pack,
            lists,
            report,
            force=force,
            fmt=Format(fmt).value,
            progress=stderr_is_terminal(),
            color=color(),
            packet=packet,
            anonymous=anonymous,
            width=fit_width(),
            compact=compact,
        )
    )


@app.command()
def diff(
    old: Path = typer.Argument(..., help="The old version of the list.", exists=True, dir_okay=False, readable=True),
    new: Path = typer.Argument(..., help="The new version of the list.", exists=True, dir_okay=False, readable=True),
    fmt: Format = FormatOpt,
    points: float | None = PointsOpt,
    event: Path | None = typer.Option(
        None,
        "--event",
        help="Check both versions against this event pack too.",
        exists=True,
        dir_okay=False,
        readable=True,
    ),
) -> None:
    """What changed between two versions of a list; exit 1 when the new one is not valid."""
    from armybuilder.commands import diff as d

    finish(d.diff(old, new, Format(fmt).value, points=points, event=event, color=color()))


@app.command()
def export(
    file: Path = typer.Argument(..., help="The list file (YAML).", exists=True, dir_okay=False, readable=True),
    to: ExportFormat | None = typer.Option(
        None,
        "--to",
        "-t",
        case_sensitive=False,
        help="Output format; without it, from the -o suffix (.md, .pdf, .json, .txt). "
        "text: a compact plain list to paste in a forum or a chat.",
    ),
    output: str | None = typer.Option(
        None,
        "--output",
        "-o",
        metavar="PATH",
        help="The file to write; '-' for stdout (default: beside the list, LIST.pdf, LIST.md... by --to).",
    ),
    paper: Paper = typer.Option(Paper.a4, "--paper", case_sensitive=False, help="PDF paper size."),
    force: bool = typer.Option(False, "--force", help="Overwrite the output file if it exists."),
    date: str | None = typer.Option(None, "--date", metavar="YYYY-MM-DD", help="Print this date on the roster."),
    with_rules: bool = typer.Option(
        False,
        "--with-rules",
        help="Add an appendix: each card, faction, race, unit... the list uses, with its summary from the "
        "game data and its rule reference.",
    ),
    compact: bool = typer.Option(
        False,
        "--compact",
        help="PDF only: fit the roster on one page (smaller type, tighter tables); a warning when it cannot.",
    ),
    min_severity: MinSeverity = MinSeverityOpt,
    event: Path | None = typer.Option(
        None,
        "--event",
        help="Also check against this event pack (YAML), as validate --event does: the roster names the event, "
        "and its status is the event's verdict.",
        exists=True,
        dir_okay=False,
        readable=True,
    ),
    link: str | None = typer.Option(
        None,
        "--link",
        metavar="BASE_URL",
        help="The address of a published site (armybuilder site): the PDF's QR code opens the list there, "
        "in any browser, instead of holding the bare share code.",
    ),
    game_sheet: bool = typer.Option(
        False,
        "--game-sheet",
        help="Print a one-page PDF sheet to track a game on paper instead (default: LIST.sheet.pdf): each part "
        "with its boxes to tick, the breaking point, the rules that change what a loss counts.",
    ),
) -> None:
    """Export a roster (Markdown, PDF, JSON or plain text) to print or share; exit 1 when the list is invalid."""
    if game_sheet:
        from armybuilder.export.gamesheet import run as sheet
        from armybuilder.outcome import Outcome

        if to not in (None, ExportFormat.pdf) or with_rules or compact or event or link or date:
            finish(Outcome.usage("armybuilder export: --game-sheet is a PDF of its own: it takes -o, --paper, --force"))
        finish(sheet(file, output, paper=Paper(paper).value, force=force, stdout_is_tty=stdout_is_terminal()))
    from armybuilder.export import run

    finish(
        run(
            file,
            to,
            output,
            paper=paper,
            force=force,
            date=date,
            stdout_is_tty=stdout_is_terminal(),
            with_rules=with_rules,
            compact=compact,
            min_severity=min_severity,
            event=event,
            link=link,
        )
    )


@app.command()
def fingerprint(files: list[Path] = FilesArg) -> None:
    """Print each list's fingerprint: SHA-256 of its canonical content (comments and key order do not count)."""
    from armybuilder.fingerprint import report

    finish(report(files))


@app.command()
def verify(
    roster: Path = typer.Argument(..., help="A roster: PDF, Markdown or JSON.", exists=True, dir_okay=False),
    event: Path | None = typer.Option(
        None, "--event", help="Also check the list against this event pack.", exists=True, dir_okay=False
    ),
) -> None:
    """Check a roster against the list it carries: fingerprint, status and total; exit 1 when they differ."""
    from armybuilder.commands.verify import verify as run

    finish(run(roster, event))


@app.command()
def share(
    file: Path = typer.Argument(..., help="The list file (YAML).", exists=True, dir_okay=False, readable=True),
    fmt: Format = FormatOpt,
    link: str | None = typer.Option(
        None,
        "--link",
        metavar="BASE_URL",
        help="The address of a published site (armybuilder site): print a link that opens the list there, "
        "in any browser, with nothing installed.",
    ),
) -> None:
    """Print the list's share code: one line to paste in a chat (armybuilder import reads it back)."""
    from armybuilder.commands.share import share as run

    finish(run(file, Format(fmt).value, link))


@app.command("import")
def import_(
    source: str = typer.Argument(..., metavar="SOURCE", help="A share code, or a roster (PDF, Markdown, JSON)."),
    output: str | None = typer.Option(
        None,
        "--output",
        "-o",
        metavar="FILE",
        help="The list file to write; '-' for stdout (default: beside the roster, its name with .yaml; "
        "a share code's list here, named after the list).",
    ),
    force: bool = typer.Option(False, "--force", help="Overwrite the output file if it exists."),
    number: int | None = typer.Option(
        None, "--list", metavar="K", min=1, help="Take list K out of a tournament packet (tournament --packet)."
    ),
) -> None:
    """Write a list file from a share code or a roster; exit 1 when the list is invalid."""
    from armybuilder.commands.share import import_list

    finish(import_list(source, output, force=force, number=number))


# --- Game day: play, tap, game (armybuilder/games/)


@app.command()
def play(
    file: Path = typer.Argument(..., help="Your list file (YAML).", exists=True, dir_okay=False, readable=True),
    against: str | None = typer.Option(
        None, "--against", metavar="SOURCE", help="The opponent's list: a list file or a share code."
    ),
    name: str = typer.Option("", "--name", help="Your side's name (default: the list's name)."),
    against_name: str = typer.Option("", "--against-name", help="The opponent's side's name."),
    output: Path | None = typer.Option(
        None, "--output", "-o", metavar="FILE", help="The game file (default: beside the list, LIST.game.json)."
    ),
    fmt: Format = FormatOpt,
) -> None:
    """Start a game with a list: a game file beside it records each tap (the list is never written)."""
    from armybuilder.commands.game import play as run

    finish(run(file, against, name, against_name, output, Format(fmt).value))


@app.command()
def tap(
    file: Path = typer.Argument(..., help="The game file (LIST.game.json)."),
    words: str | None = typer.Argument(
        None, metavar="[TAP]", help="The tap's words, as armybuilder game lists them: 'Wardens: 1 stand lost'."
    ),
    side: int | None = typer.Option(None, "--side", min=1, max=2, help="The side (1 or 2) when both have the tap."),
    value: int | None = typer.Option(None, "--value", help="The number a tap takes (regions held, a roll)."),
    note: str = typer.Option("", "--note", help="Your own words, kept with the tap."),
    undo: bool = typer.Option(False, "--undo", help="Undo the last tap."),
    redo: bool = typer.Option(False, "--redo", help="Redo the last tap undone."),
    revision: int | None = typer.Option(
        None, "--revision", min=0, help="The game's revision the tap was chosen on (a script's check)."
    ),
    fmt: Format = FormatOpt,
) -> None:
    """Record one tap in a game file (or undo or redo one), and print the game's totals."""
    from armybuilder.commands.game import tap as run

    finish(run(file, words, side, value, note, undo, redo, revision, Format(fmt).value))


@app.command()
def game(
    file: Path = typer.Argument(..., help="The game file (LIST.game.json)."),
    fmt: Format = FormatOpt,
) -> None:
    """Check a game file: its totals, its verdict at that point and its taps; exit 1 when it cannot be played."""
    from armybuilder.commands.game import game as run

    finish(run(file, Format(fmt).value))


# --- Compose lists and browse the rules: new, add, remove, set, catalog, explain (armybuilder/compose/)


def _complete(what: str) -> Callable[[typer.Context, str], list[str]]:
    def complete(ctx: typer.Context, incomplete: str) -> list[str]:
        from armybuilder.cli.completion import complete as run

        return run(what, ctx, incomplete)

    return complete


# One completer per kind of word (made once here: a call in an argument default would run per command).
COMPLETE = {what: _complete(what) for what in ("system", "part", "args", "kind", "entry")}


@app.command("new", cls=GeneratedHelp, short_help=SHORT["new"])
def compose_new(
    system: str = typer.Argument(
        ..., metavar="SYSTEM", help="The game system (armybuilder systems).", autocompletion=COMPLETE["system"]
    ),
    file: Path = typer.Argument(..., metavar="FILE", help="The list file to create (YAML)."),
    name: str | None = typer.Option(None, "--name", help="The list's name (default: from the file name)."),
    points: float | None = typer.Option(None, "--points", help="The army size, for systems measured in points."),
    force: bool = typer.Option(False, "--force", help="Write over an existing file."),
) -> None:
    from armybuilder.edit.engine import run_new

    finish(run_new(system, file, name, points, force))


_EDIT = {"ignore_unknown_options": True}  # a part's own options are read from its declaration


def _edit_command(verb: str) -> Callable[[Path, str, list[str] | None], None]:
    def command(
        file: Path = typer.Argument(..., metavar="FILE", help="The list file (YAML)."),
        part: str = typer.Argument(
            ..., metavar="PART", help="What to change (see the parts above).", autocompletion=COMPLETE["part"]
        ),
        args: list[str] | None = typer.Argument(
            None, metavar="ARGS...", help="The part's names, numbers and options.", autocompletion=COMPLETE["args"]
        ),
    ) -> None:
        from armybuilder.edit.engine import run_edit

        finish(run_edit(file, verb, part, args or []))

    return command


for _verb in ("add", "remove", "set"):
    app.command(_verb, cls=GeneratedHelp, context_settings=_EDIT, short_help=SHORT[_verb])(_edit_command(_verb))


@app.command("catalog", cls=GeneratedHelp, short_help=SHORT["catalog"])
def compose_catalog(
    system: str = typer.Argument(..., metavar="SYSTEM", help="The game system.", autocompletion=COMPLETE["system"]),
    kind: str | None = typer.Argument(
        None,
        metavar="KIND",
        help="cards, troops, factions, units, races... (default: all).",
        autocompletion=COMPLETE["kind"],
    ),
    text: str | None = typer.Option(
        None, "--filter", help="Only rows that contain this text, or whose summary does (any case)."
    ),
    fmt: Format = FormatOpt,
) -> None:
    from armybuilder.commands.browse import catalog

    finish(catalog(system, kind, text, fmt, width=fit_width()))


@app.command("explain", cls=GeneratedHelp, short_help=SHORT["explain"])
def compose_explain(
    system: str = typer.Argument(..., metavar="SYSTEM", help="The game system.", autocompletion=COMPLETE["system"]),
    name: list[str] = typer.Argument(
        ..., metavar="NAME", help="A card, troop type, faction, race, unit or hero.", autocompletion=COMPLETE["entry"]
    ),
    fmt: Format = FormatOpt,
) -> None:
    from armybuilder.commands.browse import explain

    finish(explain(system, " ".join(name), fmt))


@app.command()
def schemas(
    write: Path | None = typer.Option(
        None, "--write", metavar="DIR", help="Write the schemas into DIR (made if missing): schemas, beside your lists."
    ),
    force: bool = typer.Option(False, "--force", help="Overwrite schema files in DIR that differ."),
) -> None:
    """The published JSON Schemas (lists, event packs, rosters), for your editor's checks."""
    from armybuilder.commands.schemas import schemas as run

    finish(run(write, force))


@app.command()
def serve(
    folder: Path = typer.Argument(
        Path("."),
        metavar="FOLDER",
        help="The folder of list files to serve (default: this one).",
        file_okay=False,
        exists=True,
    ),
    host: str = ServeHostOpt,
    port: int = PortOpt,
    allow_host: list[str] = ServeAllowOpt,
    open_browser: bool = ServeOpenOpt,
) -> None:
    """Build lists in the browser: a local web builder for the list files in FOLDER.

    To use it from a phone on the same network, run it with --host 0.0.0.0 and open the link it
    prints (or scan its QR code): the link carries a key that is new each time, and without it the
    builder answers no one. It answers only to this computer's own names and addresses and to each
    --allow-host NAME, so no other web site can reach it through a name of its own.
    """
    from armybuilder.web.server import serve as run

    finish(run(folder, host, port, open_browser, allow=allow_host))


@app.command()
def site(
    out: Path | None = typer.Argument(None, metavar="OUT", help="The folder to write the site to (new or empty)."),
    fetch: bool = typer.Option(
        False, "--fetch", help="First fetch the Pyodide runtime and the wheels the site needs (npm and pip), once."
    ),
    cache: Path | None = typer.Option(
        None, "--cache", metavar="DIR", help="Where the fetched files are kept (default: ~/.cache/armybuilder/site)."
    ),
    force: bool = typer.Option(False, "--force", help="Replace the site already in OUT."),
) -> None:
    """Write the builder as a static site: any browser, offline, nothing installed; any static host serves it.

    The site runs this same builder in the browser (Python in WebAssembly, Pyodide) and keeps the lists
    in the browser. It needs a runtime fetched once: run it with --fetch the first time.
    """
    from armybuilder.web.site.build import run

    finish(run(out, cache, fetch, force))


@app.command()
def collect(
    pack: Path = typer.Argument(..., help="The event pack (YAML).", exists=True, dir_okay=False, readable=True),
    db: Path | None = typer.Option(
        None,
        "--db",
        metavar="FILE",
        help="The desk's database (SQLite), made if missing; start again on it to go on "
        "(default: beside the pack, NAME.desk.sqlite).",
    ),
    deadline: str | None = typer.Option(
        None,
        "--deadline",
        metavar="WHEN",
        help="Take no list after it: '2026-10-17 09:00' (this computer's time) or 2026-10-17T09:00+02:00.",
    ),
    host: str = DeskHostOpt,
    port: int = PortOpt,
    allow_host: list[str] = DeskAllowOpt,
    open_browser: bool = DeskOpenOpt,
    export: Path | None = typer.Option(
        None,
        "--export",
        metavar="FOLDER",
        help="Do not run the desk: write each player's latest list from the database (--db) into FOLDER.",
    ),
    force: bool = typer.Option(False, "--force", help="With --export: overwrite list files that exist."),
    per_minute: int = typer.Option(
        30,
        "--per-minute",
        metavar="N",
        min=0,
        help="New lists and drafts one address may start in a minute (0: no limit).",
    ),
) -> None:
    """Run an event's submission desk: players send their lists, checked against the pack at once.

    Players open the desk's page, give their name and send their list: a list file, its text, its
    share code, or one they build in the browser builder there. Each list is checked against the
    event pack at once; an illegal list is kept too, so that its player can fix it. The player
    gets a receipt (fingerprint, time, verdict) and a private link to see and replace the list
    until the deadline. Nobody else sees a list until the organiser reveals them.

    The organiser's link, printed at start with a token (new each time), opens the organiser's
    page: every submission, lock or unlock one player or the whole event, move the deadline,
    reveal the lists, download them (files, the tournament report, the packet PDF) and a backup
    of the database. Every version of every list is kept in the database, committed before the
    player is told it is taken; stop the desk with Ctrl+C and start it again on the same --db.

    On 127.0.0.1 only this computer can open it. For the players' phones, run it with
    --host 0.0.0.0 and show them the players' link and its QR code from the organiser's page
    (never the terminal: it shows the organiser's link). Scripts use the JSON API:
    POST /api/submissions with {"player": NAME, "list": TEXT}.

    When the desk is closed: armybuilder collect PACK [--db FILE] --export FOLDER writes each
    player's latest list as a file, then armybuilder tournament PACK FOLDER checks them all.
    """
    if export is not None:
        if deadline is not None:
            raise typer.BadParameter(
                "--export writes the lists and does not run the desk: leave it out", param_hint="--deadline"
            )
        from armybuilder.commands.collect import export as export_lists

        finish(export_lists(pack, db, export, force))
        return
    if force:
        raise typer.BadParameter("it applies to --export only", param_hint="--force")
    from armybuilder.web.server import collect as run

    finish(run(pack, db, deadline, host, port, open_browser, allow=allow_host, per_minute=per_minute))


def _system_commands(outside: bool = False) -> None:
    """The commands a game system adds (its manifest's ``commands``: modules with ``register(app)``):
    the built-in games' at start-up, the installed game packages' only when a command name is not
    one of these or every command is listed (so no start-up reads the installed distributions)."""
    import importlib

    from armybuilder import systems as registry

    builtin = registry.builtin()
    for system_id in [s for s in registry.available() if s not in builtin] if outside else builtin:
        for module in registry.manifest(system_id).commands:
            importlib.import_module(module).register(app)


_system_commands()
app.more = lambda: _system_commands(outside=True)


_OUTPUT_ERRNOS = {errno.ENOSPC, errno.EIO, errno.EFBIG, errno.EBADF, errno.EDQUOT}


def main() -> None:
    """The ``armybuilder`` program: the app, with a last line of defence around it.

    An exception no command turned into a message is a bug in armybuilder: it is printed as one
    line on stderr and the program exits 2 (``ARMYBUILDER_DEBUG=1`` shows the traceback). Only
    here, in the installed program: the tests call ``app`` themselves (Typer's ``CliRunner``) and
    see every traceback, with ``catch_exceptions=False`` as usual.
    """
    import os

    try:
        app()
    except BrokenPipeError:  # `armybuilder ... | head -1` outside `finish`: the reader stopped
        from armybuilder.cli.terminal import drop_stdout

        drop_stdout()
        sys.exit(2)
    except Exception as exc:  # the last line of defence: a bug is one line and exit 2
        from armybuilder.cli.terminal import drop_stdout, stdout_failed

        if isinstance(exc, OSError) and (exc.errno in _OUTPUT_ERRNOS or stdout_failed()):
            # --help, --version or a usage message into a full disk: the commands' own file writes
            # catch their errors, so what gets here is the output itself
            drop_stdout()
            with contextlib.suppress(OSError, ValueError, AttributeError):
                sys.stderr.write(f"armybuilder: cannot write the output ({exc.strerror or exc})\n")
            sys.exit(2)
        if os.environ.get("ARMYBUILDER_DEBUG"):
            raise
        from armybuilder.text import one_line

        message = one_line(f"{type(exc).__name__}: {exc}")
        if len(message) > 300:
            message = message[:299] + "…"
        with contextlib.suppress(OSError, ValueError, AttributeError):  # no stderr to say it on
            sys.stderr.write(
                f"armybuilder: internal error ({message}); this is a bug in armybuilder: please report it with "
                "the command and the file (ARMYBUILDER_DEBUG=1 shows the traceback)\n"
            )
        sys.exit(2)
