"""Structure-aware fuzzing (issue 12): mutants of the real example lists and event packs, of every
system, through every command in-process. Not one may raise (a traceback), print a control
character or escape sequence, print JSON that does not parse, exit with a code the command does
not have, or change a file when an edit is refused; an edit that is made leaves a file the safe
reader still reads.

Hypothesis builds each file from a real example (``examples/<system>/*.yaml``, ``examples/events``):
it mutates the parsed structure (replaces values with hostile scalars: huge and odd numbers, NaN,
explicit and Python tags, anchors and aliases, control characters, odd keys; removes and adds keys,
swaps a mapping for a list, nests deeper), writes it back as block or flow YAML (some values as
raw YAML text, so tags and number spellings reach the parser), sometimes mangles the bytes (cut
short, a byte that is not UTF-8, a BOM, CRLF), then runs validate, cost, export (Markdown, JSON,
sometimes PDF), fingerprint, diff, validate --event / tournament with a mutated pack, and edits
built from the system's own part declarations.

Then what comes from someone else than a list file (issue 27): a mutated share code (a character
changed, cut short, a wrong form; or a valid checksum over hostile content: the mutated list as
JSON, not in the canonical form, a 309-digit number, bytes that are not JSON) through ``import``,
and a mutated roster of the example (Markdown, JSON, sometimes PDF: the mutated list as the list it
carries, a hostile error count, a line changed, cut or repeated, a fence lost, VALID for INVALID, a
PDF cut or of many pages) through ``verify`` and ``import``. A PDF roster may also carry embedded
files of any name, the list among them or not, packed or not, files that unpack to megabytes of
zeros, more files than a reader looks at, or be pages of few operations and huge strings, or of
fonts whose maps unpack to megabytes (issue 38); ``test_no_hostile_pdf_breaks_verify_or_import``
sends only such PDFs, and checks that the process never held more than ``MAX_RSS``.

The run is deterministic (``derandomize=True``: the same examples on every run, so CI is
repeatable) and bounded: ``ARMYBUILDER_FUZZ_EXAMPLES`` examples (default 30, so that the whole
suite stays within minutes: about 15 s of one core here, the pages' target a minute). The long
mode, before a release or after a change to a parser or a page:
``ARMYBUILDER_FUZZ_EXAMPLES=20000 ARMYBUILDER_FUZZ_SEED=7 pytest --no-cov tests/fuzz`` (a seed
gives other examples than CI's; split a long run over seeds; 150 was the default until December
2026). A failure is shrunk to a small
reproducer, which belongs in ``tests/commands/test_hostile_input.py`` once fixed.
"""

from __future__ import annotations

import functools
import itertools
import json
import os
import re
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, seed, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from armybuilder import systems
from armybuilder.cli import app
from armybuilder.edit import engine as edit
from armybuilder.export import render
from armybuilder.export.markdown import LIST_INFO
from armybuilder.export.pdf import LIST_FILE
from armybuilder.export.roster import build
from armybuilder.sharecode import encode_canonical
from armybuilder.text import json_text
from armybuilder.yamlio import LoadError, load_file, loads

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted(p for p in (ROOT / "examples").glob("*/*.yaml") if p.parent.name != "events")
PACKS = sorted((ROOT / "examples" / "events").glob("*.yaml"))
MAX_EXAMPLES = int(os.environ.get("ARMYBUILDER_FUZZ_EXAMPLES", "30"))
# Another seed gives other examples (a long run split over processes); without one, CI's fixed set.
SEED = os.environ.get("ARMYBUILDER_FUZZ_SEED")

# What a terminal must never get: control characters but the line break and the tab (NO_COLOR is
# set for the tests, so not even a colour code), and the bidirectional controls (issue 27).
UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


@dataclass(frozen=True)
class Raw:
    """A value written into the YAML text as it is (a tag, a number's spelling, an alias)."""

    text: str


