"""What a system's compose parts declare, and the parser that reads an edit's words with it.

A system's ``compose`` module lists its :class:`Part` entries: ``add FILE class NAME --troop
TROOP [--stands N] [--general]`` is one part (verb ``add``, name ``class``) with its usage line,
the completion of its positional arguments and its own options (:class:`Opt`). The CLI knows
none of them: ``add``, ``remove`` and ``set`` take the file, the part word and the words after
it; :func:`parse` reads those words with the part's declaration once the file's system is known.
The help texts and shell completion are made from the same declarations.

This module stays light (no ruamel, no game data): completion and ``--help`` import it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

NameSource = Callable[[Any], list[str]]  # (the list's plain data, or None) -> names to complete
# (the list's plain data, or None; the values chosen so far for the other arguments: option keys,
# and "args" for the positional arguments in order) -> the names that fit those choices. Declared
# where the data narrows a choice (the cards a class's troop type may take); the browser builder
# (armybuilder serve) offers these instead of every name.
FitSource = Callable[[Any, Mapping[str, Any]], list[str]]
KINDS = ("text", "int", "flag", "switch", "many")


class EditError(Exception):
    """An edit refused; nothing was written.

    ``message`` says why and what to do instead in the command line's words: the command or the
    flag to give. ``player`` says why in a player's words, with no command-line syntax, for a face
    that offers its own controls (the browser builder); it is ``message`` when that has none.
    """

    def __init__(self, message: str, player: str | None = None):
        super().__init__(message)
        self.message = message
        self.player = message if player is None else player


# The player's words for an edit whose words cannot be read as the part's options: a page only
# sends the edits it offers, so these come from a change made up by hand.
UNREADABLE = "the change could not be read"


def usage_error(message: str, usage: str, player: str = UNREADABLE) -> EditError:
    """A refusal of how an edit was typed: the command line's words end with the usage line."""
    return EditError(f"{message}; usage: {usage}", player)


def spoken(label: str) -> str:
    """An option or an argument as a player says it: ``--defender-tokens`` is "defender tokens", "the
    CLASS" is "the class", "how many stands to add (N)" is "how many stands to add" (a level's
    roman numerals stay as they are)."""
    if label.startswith("--"):
        return label[2:].replace("-", " ")
    label = label.replace(" (N)", "")
    if label == "N":
        return "the number"
    return re.sub(r"\b(?![IVX]+\b)[A-Z]{2,}\b", lambda m: m.group().lower(), label)


@dataclass(frozen=True)
class Opt:
    """One option of a part.

    ``kind``: ``text`` and ``int`` take a value, ``many`` a value and may be repeated,
    ``flag`` is ``--army`` (given or not), ``switch`` is ``--magic/--no-magic`` (given either
    way, or not at all).
    """

    key: str  # the request's key: defender_tokens
    help: str
    kind: str = "text"
    metavar: str = ""  # the value's name in help: CLASS
    names: NameSource | None = None  # completion of the value
    fits: FitSource | None = None  # the values that fit the other choices (see FitSource)
    also: tuple[str, ...] = ()  # other spellings: ("--from",)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"option {self.key}: unknown kind {self.kind!r}")

    @property
    def flag(self) -> str:
        return flag(self.key)

    @property
    def spellings(self) -> tuple[str, ...]:
        out = (self.flag, *self.also)
        if self.kind == "switch":
            out += tuple("--no-" + s[2:] for s in out)
        return out

    @property
    def takes_value(self) -> bool:
        return self.kind in ("text", "int", "many")

    def help_line(self) -> str:
        if self.kind == "switch":
            shown = " / ".join(f"{s}/--no-{s[2:]}" for s in (self.flag, *self.also))
        else:
            value = f" {self.metavar or self.key.upper()}" if self.takes_value else ""
            shown = ", ".join(s + value for s in (self.flag, *self.also))
        return f"{shown}: {self.help}" + (" (repeatable)" if self.kind == "many" else "")


