"""Reading list files safely.

A list file is turned into plain Python data (dicts, lists, str, int, float, bool, None)
straight from the YAML event stream, in one pass and without recursion, so that:

* no code ever runs: only the core YAML tags are accepted, ``!!python/...`` is refused;
* anchors and aliases are refused before anything is expanded (no alias bombs);
* duplicate keys are errors, not silently the last one;
* the line and column of every value are kept, for findings;
* size, depth and value-count limits stop absurd files early;
* only regular files are read (a FIFO or a device would block or never end), at most
  ``MAX_BYTES + 1`` bytes of them;
* numbers stay numbers every command can print and compute with: a numeric value is at most
  ``MAX_NUMBER_CHARS`` characters long and a whole number at most ``MAX_INT`` in size; a float
  that is a whole number within it (``2.0``, ``1.0e+3``) is read as that whole number.

The C event parser is used where libyaml is present (5-8x faster than pure Python).
"""

from __future__ import annotations

import math
import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path as FsPath
from typing import TYPE_CHECKING, Any, Protocol

from armybuilder.lazyre import YAML_NON_PRINTABLE, deferred

with deferred(YAML_NON_PRINTABLE):  # PyYAML's pure-Python reader's pattern: 4-5 ms of every start, unused
    import yaml
from yaml.constructor import SafeConstructor
from yaml.nodes import ScalarNode
from yaml.resolver import Resolver

try:  # pragma: no cover - depends on the platform's PyYAML build
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]  # the pure-Python class in the C one's place: same API

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder import findings

MAX_BYTES = 1024 * 1024  # a real list is a few KiB
MAX_DEPTH = 32
MAX_VALUES = 10_000
MAX_INT = 2**53 - 1  # the largest whole number a JSON reader or a float holds exactly
MAX_NUMBER_CHARS = 100  # a number longer than this is not a list's number (and 1:2:3:... costs time)

_CORE = "tag:yaml.org,2002:"
_ALLOWED_TAGS = {_CORE + t for t in ("str", "int", "float", "bool", "null", "map", "seq")}
_NUMBER_TAGS = {_CORE + "int", _CORE + "float"}
_TAG_WORDS = {_CORE + "int": "a whole number", _CORE + "float": "a number", _CORE + "bool": "true or false"}
_STARTS = (yaml.MappingStartEvent, yaml.SequenceStartEvent)
_NODES = (yaml.ScalarEvent, *_STARTS)  # the events that make a value (and may carry an anchor)
_resolver = Resolver()
_constructor = SafeConstructor()


class LoadError(Exception):
    """A file that cannot become a list: the message says why, with its position."""

    def __init__(self, code: str, message: str, line: int = 1, column: int = 1):
        super().__init__(message)
        self.code = code
        self.message = message
        self.line = line
        self.column = column


@dataclass
class Document:
    """A parsed YAML file: its data and the position of every value in it."""

    data: Any
    positions: dict[findings.Path, tuple[int, int]] = field(default_factory=dict)
    key_positions: dict[findings.Path, tuple[int, int]] = field(default_factory=dict)
    text: str = ""


class _Mark(Protocol):
    """Where the parser is: PyYAML's pure-Python and libyaml marks both have these (0-based)."""

    line: int
    column: int


def _pos(mark: _Mark | None) -> tuple[int, int]:
    """1-based (line, column); the file's start when the parser gave no mark."""
    if mark is None:
        return (1, 1)
    return (mark.line + 1, mark.column + 1)


