"""A card's option is missing, unknown or given twice.

Some cards are bought in a version that changes their price or effect: Ambush (home or any
topography, FT 24), Flying (hover or zoom, FT 35), Fortified Camp (fortified or heavily
fortified, FT 36), Mobile Infantry (ground or flying, FT 45), Negate Magic (self, zone or
mindless, FT 46), Spellblast (limited or unlimited, FT 54). Without the choice the card
cannot be priced. Terrain Affinity takes exactly two terrain types (FT 58.1).
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
    from armybuilder.systems.fantasy_triumph.conditions import undecided

    for use in army.all_uses():
        card = use.card
        if card is None:
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
            if not got and g.get("missing") == "error":
                unless = g.get("missing_unless")
                if unless and (undecided(unless, use.owner) or _holds(army, use, unless)):
                    continue
                yield finding(
                    __name__,
                    f"{card['name']} needs its {g['name']}: {g.get('help', ', '.join(g['choices']))}"
                    f"; write it as {{{card['name']}: {g['choices'][0]}}}",
                    use.path,
                    g.get("rule", card["rule"]),
                )


def _holds(army: Army, use: CardUse, cond: dict[str, Any]) -> bool:
    from armybuilder.systems.fantasy_triumph.model import holds

    return holds(cond, army, use.owner, use)
