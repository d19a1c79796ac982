"""The help texts of ``new``, ``add``, ``remove``, ``set``, ``catalog`` and ``explain``, made from the
systems' declarations (their manifests, compose parts and catalog kinds).

The CLI asks for a text only when ``--help`` is printed (:class:`armybuilder.cli.GeneratedHelp`),
so start-up imports no system's compose or catalog module.
"""

from __future__ import annotations

from types import ModuleType

from armybuilder import systems

_COMMON = """

The file is edited in place: its comments, key order and layout are kept, and the new file is
written atomically (a temporary file renamed over the old one), so an interrupted edit leaves the
old file whole. A file that does not parse is never rewritten, and an edit that would make it
unreadable is refused. An edit that makes the list invalid is written, and its findings shown.

After the edit: what changed, the new total against the limit, then each finding the edit caused
(path:line:col: CODE [severity] message), each it changed ("changed:", with what it said before)
and each it fixed ("fixed:"), one line each.

Names (cards, troop types, factions, races, units, heroes, and the classes, heroes and regions in
the file) match without regard to case; a near miss is refused with a suggestion. --as-written
keeps a name the data does not know. Names of more than one word may need quotes for the shell:
--troop 'Elite Foot'; a trailing name (spell Fire Wall) does not.

Exit codes: 0 the edit was written (or there was nothing to change), whatever the list's
verdict, so that edits chain with && while a list is being built; 1 the same with --check when the
list is invalid; 2 refused (nothing written).
"""

_FIRST = {
    "add": "Add a part to a list: the parts of each game system, with their arguments and options, are below.",
    "remove": "Remove a part from a list: the parts of each game system are below.",
    "set": "Change a setting or a part of a list in place: the parts of each game system are below.",
}
SHORT = {
    "add": "Add a part to a list (a class, a card, tokens, a unit, a region...).",
    "remove": "Remove a part from a list.",
    "set": "Change a setting or a part of a list in place.",
    "new": "Start a new list file for a game system.",
    "catalog": "A table of a game system's cards, troop types, factions, races or units.",
    "explain": "One entry of a game system's data in full: cost, who may take it, caps, rule.",
}


def _compose(m: systems.Manifest) -> ModuleType | None:
    return m.module("compose") if m.has("compose") else None


def verb_help(verb: str) -> str:
    """``add --help``: every system's parts for the verb, then the options each part takes."""
    blocks = []
    for m in systems.manifests():
        mod = _compose(m)
        parts = [p for p in mod.PARTS if p.verb == verb] if mod else []
        if not parts:
            continue
        lines = [f"{m.id}:"] + [f"  {verb} FILE {p.usage}" for p in parts]
        opts: dict[str, str] = {}
        for p in parts:
            for o in p.options:
                opts.setdefault(o.key, o.help_line())
        if opts:
            lines.append("  options:")
            lines += [f"    {line}" for line in opts.values()]
        blocks.append("\b\n" + "\n".join(lines))
    from armybuilder.compose.parts import COMMON

    common = "\b\nOptions every edit takes:\n" + "\n".join(f"  {o.help_line()}" for o in COMMON)
    return _FIRST[verb] + "\n\n" + "\n\n".join(blocks) + "\n\n" + common + _COMMON


def new_help() -> str:
    examples = []
    for m in systems.manifests():
        if _compose(m) is None:
            continue
        examples.append(f"  armybuilder new {m.id} {m.new_example or 'army.yaml'}")
    return (
        "Start a new list file for a game system.\n\n"
        "The file gets a header that lets editors check it against the list schema\n"
        "(# yaml-language-server: $schema=...), a short comment on how to fill it in, and the keys every\n"
        "list starts with. It is never written over an existing file without --force. The findings it\n"
        "prints are what is left to fill in (the command exits 0 when the file was created).\n"
        "--points sets the army size, for the systems measured in points against a limit.\n\n"
        "\b\n" + "\n".join(examples) + "\n"
    )


def catalog_help() -> str:
    rows = []
    for m in systems.manifests():
        if m.has("catalog"):
            rows.append((m.id, ", ".join(m.module("catalog").KINDS)))
    size = max((len(r[0]) for r in rows), default=0)
    return (
        "A table of a game system's cards, troop types, factions, races or units, with costs and\n"
        "the rule each comes from.\n\n"
        "\b\nKIND per system:\n" + "\n".join(f"  {sid.ljust(size)}  {kinds}" for sid, kinds in rows) + "\n"
        "Without KIND: every kind. --filter keeps the rows that contain the text (any column, any case),\n"
        "and the rows whose summary does: those are listed under the table with the summary.\n"
    )


def explain_help() -> str:
    examples = [
        f"  armybuilder explain {m.id} {m.explain_example}"
        for m in systems.manifests()
        if m.explain_example and m.has("catalog")
    ]
    return (
        "One entry in full: its cost rule, who may take it, caps, exclusions, the rule it comes\n"
        "from and a summary. NAME matches without regard to case (cards, troop types, factions, races,\n"
        "units, heroes, talents, tactics...); a near miss gets a suggestion.\n\n"
        "\b\n" + "\n".join(examples) + "\n"
    )


HELP = {
    "add": lambda: verb_help("add"),
    "remove": lambda: verb_help("remove"),
    "set": lambda: verb_help("set"),
    "new": new_help,
    "catalog": catalog_help,
    "explain": explain_help,
}
