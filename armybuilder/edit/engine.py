"""The edit engine: one edit of a list file, all or nothing.

1. Read the file with armybuilder's own safe loader (:func:`armybuilder.yamlio.load_file`): a file
   that does not parse (or holds aliases, tags, duplicate keys...) is never rewritten.
2. Check it (the findings before the edit).
3. Load it again with ruamel.yaml's round-trip loader (comments, key order, quoting and layout
   kept), let the system's adapter change the tree, dump it to text.
4. Parse the new text with the safe loader again: an edit that would make the file unreadable is
   refused. (An edit that makes the list *invalid* is written: the findings say what is wrong.)
5. Write it atomically (a temporary file, fsync, rename: :func:`armybuilder.fsutil.atomic_write`);
   an interrupted edit leaves the old file whole. The file is re-read just before the write: if
   someone changed it meanwhile, nothing is written.
6. Check the new text and report: what changed, the new total against the limit, and the
   findings the edit caused (and those it fixed), one line each.

Exit codes: 0 the edit was made (or there was nothing to change), whatever the list's verdict:
a list is invalid while it is being built, and ``new && add && add`` must not stop at the first
edit; 1 the same with ``--check`` when the list is invalid; 2 the edit was refused (nothing
written).
"""

from __future__ import annotations

import io
import os
import re
import threading
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from armybuilder import systems
from armybuilder.compose import base, parts
from armybuilder.compose.base import Doc, EditError, Request
from armybuilder.findings import Finding, Result
from armybuilder.outcome import ExitCode, Outcome
from armybuilder.suggest import NameIndex

if TYPE_CHECKING:  # pragma: no cover
    from concurrent.futures import Future


def _lines(out: list[str]) -> str:
    return "".join(line + "\n" for line in out)


def adapter(system_id: str) -> ModuleType:
    """A system's compose module (KeyError when the system has none)."""
    m = systems.manifest(system_id)
    if not m.has("compose"):
        raise KeyError(system_id)
    return m.module("compose")


def composable() -> list[str]:
    """The systems whose lists can be edited from the command line."""
    return [m.id for m in systems.manifests() if m.has("compose")]


def every_part() -> list[parts.Part]:
    """Every system's parts (to tell an option of another part from a typo)."""
    return [p for s in composable() for p in adapter(s).PARTS]


# ---------------------------------------------------------------------------
# Reading


def read_list(path: Path) -> tuple[bytes, str, dict[str, Any]]:
    """The file's bytes, text and plain data; EditError when it cannot be read as a list."""
    from armybuilder.yamlio import LoadError, decode, loads, read_bytes, wrong_kind

    if not path.exists():
        raise EditError(
            f"{path}: no such file; start a list with: armybuilder new SYSTEM {path}", f"{path}: no such file"
        )
    if path.is_dir():
        raise EditError(f"{path}: is a directory, not a list file")
    try:
        raw = read_bytes(path)  # a regular file within the size limit (a FIFO never hangs an edit)
        try:
            wrong_kind(raw, path)
        except LoadError as exc:  # a PDF roster, an image: nothing to fix by hand
            raise EditError(f"{path}: {exc.message}; the file was not changed") from None
        text = decode(raw)
        doc = loads(text)
    except LoadError as exc:
        raise EditError(
            f"{path}:{exc.line}:{exc.column}: {exc.code} {exc.message}; "
            "the file was not changed (fix it by hand, then edit it again)"
        ) from None
    except OSError as exc:
        raise EditError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    if not isinstance(doc.data, dict):
        raise EditError(f"{path}: not a list file (a list is a mapping with a 'system' key); the file was not changed")
    return raw, text, doc.data


def system_of(path: Path, data: dict[str, Any]) -> str:
    system_id = data.get("system")
    if not isinstance(system_id, str):
        raise EditError(
            f"{path}: the file has no 'system' key; start a list with: armybuilder new SYSTEM FILE",
            f"{path}: the file has no 'system' key, so it is not a list",
        )
    names = composable()
    if system_id not in names:
        raise EditError(f"{path}: unknown game system '{system_id}'{systems.suggestion(system_id, names)}")
    return system_id


# ---------------------------------------------------------------------------
# Round trip


