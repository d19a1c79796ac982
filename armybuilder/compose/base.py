"""What the system adapters share: parts, requests, name matching, and ruamel.yaml helpers.

A system's ``compose`` module lists its :class:`~armybuilder.compose.parts.Part` entries (a verb, a
part name, a usage line, its options and a function). The edit engine
(:mod:`armybuilder.edit.engine`) finds the part, wraps the command line in a :class:`Request`
and calls the part's function with the file's round-trip tree
(:class:`Doc`). The function changes the tree and returns one line saying what it did; it raises
:class:`EditError` to refuse (nothing is written then).

Names follow one rule everywhere: a name the data knows matches without regard to case and is
written as the data spells it; a near miss is refused with a suggestion; a name the data does
not know is refused with where to look (``armybuilder catalog ...``) unless the list allows free
names there (region names, Heroes III artifacts and spells) or ``--as-written`` is given.

ruamel.yaml is imported inside the helpers only: completion and ``--help`` never load it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, overload

# Re-exported: the system adapters import them from here.
from armybuilder.compose.parts import UNREADABLE as UNREADABLE
from armybuilder.compose.parts import EditError as EditError
from armybuilder.compose.parts import Opt as Opt
from armybuilder.compose.parts import Part as Part
from armybuilder.compose.parts import flag as flag
from armybuilder.compose.parts import spoken as spoken
from armybuilder.compose.parts import usage_error as usage_error
from armybuilder.suggest import NameIndex, did_you_mean, fold, nearest
from armybuilder.text import noun

if TYPE_CHECKING:  # pragma: no cover
    from ruamel.yaml.comments import CommentedMap, CommentedSeq


@dataclass
class Doc:
    """The file being edited: its round-trip tree (changed in place) and its plain data (read only)."""

    tree: Any  # ruamel CommentedMap
    data: dict[str, Any]  # the same file as armybuilder's safe loader reads it
    system: str
    schema: dict[str, Any] = field(default_factory=dict)


@dataclass
class Request:
    """The command line of one edit: positional arguments and options, each read once."""

    verb: str
    part: str
    args: list[str]
    opts: dict[str, Any]
    usage: str = ""
    system: str = ""
    as_written: bool = False
    _next: int = 0
    _read: set[str] = field(default_factory=set)

    @property
    def command(self) -> str:
        return f"armybuilder {self.verb} FILE {self.usage}".rstrip()

    def _usage_error(self, message: str, player: str = UNREADABLE) -> EditError:
        return usage_error(message, self.command, player)

    def take(self, what: str) -> str:
        """The next positional argument (required)."""
        if self._next >= len(self.args):
            raise self._usage_error(f"'{self.verb} {self.part}' needs {what}", f"say {spoken(what)}")
        value = str(self.args[self._next]).strip()
        self._next += 1
        if not value:
            raise self._usage_error(f"{what} cannot be empty", f"{spoken(what)} cannot be empty")
        return value

    def take_optional(self) -> str | None:
        if self._next >= len(self.args):
            return None
        value = str(self.args[self._next]).strip()
        self._next += 1
        return value

    def take_rest(self) -> list[str]:
        rest = [str(a) for a in self.args[self._next :]]
        self._next = len(self.args)
        return rest

    def take_name(self, what: str) -> str:
        """All the remaining arguments as one name: ``spell Fire Wall`` needs no quotes."""
        words = " ".join(self.take_rest()).split()
        if not words:
            raise self._usage_error(f"'{self.verb} {self.part}' needs {what}", f"say {spoken(what)}")
        return " ".join(words)

    def take_name_and_int(self, what: str, number_what: str, minimum: int = 0, maximum: int = 1000) -> tuple[str, int]:
        """A name of one or more words, then a whole number: ``stands Archers of the Eaves 2``."""
        words = self.take_rest()
        if len(words) < 2:
            raise self._usage_error(
                f"'{self.verb} {self.part}' needs {what} and {number_what}",
                f"say {spoken(what)} and {spoken(number_what)}",
            )
        return " ".join(" ".join(words[:-1]).split()), number(words[-1], number_what, minimum, maximum, whole=True)

    def take_int(self, what: str, minimum: int = 0, maximum: int = 1000, default: int | None = None) -> int:
        if self._next >= len(self.args) and default is not None:
            return default
        return number(self.take(what), what, minimum, maximum, whole=True)

    def opt(self, key: str, default: Any = None) -> Any:
        """An option's value (None when not given); reading it marks it used."""
        self._read.add(key)
        value = self.opts.get(key)
        return default if value is None else value

    def has(self, key: str) -> bool:
        return self.opts.get(key) is not None

    def finish(self) -> None:
        """Refuse what was typed but not used: extra arguments, options of another part."""
        if self._next < len(self.args):
            extra = " ".join(repr(str(a)) for a in self.args[self._next :])
            raise self._usage_error(f"too many arguments for '{self.verb} {self.part}': {extra}")
        unused = [k for k in self.opts if k not in self._read and self.opts[k] is not None]
        if unused:
            names = ", ".join(flag(k) for k in unused)
            raise self._usage_error(
                f"{names} {'does' if len(unused) == 1 else 'do'} not apply to "
                f"'{self.verb} {self.part}' in {self.system}"
            )


