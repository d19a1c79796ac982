"""The condition vocabulary of ``data/fantasy-triumph/cards.yaml``: one table, read by the model and the catalog.

A condition is a mapping whose keys must all hold: a cost case's ``when``, a restriction's
``require`` or ``forbid``, a warning's or a note's ``when``, an option's ``missing_unless`` and a
table note's ``when``. Each key of :data:`KEYS` says how it is checked against a card's taker
(:meth:`Key.evaluate`: the army, the class or hero that has the card, and the card as written)
and how it reads in the catalog (:meth:`Key.describe`: "shooting troops").

:func:`check_cards` refuses a key the table does not know, naming the card and the key; the model
calls it when it builds its catalog of the data (``model.cards``), so a typo in the data is an
error when the data loads, not a condition that silently never holds.

The model's objects are used by duck typing (``army.dense``, ``unit.troop``,
``use.option_values()``): this module imports nothing of the model.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from armybuilder.compose.catalog import join, pts
from armybuilder.suggest import did_you_mean, fold

CARDS_FILE = "cards.yaml"


class CardDataError(ValueError):
    """Card data the code cannot read: a condition key the table does not know, a table note kind
    the model does not have. Raised when the data loads."""


@dataclass(frozen=True)
class Key:
    """One condition key: whether it holds for a card's taker, and what it says in words."""

    name: str
    # (want, army, unit, use) -> whether the key holds with the value ``want`` for ``unit`` (a
    # class or a hero; None for the army) holding ``use`` (the card as written, or None) in ``army``
    evaluate: Callable[[Any, Any, Any, Any], bool]
    describe: Callable[[Any], str]  # want -> the words: "troops that do not shoot"


def _troop(unit: Any) -> dict[str, Any] | None:
    """The troop type of a class (a hero has none)."""
    return unit.troop if unit is not None and unit.kind == "class" else None


def _troop_is(field: str) -> Callable[[Any, Any, Any, Any], bool]:
    def evaluate(want: Any, army: Any, unit: Any, use: Any) -> bool:
        troop = _troop(unit)
        return troop is not None and troop[field] == want

    return evaluate


def _troop_in(field: str) -> Callable[[Any, Any, Any, Any], bool]:
    def evaluate(want: Any, army: Any, unit: Any, use: Any) -> bool:
        troop = _troop(unit)
        return troop is not None and troop[field] in want

    return evaluate


def _any(want: Any, army: Any, unit: Any, use: Any) -> bool:
    return any(holds(c, army, unit, use) for c in want)


def _not(want: Any, army: Any, unit: Any, use: Any) -> bool:
    return not holds(want, army, unit, use)


def _option(want: Any, army: Any, unit: Any, use: Any) -> bool:
    return use is not None and fold(want) in {fold(v) for v in use.option_values()}


_TABLE = (
    Key("troop", _troop_in("name"), lambda want: join(want)),
    Key("order", _troop_is("order"), lambda want: f"{want}-order troops"),
    Key("mount", _troop_is("mount"), lambda want: f"{want} troops"),
    Key("base_points", _troop_in("points"), lambda want: join([pts(p) for p in want]) + "-point troop types"),
    Key("move", _troop_in("move"), lambda want: "troops moving " + join(want) + " MU"),
    Key("shoots", _troop_is("shoots"), lambda want: "shooting troops" if want else "troops that do not shoot"),
    Key(
        "extra_command_point",
        _troop_is("extra_command_point"),
        lambda want: "troops that pay +1 command point" if want else "troops that pay no extra command point",
    ),
    Key("card", lambda want, army, unit, use: unit is not None and unit.has(*want), lambda want: "with " + join(want)),
    Key("option", _option, lambda want: f"option '{want}'"),
    Key(
        "dense",
        lambda want, army, unit, use: army.dense == want,
        lambda want: "a Dense home topography" if want else "a topography that is not Dense",
    ),
    Key(
        "taker",
        lambda want, army, unit, use: unit is not None and unit.taker == want,
        lambda want: "a hero" if want == "hero" else "a stand",
    ),
    Key(
        "army_card",
        lambda want, army, unit, use: bool(army.army_card_names() & set(want)),
        lambda want: "the army has " + join(want, "or"),
    ),
    Key(
        "general",
        lambda want, army, unit, use: unit is not None and unit.general == want,
        lambda want: "the general's class" if want else "a class without the general",
    ),
    Key("any", _any, lambda want: "(" + " or ".join(describe(c) for c in want) + ")"),
    Key("not", _not, lambda want: f"not {describe(want)}"),
)

