"""``armybuilder share FILE`` and ``armybuilder import SOURCE -o FILE``: a list to paste, and back.

``share`` prints the list's share code (:mod:`armybuilder.sharecode`): one line, to paste in a chat
or a forum post; a PDF roster prints it as a QR code. An invalid list can be shared too (a
player asks for help with it): the code is printed, the status line on stderr says INVALID and
the exit code is 1, as ``export`` does. A file that cannot be read as a list has no code (exit 1,
with its finding, as has a YAML file that is not a mapping), and an event pack is not a
list (exit 2).

``import`` writes a list file from a share code, or from a roster that carries its list (every
roster ``armybuilder export`` writes: PDF, Markdown, JSON; read by :func:`armybuilder.commands.verify.read`).
The list is written as YAML (keys in the order of the system's list schema, the rest sorted),
read back with the safe reader every list file goes through (what it holds must be a list a
file may hold) and checked like a file. It is written atomically under the file's lock, never
over an existing file without ``--force`` and never over the roster it comes from; ``-o -``
prints it. Exit 0 when the list is valid, 1 when it was written but is invalid, 2 when nothing
was written (a code that cannot be read, a roster that carries no list, a file in the way).
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from armybuilder.outcome import ExitCode, Outcome
from armybuilder.text import one_line


def share(file: Path, fmt: str = "text", base: str | None = None) -> Outcome:
    """The ``share`` command: the list's share code on stdout (``fmt`` ``json``: a JSON object);
    with ``base``, the address of a published site (``armybuilder site``), a link that opens it."""
    from armybuilder.check import check, is_event_pack, load
    from armybuilder.fingerprint import CanonicalError, canonical_bytes, of_canonical
    from armybuilder.reporters.text import status_line
    from armybuilder.sharecode import FORM, ShareCodeError, encode_canonical, link, link_problem
    from armybuilder.yamlio import LoadError

    shown = one_line(file)
    if base is not None and link_problem(base):
        return Outcome.usage(f"armybuilder share: --link {one_line(base)}: {link_problem(base)}")
    try:
        doc = load(file)
    except LoadError as exc:
        return Outcome(
            "",
            [f"{shown}:{exc.line}:{exc.column}: {exc.code} {one_line(exc.message)}; no share code"],
            ExitCode.INVALID,
        )
    except OSError as exc:
        return Outcome.usage(f"armybuilder share: cannot read {shown} ({exc.strerror or exc})")
    if is_event_pack(doc.data):
        return Outcome.usage(f"armybuilder share: {shown} is an event pack, not a list; share the file itself")
    if not isinstance(doc.data, dict):  # YAML, but not a list: what import would refuse is not shared
        return Outcome(
            "",
            [f"{shown}: the file is not a list (a mapping of keys: system, name...); no share code"],
            ExitCode.INVALID,
        )
    try:
        canonical = canonical_bytes(doc.data)
        code = encode_canonical(canonical)
    except CanonicalError as exc:
        return Outcome("", [f"{shown}: {one_line(exc)}; no share code"], ExitCode.INVALID)
    except ShareCodeError as exc:
        return Outcome.usage(f"armybuilder share: {shown}: {exc.message}")
    result = check(doc, str(file))
    messages = [status_line(result)]
    if fmt == "json":
        from armybuilder.reporters.json_ import dumps

        out = dumps(
            {
                "file": str(file),
                "share_code": code,
                "share_code_form": FORM,
                **({"share_link": link(base, code)} if base is not None else {}),
                "fingerprint": of_canonical(canonical),
                "status": "VALID" if result.valid else "INVALID",
                "valid": result.valid,
            }
        )
    else:
        out = (link(base, code) if base is not None else code) + "\n"
    return Outcome(out, messages, ExitCode.of(result.valid))


# -- import ----------------------------------------------------------------------------------


def _usage(message: str) -> Outcome:
    return Outcome.usage(one_line(f"armybuilder import: {message}"))


def read_source(source: str, number: int | None = None, code: bool = False) -> tuple[Any, str]:
    """The list data SOURCE holds and what it is (``a share code``, ``a PDF roster``...); ``number``:
    which list of a tournament packet; ``code``: SOURCE is a share code typed in a box, never the
    name of a file (a server's: ``ABroster.md`` in its working folder is no code).

    Raises ``ValueError`` with the reason it holds none (every one a usage error).
    """
    from armybuilder.commands import verify
    from armybuilder.sharecode import ShareCodeError, decode, looks_like_code

    path = Path(source)
    if (
        not code and os.path.exists(path) and not os.path.isdir(path)
    ):  # a FIFO or a device too: verify.read refuses it unopened
        try:
            printed = verify.read(path, pages=False)  # the list it carries: its pages are not read
        except verify.Unreadable as exc:
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
        return decode(source), "a share code"
    except ShareCodeError as exc:
        raise ValueError(f"the share code cannot be read: {exc.message}") from None


def _from_packet(printed: Any, source: str, number: int | None) -> tuple[Any, str]:
    """List ``number`` of a tournament packet (:func:`read_source`)."""
    import json

    from armybuilder.commands import verify

    if number is None or not printed.packet_lists:
        said = verify.packet_said(printed, source)
        raise ValueError(f"{source}: {said}")
    try:
        carried = verify.packet_list(printed, number)
    except verify.Unreadable as exc:
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


def import_list(
    source: str, output: str | None, force: bool = False, number: int | None = None, code: bool = False
) -> Outcome:
    """The ``import`` command: write the list SOURCE holds to ``output`` (``-``: stdout; None: a
    name beside the roster, :func:`default_output`), never over a file without ``force``; ``code``:
    SOURCE is a share code, never a file's name (:func:`read_source`)."""
    from armybuilder.check import check
    from armybuilder.fingerprint import CanonicalError, canonical_bytes, of_canonical
    from armybuilder.fsutil import Busy, OverwriteRefused, Unlockable, atomic_write, cannot_write, locked
    from armybuilder.reporters.text import status_line
    from armybuilder.yamlio import Document, LoadError, loads

    try:
        data, kind = read_source(source, number, code)
    except ValueError as exc:
        return _usage(str(exc))
    if output is None:
        output = default_output(source, number, data)
    to_stdout = output == "-"
    target = Path(output)
    if not to_stdout:
        if not code and os.path.isfile(source) and target.exists():  # (a directory is never the same file as a roster)
            try:
                if target.samefile(source):
                    return _usage(f"{output} is the roster itself; write the list somewhere else")
            except OSError:
                pass
        refused = cannot_write(output, force, into=False)  # a list file: never into a device or a FIFO
        if refused is not None:
            return _usage(refused + ("; -o - prints the list" if "not a file" in refused else ""))
    if not isinstance(data, dict):
        return _usage(f"{kind} holds no list (a list is a mapping of keys: system, name...)")
    try:
        canonical = canonical_bytes(data)
    except CanonicalError as exc:
        return _usage(f"the list in {kind} has no canonical form ({exc})")
    fingerprint = of_canonical(canonical)
    header = f"# Imported by armybuilder import from {kind}.\n# Fingerprint: {fingerprint}\n"
    text = header + to_yaml(data, ordered=kind == "a share code")
    try:  # the safe reader of every list file: what the source holds must be what a file may hold
        doc = loads(text)
    except LoadError as exc:
        return _usage(f"the list in {kind} cannot be a list file: {exc.code} {exc.message}")
    if canonical_bytes(doc.data) != canonical:  # pragma: no cover - the writer and the reader disagree: a bug
        return _usage(f"the list in {kind} does not read back as written; nothing was written")
    label = f"the list from {kind}" if to_stdout else str(output)  # not "-: VALID" (issue 26)
    result = check(Document(doc.data, doc.positions, doc.key_positions, text), label)
    messages = [status_line(result)]
    if not result.valid:
        messages.append(f"{one_line(label)}: armybuilder validate lists its findings")
    verdict = ExitCode.of(result.valid)
    if to_stdout:
        return Outcome(text, messages, verdict)
    try:
        with locked(os.path.realpath(target)):
            atomic_write(target, text.encode("utf-8"), force=force, into=False)
    except OverwriteRefused as exc:
        return _usage(str(exc))
    except (Busy, Unlockable) as exc:
        return _usage(f"{exc}; nothing was written")
    except OSError as exc:
        return _usage(f"cannot write {output}: {exc.strerror or exc}")
    messages.append(one_line(f"wrote {output} from {kind} (fingerprint {fingerprint[:16]}…)"))
    return Outcome("", messages, verdict, done=one_line(f"{output} was written"))
