"""Shell completion for the compose commands (Typer ``autocompletion=`` callbacks).

Names come from the data (cards, troop types, factions, races, units, heroes) and, for edits,
from the list file being edited (its classes, heroes, regions, units). The file is read with the
safe loader; a file that cannot be read simply completes nothing from it.

The parts' options are not Click options (each part declares its own:
:mod:`armybuilder.compose.parts`), so the words are read from the shell's completion environment
and told apart with the parts' declarations: the value of ``--to`` completes the file's classes,
a word that starts with ``--`` completes the options of the part being edited.
"""

from __future__ import annotations

import os
import re
import shlex
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    import typer

    from armybuilder.compose.parts import Opt, Part

# Options of the commands themselves that take a value (the parts' own come from their declarations).
COMMAND_VALUE_OPTIONS = {"--name", "--points", "--filter", "--format", "-f"}
VERBS = ("add", "remove", "set")


def _value_options() -> set[str]:
    out = set(COMMAND_VALUE_OPTIONS)
    for mod in _modules(None):
        for p in mod.PARTS:
            out.update(s for o in p.options if o.takes_value for s in o.spellings)
    return out


def _words() -> list[str]:
    raw = os.environ.get("_TYPER_COMPLETE_ARGS")
    if raw is None:
        raw = os.environ.get("COMP_WORDS", "")
    try:
        return shlex.split(raw)
    except ValueError:  # an open quote: the word being typed
        return raw.split()


def _positionals(words: list[str]) -> tuple[str | None, list[str]]:
    """The command word and the positional words after it."""
    command, out, skip = None, [], False
    value_options = _value_options()
    for w in words[1:]:
        if skip:
            skip = False
            continue
        if w.startswith("-"):
            skip = w.split("=", 1)[0] in value_options and "=" not in w
            continue
        if command is None:
            command = w
        else:
            out.append(w)
    return command, out


def _read(file: Any) -> dict[str, Any] | None:
    if not file:
        return None
    try:
        from armybuilder.yamlio import load_file

        data = load_file(Path(str(file))).data
    except Exception:  # noqa: BLE001 - completion never fails loudly: a traceback would land in the shell
        return None
    return data if isinstance(data, dict) else None


def _modules(data: dict[str, Any] | None) -> list[ModuleType]:
    """The compose modules of the file's system, or of every system when the file says none."""
    from armybuilder.edit.engine import adapter, composable

    names = composable()
    if data and data.get("system") in names:
        return [adapter(data["system"])]
    return [adapter(s) for s in names]


def _match(names: Iterable[Any], incomplete: str) -> list[str]:
    """The names that begin with what was typed, without regard to case.

    Typer keeps only completions that start with the typed text as it is, so a match keeps the
    user's own letters for the part already typed ("eli" completes to "elite Foot"): armybuilder
    matches names without regard to case anyway.
    """
    typed = incomplete.lstrip("'\"")
    quoted = typed != incomplete
    seen: set[str] = set()
    out: list[str] = []
    for name in names:
        n = str(name)
        if not n.casefold().startswith(typed.casefold()):
            continue
        n = typed + n[len(typed) :]
        if n in seen:
            continue
        seen.add(n)
        out.append(n)
    if os.environ.get("COMP_WORDS") is not None and not quoted:  # bash inserts the words as they are
        out = [re.sub(r"([^\w@%+=:,./-])", r"\\\1", n) for n in out]
    return out


def _context(ctx: typer.Context, incomplete: str) -> tuple[str | None, str | None, str | None, list[str]]:
    """(verb, file, part, positional args before the one being typed): from the shell's words (they
    tell options from arguments by the parts' declarations), else from Click's parse."""
    params = getattr(ctx, "params", {}) or {}
    verb = getattr(getattr(ctx, "command", None), "name", None)
    file, part, args = params.get("file"), params.get("part"), list(params.get("args") or ())
    command, pos = _positionals(_words())
    if command in VERBS:
        raw = os.environ.get("_TYPER_COMPLETE_ARGS", os.environ.get("COMP_WORDS", ""))
        if incomplete and not raw.endswith(" ") and pos:
            pos = pos[:-1]  # the word being typed
        verb = verb or command
        file = pos[0] if pos else file
        part = pos[1] if len(pos) > 1 else part
        args = pos[2:]
    return verb, (str(file) if file else None), part, args


def complete(what: str, ctx: typer.Context, incomplete: str) -> list[str]:
    try:
        return _match(_names(what, ctx, incomplete), incomplete)
    except Exception:  # noqa: BLE001 # pragma: no cover - completion never prints a traceback into the shell
        return []


def _names(what: str, ctx: typer.Context, incomplete: str) -> list[str]:
    if what == "system":
        from armybuilder.edit.engine import composable

        return composable()
    if what in ("kind", "entry"):
        from armybuilder.compose import catalog

        system = (getattr(ctx, "params", {}) or {}).get("system")
        if not system:
            _, pos = _positionals(_words())
            system = pos[0] if pos else None
        if not system:
            return []
        system = catalog.system_id(system)
        return catalog.kinds(system) if what == "kind" else catalog.entry_names(system)
    verb, file, part, args = _context(ctx, incomplete)
    data = _read(file)
    mods = _modules(data)
    if what == "part":
        return [p.name for m in mods for p in m.PARTS if p.verb == verb]
    if what != "args":
        return []
    out: list[str] = []
    for p in _parts(mods, verb, part):
        option = _pending_option(p)
        if option is not None:  # the word being typed is an option's value
            out += option.names(data) if option.names else []
            continue
        i = min(len(args), len(p.names) - 1) if p.names else -1
        source = p.names[i] if i >= 0 else None
        if source is not None:
            out += source(data)
    return out


def _parts(mods: list[ModuleType], verb: str | None, word: str | None) -> list[Part]:
    """The part each system has under the typed word."""
    from armybuilder.suggest import NameIndex

    out: list[Part] = []
    for m in mods:
        parts = [p for p in m.PARTS if p.verb == verb]
        index = NameIndex({p.name: p for p in parts}, {a: p.name for p in parts for a in p.aliases})
        if word and word in index:
            out.append(index[word])
    return out


def _pending_option(part: Part) -> Opt | None:
    """The part's option whose value is being typed (the word before the cursor), else None."""
    words = _words()
    raw = os.environ.get("_TYPER_COMPLETE_ARGS", os.environ.get("COMP_WORDS", ""))
    typing_new = raw.endswith(" ")  # the cursor is after a space: a new word
    before = words[-1] if typing_new and words else (words[-2] if len(words) > 1 else None)
    if before is None or not before.startswith("--") or "=" in before:
        return None
    found = part.option(before)
    return found[0] if found and found[0].takes_value else None


def option_names(verb: str, incomplete: str) -> list[str]:
    """The options of the part being edited, for a word that starts with "-"."""
    try:
        _, pos = _positionals(_words())
        file, word = (pos[0] if pos else None), (pos[1] if len(pos) > 1 else None)
        spellings = [s for p in _parts(_modules(_read(file)), verb, word) for o in p.options for s in o.spellings] + [
            "--as-written"
        ]
        return [s for s in dict.fromkeys(spellings) if s.startswith(incomplete)]
    except Exception:  # noqa: BLE001 # pragma: no cover - completion never prints a traceback into the shell
        return []