_KEY_LINE = re.compile(r"^( *)((?:- +)*)([^\s#\-][^#]*?):[ \t]*(?:#.*)?$")


def guess_layout(text: str) -> tuple[int, int, int]:
    """(mapping indent, sequence indent, dash offset) as the file writes them.

    The project's own style is 2 / 4 / 2 (``key:`` then ``  - item``); a file without nested
    mappings or block sequences gets it.
    """
    mapping = sequence = offset = None
    lines = text.splitlines()
    # The line each key's block starts on is the next one that is neither blank nor a comment:
    # found once for every line, from the end (looking ahead from each key made 4,000 keys over
    # a blank megabyte take 40 s).
    following: list[int | None] = [None] * len(lines)
    after_this: int | None = None
    for back in range(len(lines) - 1, -1, -1):
        following[back] = after_this
        stripped = lines[back].strip()
        if stripped and not stripped.startswith("#"):
            after_this = back
    for i, line in enumerate(lines):
        m = _KEY_LINE.match(line)
        if not m:
            continue
        key_col = len(m.group(1)) + len(m.group(2))
        block = following[i]
        if block is not None:
            nxt = lines[block]
            stripped = nxt.strip()
            indent = len(nxt) - len(nxt.lstrip(" "))
            if indent <= key_col and not stripped.startswith("-"):
                pass  # the key's value is on its own line, or empty: no block to learn from
            elif stripped.startswith("- ") or stripped == "-":
                if offset is None and indent >= key_col:
                    offset = indent - key_col
                    after = len(stripped) - len(stripped[1:].lstrip(" "))
                    sequence = offset + after
            elif mapping is None and indent > key_col:
                mapping = indent - key_col
        if mapping is not None and offset is not None:
            break
    mapping = mapping or 2
    if offset is None:
        offset, sequence = 2, 4
    return mapping, max(sequence or 2, offset + 2), offset


_DOC_START = re.compile(r"^---[ \t]*(#.*)?$")
_DOC_END = re.compile(r"^\.\.\.[ \t]*(#.*)?$")


def _frame(text: str) -> tuple[str, str, str]:
    """(head, body, tail): a byte-order mark, directives and ``---`` before the document, and ``...``
    after it, with the comments around them. ruamel.yaml would drop them; they are kept as text."""
    bom = "\ufeff" if text.startswith("\ufeff") else ""
    lines = text[len(bom) :].splitlines(keepends=True)
    head_end = 0
    for i, line in enumerate(lines):
        s = line.strip()
        if not s or s.startswith("#"):
            continue
        if s.startswith("%") or _DOC_START.match(s):
            head_end = i + 1
            continue
        break
    tail_start = len(lines)
    for j in range(len(lines) - 1, head_end - 1, -1):
        s = lines[j].strip()
        if _DOC_END.match(s):
            tail_start = j
            break
        if s and not s.startswith("#"):
            break
    return bom + "".join(lines[:head_end]), "".join(lines[head_end:tail_start]), "".join(lines[tail_start:])


@dataclass
class Roundtrip:
    """A file loaded for editing: ruamel.yaml's tree of its document, and the text around it."""

    yaml: Any
    tree: Any
    head: str = ""
    tail: str = ""
    newline: str = "\n"

    def dump(self) -> str:
        buf = io.StringIO()
        self.yaml.dump(self.tree, buf)
        body = buf.getvalue()
        if self.newline != "\n":
            body = body.replace("\r\n", "\n").replace("\n", self.newline)
        return self.head + body + self.tail


def roundtrip(text: str) -> Roundtrip:
    """Load ``text`` with ruamel.yaml's round-trip loader, set to the file's own layout."""
    from ruamel.yaml import YAML

    yaml = YAML(typ="rt")
    yaml.preserve_quotes = True
    yaml.width = 4096  # never re-wrap the user's long lines
    yaml.brace_single_entry_mapping_in_flow_sequence = True  # keep [{Flying: zoom}] as written
    head, body, tail = _frame(text)
    mapping, sequence, offset = guess_layout(body)
    yaml.indent(mapping=mapping, sequence=sequence, offset=offset)
    try:
        tree = yaml.load(body)
    except Exception as exc:  # noqa: BLE001 - ruamel.yaml raises many types; each means the file cannot be edited
        raise EditError(
            f"ruamel.yaml cannot load this file for editing ({type(exc).__name__}: "
            f"{str(exc).splitlines()[0] if str(exc) else ''}); the file was not changed"
        ) from None
    return Roundtrip(yaml, tree, head, tail, "\r\n" if "\r\n" in text else "\n")