KEYS: dict[str, Key] = {k.name: k for k in _TABLE}
# The keys that read the taker's troop type: a class of a troop type the data does not know meets
# none of them and fails every one, so a condition with one of them tells nothing about it.
TROOP_KEYS = frozenset({"troop", "order", "mount", "base_points", "move", "shoots", "extra_command_point"})


def _key(name: str) -> Key:
    try:
        return KEYS[name]
    except KeyError:
        raise CardDataError(f"unknown condition key '{name}'{did_you_mean(name, KEYS)}") from None


def holds(cond: dict[str, Any], army: Any, unit: Any, use: Any) -> bool:
    """Whether every key of the condition holds."""
    return all(_key(key).evaluate(want, army, unit, use) for key, want in cond.items())


def describe(cond: dict[str, Any]) -> str:
    """The condition in words, as the catalog prints it: "Artillery and a Dense home topography"."""
    return " and ".join(_key(key).describe(want) for key, want in cond.items())


def keys_in(cond: dict[str, Any]) -> Iterator[tuple[str, Any]]:
    """Every key of a condition with its value, those inside ``any`` and ``not`` too."""
    for key, want in cond.items():
        yield key, want
        if key == "any":
            for c in want:
                yield from keys_in(c)
        elif key == "not":
            yield from keys_in(want)


def uses_key(cond: dict[str, Any], name: str) -> bool:
    return any(key == name for key, _ in keys_in(cond))


def reads_troop(cond: dict[str, Any]) -> bool:
    """Whether the condition reads the taker's troop type (:data:`TROOP_KEYS`)."""
    return any(key in TROOP_KEYS for key, _ in keys_in(cond))


def undecided(cond: dict[str, Any], unit: Any) -> bool:
    """Whether the condition cannot be told for ``unit``: a class whose troop type the data does not
    know (FTR001 says so), and a condition that reads it. A finding that would follow from it is
    not reported: it would come from the unknown name, not from the rules."""
    return unit is not None and unit.kind == "class" and unit.troop is None and reads_troop(cond)


def values_of(cond: dict[str, Any], name: str) -> list[Any]:
    """The values a key is given anywhere in a condition (``troop``: the troop names it lists)."""
    out: list[Any] = []
    for key, want in keys_in(cond):
        if key == name:
            out += want if isinstance(want, list) else [want]
    return out


def card_conditions(card: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every condition a card carries, with where it is in the card ("cost case 2 when")."""
    for i, case in enumerate(card.get("cost", {}).get("cases", []), 1):
        if "when" in case:
            yield f"cost case {i} when", case["when"]
    for i, r in enumerate(card.get("restrictions", []), 1):
        for side in ("require", "forbid"):
            if side in r:
                yield f"restriction {i} {side}", r[side]
    for part in ("warnings", "notes"):
        for i, n in enumerate(card.get(part, []), 1):
            if "when" in n:
                yield f"{part[:-1]} {i} when", n["when"]
    for o in card.get("options", []):
        if "missing_unless" in o:
            yield f"option '{o.get('name')}' missing_unless", o["missing_unless"]
    note = card.get("table_note")
    if isinstance(note, dict) and "when" in note:
        yield "table_note when", note["when"]


def check(cond: Any) -> None:
    """Refuse a condition the table cannot read: an unknown key, or a shape that is no condition."""
    if not isinstance(cond, dict) or not cond:
        raise CardDataError(f"a condition is a mapping of keys, not {cond!r}")
    for key, want in cond.items():
        _key(key)
        if key == "any":
            if not isinstance(want, list):
                raise CardDataError(f"'any' takes a list of conditions, not {want!r}")
            for c in want:
                check(c)
        elif key == "not":
            check(want)


def check_cards(cards: list[dict[str, Any]]) -> None:
    """Refuse card data with a condition the table cannot read; the message names the card and the key."""
    for card in cards:
        for where, cond in card_conditions(card):
            try:
                check(cond)
            except CardDataError as exc:
                raise CardDataError(
                    f"{CARDS_FILE}: card '{card.get('name')}', {where}: {exc}; known keys: {', '.join(KEYS)}"
                ) from None