HUGE_INTS = [
    "2" + "0" * 308,  # too large for a float (issue 27)
    "0x" + "f" * 3600,
    "0x" + "f" * 20,
    "1" + "0" * 400,
    "9" * 5000,
    str(2**53),
    str(2**53 - 1),
    "-" + str(2**63),
    "0b" + "1" * 2000,
    "0o777",
    "1" + ":1" * 3000,
    "190:20:30",
    "+12_345",
    "0",
]
ODD_FLOATS = [".nan", ".NaN", ".inf", "-.inf", "1e308", "1e309", "-0.0", "4.5", "1e-320", "6.02e+23", "1_0.5"]
TAGS = [
    "!!int",
    '!!float ""',
    "!!bool maybe",
    "!!int _",
    '!!int "-"',
    "!!python/object/apply:os.system ['true']",
    "!!python/name:os.system",
    "!!binary aGk=",
    "!custom x",
    "!!str 5",
    "!!null",
    "!!null x",
    "!!timestamp 2024-01-01",
    "!!set {a: null}",
    "!!omap [a: 1]",
    "!!map {a: 1}",
    "!!seq [1]",
    "!!float 0x10",
    "&anchor 1",
    "*alias",
    "{<<: {a: 1}}",
    "2024-01-01",
    "~",
    "yes",
    "No",
    "on",
    "? complex",
]
STRINGS = [
    "\x1b]0;PWNED\x07\x1b[2J",
    "\x1b[31mred\x1b[0m",
    "\x00nul",
    "\u009b2J",
    "\u202eevil",
    "\ufeffbom",
    "tab\there",
    "line\nbreak",
    "\r\n",
    "x" * 10_000,
    "",
    " ",
    "null",
    "0x10",
    "1.5",
    "[x]",
    "a: b",
    "#hash",
    "-",
    "--",
    "--force",
    "--as-written",
    "漢字",
    "🙂",
    "Light Foot",
    "Heavy Foot",
    "Goblins",
    "Orcs",
    "Castle",
]
ODD_KEYS: list[Any] = [1, True, None, 1.5, "", " ", "k" * 300, "\x1b[2J", "<<", "system", "name", "event", "null"]
RAW = st.sampled_from([Raw(t) for t in HUGE_INTS + ODD_FLOATS + TAGS])
SCALARS = (
    RAW
    | st.sampled_from(STRINGS)
    | st.integers(min_value=-(10**20), max_value=10**20)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.booleans()
    | st.none()
    | st.text(max_size=30)
)


# -- mutating a structure ------------------------------------------------------------------------------


