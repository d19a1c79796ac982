"""Finding codes: every code armybuilder can report, with its documentation.

Codes are stable: a code is never reused for another rule, even after it is retired.
The generic ``ABL`` codes are about reading a file; each game system adds its own
(``FTR`` Fantasy Triumph, ``TTB`` Token Terrors, ``SWW`` Small World of Warcraft,
``HMB`` Heroes III Battlefield, ``EVT`` event packs). :func:`armybuilder.rulebook.all_codes`
gathers them all.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any

from armybuilder.findings import Severity

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.findings import Finding, Path


@dataclass(frozen=True)
class Code:
    code: str
    name: str
    severity: Severity
    rule: str | None
    doc: str
    retired: str | None = None  # since when and why the code is no longer reported ("before release 0.1.0: ...")

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "name": self.name,
            "severity": self.severity.value,
            "rule": self.rule,
            "doc": self.doc,
            "retired": self.retired,
        }


E = Severity.ERROR

GENERIC = [
    Code(
        "ABL002",
        "file-too-large",
        E,
        "YAML",
        "The file is larger than 1 MiB. A list is a few KiB; a file that large is not a list.",
    ),
    Code("ABL003", "not-utf8", E, "YAML", "The file has bytes that are not UTF-8 text. Save it as UTF-8."),
    Code("ABL004", "not-yaml", E, "YAML", "The file is not valid YAML; the position is where the parser gave up."),
    Code(
        "ABL005",
        "not-a-list",
        E,
        "list schema",
        "The file is empty, or its top level is not a mapping with a `system` key, or it is an event pack "
        "(a top-level `event` key): give a pack with `--event`, or as a tournament's PACK.",
    ),
    Code(
        "ABL006",
        "duplicate-key",
        E,
        "YAML",
        "A key appears twice in one mapping. YAML readers would silently keep the last; armybuilder refuses.",
    ),
    Code(
        "ABL007",
        "anchor-or-alias",
        E,
        "YAML",
        "Anchors (&a) and aliases (*a) are refused: a list never needs them, and they allow 'billion laughs' files.",
    ),
    Code(
        "ABL008",
        "tag-not-allowed",
        E,
        "YAML",
        "Only plain YAML values are read; tags such as !!python/object are refused and never run.",
    ),
    Code(
        "ABL009",
        "too-deep-or-large",
        E,
        "YAML",
        "The file nests deeper than 32 levels or holds more than 10,000 values.",
    ),
    Code(
        "ABL010",
        "bad-number",
        E,
        "YAML",
        "A number that cannot be read: longer than 100 characters, a whole number beyond ±(2^53 - 1), infinite, "
        "not a number, or a value its explicit tag cannot read (`!!int` with nothing after it, `!!bool maybe`).",
    ),
    Code(
        "ABL011",
        "many-documents",
        E,
        "YAML",
        "The file holds more than one YAML document (`---`); a list file holds one.",
    ),
    Code(
        "ABL012",
        "not-a-regular-file",
        E,
        "YAML",
        "The path names a FIFO, a device or a socket (`/dev/zero`, a named pipe), not a file on disk. It is "
        "refused before it is read: reading it could block or never end.",
    ),
    Code(
        "ABL020", "wrong-type", E, "list schema", "A value has the wrong type, e.g. text where a whole number belongs."
    ),
    Code("ABL021", "missing-key", E, "list schema", "A required key is missing."),
    Code(
        "ABL022",
        "unknown-key",
        E,
        "list schema",
        "A key the list format does not have; often a typo (a suggestion is given).",
    ),
    Code(
        "ABL023",
        "out-of-range",
        E,
        "list schema",
        "A number or text outside its allowed range (negative stands, a 5 MB name).",
    ),
    Code("ABL024", "not-allowed-value", E, "list schema", "A value that is not one of the allowed ones."),
    Code("ABL025", "shape", E, "list schema", "Any other violation of the list schema."),
    Code("ABL030", "no-system", E, "list schema", "The file has no `system` key naming its game system."),
    Code(
        "ABL031", "unknown-system", E, "list schema", "The `system` key names a game system armybuilder does not know."
    ),
    Code(
        "ABL040",
        "list-data-version",
        Severity.WARNING,
        "list format",
        "The list pins a game data version (`data_version:`) other than the one armybuilder has "
        "(`armybuilder systems` shows it). The list is checked with the data installed, so its costs and "
        "verdict may differ from those of the data it was built with: update armybuilder, or check the "
        "list again and change its `data_version`. `armybuilder new` writes the installed version.",
    ),
]


def code_of(module: ModuleType) -> Code:
    """The :class:`Code` of a rule module (constants CODE, NAME, SEVERITY, RULE; docstring = doc).

    A retired code keeps its module, listed in its system's ``ALL`` but not in ``REGISTRY``, with
    ``RETIRED`` saying why: ``armybuilder rule`` still explains it, and it is never reused.
    """
    import inspect

    return Code(
        module.CODE,
        module.NAME,
        module.SEVERITY,
        module.RULE,
        inspect.cleandoc(module.__doc__ or ""),
        getattr(module, "RETIRED", None),
    )


def rule_finding(module: str, message: str, path: Path = (), rule: str | None = None, player: str = "") -> Finding:
    """A finding with the code, severity and rule of the rule module named ``module``; ``player``:
    the same in a player's words, where the message names a key of the list (:attr:`Finding.player`)."""
    import sys

    from armybuilder.findings import Finding

    mod = sys.modules[module]
    return Finding(mod.CODE, mod.SEVERITY, message, rule or mod.RULE, tuple(path), player=player)