# A whole number (the default) comes back as an int; with whole=False, a float when it has a fraction.
@overload
def number(
    text: Any, what: str, minimum: float = 0, maximum: float = 1000, whole: Literal[True] = True, halves: bool = False
) -> int: ...
@overload
def number(
    text: Any, what: str, minimum: float = 0, maximum: float = 1000, *, whole: bool, halves: bool = False
) -> int | float: ...
def number(
    text: Any, what: str, minimum: float = 0, maximum: float = 1000, whole: bool = True, halves: bool = False
) -> int | float:
    """A number typed on the command line (or into the builder's page, or a request's field),
    checked against its range; its length bounded before it is parsed (:mod:`armybuilder.digits`)."""
    from armybuilder.digits import TooLong, short

    raw = str(text).strip()

    def refused(rest: str) -> EditError:  # what: an option's spelling (--stands), or words
        return EditError(f"{what} {rest}", f"{spoken(what)} {rest}")

    try:
        short(raw, what)
    except TooLong:
        raise refused(f"must be from {minimum:g} to {maximum:g}, not a number of {len(raw):,} characters") from None
    try:
        value = float(raw)
    except ValueError:
        raise refused(f"must be a {'whole ' if whole else ''}number, not '{raw}'") from None
    if value != value or value in (float("inf"), float("-inf")):
        raise refused(f"must be a finite number, not '{raw}'")
    if not (minimum <= value <= maximum):  # first: 1e308 * 2 below would overflow
        raise refused(f"must be from {minimum:g} to {maximum:g}, not '{raw}'")
    if whole and value != int(value):
        raise refused(f"must be a whole number, not '{raw}'")
    if halves and value * 2 != int(value * 2):
        raise refused(f"must be a whole or half number (like 48 or 48.5), not '{raw}'")
    return int(value) if value == int(value) else value


# ---------------------------------------------------------------------------
# Names


def known(
    name: str, index: NameIndex[Any], what: str, hint: str = "", *, req: Request | None = None, open_set: bool = False
) -> str:
    """The canonical spelling of ``name`` in ``index``.

    A near miss is refused with a suggestion; an unknown name is refused with ``hint`` (where to
    look), unless ``open_set`` (the list may name things the data does not know) or
    ``--as-written``; then the name is kept as typed.
    """
    name = " ".join(str(name).split())
    canonical = index.canonical(name)
    if canonical is not None:
        return canonical
    as_written = bool(req and req.as_written)
    if as_written:
        return name
    near = index.suggestion(name)
    if near:
        raise EditError(
            f"unknown {what} '{name}'{near}; add --as-written to keep the name as typed",
            f"unknown {what} '{name}'{near}",
        )
    if open_set:
        return name
    raise EditError(f"unknown {what} '{name}'{'; ' + hint if hint else ''}", f"unknown {what} '{name}'")


def choice(value: str, choices: Sequence[str], what: str) -> str:
    """One of a few fixed words (a mode, a side), matched without regard to case."""
    for c in choices:
        if fold(c) == fold(value):
            return c
    raise EditError(f"unknown {what} '{value}'{did_you_mean(value, choices)}; choose one of: {', '.join(choices)}")


# The ``--entry N`` of an edit: which of the entries that share a name it means. The edit engine
# sets it for one edit; the first :func:`find` of that edit takes it.
_ENTRY: ContextVar[list[int] | None] = ContextVar("entry", default=None)


