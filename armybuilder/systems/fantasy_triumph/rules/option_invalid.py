"""A card's option is missing, unknown or given twice.

Some cards are bought in a version that changes their price or effect: Ambush (home or any
topography, FT 24), Flying (hover or zoom, FT 35), Fortified Camp (fortified or heavily
fortified, FT 36), Mobile Infantry (ground or flying, FT 45), Negate Magic (self, zone or
mindless, FT 46), Spellblast (limited or unlimited, FT 54). Without the choice (or with two of
them) the card cannot be priced: it adds nothing to the total, which says it is incomplete
("36 (incomplete) of 51 points"), and the cost breakdown says what it leaves out. Terrain
Affinity takes exactly two terrain types (FT 58.1).
Write the option as ``{Flying: zoom}`` or ``{Spellblast: [unlimited, magical]}``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from armybuilder.findings import Finding, Severity
from armybuilder.suggest import did_you_mean

from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.systems.fantasy_triumph.model import Army, CardUse

CODE = "FTR005"
NAME = "option-invalid"
SEVERITY = Severity.ERROR
RULE = "FT 24-62"


def check(army: Army) -> Iterator[Finding]:
    for use in army.all_uses():
        card = use.card
        if card is None or use.marks_nothing:  # marks nothing: it buys nothing to choose
            continue
        groups = card.get("options", [])
        choices = [c for g in groups for c in g.get("choices", [])]
        for bad in use.bad_options:
            if not groups:
                yield finding(__name__, f"{card['name']} takes no option, but '{bad}' is given", use.path, card["rule"])
            else:
                yield finding(
                    __name__,
                    f"'{bad}' is not an option of {card['name']} (options: "
                    f"{', '.join(choices)}){did_you_mean(str(bad), choices)}",
                    use.path,
                    card["rule"],
                )
        for g in groups:
            got = use.chosen.get(g["name"], [])
            if g.get("free"):
                if got and len(got) != g.get("count", len(got)):
                    yield finding(
                        __name__,
                        f"{card['name']} takes {g['count']} {g['name']} choices, not {len(got)}",
                        use.path,
                        g.get("rule", card["rule"]),
                    )
                continue
            if len(got) > 1:
                yield finding(
                    __name__,
                    f"{card['name']} has {' and '.join(got)}: choose one",
                    use.path,
                    g.get("rule", card["rule"]),
                )
            if not got and g.get("missing") == "error" and needed(army, use, g):
                said = f"{card['name']} needs its {g['name']}: {g.get('help', ', '.join(g['choices']))}"
                yield with_fix(
                    finding(__name__, said, use.path, g.get("rule", card["rule"])), army, use, g["choices"][0]
                )


def needed(army: Army, use: CardUse, group: dict[str, Any]) -> bool:
    """Whether the card still needs a choice of ``group``: one that prices it (FTR005, unless the
    data excuses it) or one the army commander must make (FTR006)."""
    from armybuilder.systems.fantasy_triumph.conditions import undecided

    if use.chosen.get(group["name"]):
        return False
    if group.get("missing") == "must_choose":
        return True
    if group.get("missing") != "error":
        return False
    unless = group.get("missing_unless")
    return not (unless and (undecided(unless, use.owner) or _holds(army, use, unless)))


def with_fix(found: Finding, army: Army, use: CardUse, example: str) -> Finding:
    """The finding with the whole fix (issue 41): the card written with every choice it still needs,
    the same from FTR005 and FTR006 (following one hint alone left the other's error), and the
    ``set card`` edit that writes it. Without an example to give (two terrain types), the
    finding as it is, but for its one example."""
    import dataclasses

    card = use.card or {}
    values: list[str] = []
    for g in card.get("options", []):
        got = use.chosen.get(g["name"], [])
        if got:
            values += got
        elif needed(army, use, g):
            if g.get("free") or not g.get("choices"):
                return dataclasses.replace(found, message=f"{found.message}; write it as {{{card['name']}: {example}}}")
            values.append(g["choices"][0])
    name = card["name"]
    written = f"{{{name}: {values[0]}}}" if len(values) == 1 else f"{{{name}: [{', '.join(values)}]}}"
    message = f"{found.message}; write it with every choice it needs, for example {written}"
    if use.number is not None or not values:
        return dataclasses.replace(found, message=message)
    owner = use.owner
    where = ("--army",) if owner is None else ("--to" if owner.kind == "class" else "--hero", owner.name)
    options = [w for v in values for w in ("--option", v)]
    return dataclasses.replace(found, message=message, fix=("set", "card", name, *where, *options))


def _holds(army: Army, use: CardUse, cond: dict[str, Any]) -> bool:
    from armybuilder.systems.fantasy_triumph.model import holds

    return holds(cond, army, use.owner, use)
