"""The builder's forms, made from a system's declared compose parts; and the edit words a form gives.

Each :class:`~armybuilder.compose.parts.Part` (``add class NAME --troop TROOP [--stands N]
[--general]``) becomes one form: a field per positional argument, read from the part's usage line
(``NAME``; ``[N]`` optional; ``LEVEL...`` repeated; ``skirmish|adventure|board`` a fixed choice),
and a field per declared option, by its kind (``text``/``int`` a value, ``flag`` a checkbox,
``switch`` yes/no/unchanged, ``many`` values separated by commas). The choices offered come from
the part's ``fits`` source where it declares one (the names that fit the other values chosen:
the cards a class's troop type may take), else from its ``names`` completion source, each given
the list's plain data; a catalog entry of the same name gives a choice its short note.

:func:`words` turns a submitted form back into the words ``armybuilder VERB FILE PART`` would
get on the command line, options first and the positional arguments after ``--`` (so a name that
starts with ``--`` stays a name); the edit engine reads them with the part's declaration.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from armybuilder.compose.parts import COMMON, EditError, Opt, Part

_TOKEN = re.compile(r"\[[^\]]*\](?:\.\.\.)?|\S+")
MAX_CHOICES = 400  # choices offered in one field
MAX_MANY = 20  # values of a repeatable option
# The options every edit takes that a form offers: keeping a name as typed. Not --force: a file
# its owner made read-only stays unedited from the browser.
OFFERED_COMMON = ("as_written",)


@dataclass(frozen=True)
class Arg:
    """A positional argument of a part, as its usage line writes it."""

    metavar: str  # NAME, N, skirmish|adventure|board
    optional: bool = False  # [N]
    repeated: bool = False  # LEVEL...
    choices: tuple[str, ...] = ()  # a|b|c: the only values


def arguments(part: Part) -> list[Arg]:
    """The positional arguments of ``part``, read from its usage line (after the part's own word)."""
    rest = part.usage.split(None, 1)[1] if len(part.usage.split(None, 1)) > 1 else ""
    out: list[Arg] = []
    skip = False
    for token in _TOKEN.findall(rest):
        if skip:
            skip = False
            continue
        repeated = token.endswith("...")
        token = token.removesuffix("...")
        if token.startswith("["):
            inner = token[1:-1].strip()
            if not inner or inner.startswith("-") or "--" in inner:
                continue  # options, declared with the part
            out.append(Arg(inner.removesuffix("..."), optional=True, repeated=repeated or inner.endswith("...")))
            continue
        if token.startswith("--"):
            found = part.option(token.split("=", 1)[0])
            skip = found is not None and found[0].takes_value and "=" not in token
            continue
        if token == "|":
            continue
        choices = tuple(c for c in token.split("|") if c) if "|" in token else ()
        out.append(Arg(token, repeated=repeated, choices=choices))
    return out


@dataclass
class Field:
    """One field of a form, ready for the template."""

    name: str  # the form field: a1, a2... (positional) or o_<key> (option)
    label: str
    kind: str  # text | int | flag | switch | many | choice | repeat
    help: str = ""
    required: bool = False
    choices: list[str] = field(default_factory=list)  # offered (datalist), or the only values (choice)
    notes: dict[str, str] = field(default_factory=dict)  # choice -> its catalog note
    value: str = ""  # filled in again after "show the choices that fit"


@dataclass
class Form:
    id: str  # add-class
    verb: str
    part: str
    usage: str
    summary: str
    fields: list[Field]
    narrowed: bool = False  # some field's choices depend on the others (fits)

    @property
    def usage_words(self) -> list[str]:
        """The usage line in pieces that are not broken across lines (``[--to CLASS | --army]``)."""
        return [self.verb, "FILE", *_TOKEN.findall(self.usage)]


def form_id(part: Part) -> str:
    return f"{part.verb}-{part.name}"


def find(parts: Sequence[Part], ident: str) -> Part | None:
    return next((p for p in parts if form_id(p) == ident), None)


def chosen_values(part: Part, values: Mapping[str, Sequence[str]]) -> dict[str, Any]:
    """The values a (partly) filled form chose, as the parts' ``fits`` sources read them."""
    chosen: dict[str, Any] = {}
    args = []
    for i, _ in enumerate(arguments(part), 1):
        v = _first(values, f"a{i}")
        args.append(v)
    chosen["args"] = [a for a in args if a]
    for opt in part.options:
        v = _first(values, "o_" + opt.key)
        if opt.kind == "flag":
            chosen[opt.key] = bool(v)
        elif opt.kind == "switch":
            chosen[opt.key] = {"yes": True, "no": False}.get(v)
        elif v:
            chosen[opt.key] = v
    return chosen


def _first(values: Mapping[str, Sequence[str]], name: str) -> str:
    got = values.get(name) or []
    return str(got[0]).strip() if got else ""


def _offered(source: Any, fits: Any, data: Any, chosen: Mapping[str, Any]) -> list[str]:
    names: list[str] = []
    if fits is not None:
        names = fits(data, chosen)
    elif source is not None:
        names = source(data)
    return list(dict.fromkeys(str(n) for n in names))[:MAX_CHOICES]


def build(
    system: str,
    parts: Sequence[Part],
    data: Any,
    filled: str | None = None,
    values: Mapping[str, Sequence[str]] | None = None,
) -> list[Form]:
    """Every part's form for a list of ``system`` whose plain data is ``data``; the form ``filled``
    gets ``values`` back (and its choices narrowed by them)."""
    notes = catalog_notes(system)
    forms = []
    for part in parts:
        mine = values if filled == form_id(part) and values is not None else {}
        chosen = chosen_values(part, mine)
        narrowed = any(f is not None for f in part.fits) or any(o.fits is not None for o in part.options)
        fields: list[Field] = []
        for i, arg in enumerate(arguments(part)):
            source = part.names[i] if i < len(part.names) else None
            fits = part.fits[i] if i < len(part.fits) else None
            if arg.choices:
                kind, offered = "choice", list(arg.choices)
            else:
                kind = "repeat" if arg.repeated else ("int" if arg.metavar in ("N", "NUMBER") else "text")
                offered = _offered(source, fits, data, chosen)
            label = _words(part.name if arg.choices else arg.metavar)
            fields.append(
                Field(
                    f"a{i + 1}",
                    label,
                    kind,
                    help=("optional" if arg.optional else "")
                    + (" one or more, separated by spaces" if arg.repeated else ""),
                    required=not arg.optional,
                    choices=offered,
                    notes={c: notes[c] for c in offered if c in notes},
                    value=_first(mine, f"a{i + 1}"),
                )
            )
        for opt in part.options:
            fields.append(_option_field(opt, data, chosen, mine, notes))
        forms.append(Form(form_id(part), part.verb, part.name, part.usage, part.summary, fields, narrowed))
    return forms


def _option_field(
    opt: Opt,
    data: Any,
    chosen: Mapping[str, Any],
    mine: Mapping[str, Sequence[str]],
    notes: Mapping[str, str],
) -> Field:
    offered = _offered(opt.names, opt.fits, data, chosen) if opt.takes_value else []
    help_text = opt.help + ("; separate several with commas" if opt.kind == "many" else "")
    return Field(
        "o_" + opt.key,
        _words(opt.key),
        opt.kind,
        help=help_text,
        choices=offered,
        notes={c: notes[c] for c in offered if c in notes},
        value=_first(mine, "o_" + opt.key),
    )


_LABELS = {"N": "number", "TEXT": "text"}


def _words(name: str) -> str:
    """A field's label: ``defender_tokens`` -> ``Defender tokens``, ``CLASS`` -> ``Class``."""
    said = _LABELS.get(name, name).replace("_", " ").replace("-", " ").lower()
    return said[:1].upper() + said[1:]


def words(part: Part, values: Mapping[str, Sequence[str]]) -> list[str]:
    """The command-line words a submitted form stands for (options first, then ``--`` and the
    positional arguments). EditError when a required field is empty."""
    out: list[str] = []
    for opt in part.options:
        given = [str(v).strip() for v in values.get("o_" + opt.key, []) if str(v).strip()]
        if not given:
            continue
        if opt.kind in ("text", "int"):
            out += [opt.flag, given[0]]
        elif opt.kind == "many":
            pieces = [p.strip() for v in given for p in v.split(",") if p.strip()]
            if len(pieces) > MAX_MANY:
                raise EditError(f"{opt.flag} takes at most {MAX_MANY} values")
            for piece in pieces:
                out += [opt.flag, piece]
        elif opt.kind == "flag":
            out.append(opt.flag)
        elif given[0] in ("yes", "no"):  # a switch
            out.append(opt.flag if given[0] == "yes" else "--no-" + opt.flag[2:])
    for opt in COMMON:
        if opt.key in OFFERED_COMMON and _first(values, "o_" + opt.key):
            out.append(opt.flag)
    out.append("--")
    for i, arg in enumerate(arguments(part), 1):
        value = _first(values, f"a{i}")
        if arg.repeated:
            out += value.replace(",", " ").split()
        elif value:
            out.append(value)
        if not value and not arg.optional:
            label = _words(part.name if arg.choices else arg.metavar)
            raise EditError(f"fill in {label} for '{part.verb} {part.name}'")
    return out


@cache
def catalog_notes(system: str) -> dict[str, str]:
    """A short note for each catalog entry's name: its table row's cells (but its name, source and
    rule) as ``column: value``, for the choices of a form."""
    from armybuilder.compose.catalog import CatalogError, entries

    skip = {"name", "source", "rule", "card", "aliases", "code"}
    out: dict[str, str] = {}
    try:
        groups = entries(system)
    except CatalogError:  # pragma: no cover - every composable system has a catalog
        return out
    for _, found in groups:
        for e in found:
            cells = [f"{k}: {v}" for k, v in e.row.items() if k not in skip and v not in (None, "")]
            note = " · ".join(cells)
            out.setdefault(e.name, note if len(note) <= 90 else note[:89] + "…")
    return out