_KINDS = (
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def _not_regular(path: str | FsPath, mode: int) -> LoadError:
    kind = next((name for test, name in _KINDS if test(mode)), "not a regular file")
    return LoadError("ABL012", f"{os.fspath(path)!s} is {kind}, not a regular file; a list is a file on disk")


def _check_kind(path: str | FsPath, mode: int) -> None:
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(21, "Is a directory", os.fspath(path))
    if not stat.S_ISREG(mode):
        raise _not_regular(path, mode)


def _too_large(size: int | None, max_bytes: int) -> LoadError:
    shown = f"{size:,} bytes" if size is not None else f"more than {max_bytes:,} bytes"
    return LoadError("ABL002", f"the file is {shown}; list files are limited to {max_bytes:,} bytes")


def read_bytes(path: str | FsPath, max_bytes: int = MAX_BYTES) -> bytes:
    """The file's bytes: a regular file of at most ``max_bytes``, else :class:`LoadError`.

    A directory raises ``IsADirectoryError`` and a missing file ``FileNotFoundError`` (the caller's
    usage errors). A FIFO, device or socket is refused before it is opened, and checked again on
    the open file (opened without blocking), so ``/dev/zero`` or a pipe never hangs a command; at
    most ``max_bytes + 1`` bytes are read, so a file that grows meanwhile is refused too.
    """
    _check_kind(path, os.stat(path).st_mode)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        info = os.fstat(fd)
        _check_kind(path, info.st_mode)  # replaced between the stat and the open
        if info.st_size > max_bytes:
            raise _too_large(info.st_size, max_bytes)
        chunks: list[bytes] = []
        got = 0
        while got <= max_bytes:
            chunk = os.read(fd, max_bytes + 1 - got)
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
    finally:
        os.close(fd)
    if got > max_bytes:  # the read stopped one byte past the limit: how far the file goes is not known
        raise _too_large(None, max_bytes)
    return b"".join(chunks)


def read_text(path: str | FsPath, max_bytes: int = MAX_BYTES) -> str:
    """The file's text, refusing huge, non-UTF-8 and non-regular files with a position."""
    raw = read_bytes(path, max_bytes)
    wrong_kind(raw, path)
    return decode(raw)


def wrong_kind(raw: bytes, path: str | FsPath) -> None:
    """Refuse a file of another kind than a list (a PDF roster, an image) by saying what it is: "not
    UTF-8 text (byte 0x93 ...)" said nothing of the PDF roster given to validate."""
    import shlex

    name = shlex.quote(os.fspath(path))
    if raw.startswith(b"%PDF-"):
        raise LoadError(
            "ABL003",
            f"the file is a PDF (a roster, or a tournament packet), not a list file: armybuilder verify "
            f"{name} checks a roster, and armybuilder import {name} -o LIST.yaml takes its list out",
            1,
            1,
        )
    for magic, what in _OTHER_KINDS:
        if raw.startswith(magic):
            raise LoadError("ABL003", f"the file is {what}, not a list file", 1, 1)


_OTHER_KINDS = (
    (b"\x89PNG\r\n", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"PK\x03\x04", "a ZIP archive (or a document made of one: .docx, .odt...)"),
    (b"SQLite format 3\x00", "an SQLite database"),
)


def decode(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        line = before.count(b"\n") + 1
        column = exc.start - (before.rfind(b"\n") + 1) + 1
        raise LoadError(
            "ABL003",
            f"the file is not UTF-8 text (byte 0x{raw[exc.start]:02x} cannot be read)",
            line,
            column,
        ) from None


def _scalar(event: yaml.ScalarEvent) -> Any:
    tag = event.tag
    if tag is None or tag == "!":
        tag = _resolver.resolve(ScalarNode, event.value, event.implicit)  # type: ignore[no-untyped-call]  # types-PyYAML leaves BaseResolver.resolve unannotated
    if tag not in _ALLOWED_TAGS:
        if tag == _CORE + "timestamp":
            return event.value  # dates stay as written
        raise LoadError(
            "ABL008",
            f"the tag {tag!r} is not allowed in a list file (only plain values)",
            *_pos(event.start_mark),
        )
    if tag == _CORE + "str":
        return event.value
    node = ScalarNode(tag, event.value)
    if tag in _NUMBER_TAGS and len(event.value) > MAX_NUMBER_CHARS:
        raise LoadError(
            "ABL010",
            f"{event.value[:40]!r}... is {len(event.value):,} characters long; a number in a list file "
            f"is at most {MAX_NUMBER_CHARS}",
            *_pos(event.start_mark),
        )
    try:
        if tag == _CORE + "int":
            number = _constructor.construct_yaml_int(node)
            if abs(number) > MAX_INT:
                raise LoadError(
                    "ABL010",
                    f"{event.value[:40]!r} is too large a number; list files hold whole numbers "
                    f"from {-MAX_INT:,} to {MAX_INT:,}",
                    *_pos(event.start_mark),
                )
            return number
        if tag == _CORE + "float":
            value = _constructor.construct_yaml_float(node)
            if math.isnan(value) or math.isinf(value):
                raise LoadError("ABL010", f"{event.value!r} is not a finite number", *_pos(event.start_mark))
            # 2.0 is the number 2, as the fingerprint counts it: JSON Schema's integer takes it, and the
            # rules count with whole numbers and Fractions (a float gave "6.0 tokens" and crashed a cost)
            return int(value) if value.is_integer() and abs(value) <= MAX_INT else value
        if tag == _CORE + "bool":
            return _constructor.construct_yaml_bool(node)
        if tag == _CORE + "null":
            return None
    except LoadError:
        raise
    except (ValueError, TypeError, IndexError, KeyError, OverflowError, yaml.YAMLError):
        # an explicit tag on a value it cannot read: `!!int` (empty), `!!float ""`, `!!bool maybe`
        raise LoadError(
            "ABL010",
            f"{event.value[:40]!r} cannot be read as {_TAG_WORDS.get(tag, 'a ' + tag.rsplit(':', 1)[-1])}",
            *_pos(event.start_mark),
        ) from None
    raise LoadError("ABL008", f"the value {event.value[:40]!r} has the tag {tag!r}", *_pos(event.start_mark))


def _check_collection_tag(event: yaml.CollectionStartEvent) -> None:
    tag = event.tag
    if tag not in (None, "!", _CORE + "map", _CORE + "seq"):
        raise LoadError(
            "ABL008",
            f"the tag {tag!r} is not allowed in a list file (only plain values)",
            *_pos(event.start_mark),
        )


def _tab_hint(text: str, line: int) -> str:
    """What to do when the line YAML stopped at (or the one before it) is indented with a tab: YAML
    indents with spaces."""
    lines = text.split("\n")
    for n in (line, line - 1):
        here = lines[n - 1] if 0 < n <= len(lines) else ""
        if "\t" in here[: len(here) - len(here.lstrip(" \t"))]:
            return f" (line {n} is indented with a tab: YAML indents with spaces only; replace each tab with spaces)"
    return ""


# A line that opens with a key: its indent, its sequence dashes ("- - "), the key, and what follows it.
_KEYED = re.compile(r"^( *)((?:-[ ]+)*)([^\s#'\"\[\]{},:-][^#:]*?|\"[^\"]*\"|'[^']*'):(?:[ ]+(.*))?$")
# The parser's words for a line indented more or less than its neighbours.
_INDENT_PROBLEMS = (
    "mapping values are not allowed",
    "did not find expected '-' indicator",
    "did not find expected key",
)


def _indent_hint(text: str, line: int) -> str:
    """What to do when the line YAML stopped at is indented more or less than the line before it:
    name both lines and the key to align (``line 6 is indented more than line 5: align 'stands:'
    with 'troop:'``); "" when the lines say nothing so plain."""
    lines = text.split("\n")
    if not 0 < line <= len(lines):
        return ""

    def keyed(n: int) -> tuple[int, int, str, bool] | None:
        """(indent, the key's column, the key, whether a value follows it on its line) of line n."""
        m = _KEYED.match(lines[n - 1].rstrip())
        if m is None:
            return None
        indent, dashes = len(m.group(1)), m.group(2)
        return indent, indent + len(dashes), m.group(3).strip(), bool((m.group(4) or "").strip())

    def content(n: int) -> bool:
        stripped = lines[n - 1].strip()
        return bool(stripped) and not stripped.startswith("#")

    here = keyed(line)
    before = next((n for n in range(line - 1, 0, -1) if content(n)), None)
    if here is None or before is None:
        return ""
    dash = lines[line - 1].lstrip(" ").startswith("-")
    if dash:  # an item of a sequence: its dash goes under its siblings' dashes
        sibling = next((n for n in range(line - 1, 0, -1) if lines[n - 1].lstrip(" ").startswith("- ")), None)
        if sibling is None:
            return ""
        other = len(lines[sibling - 1]) - len(lines[sibling - 1].lstrip(" "))
        if other == here[0]:
            return ""
        more = "more" if here[0] > other else "less"
        return f"line {line} is indented {more} than line {sibling}: align its '-' with the '-' of line {sibling}"
    prev = keyed(before)
    if prev is None:
        return ""
    _, column, key, _ = here
    _, prev_column, prev_key, prev_value = prev
    if column > prev_column and prev_value:
        more = "more"
    elif column < prev_column:
        more = "less"
    else:
        return ""
    return f"line {line} is indented {more} than line {before}: align '{key}:' with '{prev_key}:'"


def loads(text: str) -> Document:
    """Parse YAML text into a :class:`Document`, or raise :class:`LoadError`."""
    positions: dict[findings.Path, tuple[int, int]] = {}
    key_positions: dict[findings.Path, tuple[int, int]] = {}
    # Each frame: [container, path, pending_key (maps only), key_set]
    stack: list[list[Any]] = []
    root: Any = None
    have_root = False
    documents = 0
    values = 0

    def place(value: Any, mark: _Mark | None, container_frame: list[Any] | None) -> findings.Path | None:
        """Put a finished value into its parent; returns the value's path."""
        nonlocal root, have_root
        if container_frame is None:
            root, have_root = value, True
            positions[()] = _pos(mark)
            return ()
        container, cpath = container_frame[0], container_frame[1]
        if isinstance(container, list):
            path = (*cpath, len(container))
            container.append(value)
            positions[path] = _pos(mark)
            return path
        # mapping: either this value is a key, or the value for the pending key
        if container_frame[2] is _NO_KEY:
            if isinstance(value, (dict, list)):
                raise LoadError("ABL004", "a mapping key must be a plain value", *_pos(mark))
            if value is None:
                value = "null"
            key = value
            try:
                hash(key)
            except TypeError:  # pragma: no cover - plain scalars always hash
                raise LoadError("ABL004", "a mapping key must be a plain value", *_pos(mark)) from None
            key_path = (*cpath, key)
            if key in container_frame[3]:
                raise LoadError(
                    "ABL006",
                    f"the key {str(key)!r} appears twice in the same mapping "
                    f"(first at line {key_positions[key_path][0]})",
                    *_pos(mark),
                )
            container_frame[3].add(key)
            key_positions[key_path] = _pos(mark)
            container_frame[2] = key
            return None
        key = container_frame[2]
        container[key] = value
        container_frame[2] = _NO_KEY
        path = (*cpath, key)
        positions[path] = _pos(mark)
        return path

    def child_path(frame: list[Any] | None) -> findings.Path:
        if frame is None:
            return ()
        container, cpath = frame[0], frame[1]
        if isinstance(container, list):
            return (*cpath, len(container))
        return (*cpath, frame[2])

    try:
        for event in yaml.parse(text, Loader=_Loader):
            if isinstance(event, _NODES):
                values += 1
                if values > MAX_VALUES:
                    raise LoadError(
                        "ABL009",
                        f"the file holds more than {MAX_VALUES:,} values; a list never needs that many",
                        *_pos(event.start_mark),
                    )
                if event.anchor:
                    raise _anchor_error(event)
            if isinstance(event, yaml.ScalarEvent):
                place(_scalar(event), event.start_mark, stack[-1] if stack else None)
            elif isinstance(event, _STARTS):
                _check_collection_tag(event)
                if len(stack) >= MAX_DEPTH:
                    raise LoadError(
                        "ABL009",
                        f"the file nests deeper than {MAX_DEPTH} levels",
                        *_pos(event.start_mark),
                    )
                parent = stack[-1] if stack else None
                if parent is not None and isinstance(parent[0], dict) and parent[2] is _NO_KEY:
                    raise LoadError("ABL004", "a mapping key must be a plain value", *_pos(event.start_mark))
                container: Any = {} if isinstance(event, yaml.MappingStartEvent) else []
                path = child_path(parent)
                stack.append([container, path, _NO_KEY, set(), event.start_mark])
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                frame = stack.pop()
                place(frame[0], frame[4], stack[-1] if stack else None)
            elif isinstance(event, yaml.AliasEvent):
                raise LoadError(
                    "ABL007",
                    f"aliases (*{event.anchor}) are not allowed in a list file; write the value out",
                    *_pos(event.start_mark),
                )
            elif isinstance(event, yaml.DocumentStartEvent):
                documents += 1
                if documents > 1:
                    raise LoadError(
                        "ABL011",
                        "the file holds more than one YAML document; a list file holds one",
                        *_pos(event.start_mark),
                    )
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = exc.problem or exc.context or "cannot be read"
        line, column = _pos(mark) if mark else (1, 1)
        hint = _tab_hint(text, line)
        if not hint and problem.startswith(_INDENT_PROBLEMS):
            indent = _indent_hint(text, line)
            if indent:
                raise LoadError("ABL004", f"not valid YAML: {indent} (the parser: {problem})", line, column) from None
        raise LoadError("ABL004", f"not valid YAML: {problem}{hint}", line, column) from None
    except yaml.reader.ReaderError as exc:  # a character YAML never allows (a NUL): its own line and column
        before = text[: max(0, int(exc.position))]
        line, column = before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1
        code = exc.character if isinstance(exc.character, int) else ord(str(exc.character)[:1] or "\0")
        raise LoadError(
            "ABL004",
            f"not valid YAML: the character U+{code:04X} is not allowed in a list (a control character)",
            line,
            column,
        ) from None
    except yaml.YAMLError as exc:  # pragma: no cover - unmarked reader errors
        raise LoadError("ABL004", f"not valid YAML: {exc}") from None
    except RecursionError:  # pragma: no cover - guarded by MAX_DEPTH
        raise LoadError("ABL009", f"the file nests deeper than {MAX_DEPTH} levels") from None

    if not have_root:
        raise LoadError("ABL005", "the file is empty")
    return Document(root, positions, key_positions, text)


def _anchor_error(event: yaml.NodeEvent) -> LoadError:
    return LoadError(
        "ABL007",
        f"anchors (&{event.anchor}) and aliases are not allowed in a list file; write the value out",
        *_pos(event.start_mark),
    )


class _NoKey:
    __slots__ = ()

    def __repr__(self) -> str:  # pragma: no cover
        return "<no key>"


_NO_KEY = _NoKey()


def load_file(path: str | FsPath) -> Document:
    """Read and parse one list file."""
    return loads(read_text(path))


def load_data_file(path: str | FsPath) -> Any:
    """Load one of the project's own bundled data files (trusted, but still safe)."""
    with open(path, encoding="utf-8") as fh:
        return yaml.load(fh, Loader=_Loader)


# -- list data from JSON (a share code, the list a roster carries) ----------------------------------


def refuse_constant(value: str) -> Any:
    """``json.loads``'s ``parse_constant``: NaN and Infinity are no number a list file holds."""
    raise ValueError(f"{value} is not a number a list holds")


def beyond_limits(data: Any) -> str | None:
    """What in parsed data a list file could not hold, counted as :func:`loads` counts it (more
    than ``MAX_DEPTH`` nested collections, more than ``MAX_VALUES`` values), e.g. ``"nests deeper
    than 32 levels"``; None when it is within them."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    count = 0
    while stack:
        value, depth = stack.pop()
        count += 1
        if depth > MAX_DEPTH and isinstance(value, (dict, list)):  # collections are levels; plain values not
            return f"nests deeper than {MAX_DEPTH} levels"
        if count > MAX_VALUES:
            return f"holds more than {MAX_VALUES:,} values"
        if isinstance(value, dict):
            stack += [(v, depth + 1) for v in value.values()]
        elif isinstance(value, list):
            stack += [(v, depth + 1) for v in value]
    return None
