"""Shell completion for the compose commands (Typer ``autocompletion=`` callbacks).

Names come from the data (cards, troop types, factions, races, units, heroes) and, for edits,
from the list file being edited (its classes, heroes, regions, units). The file is read with the
safe loader; a file that cannot be read simply completes nothing from it.

While an option's value is being completed, Click has not parsed the command line (the option
lacks its value), so the words are read from the shell's completion environment instead.
"""

from __future__ import annotations

import os
import re
import shlex
from pathlib import Path
from typing import Any


VALUE_OPTIONS = {
    "--troop", "--stands", "--to", "--from", "--hero", "--option", "--number", "--side", "--level",
    "--tokens", "--power", "--opponent", "--defender", "--defender-tokens", "--defender-faction",
    "--defences", "--name", "--points", "--filter", "--format", "-f",
}
VERBS = ("add", "remove", "set")


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
    for w in words[1:]:
        if skip:
            skip = False
            continue
        if w.startswith("-"):
            skip = w.split("=", 1)[0] in VALUE_OPTIONS and "=" not in w
            continue
        if command is None:
            command = w
        else:
            out.append(w)
    return command, out


def _read(file: Any) -> dict | None:
    if not file:
        return None
    try:
        from armybuilder.yamlio import load_file

        data = load_file(Path(str(file))).data
    except Exception:  # completion never fails loudly
        return None
    return data if isinstance(data, dict) else None


def _adapter(data: dict | None):
    from armybuilder import compose

    if data and data.get("system") in compose.ADAPTERS:
        return [compose.adapter(data["system"])]
    return [compose.adapter(s) for s in compose.ADAPTERS]


def _match(names, incomplete: str) -> list[str]:
    """The names that begin with what was typed, without regard to case.

    Typer keeps only completions that start with the typed text as it is, so a match keeps the
    user's own letters for the part already typed ("eli" completes to "elite Foot"): armybuilder
    matches names without regard to case anyway.
    """
    typed = incomplete.lstrip("'\"")
    quoted = typed != incomplete
    seen, out = set(), []
    for n in names:
        n = str(n)
        if not n.casefold().startswith(typed.casefold()):
            continue
        n = typed + n[len(typed):]
        if n in seen:
            continue
        seen.add(n)
        out.append(n)
    if os.environ.get("COMP_WORDS") is not None and not quoted:  # bash inserts the words as they are
        out = [re.sub(r"([^\w@%+=:,./-])", r"\\\1", n) for n in out]
    return out


def _context(ctx) -> tuple[str | None, str | None, str | None, list[str]]:
    """(verb, file, part, args typed so far): from Click's parse, else from the shell's words."""
    params = getattr(ctx, "params", {}) or {}
    verb = getattr(getattr(ctx, "command", None), "name", None)
    file, part, args = params.get("file"), params.get("part"), list(params.get("args") or ())
    if file is None:
        command, pos = _positionals(_words())
        verb = verb or command
        if command in VERBS:
            file = pos[0] if pos else None
            part = pos[1] if len(pos) > 1 else None
            args = pos[2:]
    return verb, (str(file) if file else None), part, args


def complete(what: str, ctx, incomplete: str) -> list[str]:
    try:
        return _match(_names(what, ctx, incomplete), incomplete)
    except Exception:  # pragma: no cover - completion never fails loudly
        return []


def _names(what: str, ctx, incomplete: str) -> list[str]:
    if what == "system":
        from armybuilder import compose, systems

        return [s for s in systems.available() if s in compose.ADAPTERS]
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
    verb, file, part, args = _context(ctx)
    data = _read(file)
    mods = _adapter(data)
    if what == "part":
        return [p.name for m in mods for p in m.PARTS if p.verb == verb]
    if what == "args":
        from armybuilder.suggest import NameIndex

        out = []
        for m in mods:
            parts = [p for p in m.PARTS if p.verb == verb]
            index = NameIndex({p.name: p for p in parts}, {a: p.name for p in parts for a in p.aliases})
            if part and part in index:
                p = index[part]
                i = min(len(args), len(p.names) - 1) if p.names else -1
                if i >= 0 and p.names[i] is not None:
                    out += p.names[i](data)
        return out
    if what.startswith("opt:"):
        key = what[4:]
        out = []
        for m in mods:
            fn = getattr(m, "OPTION_NAMES", {}).get(key)
            if fn is not None:
                out += fn(data)
        return out
    return []
