"""Run one compose part as the command line would, and see which options it asks for.

The systems' ``test_compose_options.py`` use it to prove that each part reads the options it
declares and no others. Importable from every test folder as ``compose_parts`` (the root
``conftest.py`` puts ``tests/`` on ``sys.path``).
"""

from __future__ import annotations


class Asked(dict):
    """A request's options that remember which keys the part asked for (read or tested)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.asked: set[str] = set()

    def get(self, key, default=None):
        self.asked.add(key)
        return super().get(key, default)


def edit(system_id: str, text: str, part, args: list, opts: dict) -> tuple[object, set[str]]:
    """Edit ``text`` (a list file, as a round-trip tree in memory) with one part, given its
    arguments and options already read; return what the part said and the option keys it asked
    for. EditError when it refuses, or when an option given was not read."""
    from ruamel.yaml import YAML

    from armybuilder import systems
    from armybuilder.compose.base import Doc, Request
    from armybuilder.resources import load_schema
    from armybuilder.yamlio import loads

    asked = Asked(opts)
    req = Request(verb=part.verb, part=part.name, args=list(args), opts=asked, usage=part.usage, system=system_id)
    doc = Doc(
        tree=YAML().load(text),
        data=loads(text).data,
        system=system_id,
        schema=load_schema(systems.manifest(system_id).list_schema),
    )
    said = part.func(doc, req)
    req.finish()  # refuses an option given but not read
    return said, asked.asked


def run_part(module, system_id: str, text: str, part, words: list) -> set[str]:
    """Edit ``text`` with one part, its words read with its declared options (``module.PARTS``
    for the options of the system's other parts), and return the option keys the part asked for."""
    from armybuilder.compose.parts import parse

    parsed = parse(part, words, system_id, lambda: module.PARTS)
    return edit(system_id, text, part, parsed.args, parsed.opts)[1]


def every_option(part, off: tuple = ()) -> list[str]:
    """Words giving each of the part's options once: a value for text and int, a switch on (off: --no-)."""
    words: list[str] = []
    for o in part.options:
        if o.kind == "switch":
            words.append(("--no-" + o.flag[2:]) if o.key in off else o.flag)
        elif o.kind == "flag":
            words.append(o.flag)
        else:
            value = o.names(None)[0] if o.names else ("2" if o.kind == "int" else "X")
            words += [o.flag, str(value)]
    return words
