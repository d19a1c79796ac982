"""Lazy commands: Typer records every command, Click builds only the one that is run.

Building a Click command from a Typer function (its signature, type hints and every option) is
most of the CLI's start-up when it is done for all of them. :class:`LazyTyper` keeps each
``@app.command()`` as Typer's own record (``CommandInfo``) and its group (:class:`LazyGroup`)
turns a record into a command the first time Click asks for it by name. The help listing and
the completion of command names read each command's one-line help from its record, without
building it. Nothing else changes: the same ``app`` for ``main`` and the tests' ``CliRunner``.
"""

from __future__ import annotations

import contextlib
import inspect
from collections.abc import Callable, Iterator, MutableMapping
from typing import Any, ClassVar, TypeVar

import typer
import typer.main
from typer.core import TyperCommand, TyperGroup
from typer.models import CommandInfo

F = TypeVar("F", bound=Callable[..., Any])


class LazyTyper(typer.Typer):
    """A Typer app whose commands are built one at a time, when they are needed.

    ``@app.command()`` records the command as usual, then moves the record out of
    ``registered_commands`` (which Typer would build all at once) into :attr:`pending`.
    """

    def __init__(self, **kwargs: Any) -> None:
        self.pending: dict[str, CommandInfo] = {}
        # Adds the commands not known at start-up (an installed game package's): called once, the
        # first time a name is not found or every name is listed.
        self.more: Callable[[], None] | None = None
        group = type("Group", (LazyGroup,), {"app": self})  # the group Typer makes for this app
        super().__init__(cls=group, **kwargs)

    def command(self, name: str | None = None, **kwargs: Any) -> Callable[[F], F]:
        record = super().command(name, **kwargs)

        def decorator(f: F) -> F:
            record(f)
            info = self.registered_commands.pop()
            self.pending[info.name or typer.main.get_command_name(f.__name__)] = info
            return f

        return decorator

    def build(self, info: CommandInfo) -> TyperCommand:
        """The Click command of one record, as Typer builds it for its own group."""
        command = typer.main.get_command_from_info(
            info, pretty_exceptions_short=self.pretty_exceptions_short, rich_markup_mode=self.rich_markup_mode
        )
        assert isinstance(command, TyperCommand)  # every cls given to app.command is one
        return command


def listing(info: CommandInfo, name: str) -> TyperCommand:
    """A stand-in with the command's name, help, short help and visibility: what a help listing shows.

    No parameters: it costs nothing to make. A command class of its own without a short help may
    make its help text itself (``cli.GeneratedHelp``): that one is not stood in for.
    """
    help = inspect.cleandoc(info.help) if info.help is not None else inspect.getdoc(info.callback)
    return TyperCommand(
        name=name, help=help, short_help=info.short_help, hidden=info.hidden, deprecated=info.deprecated
    )


class Commands(MutableMapping[str, Any]):
    """The group's ``commands``: every name at once, each command built when it is first looked up."""

    def __init__(self, app: LazyTyper) -> None:
        self.app = app
        self.built: dict[str, Any] = {}
        self.listing = False  # True while a help listing or a completion of names reads the commands

    def _more(self) -> None:
        more, self.app.more = self.app.more, None
        if more is not None:
            more()

    def __getitem__(self, name: str) -> Any:
        if name in self.built:
            return self.built[name]
        if name not in self.app.pending:
            self._more()
        info = self.app.pending[name]  # KeyError: no such command
        if self.listing and (info.short_help is not None or info.cls in (None, TyperCommand)):
            return listing(info, name)
        command = self.built[name] = self.app.build(info)
        return command

    def __setitem__(self, name: str, command: Any) -> None:  # Group.add_command
        self.built[name] = command

    def __delitem__(self, name: str) -> None:
        found = self.built.pop(name, None) is not None
        if self.app.pending.pop(name, None) is None and not found:
            raise KeyError(name)

    def __iter__(self) -> Iterator[str]:  # in the order the commands were declared, then any added
        self._more()
        yield from self.app.pending
        yield from (n for n in self.built if n not in self.app.pending)

    def __len__(self) -> int:
        return sum(1 for _ in self)

    @contextlib.contextmanager
    def listed(self) -> Iterator[None]:
        self.listing = True
        try:
            yield
        finally:
            self.listing = False


class LazyGroup(TyperGroup):
    """Typer's group over a :class:`LazyTyper`'s records (made by Typer, with the app's settings)."""

    app: ClassVar[LazyTyper]  # set on the subclass each LazyTyper makes

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lazy = Commands(self.app)
        for name, command in (kwargs.get("commands") or {}).items():  # none: the records are pending
            self.lazy[name] = command
        self.commands = self.lazy

    def list_commands(self, ctx: Any) -> list[str]:
        return list(self.lazy)

    def format_help(self, ctx: Any, formatter: Any) -> None:
        with self.lazy.listed():
            super().format_help(ctx, formatter)

    def shell_complete(self, ctx: Any, incomplete: str) -> list[Any]:
        with self.lazy.listed():
            return super().shell_complete(ctx, incomplete)