def paths(value: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in the data (a path of keys and indexes), the root first."""
    out = [here]
    if isinstance(value, dict):
        for k, v in value.items():
            out += paths(v, (*here, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += paths(v, (*here, i))
    return out


def get(value: Any, path: tuple[Any, ...]) -> Any:
    for p in path:
        value = value[p]
    return value


def put(root: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    get(root, path[:-1])[path[-1]] = new
    return root


@functools.cache
def known_names(system_id: str, example: Path) -> tuple[str, ...]:
    """Names the system knows and the example uses (what its edit parts complete), to mutate with."""
    clean = load_file(example).data
    out = {v for p in paths(clean) if isinstance(v := get(clean, p), str)}
    try:
        mod = edit.adapter(system_id)
    except KeyError:
        return tuple(sorted(out))
    for part in mod.PARTS:
        for source in (*part.names, *(o.names for o in part.options)):
            if source is not None:
                out.update(str(n) for n in list(source(clean))[:60])
    return tuple(sorted(out))


def similar(data: st.DataObject, value: Any, names: tuple[str, ...]) -> Any:
    """A value of the same kind, as a player might write it: another name, a nearby number."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return data.draw(st.integers(-2, 30) | st.sampled_from([0, 1, 6, 10, 51, 1000, 10_001]), label="int")
    if isinstance(value, float):
        return data.draw(st.sampled_from([0.5, 1.5, 2.0, -0.5, 48.5, 1e308]), label="float")
    pool = st.sampled_from(names) if names else st.sampled_from(STRINGS)
    return data.draw(pool | st.sampled_from(STRINGS) | pool.map(str.upper), label="name")


def mutate(data: st.DataObject, root: Any, names: tuple[str, ...] = ()) -> Any:
    """One change at one place of the structure."""
    where = data.draw(st.sampled_from(paths(root)), label="where")
    here = get(root, where)
    kind = data.draw(
        st.sampled_from(
            ["similar"] * 5
            + ["raw"] * 3
            + ["scalar", "scalar", "delete", "add-key", "as-list", "as-map", "nest", "duplicate", "empty"]
        ),
        label="mutation",
    )
    if kind == "similar" and not isinstance(here, (dict, list)):
        return put(root, where, similar(data, here, names))
    if kind == "similar" and here:  # a collection: change one of its values
        key = data.draw(st.sampled_from(list(here) if isinstance(here, dict) else list(range(len(here)))))
        if not isinstance(here[key], (dict, list)):
            here[key] = similar(data, here[key], names)
        return root
    if kind == "raw" and not isinstance(here, (dict, list)):
        return put(root, where, data.draw(RAW, label="raw"))
    if kind == "scalar":
        return put(root, where, data.draw(SCALARS, label="scalar"))
    if kind == "delete" and where:
        parent = get(root, where[:-1])
        del parent[where[-1]]
        return root
    if kind == "add-key" and isinstance(here, dict):
        key = data.draw(st.sampled_from(ODD_KEYS) | st.text(max_size=12), label="key")
        here[key] = data.draw(SCALARS, label="value")
        return root
    if kind == "as-list":
        return put(root, where, list(here.values()) if isinstance(here, dict) else [here])
    if kind == "as-map":
        return put(root, where, {"x": here} if not isinstance(here, list) else dict(enumerate(here)))
    if kind == "nest":
        depth = data.draw(st.integers(1, 34), label="depth")
        for _ in range(depth):
            here = [here]
        return put(root, where, here)
    if kind == "duplicate" and isinstance(here, list) and here:
        here.extend(here[: data.draw(st.integers(1, 3), label="copies")] * 30)
        return root
    if kind == "empty":
        return put(root, where, {} if isinstance(here, dict) else [] if isinstance(here, list) else "")
    return put(root, where, data.draw(SCALARS, label="scalar"))


# -- writing YAML text ---------------------------------------------------------------------------------


def scalar_text(value: Any) -> str:
    if isinstance(value, Raw):
        return value.text
    if isinstance(value, str):  # a JSON string is a YAML double-quoted scalar (C1 controls escaped)
        return json_text(json.dumps(value, ensure_ascii=False))
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value)


