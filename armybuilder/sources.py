"""A list from any source: a list file, a share code, a roster that carries its list (Markdown,
JSON, PDF: read back by :mod:`armybuilder.export.readback`), or one list of a tournament packet by
its number (:func:`read_source`); and a list's data written as the YAML of a list file
(:func:`to_yaml`). ``import``, the desk, the folder page and the shared page take their lists so.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

# A game's share code holds the game's result (its lists and taps), not a list: said so by every
# command and page that reads a list from a share code, rather than written as a list with no system.
GAME_CODE = "that share code holds a game's result, not a list; open its share link to see the game"


def is_game_result(data: Any) -> bool:
    """Whether a share code's data is a game's result (``web.gamepage.share_code``), not a list."""
    return isinstance(data, dict) and data.get("armybuilder") == "game"


def read_source(source: str, number: int | None = None, code: bool = False) -> tuple[Any, str]:
    """The list data SOURCE holds and what it is (``a share code``, ``a PDF roster``...); ``number``:
    which list of a tournament packet; ``code``: SOURCE is a share code typed in a box, never the
    name of a file (a server's: ``ABroster.md`` in its working folder is no code).

    Raises ``ValueError`` with the reason it holds none (every one a usage error).
    """
    from armybuilder.export import readback
    from armybuilder.sharecode import ShareCodeError, decode, looks_like_code

    path = Path(source)
    if (
        not code and os.path.exists(path) and not os.path.isdir(path)
    ):  # a FIFO or a device too: readback.read refuses it unopened
        try:
            printed = readback.read(path, pages=False)  # the list it carries: its pages are not read
        except readback.Unreadable as exc:
            raise ValueError(f"{source}: {exc.message}") from None
        if printed.packet is not None:
            return _from_packet(printed, source, number)
        if number is not None:
            raise ValueError(f"--list takes a list out of a tournament packet; {source} is one roster: leave it out")
        if not printed.carries:
            raise ValueError(
                f"{source}: the roster carries no list (it was made by an older armybuilder, or the list was cut "
                "out of it); ask for the list file, its share code, or a new roster"
            )
        return printed.carried, f"a {printed.kind if printed.kind == 'markdown' else printed.kind.upper()} roster"
    if number is not None:
        raise ValueError("--list takes a list out of a tournament packet (a PDF file); leave it out")
    if not code and os.path.isdir(path):
        raise ValueError(f"{source} is a directory; give a share code or a roster file")
    if not looks_like_code(source):
        if code:
            raise ValueError(f"{source}: not a share code (a share code starts with AB1.)")
        raise ValueError(f"{source}: no such file, and not a share code (a share code starts with AB1.)")
    try:
        data = decode(source)
    except ShareCodeError as exc:
        raise ValueError(f"the share code cannot be read: {exc.message}") from None
    if is_game_result(data):
        raise ValueError(GAME_CODE)
    return data, "a share code"


def _from_packet(printed: Any, source: str, number: int | None) -> tuple[Any, str]:
    """List ``number`` of a tournament packet (:func:`read_source`)."""
    import json

    from armybuilder.export import readback

    if number is None or not printed.packet_lists:
        said = readback.packet_said(printed, source)
        raise ValueError(f"{source}: {said}")
    try:
        carried = readback.packet_list(printed, number)
    except readback.Unreadable as exc:
        raise ValueError(f"{source}: {exc.message}") from None
    if carried is None and 1 <= number <= (printed.packet or 0):
        raise ValueError(f"{source}: list {number} of the packet is a file that could not be read as a list")
    if carried is None:
        raise ValueError(f"{source} has no list {number}: its lists are numbered 1 to {printed.packet}")
    try:
        return json.loads(carried), f"list {number} of a tournament packet"
    except ValueError:
        raise ValueError(f"{source}: list {number} of the packet cannot be read") from None


def _schema_order(data: Any, schema: Any, root: dict[str, Any]) -> Any:
    """``data`` with each mapping's keys in the order its schema's ``properties`` give, the others after
    them sorted: the order a player writes a list in, whatever order the source had them in."""
    for _ in range(8):  # a local "$ref": "#/$defs/NAME" (schemas refer at most a few steps deep)
        ref = schema.get("$ref") if isinstance(schema, dict) else None
        if not (isinstance(ref, str) and ref.startswith("#/$defs/")):
            break
        schema = root.get("$defs", {}).get(ref.removeprefix("#/$defs/"), {})
    if not isinstance(schema, dict):
        schema = {}
    if isinstance(data, dict):
        props = schema.get("properties") if isinstance(schema.get("properties"), dict) else {}
        known = [k for k in props if k in data]
        keys = known + sorted(k for k in data if k not in props)
        return {k: _schema_order(data[k], props.get(k, {}), root) for k in keys}
    if isinstance(data, list):
        items = schema.get("items", {})
        return [_schema_order(v, items, root) for v in data]
    return data


def list_schema(data: Any) -> dict[str, Any]:
    """The list schema of the system the data names ({} when it names none armybuilder has)."""
    from armybuilder import systems
    from armybuilder.resources import load_schema

    system = data.get("system") if isinstance(data, dict) else None
    if not isinstance(system, str):
        return {}
    try:
        return load_schema(systems.manifest(system).list_schema)
    except (KeyError, OSError, ValueError):
        return {}


def to_yaml(data: Any, ordered: bool) -> str:
    """The list as YAML text: block style, collections of plain values in flow style (as the examples
    write them); with ``ordered``, keys in their schema's order (a share code's are sorted)."""
    import yaml

    class Dumper(yaml.SafeDumper):
        root: Any = None

        def increase_indent(self, flow: bool = False, indentless: bool = False) -> None:
            super().increase_indent(flow, False)  # a list under a key is indented, as people write it

        def represent(self, data: Any) -> None:
            self.root = data
            super().represent(data)

        def represent_str(self, data: str) -> Any:
            # A line break YAML 1.1 knows beyond \n and \r (NEL, LS, PS): PyYAML writes it raw in a
            # quoted scalar, where a reader folds it; in double quotes it is escaped (\N, \L, \P).
            if any(c in data for c in "\x85\u2028\u2029"):
                return self.represent_scalar("tag:yaml.org,2002:str", data, style='"')
            return super().represent_str(data)

        def represent_mapping(self, tag: str, mapping: Any, flow_style: bool | None = None) -> Any:
            node = super().represent_mapping(tag, mapping, flow_style)
            if mapping is self.root:  # the list itself one key a line, even when every value is plain
                node.flow_style = False
            return node

    Dumper.add_representer(str, Dumper.represent_str)
    if ordered:
        schema = list_schema(data)
        data = _schema_order(data, schema, schema)
    data = _big_as_float(data)
    return yaml.dump(
        data, Dumper=Dumper, sort_keys=False, allow_unicode=True, default_flow_style=None, width=100, indent=2
    )


def _big_as_float(value: Any) -> Any:
    """Whole numbers beyond what a list file holds as a whole number (``yamlio.MAX_INT``) written as
    the floats they came from: the canonical form writes ``9007199254740992.0`` as an integer, and a
    list file may hold it only as a float. Same canonical content, so the same fingerprint."""
    from armybuilder.yamlio import MAX_INT

    if isinstance(value, dict):
        return {k: _big_as_float(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_big_as_float(v) for v in value]
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_INT:
        try:
            as_float = float(value)
        except OverflowError:  # beyond any float (a 309-digit number): kept, and the reader refuses it
            return value
        if as_float == value:
            return as_float
    return value


def default_output(source: str, number: int | None, data: Any) -> str:
    """Where ``import`` writes without ``-o``: beside the roster, its name with ``.yaml``
    (``army.pdf`` -> ``army.yaml``; list K of ``packet.pdf`` -> ``packet-list-K.yaml``); a share
    code's list in this folder, named after the list."""
    if os.path.isfile(source):
        path = Path(source)
        stem = f"{path.stem}-list-{number}" if number is not None else path.stem
        return str(path.with_name(stem + ".yaml"))
    name = data.get("name") if isinstance(data, dict) else None
    slug = re.sub(r"[^a-z0-9]+", "-", str(name or "").lower()).strip("-")[:60].strip("-")
    return f"{slug or 'imported-list'}.yaml"
