"""The Fantasy Triumph catalog: battle cards, troop types and topographies, from the data.

Card conditions read in words through the one condition table (:mod:`.conditions`), the same
table the model evaluates them with; the cards come from ``model.cards``, which refuses a
condition key the table does not know.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from armybuilder.compose.catalog import Entry, Figures, join, pts, source
from armybuilder.resources import load_data

from . import MANIFEST
from .conditions import describe, values_of
from .model import cards, depends_on_topography

FT = MANIFEST.id
_FT_KIND_WHO = {
    "army": "the army (listed under army_cards)",
    "expendable": "a class, as one-use cards (listed on the class, with a number)",
    "stand": "a class's stands (every stand of the class has it)",
    "hero": "heroes only",
    "stand_or_hero": "a class's stands or a hero",
}
_FT_KIND_SHORT = {
    "army": "army",
    "expendable": "class (one-use)",
    "stand": "stands",
    "hero": "hero",
    "stand_or_hero": "stands/hero",
}
_FT_PER = {
    "stand": "per stand or hero",
    "card": "per card",
    "army": "once for the army",
    "marked": "per marked stand or hero (never more than its own cost)",
    "transported": "per transported stand",
}
_FT_PER_SHORT = {
    "stand": "/stand",
    "card": "/card",
    "army": "/army",
    "marked": "/marked",
    "transported": "/stand carried",
}


def ft_cost(card: dict[str, Any], short: bool = False) -> str:
    cost = card.get("cost", {})
    per = cost.get("per", "stand")
    cases = cost.get("cases", [])
    bits = []
    for case in cases:
        when = case.get("when")
        if when:
            bits.append(f"{pts(case['points'])} if {describe(when)}")
        else:
            bits.append(("else " if bits else "") + pts(case["points"]))
    if short:
        return "; ".join(bits) + " " + _FT_PER_SHORT.get(per, "")
    return "; ".join(bits) + f" ({_FT_PER.get(per, per)})"


def _ft_caps(caps: dict[str, Any]) -> list[str]:
    words = {
        "max_cards": "at most {} cards in the army",
        "max_stands": "at most {} stands in the army carry it",
        "max_heroes": "at most {} hero(es) carry it",
        "max_per_class": "at most {} cards on one class",
        "max_classes": "bought for at most {} class(es)",
        "max_per_army": "at most {} per army",
    }
    out = []
    for key, value in caps.items():
        if key == "not_general":
            if value:
                out.append(
                    "not on the general"
                    + (f" ({caps.get('not_general_rule')})" if caps.get("not_general_rule") else "")
                )
        elif key in words:
            out.append(words[key].format(value))
    return out


def ft_cards() -> list[Entry]:
    out = []
    for c in cards():
        e = Entry(
            "card",
            c["name"],
            {
                "card": f"FT {c['number']}",
                "name": c["name"],
                "taken by": _FT_KIND_SHORT.get(c["kind"], c["kind"]),
                "cost": ft_cost(c, short=True),
                "rule": c.get("rule"),
            },
            rule=c.get("rule"),
            summary=c.get("summary"),
            data=c,
            aliases=list(c.get("aliases", [])),
        )
        e.cost.append(ft_cost(c))
        if c.get("cost", {}).get("note"):
            e.cost.append(c["cost"]["note"])
        who = _FT_KIND_WHO.get(c["kind"], c["kind"])
        if c.get("heroes_allowed"):
            who += "; heroes may take it too"
        if c.get("marks"):
            marks = {"stands": "a class's stands", "heroes": "a hero"}
            places = join(["class" if m == "stands" else "hero" for m in c["marks"]])
            who = (
                f"bought for the army, it marks {join([marks.get(m, m) for m in c['marks']])}: "
                f"listed on the {places} it marks, not under army_cards"
            )
        if c.get("quantity"):
            who += (
                f"; it takes a number ({'how many cards' if c['quantity'] == 'cards' else 'how many stands it marks'})"
            )
        e.who.append(who)
        for r in c.get("restrictions", []):
            scope = f" ({r['applies_to']}s)" if r.get("applies_to") else ""
            e.who.append(f"{r['reason']}{scope} ({r['rule']})")
        e.caps = _ft_caps(c.get("caps", {}))
        e.excludes = list(c.get("excludes", []))
        for o in c.get("options", []):
            choices = "any " + o["name"] if o.get("free") else join([f"'{x}'" for x in o.get("choices", [])])
            count = f" (up to {o['count']})" if o.get("count") else ""
            missing = "required" if o.get("missing") in ("error", "must_choose") else "optional"
            e.options.append(
                f"{o['name']}: {choices}{count}, {missing} ({o['rule']}): {o.get('help', '')}".rstrip(": ")
            )
        for w in c.get("warnings", []):
            e.notes.append(f"warning when {describe(w['when'])}: {w['message']} ({w['rule']})")
        for n in c.get("notes", []):
            e.notes.append(f"when {describe(n['when'])}: {n['message']} ({n['rule']})")
        if c.get("aliases"):
            e.notes.append(
                "also written: " + ", ".join(c["aliases"]) + " (the seed's own word; edits write " + c["name"] + ")"
            )
        mv = c.get("movement")
        if mv:
            if "table" in mv:
                table = ", ".join(f"{k}→{v}" for k, v in mv["table"].items())
                e.notes.append(
                    f"movement{' with ' + repr(mv['option']) if mv.get('option') else ''}: {table} MU ({mv['rule']})"
                )
            if "by_option" in mv:
                e.notes.append(
                    "movement on transports: "
                    + ", ".join(f"{k} {v} MU" for k, v in mv["by_option"].items())
                    + f" ({mv['rule']})"
                )
            if "all" in mv:
                e.notes.append(f"movement: {mv['all']} MU ({mv['rule']})")
        out.append(e)
    return out


def _troops_named(card: dict[str, Any]) -> set[str]:
    """The troop types a card's restrictions or cost cases name (their ``troop`` conditions)."""
    conds = [r[side] for r in card.get("restrictions", []) for side in ("require", "forbid") if side in r]
    conds += [case["when"] for case in card.get("cost", {}).get("cases", []) if "when" in case]
    return {name for cond in conds for name in values_of(cond, "troop")}