def flow(value: Any) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{flow(k)}: {flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    return scalar_text(value)


def block(value: Any, indent: int = 0) -> str:
    pad = " " * indent
    if isinstance(value, dict) and value:
        out = []
        for k, v in value.items():
            if isinstance(v, (dict, list)) and v:
                out.append(f"{pad}{flow(k)}:\n{block(v, indent + 2)}")
            else:
                out.append(f"{pad}{flow(k)}: {flow(v)}\n")
        return "".join(out)
    if isinstance(value, list) and value:
        out = []
        for v in value:
            if isinstance(v, dict) and v:
                inner = block(v, indent + 2)
                out.append(f"{pad}- {inner[indent + 2 :]}")
            elif isinstance(v, list) and v:
                out.append(f"{pad}-\n{block(v, indent + 2)}")
            else:
                out.append(f"{pad}- {flow(v)}\n")
        return "".join(out)
    return f"{pad}{flow(value)}\n"


def to_bytes(data: st.DataObject, root: Any, original: str) -> bytes:
    style = data.draw(st.sampled_from(["block", "flow", "original"]), label="style")
    text = original if style == "original" else block(root) if style == "block" else flow(root) + "\n"
    raw = text.encode("utf-8", "surrogatepass")
    mangle = data.draw(st.sampled_from(["none"] * 6 + ["cut", "not-utf8", "bom", "crlf", "comment"]), label="bytes")
    if mangle == "cut":
        raw = raw[: data.draw(st.integers(0, len(raw)), label="cut at")]
    elif mangle == "not-utf8":
        at = data.draw(st.integers(0, len(raw)), label="at")
        raw = raw[:at] + b"\xff\xfe" + raw[at:]
    elif mangle == "bom":
        raw = b"\xef\xbb\xbf" + raw
    elif mangle == "crlf":
        raw = raw.replace(b"\n", b"\r\n")
    elif mangle == "comment":
        raw = b"# \x1b]0;PWNED\x07 a comment\n%YAML 1.1\n---\n" + raw + b"...\n"
    return raw


# -- the commands ----------------------------------------------------------------------------------------

RUNNER = CliRunner()
EXIT = {
    "verify": {0, 1, 2},  # 2: not a roster, or one that names an event
    "import-mutant": {0, 1, 2},  # 2: nothing written (no list in it, a code that cannot be read)
    "validate": {0, 1, 2},  # 2: only for a file with an `event:` key (an event pack given as a list)
    "cost": {0, 1, 2},
    "fingerprint": {0, 1},
    "share": {0, 1, 2},  # 2: a mutant with an `event:` key (an event pack is not shared)
    "import": {0, 1},  # a code armybuilder share printed always imports
    "export": {0, 1, 2},  # 2: a roster that does not fit a page
    "diff": {0, 1, 2},  # 2: two systems
    "event": {0, 1, 2},  # 2: the pack cannot be used
    "tournament": {0, 1, 2},
    "edit": {0, 1, 2},  # 2: refused, nothing written
}


def invoke(kind: str, *args: Any) -> Any:
    r = RUNNER.invoke(app, [str(a) for a in args], catch_exceptions=False)  # a traceback fails the test
    out = r.stdout + r.stderr
    assert r.exit_code in EXIT[kind], (kind, args, r.exit_code, out[-2000:])
    if kind in ("validate", "cost") and r.exit_code == 2:
        assert "is an event pack, not a list" in r.stderr, (kind, args, out[-2000:])
    assert not UNSAFE.search(out), (kind, args, UNSAFE.search(out))
    assert "Traceback" not in out
    return r


def edit_words(data: st.DataObject, system_id: str, clean: Any, mutated: Any) -> list[str] | None:
    """An edit built from the system's declared parts, with names from the list and hostile words."""
    try:
        mod = edit.adapter(system_id)
    except KeyError:
        return None
    part = data.draw(st.sampled_from(mod.PARTS), label="part")
    names: list[str] = []
    for source in part.names:
        if source is not None:
            names += list(source(clean))[:40]
    strings = [v for p in paths(mutated) if isinstance(v := get(mutated, p), str)][:40]
    word = st.sampled_from(names or ["x"]) | st.sampled_from(names or ["x"]) | st.sampled_from(strings or ["y"])
    word = word | st.integers(-3, 12).map(str) | st.sampled_from([*STRINGS, "1e308", "nan", "-1", "0.5", "2.5"])
    words = [part.verb, part.name, *data.draw(st.lists(word, max_size=3), label="args")]
    from armybuilder.compose.parts import COMMON

    options = (*part.options, *COMMON)
    for opt in data.draw(st.lists(st.sampled_from(options), max_size=3, unique_by=lambda o: o.key), label="opts"):
        words.append(opt.flag if opt.kind != "switch" else data.draw(st.sampled_from(opt.spellings)))
        if opt.takes_value:
            values = list(opt.names(clean))[:40] if opt.names else []
            words.append(data.draw(st.sampled_from(values or ["1"]) | word, label=opt.key))
    return words


# -- share codes and rosters (issue 27) ------------------------------------------------------------------


def plain(value: Any) -> Any:
    """The mutated structure as plain JSON data: a raw value as the number it spells (a decimal one
    Python can read), else as its text; keys as text."""
    if isinstance(value, Raw):
        digits = value.text.lstrip("-+")
        return int(value.text) if digits.isascii() and digits.isdigit() and len(digits) <= 4000 else value.text
    if isinstance(value, dict):
        return {k if isinstance(k, str) else json.dumps(k): plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


def json_of(value: Any) -> str:
    """The mutated structure as JSON text, a raw decimal number as it is spelt (5,000 digits: JSON a
    reader must refuse with a reason), any other raw value as its text in quotes."""
    if isinstance(value, Raw):
        digits = value.text.lstrip("-")
        return value.text if digits.isascii() and digits.isdigit() else json.dumps(value.text, ensure_ascii=False)
    if isinstance(value, dict):
        items = (f"{json.dumps(k if isinstance(k, str) else json.dumps(k))}:{json_of(v)}" for k, v in value.items())
        return "{" + ",".join(items) + "}"
    if isinstance(value, list):
        return "[" + ",".join(json_of(v) for v in value) + "]"
    return json.dumps(value, ensure_ascii=False)


def utf8(text: str) -> bytes:
    return text.encode("utf-8", "surrogatepass")


@functools.cache
def clean_roster(example: Path, fmt: str) -> bytes:
    roster, _ = build(example)
    return render(roster, fmt)


COUNTS = ["9" * 4301, "\u0661\u0662", "0" * 40, "99999999999999999999", "-1", "1e3", "", "12", "00"]
ROSTER_LINES = [
    "- Status: **INVALID** (9999 errors, 0 warnings, 0 info)",
    "> **INVALID: " + "9" * 4301 + " errors; this list is not legal**",
    "```",
    "```" + LIST_INFO,
    "- Fingerprint: `" + "0" * 64 + "`",
    "- Findings digest: `" + "f" * 64 + "`",
    "- Exported by armybuilder 9; Nope data version \u202e7",
    "- Event: \x1b[2J Autumn Clash",
    "- Points: " + "9" * 5000 + " of 1",
    "## Errors",
    "- x",
    "---",
]
CODE_PAYLOADS = [
    b"",
    b"\xff\xfe",
    b"[1,2]",
    b"{}",
    b"null",
    b'{"a":' + str(2 * 10**308).encode() + b"}",
    b'{"a":' + b"9" * 5000 + b"}",
    b"[" * 40 + b"]" * 40,
    b'{"b":1,"a":2}',  # not in the canonical form (keys unsorted)
    b'{"a": 1}',  # nor with a space
    b'{"a":NaN}',
    b'{"a":"\\ud800"}',
]


def mutate_code(data: st.DataObject, code: str, carried: Any) -> str:
    """A share code as a chat or an attacker may hand it over."""
    kind = data.draw(
        st.sampled_from(["canonical"] * 4 + ["recode", "payload", "char", "cut", "space", "prefix"]), label="code"
    )
    if kind == "recode":  # a valid checksum over the mutated list's JSON text
        return encode_canonical(utf8(json_of(carried)))
    if kind == "canonical":  # the code armybuilder share would print for the mutated list
        try:
            canonical = json.dumps(plain(carried), ensure_ascii=False, sort_keys=True, separators=(",", ":"))
        except ValueError:  # NaN, a number Python cannot print
            return code
        return encode_canonical(utf8(canonical))
    if kind == "payload":
        return encode_canonical(data.draw(st.sampled_from(CODE_PAYLOADS), label="payload"))
    at = data.draw(st.integers(0, len(code)), label="at")
    if kind == "char":
        new = data.draw(st.sampled_from(["A", "-", "_", ".", "=", "+", "/", "\u0661", "\x1b", "é"]), label="char")
        return code[:at] + new + code[at + 1 :]
    if kind == "cut":
        return code[:at]
    if kind == "space":
        return code[:at] + data.draw(st.sampled_from([" ", "\n", "\t\r\n", "\u00a0"]), label="space") + code[at:]
    head = data.draw(st.sampled_from(["AB2.", "AB01.", "ab1.", "AB\u0661.", "AB999999999.", "AB1..", ""]), label="head")
    return head + code.removeprefix("AB1.")


def mutate_markdown(data: st.DataObject, text: str, carried: Any) -> str:
    lines = text.split("\n")
    fence = next(i for i, line in enumerate(lines) if line.endswith(LIST_INFO))
    kind = data.draw(
        st.sampled_from(["carried", "carried", "count", "line", "cut", "fence", "status", "fingerprint"]),
        label="markdown",
    )
    if kind == "carried":
        lines[fence + 1] = json_of(carried)
    elif kind == "count":
        count = data.draw(st.sampled_from(COUNTS), label="count")
        lines = [re.sub(r"\((\d+) error", f"({count} error", line, count=1) for line in lines]
    elif kind == "line":
        at = data.draw(st.integers(0, len(lines) - 1), label="line")
        how = data.draw(st.sampled_from(["delete", "repeat", "replace"]), label="how")
        if how == "delete":
            del lines[at]
        elif how == "repeat":
            lines[at:at] = [lines[at]] * data.draw(st.integers(1, 50), label="times")
        else:
            lines[at] = data.draw(st.sampled_from(ROSTER_LINES) | st.sampled_from(STRINGS), label="new line")
    elif kind == "cut":
        return text[: data.draw(st.integers(0, len(text)), label="cut at")]
    elif kind == "fence":
        end = next((i for i in range(fence + 1, len(lines)) if lines[i] == "```"), None)
        if end is not None and data.draw(st.booleans(), label="lose the end"):
            del lines[end]
        else:
            lines[fence] = "````" + LIST_INFO
    elif kind == "status":
        swap = {"VALID": "INVALID", "INVALID": "VALID"}
        lines = [re.sub(r"\b(IN)?VALID\b", lambda m: swap[m.group()], line) for line in lines]
    else:
        lines = [
            re.sub("[0-9a-f]{64}", data.draw(st.sampled_from(["f" * 64, "F" * 64, "0" * 63]), label="hex"), line)
            for line in lines
        ]
    return "\n".join(lines)


def mutate_json_roster(data: st.DataObject, raw: bytes, carried: Any) -> bytes:
    doc = json.loads(raw)
    kind = data.draw(st.sampled_from(["list", "list", "doc", "count", "cut"]), label="json roster")
    if kind == "list":
        doc["list"] = carried
        return utf8(json_of(doc))
    if kind == "doc":
        return utf8(json_of(mutate(data, doc)))
    if kind == "count":
        count = data.draw(
            st.sampled_from([c for c in COUNTS if c.isascii() and c.lstrip("-").isdigit()]), label="count"
        )
        return re.sub(rb'"error": [0-9]+', b'"error": ' + count.encode(), raw, count=1)
    return raw[: data.draw(st.integers(0, len(raw)), label="cut at")]


EMBEDDED_NAMES = [LIST_FILE, "other.json", LIST_FILE.upper(), "", "\u202e" + LIST_FILE, LIST_FILE + "\x00"]


def embedded_files(data: st.DataObject, list_bytes: bytes) -> list[tuple[str, bytes, bool]]:
    """The embedded files of a hostile PDF (issue 38): the list, packed or not, among decoys of any
    name and files that unpack to megabytes of zeros (before or after it, or in its place), or more
    files than a reader looks at."""
    from tests.support.rosters import packed_zeros

    files: list[tuple[str, bytes, bool]] = []
    for _ in range(data.draw(st.integers(0, 4), label="embedded files")):
        kind = data.draw(st.sampled_from(["list", "packed list", "zeros", "decoy", "damaged"]), label="embedded")
        name = data.draw(st.sampled_from(EMBEDDED_NAMES), label="embedded name")
        if kind == "list":
            files.append((name, list_bytes, False))
        elif kind == "packed list":
            files.append((name, zlib.compress(list_bytes), True))
        elif kind == "zeros":
            size = data.draw(st.sampled_from([1, 1 << 20, (1 << 20) + 1, 3 << 20, 5 << 20]), label="zeros")
            files += [(name, packed_zeros(size), True)] * data.draw(st.integers(1, 3), label="copies")
        elif kind == "decoy":
            files.append((name, data.draw(st.binary(max_size=64), label="decoy"), data.draw(st.booleans())))
        else:  # packed data that is not Flate
            files.append((name, b"x\x9c" + data.draw(st.binary(max_size=64), label="damaged"), True))
    if data.draw(st.integers(0, 9), label="many files") == 0:
        files = [("decoy.json", b"{}", False)] * data.draw(st.sampled_from([63, 64, 65, 200]), label="decoys") + files
    return files


def mutate_pdf(data: st.DataObject, raw: bytes, carried: Any) -> bytes:
    from tests.support.rosters import pdf_carrying, pdf_embedded, pdf_fonts, pdf_long_strings, pdf_pages

    kind = data.draw(
        st.sampled_from(["carried", "carried", "none", "pages", "cut", "byte", "embedded", "embedded", "content"]),
        label="pdf",
    )
    if kind == "carried":
        return pdf_carrying(raw, utf8(json_of(carried)))
    if kind == "none":
        return pdf_carrying(raw, None)
    if kind == "pages":  # 101: over the pages a roster may have (refused before a page is read)
        return pdf_pages(raw, data.draw(st.sampled_from([1, 2, 101]), label="pages"))
    if kind == "embedded":
        return pdf_embedded(raw, embedded_files(data, utf8(json_of(carried))))
    if kind == "content":  # few operations of many bytes, or fonts whose maps unpack to megabytes
        if data.draw(st.booleans(), label="strings"):
            size = data.draw(st.sampled_from([1000, 300_000, 1 << 20, 5 << 20]), label="string")
            pages = data.draw(st.integers(1, 5), label="string pages")
            return pdf_long_strings(pages, size, data.draw(st.booleans(), label="packed"))
        return pdf_fonts(data.draw(st.integers(1, 12), label="fonts"), data.draw(st.sampled_from([1000, 3 << 20])))
    at = data.draw(st.integers(0, len(raw) - 1), label="at")
    if kind == "cut":
        return raw[:at]
    return raw[:at] + bytes([raw[at] ^ 0xFF]) + raw[at + 1 :]


def import_into(work: Path, source: str | Path, name: str) -> None:
    """``import`` of a mutated code or roster: a written list is one the safe reader reads."""
    out = work / name
    r = invoke("import-mutant", "import", source, "-o", out)
    event(f"import {name}: exit {r.exit_code}")
    if r.exit_code in (0, 1):
        loads(out.read_bytes().decode("utf-8"))
    else:
        assert not out.exists(), ("a refused import wrote the file", r.stderr)


def hostile_sources(data: st.DataObject, work: Path, example: Path, clean: Any, carried: Any) -> None:
    """A mutated share code through import; a mutated roster of the example through verify and import."""
    from armybuilder.sharecode import encode

    import_into(work, mutate_code(data, encode(clean), carried), "from-code.yaml")
    fmt = data.draw(st.sampled_from(["markdown"] * 4 + ["json"] * 3 + ["pdf"]), label="roster")
    raw = clean_roster(example, fmt)
    if fmt == "markdown":
        mutant = utf8(mutate_markdown(data, raw.decode("utf-8"), carried))
    elif fmt == "json":
        mutant = mutate_json_roster(data, raw, carried)
    else:
        mutant = mutate_pdf(data, raw, carried)
    roster = work / {"markdown": "roster.md", "json": "roster.json", "pdf": "roster.pdf"}[fmt]
    roster.write_bytes(mutant)
    r = invoke("verify", "verify", roster)
    event(f"verify {fmt}: exit {r.exit_code}")
    import_into(work, roster, "from-roster.yaml")


_counter = itertools.count()


def fuzzing(examples: int = MAX_EXAMPLES) -> Any:
    """The settings of every fuzz test: ``examples`` examples, the same ones on every run (CI's)
    unless ``ARMYBUILDER_FUZZ_SEED`` names others; no deadline, no example database."""

    def apply(test: Any) -> Any:
        return seed(int(SEED or 0))(
            settings(
                max_examples=examples,
                derandomize=SEED is None,
                deadline=None,
                database=None,
                suppress_health_check=[
                    HealthCheck.too_slow,
                    HealthCheck.data_too_large,
                    HealthCheck.function_scoped_fixture,
                ],
            )(test)
        )

    return apply


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return tmp_path_factory.mktemp("fuzz")


@fuzzing()
@given(data=st.data())
def test_no_mutant_breaks_a_command(folder, data):
    example = data.draw(st.sampled_from(EXAMPLES), label="example")
    original = example.read_text(encoding="utf-8")
    clean = load_file(example).data
    system_id = clean["system"]
    root: Any = json.loads(json.dumps(clean))  # a copy to change
    names = known_names(system_id, example)
    for _ in range(data.draw(st.integers(1, 4), label="mutations")):
        root = mutate(data, root, names)
    raw = to_bytes(data, root, original if root == clean else block(root))
    work = folder / f"{next(_counter)}"
    work.mkdir()
    path = work / "list.yaml"
    path.write_bytes(raw)

    for fmt in ("text", "json"):
        r = invoke("validate", "validate", path, "--format", fmt)
        if fmt == "json" and r.exit_code != 2:
            found = [f["code"] for res in json.loads(r.stdout)["results"] for f in res["findings"]]
            event(f"validate: exit {r.exit_code}, first finding {found[0] if found else None}")
    r = invoke("cost", "cost", path, "--format", data.draw(st.sampled_from(["text", "json"]), label="cost format"))
    printed = invoke("fingerprint", "fingerprint", path)
    r = invoke("share", "share", path)
    if r.exit_code != 2 and r.stdout:  # a round trip keeps the fingerprint, whatever the list holds
        invoke("import", "import", r.stdout.strip(), "-o", work / "imported.yaml")
        again = invoke("fingerprint", "fingerprint", work / "imported.yaml")
        assert again.stdout.split()[0] == printed.stdout.split()[0], (r.stdout, raw[:2000])
    to = data.draw(st.sampled_from(["markdown", "json"] * 4 + ["pdf"]), label="export")
    out = "-" if to != "pdf" else work / "roster.pdf"
    r = invoke("export", "export", path, "--to", to, "-o", out)
    if to == "json" and r.exit_code != 2:
        json.loads(r.stdout)
    invoke("diff", "diff", example, path)

    if data.draw(st.booleans(), label="with a pack"):
        pack_clean = load_file(data.draw(st.sampled_from(PACKS), label="pack")).data
        pack_root: Any = json.loads(json.dumps(pack_clean))
        for _ in range(data.draw(st.integers(0, 2), label="pack mutations")):
            pack_root = mutate(data, pack_root)
        pack = work / "pack.yaml"
        pack.write_bytes(to_bytes(data, pack_root, block(pack_root)))
        invoke("event", "validate", path, "--event", pack)
        r = invoke("tournament", "tournament", pack, work, "--format", "json")
        if r.stdout:
            json.loads(r.stdout)

    words = edit_words(data, system_id, clean, root)
    if words:
        before = path.read_bytes()
        r = invoke("edit", *words[:1], path, *words[1:])
        event(f"edit: exit {r.exit_code}")
        after = path.read_bytes()
        if r.exit_code == 2:
            assert after == before, ("a refused edit changed the file", words, r.stderr)
        elif after != before:
            try:
                loads(after.decode("utf-8"))
            except LoadError as exc:  # pragma: no cover - what the test is for
                raise AssertionError(f"an edit left a file the reader refuses: {exc.message}") from None
    hostile_sources(data, work, example, clean, root)  # (after the tournament: its files are not lists of the run)
    assert sorted(p.name for p in work.iterdir() if p.name.startswith(".")) == []  # no lock or temporary file


MAX_RSS = 400 * 1024 * 1024  # bytes the test process may ever hold (issue 38: under 400 MiB for any input)


def _reset_peak() -> None:
    """Start the process's high-water mark again from what it holds now (Linux: ``clear_refs`` 5
    resets ``VmHWM``), so that :func:`_peak_rss` is this example's peak, not that of another test
    the same pytest worker ran before (under ``-n``, a worker runs many files: one that legitimately
    held more made every later example fail here)."""
    try:
        with open("/proc/self/clear_refs", "w") as out:
            out.write("5")
    except OSError:  # not Linux, or not allowed: the process's whole life is measured
        pass


def _peak_rss() -> int:
    """The most the process has held since :func:`_reset_peak` (``VmHWM``), else in its life."""
    import resource
    import sys

    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024  # kB
    except OSError:
        pass
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024  # Linux says KiB


@fuzzing()
@given(data=st.data())
def test_no_hostile_pdf_breaks_verify_or_import(folder, data):
    """A PDF roster of the example with hostile embedded files or content, through verify and import:
    each ends with a verdict or a refusal, and the process stays under :data:`MAX_RSS`."""
    _reset_peak()
    example = data.draw(st.sampled_from(EXAMPLES), label="example")
    clean = load_file(example).data
    carried: Any = json.loads(json.dumps(clean))
    if data.draw(st.booleans(), label="mutated list"):
        carried = mutate(data, carried, known_names(clean["system"], example))
    work = folder / f"pdf-{next(_counter)}"
    work.mkdir()
    roster = work / "roster.pdf"
    roster.write_bytes(mutate_pdf(data, clean_roster(example, "pdf"), carried))
    r = invoke("verify", "verify", roster)
    event(f"verify pdf: exit {r.exit_code}")
    import_into(work, roster, "from-roster.yaml")
    assert _peak_rss() < MAX_RSS, f"the process held {_peak_rss() / 2**20:.0f} MiB"


def test_the_examples_cover_every_system():
    assert {load_file(p).data["system"] for p in EXAMPLES} == set(systems.available())