@contextmanager
def entry_wanted(entry: int | None) -> Iterator[list[int]]:
    """Within the block, the next :func:`find` means the ``entry``-th entry (1-based). Yields a
    list that is empty afterwards when a find took it (so an unused ``--entry`` can be refused)."""
    wanted = [entry] if entry is not None else []
    token = _ENTRY.set(wanted)
    try:
        yield wanted
    finally:
        _ENTRY.reset(token)


def find(
    items: Sequence[Any], name: str, what: str, where: str = "the list", key: Callable[[Any], str | None] | str = "name"
) -> int:
    """The index of the entry named ``name``: the entry written exactly so, else the one that
    matches without regard to case (:func:`armybuilder.suggest.fold`). With classes ``A`` and
    ``a``, ``a`` is the second. Two entries written the same, or, with no exact match, two that
    match without regard to case (``Light Foot`` and ``light foot`` asked for as ``LIGHT FOOT``),
    are refused as ambiguous unless the edit says which (``--entry N``, :func:`entry_wanted`). A
    name no entry has is refused with a suggestion."""
    getter = (lambda e: e.get(key) if isinstance(e, Mapping) else None) if isinstance(key, str) else key
    names = [getter(e) for e in items]
    exact = [i for i, n in enumerate(names) if n is not None and str(n) == name]
    folded = [i for i, n in enumerate(names) if n is not None and fold(str(n)) == fold(name)]
    hits = exact or folded
    wanted = _ENTRY.get()
    if wanted:
        n = wanted.pop()
        if not 1 <= n <= len(items) or (n - 1) not in folded:
            raise EditError(f"entry {n} of {where}'s {what}s is not '{name}'; nothing was changed")
        return n - 1
    if len(hits) > 1:
        shown = ", ".join(f"'{names[i]}' (entry {i + 1})" for i in hits)
        raise EditError(
            f"{where} has more than one {what} that '{name}' names: {shown}; "
            f"say which with --entry N (1 for the first), or give each {what} its own name",
            f"{where} has more than one {what} that '{name}' names: {shown}; give each {what} its own name",
        )
    if hits:
        return hits[0]
    present = [str(n) for n in names if n is not None]
    near = nearest(name, present)
    if near:
        raise EditError(f"{where} has no {what} '{name}' (did you mean '{near}'?)")
    if present:
        shown = ", ".join(f"'{n}'" for n in present[:12]) + (", ..." if len(present) > 12 else "")
        raise EditError(f"{where} has no {what} '{name}' ({noun(len(present), what)} there: {shown})")
    raise EditError(f"{where} has no {what} '{name}' (it has none yet)")


def names_in(items: Any, key: str = "name") -> list[str]:
    """The names of the entries of a list in the plain data (for completion)."""
    if not isinstance(items, list):
        return []
    return [str(e[key]) for e in items if isinstance(e, Mapping) and isinstance(e.get(key), (str, int, float))]


def card_name(entry: Any) -> str | None:
    """A card entry's name: the string, or the key of a one-key mapping."""
    if isinstance(entry, Mapping):
        return str(next(iter(entry))) if len(entry) == 1 else None
    if isinstance(entry, (str, int, float)) and not isinstance(entry, bool):
        return str(entry)
    return None


# ---------------------------------------------------------------------------
# The list schema: key order