def check_faithful(rt: Roundtrip, text: str, data: Any) -> bool:
    """Whether rewriting the file unchanged gives the same text; refused when it would not even give
    the same data (a YAML 1.1 / 1.2 difference ruamel.yaml would write back differently)."""
    from armybuilder.yamlio import LoadError, loads

    try:
        again = rt.dump()
    except Exception as exc:  # noqa: BLE001 - ruamel.yaml raises many types; each means it cannot write the file
        raise EditError(
            f"ruamel.yaml cannot write this file back ({type(exc).__name__}); the file was not changed"
        ) from None
    if again == text:
        return True
    try:
        same = loads(again).data == data
    except LoadError:
        same = False
    if not same:
        raise EditError(
            "ruamel.yaml cannot rewrite this file without changing what it says "
            "(a value YAML 1.1 and 1.2 read differently?); edit it by hand; the file was not changed"
        )
    return False


# Texts the edit engine wrote (ruamel.yaml's own output, read back by the safe loader before it was
# written): loaded and dumped unchanged they give themselves, so the next edit of one needs no
# check_faithful dump. Bounded: a long-running `serve` does not grow.
_OWN: dict[str, None] = {}
_OWN_LIMIT = 512


def _digest(text: str) -> str:
    import hashlib

    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _known_faithful(text: str) -> bool:
    return _digest(text) in _OWN


def _written(text: str) -> None:
    _OWN[_digest(text)] = None
    while len(_OWN) > _OWN_LIMIT:
        _OWN.pop(next(iter(_OWN)))


# For the browser builder, where one list takes change after change: the check of the text an edit
# wrote (the next edit's "before"), and that text loaded for editing while the page is being
# redrawn (:func:`prepare`). Each by file, for the same text only (by digest), bounded: both are
# what the next edit would have computed from that text, so nothing it does changes.
_CHECKED: dict[str, tuple[str, Result]] = {}
_PREPARED: dict[str, tuple[str, Future[Roundtrip]]] = {}
_KEPT_FILES = 16
_PREPARED_LOCK = threading.Lock()


def _keep(table: dict[str, Any], key: str, value: Any) -> None:
    table.pop(key, None)
    table[key] = value
    while len(table) > _KEPT_FILES:
        table.pop(next(iter(table)))


def _checked(text: str, file: str) -> Result:
    from armybuilder.check import check_text

    found = _CHECKED.get(file)
    if found is not None and found[0] == _digest(text):
        return found[1]
    return check_text(text, file=file)


def prepare(path: Path, text: str) -> None:
    """Load ``text`` (what an edit just wrote to ``path``) for editing now, so that the next edit
    of ``path``, if the file is still ``text``, starts from it (the builder calls this once the
    page has been sent, while the player looks at it)."""
    from concurrent.futures import Future

    future: Future[Roundtrip] = Future()
    with _PREPARED_LOCK:
        _keep(_PREPARED, str(path), (_digest(text), future))
    try:
        future.set_result(roundtrip(text))
    except EditError as exc:
        future.set_exception(exc)


def _roundtrip_of(path: Path, text: str) -> Roundtrip:
    with _PREPARED_LOCK:
        found = _PREPARED.pop(str(path), None)  # one edit takes it: the edit changes the tree
    if found is not None and found[0] == _digest(text):
        with suppress(EditError):
            return found[1].result()
    return roundtrip(text)


def ensure_readable(new_text: str) -> None:
    """Refuse an edit whose result armybuilder could not read back."""
    from armybuilder.yamlio import MAX_BYTES, LoadError, loads

    size = len(new_text.encode("utf-8"))
    if size > MAX_BYTES:
        raise EditError(
            f"the edit would make the file {size:,} bytes, over the {MAX_BYTES:,}-byte limit; the file was not changed"
        )
    try:
        loads(new_text)
    except LoadError as exc:
        raise EditError(
            f"the edit would make the file unreadable ({exc.code} at line {exc.line}: "
            f"{exc.message}); the file was not changed"
        ) from None


