"""The Small World of Warcraft catalog: the races and their powers, from the data."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from armybuilder.compose.catalog import Entry, Figures, join, pts, source  # noqa: F401
from armybuilder.resources import load_data
from armybuilder.text import plural

from . import MANIFEST

SW = MANIFEST.id


def _minimum(v: dict[str, Any]) -> str:
    return (
        f"never fewer than {plural(v['tokens'], 'token')} in a region"
        + (" while active" if v.get("active") else "")
        + (" and in decline" if v.get("in_decline") else "")
    )


# power key in races.yaml -> what its value (a mapping or a number) means, in a line
_SW_POWER: dict[str, Callable[[Any], str]] = {
    "region_minimum": _minimum,
    "decline_tokens_per_region": lambda v: (
        "tokens left in each region in decline: " + ("not settled by the rules (not checked)" if v is None else str(v))
    ),
    "conquest_minimum": lambda v: f"never conquers with fewer than {plural(v, 'token')} (reinforcement die included)",
    "conquest_discount": lambda v: (
        f"conquests cost {plural(v['tokens'], 'token')} less"
        + (" (occupied regions only)" if v.get("non_empty_only") else "")
        + f", never below {v['minimum']}"
    ),
    "conquest_bonus": lambda v: (
        f"+{v['coins']} coin for each conquest of a region the {v['defender_faction']} occupied"
    ),
    "region_bonus": lambda v: f"+{v['coins']} coin for each {v['marker'].capitalize()} region held at the turn's end",
    "bombs": lambda v: f"a stack of {v['stack']} Bomb tokens, at most {v['per_region']} a region",
    "enlist": lambda v: (
        f"{v['coins_per_token']} coin buys a token for each {v['tokens_per_loss']} token an opponent lost"
    ),
}


# power key in races.yaml -> its figures, (label, value) rows
_SW_FIGURES: dict[str, Callable[[Any], list[tuple[str, str]]]] = {
    "region_minimum": lambda v: [("fewest tokens in a region", str(v["tokens"]))],
    "decline_tokens_per_region": lambda v: [
        ("tokens left in a region in decline", "not settled by the rules" if v is None else str(v))
    ],
    "conquest_minimum": lambda v: [("fewest tokens to conquer", str(v))],
    "conquest_discount": lambda v: [("conquest cost", f"{v['tokens']} less, never below {v['minimum']}")],
    "conquest_bonus": lambda v: [(f"coins a conquest of a region the {v['defender_faction']} held", f"+{v['coins']}")],
    "region_bonus": lambda v: [(f"coins a {v['marker'].capitalize()} region held", f"+{v['coins']}")],
    "bombs": lambda v: [("Bomb tokens", str(v["stack"])), ("Bombs a region", f"at most {v['per_region']}")],
    "enlist": lambda v: [
        ("coins a new token", str(v["coins_per_token"])),
        ("tokens lost a new token", str(v["tokens_per_loss"])),
    ],
}
NO_STARTING_TOKENS = (
    "the data does not hold how many tokens a race starts with: the values of its race banner and "
    "power badge are not public"
)


def race_figures(r: dict[str, Any]) -> Figures:
    """A race's figures as races.yaml holds them: its tokens in the box (a hard cap), its power's
    numbers; its starting tokens are not in the data, said once."""
    rows = [("race tokens in the box", [str(r.get("tokens_in_box"))])]
    for key, value in (r.get("power") or {}).items():
        if key in _SW_FIGURES:
            rows += [(label, [cell]) for label, cell in _SW_FIGURES[key](value)]
    return Figures([], rows, [NO_STARTING_TOKENS])


def sw_races() -> list[Entry]:
    data = load_data(SW, "races")
    base = load_data(SW, "base-rules")
    supply_source = source(SW, "component")
    out = []
    for r in data["races"]:
        e = Entry(
            "race",
            r["name"],
            {
                "name": r["name"],
                "faction": r.get("faction") or "-",
                "tokens": r.get("tokens_in_box"),
                "playable": "yes" if r.get("playable") else "no",
                "power": "yes" if r.get("power_in_rule_documents") else "not in the rules",
                "rule": r.get("rule") or supply_source,
            },
            rule=r.get("rule") or supply_source,
            summary=" ".join(str(r.get("summary", "")).split()) or None,
            data=r,
        )
        e.figures = race_figures(r)
        e.caps.append(
            f"{r.get('tokens_in_box')} tokens in the box: on the board and in hand never more ({supply_source})"
        )
        if r.get("playable"):
            e.who.append("a player's active race or race in decline")
        else:
            e.who.append(f"{r.get('faction_note') or 'not playable'}: a defender in conquests only")
        for key, value in (r.get("power") or {}).items():
            if key in _SW_POWER:
                e.cost.append(_SW_POWER[key](value))
            if isinstance(value, dict) and value.get("note"):
                e.notes.append(" ".join(str(value["note"]).split()))
        if r.get("power") and not any(isinstance(v, dict) and v.get("in_decline") for v in r["power"].values()):
            lost = base.get("power_lost_in_decline", {})
            e.notes.append(f"the power is lost in decline ({lost.get('rule', '')})")
        if not r.get("power_in_rule_documents"):
            e.notes.append(
                "its power is not in the rule documents"
                + (": it stands as an opponent or a race in decline" if r.get("playable") else "")
            )
        e.notes.append(
            f"faction {r.get('faction') or '-'}"
            + (
                f" ({r['faction_source']}"
                + (f"; confirmed by {r['faction_confirmed_by']})" if r.get("faction_confirmed_by") else ")")
                if r.get("faction_source")
                else ""
            )
        )
        out.append(e)
    return out


KINDS: dict[str, Callable[[], list[Entry]]] = {"races": sw_races}
ALIASES = {"race": "races"}