def _resolve(schema: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    while isinstance(node, dict) and "$ref" in node:
        ref = node["$ref"]
        if not ref.startswith("#/"):
            return {}
        target: Any = schema
        for step in ref[2:].split("/"):
            target = target.get(step, {})
        node = target
    return node


def schema_keys(schema: dict[str, Any], *path: str) -> list[str]:
    """The property names (in schema order) of the object at ``path``; "[]" steps into items."""
    node = _resolve(schema, schema)
    for step in path:
        if step == "[]":
            node = _resolve(schema, node.get("items", {}))
        else:
            node = _resolve(schema, node.get("properties", {}).get(step, {}))
    return list(node.get("properties", {}))


# ---------------------------------------------------------------------------
# ruamel.yaml helpers (ruamel imported here only)


def text(value: Any) -> Any:
    """A string as a YAML scalar that armybuilder's loader (YAML 1.1) reads back as the same string.

    ruamel.yaml speaks YAML 1.2 and would leave ``no``, ``on`` or ``1_000`` plain; PyYAML would
    read them as a boolean or a number. Such strings are written quoted.
    """
    if not isinstance(value, str):
        return value
    from yaml.nodes import ScalarNode
    from yaml.resolver import Resolver

    tag = Resolver().resolve(ScalarNode, value, (True, False))  # type: ignore[no-untyped-call]  # types-PyYAML leaves BaseResolver.resolve unannotated
    if tag != "tag:yaml.org,2002:str":
        from ruamel.yaml.scalarstring import DoubleQuotedScalarString

        return DoubleQuotedScalarString(value)
    return value


def new_map(pairs: Iterable[tuple[str, Any]] | Mapping[str, Any], flow: bool = False) -> CommentedMap:
    from ruamel.yaml.comments import CommentedMap

    m = CommentedMap()
    items = pairs.items() if isinstance(pairs, Mapping) else pairs
    for k, v in items:
        if v is not None:
            m[text(k)] = text(v)
    if flow:
        m.fa.set_flow_style()
    else:
        m.fa.set_block_style()
    return m


def new_seq(items: Iterable[Any] = (), flow: bool = False) -> CommentedSeq:
    from ruamel.yaml.comments import CommentedSeq

    s = CommentedSeq([text(i) for i in items])
    if flow:
        s.fa.set_flow_style()
    else:
        s.fa.set_block_style()
    return s


# Comments. ruamel.yaml keeps a comment with the value it follows: the text after a value up to the
# next one (its end-of-line comment, then any full-line comments below it) hangs on the deepest,
# last value before it. Adding, removing or replacing a value must move that text with care, or a
# comment about the next part (or the file's closing comment) would vanish or land elsewhere.


def _is_coll(value: Any) -> bool:
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    return isinstance(value, (CommentedMap, CommentedSeq))


def _is_flow(value: Any) -> bool:
    try:
        return bool(value.fa.flow_style())
    except AttributeError:
        return False


def _keys(container: Any) -> list[Any]:
    return list(container) if isinstance(container, dict) else list(range(len(container)))


def _slot(container: Any, key: Any) -> tuple[Any, Any]:
    """Where the comment that follows ``container[key]`` is kept: (owner, key)."""
    value = container[key]
    if _is_coll(value) and len(value) and not _is_flow(value):
        return _slot(value, _keys(value)[-1])
    return container, key


def _at(owner: Any) -> int:
    return 2 if isinstance(owner, dict) else 0


def _get(slot: tuple[Any, Any]) -> Any:
    owner, key = slot
    entry = owner.ca.items.get(key)
    i = _at(owner)
    return entry[i] if entry and len(entry) > i else None


def _set(slot: tuple[Any, Any], token: Any) -> None:
    owner, key = slot
    entry = owner.ca.items.setdefault(key, [None, None, None, None])
    entry[_at(owner)] = token
    if all(e is None for e in entry):
        del owner.ca.items[key]


def _take_following(container: Any, key: Any) -> str:
    """Detach the full-line comments that follow ``container[key]`` (its own end-of-line comment stays)."""
    slot = _slot(container, key)
    token = _get(slot)
    if token is None:
        return ""
    comment: str = token.value
    own, _, following = comment.partition("\n")
    if not following:
        return ""
    if own.strip():
        token.value = own + "\n"
    else:
        _set(slot, None)
    return following


def _add_following(container: Any, key: Any, following: str) -> None:
    if not following:
        return
    slot = _slot(container, key)
    token = _get(slot)
    if token is not None:
        value = token.value
        token.value = (value if value.endswith("\n") else value + "\n") + following
        return
    from ruamel.yaml.error import CommentMark
    from ruamel.yaml.tokens import CommentToken

    _set(slot, CommentToken("\n" + following, CommentMark(0)))


def _add_before(container: Any, key: Any, following: str) -> None:
    """Full-line comments put before ``container[key]`` (the first entry of a collection)."""
    from ruamel.yaml.error import CommentMark
    from ruamel.yaml.tokens import CommentToken

    entry = container.ca.items.setdefault(key, [None, None, None, None])
    if entry[1] is None:
        entry[1] = []
    for line in following.splitlines():
        entry[1].append(CommentToken(line + "\n", CommentMark(0)))


def append(seq: Any, item: Any) -> None:
    """Append to a sequence; comments below its last entry stay below the new last entry."""
    item = text(item)
    following = _take_following(seq, len(seq) - 1) if len(seq) and not _is_flow(seq) else ""
    seq.append(item)
    _add_following(seq, len(seq) - 1, following)


def replace(container: Any, key: Any, value: Any) -> None:
    """Replace a value in place; the comments that followed it follow the new value."""
    value = text(value)
    old = _slot(container, key)
    token = _get(old)
    if token is not None:
        _set(old, None)
    container[key] = value
    if token is not None:
        _set(_slot(container, key), token)


def remove(container: Any, key: Any, parent: Any = None, parent_key: Any = None, carry: str = "") -> None:
    """Delete ``container[key]`` with its own end-of-line comment; the comments below it stay.

    When the container is left empty and its ``parent`` is given, its key goes too.
    """
    following = carry + _take_following(container, key)
    keys = _keys(container)
    pos = keys.index(key)
    del container[key]
    if not len(container) and parent is not None:
        remove(parent, parent_key, carry=following)
        return
    if not following:
        return
    keys = _keys(container)
    if pos > 0:
        _add_following(container, keys[pos - 1], following)
    elif keys:
        _add_before(container, keys[0], following)


def put(mapping: Any, key: str, value: Any, order: Sequence[str] = ()) -> None:
    """Set ``mapping[key]``; a new key goes where ``order`` (the schema's order) puts it.

    A new key takes its place after the key before it: the comments below that key move below
    the new one (they were about what comes next).
    """
    value = text(value)
    for existing in list(mapping):
        if existing == key:
            replace(mapping, existing, value)
            return
    pos = len(mapping)
    if key in order:
        later = set(order[list(order).index(key) + 1 :])
        for i, k in enumerate(mapping):
            if k in later:
                pos = i
                break
    keys = list(mapping)
    movable = not (_is_coll(value) and not len(value) and not _is_flow(value))
    following = _take_following(mapping, keys[pos - 1]) if pos > 0 and movable else ""
    if pos == len(mapping):
        mapping[key] = value
    else:
        mapping.insert(pos, key, value)
    _add_following(mapping, key, following)


def drop(mapping: Any, key: str) -> bool:
    if key in mapping:
        remove(mapping, key)
        return True
    return False


def append_to(mapping: Any, key: str, item: Any, order: Sequence[str] = (), flow: bool = False) -> Any:
    """Append ``item`` to the sequence ``mapping[key]``, created with the item when absent.

    A new sequence is put in whole (not empty, then filled), so the comments below the key before
    it move below the new sequence, where they were: above the key that comes next.
    """
    current = mapping.get(key) if key in mapping else None
    if current is None:
        put(mapping, key, new_seq([item], flow=flow), order)
        return mapping[key]
    if not isinstance(current, list):
        raise EditError(f"'{key}' in the file is not a list; fix it by hand first")
    if not len(current):
        _set_style(current, flow)
    append(current, item)
    return current


def child_map(mapping: Any, key: str, order: Sequence[str] = (), flow: bool = False) -> Any:
    current = mapping.get(key) if key in mapping else None
    if current is None or not isinstance(current, dict):
        if current is not None:
            raise EditError(f"'{key}' in the file is not a mapping; fix it by hand first")
        m = new_map({}, flow=flow)
        put(mapping, key, m, order)
        return mapping[key]
    if len(current) == 0:
        _set_style(current, flow)
    return current


def _set_style(collection: Any, flow: bool) -> None:
    """Make a ruamel collection of the tree flow (``[a, b]``) or block style.

    Any: the tree's values are ruamel's CommentedSeq and CommentedMap, which ``isinstance(v, list)``
    and ``isinstance(v, dict)`` narrow to plain types that have no ``fa``.
    """
    (collection.fa.set_flow_style if flow else collection.fa.set_block_style)()


def set_in(entry: Any, key: str, value: Any, order: Sequence[str]) -> None:
    """Set a key of an entry (a flow or block mapping) in schema order; None removes it."""
    if value is None:
        drop(entry, key)
    else:
        put(entry, key, value, order)


def plain(value: Any) -> Any:
    """A ruamel value as plain Python (for messages)."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, bool):
        return bool(value)
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return float(value)
    if isinstance(value, str):
        return str(value)
    return value


def quoted(name: Any) -> str:
    return f"'{name}'"