def write(path: Path, original: bytes, data: bytes, force: bool = True) -> list[str]:
    """Write atomically over ``path`` (through a symbolic link, to its target); notes on what of
    the old file (owner, group, hard links) could not be kept."""
    target = Path(os.path.realpath(path))
    if original is not None:
        try:
            now = target.read_bytes()
        except OSError:
            now = None
        if now != original:
            raise EditError(f"{path} changed while it was being edited; nothing was written (run the edit again)")
    try:
        return _atomic_write(target, data, force, into=False)  # a list file, read as one: never a device
    except OSError as exc:
        raise EditError(f"{path} cannot be written ({exc.strerror or exc}); the file was not changed") from None


def _atomic_write(path: Path, data: bytes, force: bool, into: bool = True) -> list[str]:
    from armybuilder.fsutil import atomic_write

    return atomic_write(path, data, force=force, into=into)


@contextmanager
def edit_lock(path: Path) -> Iterator[None]:
    """The file's edit lock (:func:`armybuilder.fsutil.locked`), held from the read to the replace:
    two edits of one file at once take turns, and neither loses the other's change. An edit that
    cannot be locked (the lock file's path holds a directory, a FIFO or another user's file; a
    folder that cannot be written) is refused (:class:`Unlockable`), never run unlocked."""
    from armybuilder.fsutil import Busy, locked

    with ExitStack() as stack:
        try:
            stack.enter_context(locked(os.path.realpath(path)))
        except Busy as exc:
            raise Locked(f"{exc}; the file was not changed") from None
        except OSError as exc:  # no lock, no edit: unlocked, two edits at once lose one (issue 27)
            raise Unlockable(f"{exc}; the file was not changed") from None
        yield