UNVERIFIED = "unverified"
UNVERIFIED_MOVE = "unverified: a move so marked comes from a third-party builder's data only, not the rule documents"
NO_COMBAT_FACTORS = "the data does not hold combat factors"


def move_text(t: dict[str, Any]) -> str:
    """``3 MU``, or ``3 MU (unverified)`` for a move only a third-party builder gives."""
    return f"{t.get('move')} MU" + ("" if t.get("move_verified", True) else f" ({UNVERIFIED})")


def troop_figures(t: dict[str, Any]) -> Figures:
    """A troop type's figures as data/fantasy-triumph/troops.yaml holds them (its source:
    ../shared/reference/triumph-troop-types.csv); the data holds no combat factors, said once."""
    rows = [
        ("points", [pts(t["points"])]),
        ("foot or mounted", [str(t.get("mount"))]),
        ("order", [str(t.get("order"))]),
        ("move", [move_text(t)]),
        ("shoots", ["yes" if t.get("shoots") else "no"]),
        ("shooting factor", [str(t.get("shooting_factor"))]),
        ("extra command point", ["yes" if t.get("extra_command_point") else "no"]),
    ]
    notes = [] if t.get("move_verified", True) else [UNVERIFIED_MOVE]
    return Figures([], rows, [*notes, NO_COMBAT_FACTORS])


def ft_troops() -> list[Entry]:
    src = source(FT, "troop")
    card_list = cards()
    out = []
    for t in load_data(FT, "troops")["troops"]:
        e = Entry(
            "troop type",
            t["name"],
            {
                "name": t["name"],
                "code": t.get("code"),
                "points": pts(t["points"]),
                "mount": t.get("mount"),
                "order": t.get("order"),
                "move": move_text(t),  # "3 MU (unverified)": never a bare figure where the data is unsure
                "aliases": ", ".join(t.get("aliases", [])),
                "source": src,
            },
            rule=src,
            data=t,
            aliases=list(t.get("aliases", [])),
        )
        e.cost.append(f"{pts(t['points'])} points a stand, before its cards (a stand never costs less than 1)")
        e.who.append("any class (a class is stands of one troop type)")
        e.figures = troop_figures(t)
        if t.get("aliases"):
            e.notes.append("also written: " + ", ".join(t["aliases"]))
        touched = [c["name"] for c in card_list if t["name"] in _troops_named(c)]
        if touched:
            e.notes.append("cards whose price or availability names it: " + ", ".join(touched))
        out.append(e)
    return out


def ft_topographies() -> list[Entry]:
    data = load_data(FT, "topographies")
    src = source(FT, "third-party")
    dense_cards = [c["name"] for c in cards() if depends_on_topography(c)]
    out = []
    for t in data["topographies"]:
        e = Entry(
            "topography",
            t["name"],
            {"name": t["name"], "dense": "yes" if t.get("dense") else "no", "source": src},
            rule=src,
            data=t,
        )
        e.who.append("the army's home topography (topography: in the list)")
        if t.get("dense"):
            e.cost.append("Dense: changes the price of " + join(dense_cards, "and"))
        else:
            e.cost.append("not Dense: the normal prices of " + join(dense_cards, "and"))
        if data.get("unverified"):
            e.notes.append("unverified: the topography list comes from a third-party builder")
        out.append(e)
    return out


KINDS: dict[str, Callable[[], list[Entry]]] = {"cards": ft_cards, "troops": ft_troops, "topographies": ft_topographies}
ALIASES = {
    "card": "cards",
    "troop": "troops",
    "troop types": "troops",
    "troop type": "troops",
    "topography": "topographies",
}
