"""Valid lists for every mode, and helpers to change one thing and check the result."""

from __future__ import annotations

import copy
from pathlib import Path

import yaml

from armybuilder.check import check_text

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "homm3-battlefield"


def example(name: str) -> dict:
    return yaml.safe_load((EXAMPLES / f"{name}.yaml").read_text(encoding="utf-8"))


SHORT = example("skirmish-short")        # Sandro, Necropolis
MEDIUM = example("skirmish-medium")      # Catherine, Castle
LARGE = example("skirmish-large")        # Mutare, Dungeon (alternate Manticores)
ADVENTURE = example("adventure-medium")  # Solmyr, Tower
BOARD = example("board-neutral")         # Gelu, Rampart, against neutral units


def variant(base: dict, **changes) -> dict:
    """A deep copy of ``base`` with top-level keys replaced (None removes the key)."""
    out = copy.deepcopy(base)
    for key, value in changes.items():
        if value is None:
            out.pop(key, None)
        else:
            out[key] = value
    return out


def check(data: dict):
    return check_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), "list.yaml")


def codes(result) -> list[str]:
    return [f.code for f in result.sorted_findings()]


def findings(data: dict, code: str):
    return [f for f in check(data).sorted_findings() if f.code == code]


def assert_clean(data: dict, code: str) -> None:
    got = findings(data, code)
    assert got == [], [f.message for f in got]


class Asked(dict):
    """A request's options that remember which keys the part asked for (read or tested)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.asked: set = set()

    def get(self, key, default=None):
        self.asked.add(key)
        return super().get(key, default)


def run_part(module, system_id: str, text: str, part, words: list) -> set:
    """Edit ``text`` with one part as the command line would (its words read with its declared
    options), and return the option keys the part asked for. EditError when it refuses."""
    from ruamel.yaml import YAML

    from armybuilder import systems
    from armybuilder.compose.base import Doc, Request
    from armybuilder.compose.parts import parse
    from armybuilder.resources import load_schema
    from armybuilder.yamlio import loads

    parsed = parse(part, words, system_id, lambda: module.PARTS)
    opts = Asked(parsed.opts)
    req = Request(verb=part.verb, part=part.name, args=parsed.args, opts=opts, usage=part.usage, system=system_id)
    doc = Doc(tree=YAML().load(text), data=loads(text).data, system=system_id,
              schema=load_schema(systems.manifest(system_id).list_schema))
    part.func(doc, req)
    req.finish()  # refuses an option given but not read
    return opts.asked


def every_option(part, off: tuple = ()) -> list[str]:
    """Words giving each of the part's options once: a value for text and int, a switch on (off: --no-)."""
    words: list[str] = []
    for o in part.options:
        if o.kind == "switch":
            words.append(("--no-" + o.flag[2:]) if o.key in off else o.flag)
        elif o.kind == "flag":
            words.append(o.flag)
        else:
            value = o.names()[0] if o.names else ("2" if o.kind == "int" else "X")
            words += [o.flag, str(value)]
    return words
