"""The names of an event pack, resolved against the game data when the pack is read.

A pack that bans ``Spellblst`` or limits ``stand`` would otherwise check nothing, in silence.
Every name in ``ban``, ``limit`` and ``require`` must be one the system's data knows
(:meth:`armybuilder.systems.System.names`): a card, a troop type, a faction, a race, a unit, a
hero, or a total the system counts (and what its lists are measured in). ``ban`` also takes the
names a list gives itself (a class, a hero the player names), unless the name is a near miss of
a data name. ``require.settings`` keys are top-level keys of the system's list format, and a value
the format fixes (``mode: skirmish``) must be one it allows. Anything else is refused with EVT003,
the pack's line and a suggestion.

A name that resolves is replaced by its canonical spelling (``archers`` becomes the troop type the
inventory names). In a pack for several systems, a rule at the top applies to each system: its
names must resolve in at least one of them.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from armybuilder import systems
from armybuilder.events.rules.unknown_name import CODE
from armybuilder.suggest import fold, nearest

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder import findings
    from armybuilder.events.requirements import Entry, Rules
    from armybuilder.findings import Finding

# Rules fields -> what a pack writes for them (for messages).
FIELDS = {
    "ban": "ban",
    "limit": "limit",
    "minimum": "require",
    "maximum": "require",
    "include": "require.include",
    "settings": "require.settings",
}


@dataclass
class Vocabulary:
    """What one system's lists can hold, by folded name."""

    system: str
    known: bool  # the system declares its names (else every name is taken as written)
    items: dict[str, tuple[str, str]] = field(default_factory=dict)  # folded -> (canonical, kind)
    written: list[str] = field(default_factory=list)  # every item name as the data writes it (suggestions)
    kinds: list[str] = field(default_factory=list)  # the kinds the data gives names of
    list_kinds: list[str] = field(default_factory=list)
    totals: dict[str, str] = field(default_factory=dict)  # folded -> the total's name
    keys: dict[str, str] = field(default_factory=dict)  # folded top-level list key -> the key
    schema: dict[str, Any] = field(default_factory=dict)  # the list schema (for enums)


def vocabulary(system_id: str) -> Vocabulary:
    system = systems.get(system_id)
    schema = _list_schema(system.list_schema)
    keys = {fold(k): k for k in schema.get("properties", {})}
    names = system.names()
    if names is None:
        return Vocabulary(system_id, False, keys=keys, schema=schema)
    kinds = [k for k, table in names.kinds.items() if table]  # the kinds the data names
    v = Vocabulary(system_id, True, kinds=kinds, list_kinds=list(names.list_kinds), keys=keys)
    v.schema = schema
    for kind, table in names.kinds.items():
        for written, canonical in table.items():
            v.items.setdefault(fold(written), (canonical, kind))
            v.written.append(written)
    for total in (*names.totals, system.manifest.measure):
        v.totals.setdefault(fold(total), total)
    return v


def _list_schema(name: str) -> dict[str, Any]:
    from armybuilder.resources import load_schema

    loaded: dict[str, Any] = load_schema(name)
    return loaded


def _words(kinds: Iterable[str], last: str = "or") -> str:
    words = [k.replace("_", " ") for k in kinds]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {last} " + words[-1]


TYPO = 0.8  # a name this close to a data name is a typo of it, not a class or hero name of its own


def _typo(name: str, choices: Iterable[str]) -> bool:
    """Whether ``name`` is a near miss of one of ``choices``: "Spellblst" of "Spellblast" (0.95),
    not "Rangers" of "Raiders" or "Archmage" of "Archer" (0.71), which are names of their own."""
    folded = [fold(c) for c in choices]
    return bool(difflib.get_close_matches(fold(name), folded, n=1, cutoff=TYPO))


def _hint(name: str, choices: Iterable[str]) -> str:
    hit = nearest(name, choices)
    return f" (did you mean '{hit}'?)" if hit else ""


class _Refusal(Exception):
    """Why one system does not know a pack's name: the message, the names a suggestion is chosen
    from, the word the suggestion is for (the name, or a setting's value) and what follows it."""

    def __init__(self, message: str, near: list[str], subject: str | None = None, tail: str = ""):
        super().__init__(message)
        self.message = message
        self.near = near
        self.subject = subject
        self.tail = tail