@dataclass(frozen=True)
class Part:
    """One thing a verb can act on in a system's list: ``add FILE class NAME ...``."""

    verb: str  # add | remove | set
    name: str  # the part word: class, card, tokens, region, ...
    usage: str  # after "VERB FILE": "class NAME --troop TROOP [--stands N]"
    summary: str  # one line for the help and the "unknown part" message
    # (the file, the command line: a compose.base Doc and Request, which build on this module) -> what
    # it did, in one line
    func: Callable[[Any, Any], str]
    aliases: tuple[str, ...] = ()
    names: tuple[NameSource | None, ...] = ()  # completion of the positional arguments, in order
    options: tuple[Opt, ...] = ()
    fits: tuple[FitSource | None, ...] = ()  # the positional arguments that fit the other choices, in order

    def option(self, spelling: str) -> tuple[Opt, bool] | None:
        """The option a command-line word names, and its value for a switch (``--no-x``: False)."""
        for o in self.options:
            if spelling in o.spellings:
                return o, not spelling.startswith("--no-")
        return None


def flag(key: str) -> str:
    """The command-line spelling of an option key: defender_tokens -> --defender-tokens."""
    return "--" + key.replace("_", "-")


# Options every edit takes, whatever the system and part.
COMMON = (
    Opt("as_written", "keep a name the data does not know, as typed", "flag"),
    Opt("force", "edit the file even if it is read-only (it stays read-only)", "flag"),
    Opt("entry", "which entry the name means when two share it: 1 for the first", "int", "N"),
    Opt("check", "exit 1 when the list written is invalid (without it, an edit that was written exits 0)", "flag"),
)
_NOT_UTF8 = re.compile("[\ud800-\udfff]")  # bytes of a command line that are not UTF-8 text


@dataclass
class Parsed:
    args: list[str] = field(default_factory=list)
    opts: dict[str, Any] = field(default_factory=dict)


def parse(part: Part, words: Sequence[str], system: str, others: Callable[[], Iterable[Part]] = tuple) -> Parsed:
    """Split an edit's words into positional arguments and the part's options.

    ``others()`` gives the other parts there are (of every system): an option one of them takes
    but this one does not is refused as not applying here, rather than as unknown. ``--`` ends
    the options.
    """
    out = Parsed()
    usage = f"armybuilder {part.verb} FILE {part.usage}".rstrip()
    words = list(words)
    for w in words:
        if _NOT_UTF8.search(str(w)):
            shown = str(w).encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
            raise usage_error(
                f"'{shown}' is not UTF-8 text; a list file holds UTF-8 names",
                usage,
                "a name is not UTF-8 text; a list file holds UTF-8 names",
            )
    i = 0
    while i < len(words):
        word = str(words[i])
        i += 1
        if word == "--":
            out.args += [str(w) for w in words[i:]]
            break
        if not word.startswith("--") or word == "-":
            out.args.append(word)
            continue
        spelling, eq, value = word.partition("=")
        found = part.option(spelling) or _common(spelling)
        if found is None:
            raise usage_error(_unknown(part, spelling, system, others), usage)
        opt, on = found
        if not opt.takes_value:
            if eq:
                raise usage_error(f"{spelling} takes no value", usage)
            out.opts[opt.key] = on
            continue
        if not eq:
            if i >= len(words):
                raise usage_error(f"{spelling} needs a value ({opt.metavar or opt.key.upper()})", usage)
            value = str(words[i])
            i += 1
        given: str | int = _whole(spelling, value) if opt.kind == "int" else value
        if opt.kind == "many":
            out.opts.setdefault(opt.key, []).append(given)
        elif opt.key in out.opts:
            raise usage_error(f"{spelling} is given twice", usage)
        else:
            out.opts[opt.key] = given
    return out


def _common(spelling: str) -> tuple[Opt, bool] | None:
    for o in COMMON:
        if spelling in o.spellings:
            return o, True
    return None


def _whole(spelling: str, value: str) -> int:
    from armybuilder.digits import short

    try:
        return int(short(value, spelling))  # its length bounded before it is parsed (TooLong: a ValueError)
    except ValueError:
        raise EditError(
            f"{spelling} takes a whole number, not '{value}'", f"{spoken(spelling)} takes a whole number, not '{value}'"
        ) from None


def _unknown(part: Part, spelling: str, system: str, others: Callable[[], Iterable[Part]]) -> str:
    if any(p.option(spelling) for p in others()):
        return f"{spelling} does not apply to '{part.verb} {part.name}' in {system}"
    from armybuilder.suggest import did_you_mean

    known = [s for o in (*part.options, *COMMON) for s in o.spellings]
    return f"no such option {spelling} for '{part.verb} {part.name}' in {system}{did_you_mean(spelling, known)}"