def read_only(path: Path) -> bool:
    """Whether the file is marked read-only (no write permission bit, or none for this user)."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return not (mode & 0o222) or not os.access(path, os.W_OK)


# ---------------------------------------------------------------------------
# Reporting


def _key(f: Finding) -> tuple[str, str, str, str | None]:
    return (f.code, f.severity.value, f.message, f.rule)


_NUMBER = re.compile(r"\d+(?:[.,]\d+)*[½¼¾]?|[½¼¾]")


def _same_but_numbers(f: Finding) -> tuple[str, str, str | None, tuple[Any, ...], str]:
    """A finding with its numbers left out: one the edit changed only in its numbers ("the army has 6
    stands" then 7) is the same finding, changed."""
    return (f.code, f.severity.value, f.rule, tuple(f.path), _NUMBER.sub("#", f.message))


@dataclass
class Changes:
    """How an edit changed the list's findings: those it caused, those it fixed, and those that stay
    but say something else (``changed``: (before, after) pairs: the same finding with other numbers)."""

    caused: list[Finding]
    fixed: list[Finding]
    changed: list[tuple[Finding, Finding]]


def changes(before: Result | None, after: Result) -> Changes:
    """The findings an edit caused, fixed and changed, each in the order a report lists them. A
    finding is fixed when no finding that says the same is left (a second ABL021 that stays does
    not hide the first one's fix)."""
    old = Counter(_key(f) for f in before.findings) if before is not None else Counter()
    new = Counter(_key(f) for f in after.findings)
    added, gone = new - old, old - new
    caused = []
    for f in after.sorted_findings():
        if added[_key(f)] > 0:
            added[_key(f)] -= 1
            caused.append(f)
    fixed = []
    for f in before.sorted_findings() if before is not None else []:
        if gone[_key(f)] > 0:
            gone[_key(f)] -= 1
            fixed.append(f)
    changed = []
    for f in list(caused):
        was = next((g for g in fixed if _same_but_numbers(g) == _same_but_numbers(f)), None)
        if was is not None:
            caused.remove(f)
            fixed.remove(was)
            changed.append((was, f))
    return Changes(caused, fixed, changed)


def report(path: Path, said: str, before: Result | None, after: Result, check: bool = False) -> Outcome:
    """What an edit did: one line for the change, one for the total, one per finding it caused.
    Exit 0 (the edit was made), or with ``check`` the list's verdict."""
    from armybuilder.findings import finding_line, finding_lines
    from armybuilder.text import fmt_points, tally

    out = [said]
    m = after.measure
    c = after.counts()
    status = "valid" if after.valid else "INVALID"
    counts = tally(c)
    if m.total is not None:
        total = f"total: {m.text()}"
        if before is not None and before.measure.total is not None and before.measure.total != m.total:
            total += f" (was {fmt_points(before.measure.total)})"
    else:
        total = "total: - (the list is not complete enough to count yet)"
    out.append(f"{total}; list {status} ({counts})")
    done = changes(before, after)
    for f in done.caused:
        out += finding_lines(after, f)
    for was, now in done.changed:
        out.append(f"changed: {finding_line(after, now)} (was: {was.message})")
    for f in done.fixed:
        rule = f" ({f.rule})" if f.rule else ""
        out.append(f"fixed: {f.code} [{f.severity.value}] {f.message}{rule}")
    return Outcome(_lines(out), [], _verdict(after, check))


def _verdict(result: Result, check: bool) -> ExitCode:
    """An edit made exits 0 whatever the list's verdict; ``--check`` makes an invalid list exit 1."""
    return ExitCode.of(result.valid) if check else ExitCode.OK


# ---------------------------------------------------------------------------
# The commands


def version_of(raw: bytes) -> str:
    """Which bytes a list was read from (a page shows it; an edit made from that page names it)."""
    import hashlib

    return hashlib.sha256(raw).hexdigest()[:24]


class Stale(EditError):
    """The file is not the version the edit was asked of (changed since the page was shown)."""


class Locked(EditError):
    """Another edit holds the file's lock for longer than an edit waits."""


class Unlockable(EditError):
    """The file's edit lock cannot be had (:class:`armybuilder.fsutil.Unlockable`): the edit is refused."""


@dataclass
class Made:
    """What one edit did, for a face that says it in its own words (:attr:`Outcome.detail`).

    ``kind``: ``made`` (written), ``same`` (nothing to change), ``refused`` (an EditError),
    ``stale`` (the file changed since ``version``), ``locked`` (another edit held the file).
    """

    kind: str
    said: str = ""
    message: str = ""  # why it was refused, in the command line's words
    player: str = ""  # the same in a player's words (EditError.player)
    before: Result | None = None
    after: Result | None = None
    changes: Changes | None = None  # the findings the edit caused, fixed and changed (:func:`changes`)


# Called under the edit lock after the write: (the bytes before, the bytes written, what was done).
OnWrite = Callable[[bytes, bytes, str], None]


def run_edit(
    path: Path,
    verb: str,
    part: str,
    words: Sequence[str],
    *,
    version: str | None = None,
    on_write: OnWrite | None = None,
) -> Outcome:
    """``armybuilder add|remove|set FILE PART ARGS...``: the words after PART are read with the
    part's declared options (:func:`armybuilder.compose.parts.parse`).

    ``version`` (:func:`version_of` of the bytes a page was made from): refused, under the same
    lock as the edit, when the file is no longer those bytes. ``on_write`` is told of the write
    while the lock is still held (the browser's undo history)."""
    path = Path(path)
    try:
        with edit_lock(path):
            return _edit(path, verb, part, words, version, on_write)
    except EditError as exc:
        kind = "stale" if isinstance(exc, Stale) else "locked" if isinstance(exc, Locked) else "refused"
        out = Outcome.usage(f"armybuilder {verb}: {with_file(exc.message, path)}")
        out.detail = Made(kind, message=exc.message, player=exc.player)
        return out


_FILE_HINT = re.compile(r"\b((?:armybuilder|or) (?:add|remove|set|new SYSTEM)) FILE\b")


def with_file(message: str, path: Path) -> str:
    """A refusal's hints (``armybuilder set FILE stands 'Trolls' N``) with the file's own name, so that
    the command can be run as it is."""
    import shlex

    return _FILE_HINT.sub(lambda m: f"{m.group(1)} {shlex.quote(str(path))}", message)


def _edit(
    path: Path,
    verb: str,
    part: str,
    words: Sequence[str],
    version: str | None = None,
    on_write: OnWrite | None = None,
) -> Outcome:
    """The edit, under the file's lock; EditError when it is refused (nothing written)."""
    from armybuilder.check import check_text

    raw, text, data = read_list(path)
    if version is not None and version_of(raw) != version:
        raise Stale(f"{path.name} changed since this page was shown; nothing was written")
    system_id = system_of(path, data)
    mod = adapter(system_id)
    the_part = find_part(mod, verb, part, system_id)
    parsed = parts.parse(the_part, words, system_id, every_part)
    as_written = bool(parsed.opts.pop("as_written", False))
    force = bool(parsed.opts.pop("force", False))
    entry = parsed.opts.pop("entry", None)
    check = bool(parsed.opts.pop("check", False))
    locked_file = read_only(path)
    if locked_file and not force:
        raise EditError(
            f"{path} is read-only; the file was not changed (use --force to edit it anyway: it stays read-only)",
            f"{path} is read-only",
        )
    req = Request(
        verb=verb,
        part=the_part.name,
        args=parsed.args,
        opts=parsed.opts,
        usage=the_part.usage,
        system=system_id,
        as_written=as_written,
    )
    before = _checked(text, str(path))
    rt = _roundtrip_of(path, text)
    faithful = _known_faithful(text) or check_faithful(rt, text, data)
    from armybuilder.resources import load_schema

    doc = Doc(tree=rt.tree, data=data, system=system_id, schema=load_schema(systems.manifest(system_id).list_schema))
    with base.entry_wanted(entry) as unused:
        said = the_part.func(doc, req)
    if unused:
        raise EditError(
            f"--entry does not apply to '{verb} {the_part.name}': it names no entry of a list", parts.UNREADABLE
        )
    req.finish()
    new_text = rt.dump()
    if new_text == text:
        same = Outcome(_lines([f"{said} (no change: the file already says so)"]), [], _verdict(before, check))
        same.detail = Made("same", said, before=before, after=before)
        return same
    ensure_readable(new_text)
    new_bytes = new_text.encode("utf-8")
    notes = write(path, raw, new_bytes)
    _written(new_text)
    if on_write is not None:
        on_write(raw, new_bytes, said)
    after = check_text(new_text, file=str(path))
    _keep(_CHECKED, str(path), (_digest(new_text), after))
    done = report(path, said, before, after, check)
    done.done = f"the edit was made: {path} was written"
    done.detail = Made("made", said, before=before, after=after, changes=changes(before, after))
    if locked_file:
        notes.insert(0, f"{path} is read-only: written because of --force, and it stays read-only")
    done.stderr += [f"armybuilder {verb}: note: {n}" for n in notes]
    if not faithful:
        done.stderr.append(
            f"armybuilder {verb}: note: ruamel.yaml could not keep {path}'s layout exactly in places "
            "(the data is the same); compare it with your copy"
        )
    return done


def find_part(mod: ModuleType, verb: str, word: str, system_id: str) -> parts.Part:
    declared: list[parts.Part] = [p for p in mod.PARTS if p.verb == verb]
    entries = {p.name: p for p in declared}
    aliases = {a: p.name for p in declared for a in p.aliases}
    index = NameIndex(entries, aliases)
    if word in index:
        return index[word]
    listed = ", ".join(p.name for p in declared)
    raise EditError(
        f"'{verb}' has no part '{word}' in {system_id}{index.suggestion(word)}; "
        f"parts: {listed} (armybuilder {verb} --help shows each one's arguments)",
        parts.UNREADABLE,
    )


# ---------------------------------------------------------------------------
# New files


def schema_ref(system_id: str, target: Path) -> str:
    """What goes after ``$schema=``: inside the project tree, the relative path to its schema; else
    ``schemas/<id>.list.schema.json`` beside the list (``armybuilder schemas --write schemas`` puts
    it there), which survives sharing the file and rebuilding the environment, as no absolute path
    or ``file://`` URI into one installation would."""
    from armybuilder.resources import list_ref, schema_path

    name = systems.manifest(system_id).list_schema
    schema = schema_path(name).resolve()
    where = target.resolve().parent
    home = schema.parent.parent
    try:
        if where == home or home in where.parents:
            return Path(os.path.relpath(schema, where)).as_posix()
    except ValueError:  # pragma: no cover - another drive on Windows
        pass
    return list_ref(name)


def default_name(path: Path) -> str:
    stem = re.sub(r"[-_]+", " ", path.stem).strip()
    return stem[:1].upper() + stem[1:] if stem else "My army"


def pick_system(word: str) -> str:
    """The system a user typed (its id exactly; a near miss is refused with a suggestion) that can be edited."""
    try:
        found = systems.resolve(word)
    except ValueError as exc:
        raise EditError(str(exc)) from None
    if found not in composable():
        raise EditError(f"{found} lists cannot be composed from the command line; systems: {', '.join(composable())}")
    return found


def with_data_version(pairs: Sequence[tuple[str, Any]], version: str) -> list[tuple[str, Any]]:
    """A new list's keys with ``data_version:`` (the installed data's) after ``system:``: the list pins
    the data it is built with, and is warned (ABL040) when checked with other data."""
    out = list(pairs)
    at = next((i + 1 for i, (k, _) in enumerate(out) if k == "system"), 0)
    out.insert(at, ("data_version", version))
    return out


def _exists(path: Path) -> EditError:
    return EditError(f"{path} already exists; use --force to overwrite it", f"{path} already exists")


def run_new(system: str, path: Path, name: str | None, points: float | None, force: bool) -> Outcome:
    """``armybuilder new SYSTEM FILE [--name NAME] [--points N] [--force]``."""
    import shlex

    from armybuilder.check import check_text
    from armybuilder.fsutil import OverwriteRefused, special
    from armybuilder.text import printable

    path = Path(path)
    try:
        system_id = pick_system(system)
        mod = adapter(system_id)
        if path.is_dir():
            raise EditError(f"{path}: is a directory; give the list file's name, e.g. {path / 'army.yaml'}")
        found = special(path)
        if found is not None:  # a device, a FIFO, /dev/stdout: a list file is a regular file, never one of them
            raise EditError(f"{path} is {found.what}, not a file; give the name of a regular file")
        if os.path.lexists(path) and not force:
            raise _exists(path)
        if not path.parent.exists():
            raise EditError(f"{path.parent}: no such directory")
        m = systems.manifest(system_id)
        if points is not None and not m.points_limit:
            raise EditError(
                f"{system_id} lists are measured in {m.measure}, not points against a limit; leave out --points",
                f"{system_id} lists are measured in {m.measure}, not points against a limit",
            )
        if name is not None and printable(name) != name:
            raise EditError("--name is not UTF-8 text; a list file holds UTF-8 names", "the name is not UTF-8 text")
        name = " ".join((name or printable(default_name(path))).split())
        if not name or len(name) > 200:
            raise EditError("--name must be 1 to 200 characters", "the name must be 1 to 200 characters")
        if points is not None:
            points = base.number(points, "--points", 0.5, 1000, whole=False, halves=True)
        ref = schema_ref(system_id, path)
        header = [f"# yaml-language-server: $schema={ref}"]
        if not ref.startswith("."):  # outside the project: the schema beside the list, written by `schemas`
            header.append(f"# (for your editor's checks: armybuilder schemas --write {ref.partition('/')[0]})")
        # The file's own name, never its folder: a list is shared, and the path of the machine it was
        # made on is nobody's business (a file name that is not UTF-8 is shown with U+FFFD).
        shown = shlex.quote(printable(path.name))
        header += ["# " + line if line else "#" for line in mod.howto(shown)]
        from ruamel.yaml import YAML

        yaml = YAML(typ="rt")
        yaml.width = 4096
        yaml.indent(mapping=2, sequence=4, offset=2)
        body = base.new_map(with_data_version(mod.template(name, points), systems.get(system_id).data_version))
        buf = io.StringIO()
        yaml.dump(body, buf)
        text = "\n".join(header) + "\n" + buf.getvalue()
        ensure_readable(text)
        try:
            _atomic_write(path, text.encode("utf-8"), force, into=False)
        except OverwriteRefused:
            raise _exists(path) from None
        except OSError as exc:
            raise EditError(f"{path}: cannot be written ({exc.strerror or exc})") from None
    except EditError as exc:
        out = Outcome.usage(f"armybuilder new: {exc.message}")
        out.detail = Made("refused", message=exc.message, player=exc.player)
        return out
    after = check_text(text, file=str(path))
    done = report(path, f"created {path} ({system_id}): the next steps are in its opening comment", None, after)
    done.done = f"{path} was created"  # exit 0: a new list is a start, its findings are a to-do list
    return done