def _resolve(v: Vocabulary, fieldname: str, entry: Entry, typos: list[str]) -> Entry:
    """The entry with its canonical name in ``v``; _Refusal when ``v`` does not know it.

    ``typos``: the data names a list's own name (in ``ban``) must not be a near miss of.
    """
    if fieldname == "settings":
        return _setting(v, entry)
    if not v.known:
        return entry
    name = entry.name
    item = v.items.get(fold(name))
    total = v.totals.get(fold(name))
    data_kinds = v.kinds
    if fieldname in ("ban", "include"):
        if item is not None:
            return replace(entry, name=item[0])
        if total is not None:
            instead = f"limit: {{{total}: 0}}" if fieldname == "ban" else f"require: {{min_{total}: 1}}"
            raise _Refusal(f"'{name}' is a total {v.system} counts, not a name: write {instead}", [])
        tail = ""
        if fieldname == "ban" and v.list_kinds:
            if not _typo(name, typos):
                return entry  # a name the list gives itself (a class, a hero)
            tail = f"; ban also takes the {_words(v.list_kinds, 'and')} names a list gives, but not a near miss"
        return _refuse(f"{v.system} has no {_words(data_kinds)} called '{name}'", v.written, tail=tail)
    if fieldname == "limit":
        if total is not None:
            return replace(entry, name=total, total=True)
        if item is not None:
            return replace(entry, name=item[0])
        raise _Refusal(
            f"{v.system} has no {_words([*data_kinds, 'total'])} called '{name}'",
            [*v.written, *v.totals.values()],
            tail=f"; its totals: {', '.join(v.totals.values())}",
        )
    # minimum / maximum: a total
    if total is not None:
        return replace(entry, name=total)
    bound = "min" if fieldname == "minimum" else "max"
    raise _Refusal(
        f"{v.system} counts no total '{name}' for {bound}_{name}",
        list(v.totals.values()),
        tail=f"; it counts: {', '.join(v.totals.values())}",
    )


def _refuse(message: str, near: list[str], tail: str = "") -> Entry:
    raise _Refusal(message, near, tail=tail)


def _setting(v: Vocabulary, entry: Entry) -> Entry:
    key = v.keys.get(fold(entry.name))
    if key is None:
        raise _Refusal(f"'{entry.name}' is not a top-level key of {v.system} lists", list(v.keys.values()))
    allowed = _enum(v.schema, v.schema.get("properties", {}).get(key, {}))
    if allowed is not None and not any(_same(entry.value, a) for a in allowed):
        shown = ", ".join(str(a) for a in allowed)
        raise _Refusal(
            f"{key}: {entry.value!s} is not a value {v.system} lists allow (one of: {shown})",
            [str(a) for a in allowed],
            subject=str(entry.value),
        )
    return replace(entry, name=key)


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, str) and isinstance(b, str):
        return fold(a) == fold(b)
    return type(a) is type(b) and bool(a == b)


def _enum(schema: dict[str, Any], node: Any) -> list[Any] | None:
    """The values a property allows when the schema lists them (``enum``, ``const``), else None."""
    for _ in range(10):  # follow local $refs
        if not isinstance(node, dict) or "$ref" not in node:
            break
        target: Any = schema
        for step in str(node["$ref"]).removeprefix("#/").split("/"):
            target = target.get(step, {}) if isinstance(target, dict) else {}
        node = target
    if not isinstance(node, dict):
        return None
    if isinstance(node.get("enum"), list):
        return list(node["enum"])
    if "const" in node:
        return [node["const"]]
    return None


def resolve(
    rules: dict[str, Rules],
    several: bool,
    finding: Callable[[str, str, findings.Path], Finding],
) -> list[Finding]:
    """Resolve every name of every system's rules in place; the EVT003 findings of those that do not.

    ``several``: the pack has ``systems:``; a rule written at the top (its path does not start with
    ``systems``) then resolves when one of the systems knows it.
    """
    known = {sid: vocabulary(sid) for sid in rules if systems.known(sid)}
    out: list[Finding] = []
    done: set[tuple[str, findings.Path]] = set()
    for sid, r in rules.items():
        if sid not in known:
            continue  # an unknown system: EVT002 says so
        for fieldname in FIELDS:
            entries: list[Entry] = getattr(r, fieldname)
            for i, entry in enumerate(entries):
                shared = several and entry.path[:1] != ("systems",)
                targets = list(known) if shared else [sid]
                typos = [n for t in targets for n in known[t].written]
                refusals: list[_Refusal] = []
                resolved = None
                for target in targets:
                    try:
                        got = _resolve(known[target], fieldname, entry, typos)
                    except _Refusal as exc:
                        refusals.append(exc)
                        continue
                    if target == sid:
                        resolved = got
                    elif resolved is None:
                        resolved = entry  # another system of the day knows it
                if resolved is not None:
                    entries[i] = resolved
                    continue
                if (fieldname, entry.path) in done:
                    continue  # a rule at the top fails once, not once per system
                done.add((fieldname, entry.path))
                out.append(finding(CODE, _message(fieldname, entry, refusals, targets), entry.path))
    return out


def _message(fieldname: str, entry: Entry, refusals: list[_Refusal], targets: list[str]) -> str:
    where = FIELDS[fieldname]
    if len(refusals) == 1:
        r = refusals[0]
        return f"{where}: {r.message}{_hint(r.subject or entry.name, r.near)}{r.tail}"
    near = [n for r in refusals for n in r.near]
    return f"{where}: none of the event's systems ({', '.join(targets)}) knows '{entry.name}'{_hint(entry.name, near)}"
