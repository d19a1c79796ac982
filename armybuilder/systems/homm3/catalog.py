"""The Heroes III Battlefield catalog: units, neutral units, heroes, factions, Ability and Spell cards."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from armybuilder.compose.catalog import Entry, Figures, join, pts, source  # noqa: F401
from armybuilder.resources import load_data
from armybuilder.suggest import fold
from armybuilder.text import plural

from . import MANIFEST

HM = MANIFEST.id


def _cost(c: dict[str, Any] | None) -> str:
    if not c:
        return "-"
    cost = c.get("cost") or {}
    text = f"{cost.get('gold', 0)} gold"
    if cost.get("valuables"):
        text += f" + {plural(cost['valuables'], 'valuable')}"
    return text


# a unit card's figures, in the order the card prints them (data/homm3-battlefield/units.yaml)
CARD_FIGURES = ("type", "attack", "defense", "hp", "initiative")


def card_figures(sides: list[tuple[str, dict[str, Any] | None]]) -> Figures:
    """A unit's figures, one column a side of its card (``Few``, ``Pack``; a neutral unit's one
    card: no heading), its recruit cost last: as units.yaml holds them ("-" where it holds none)."""
    rows = [(key, [_figure((c or {}).get(key)) for _, c in sides]) for key in CARD_FIGURES]
    rows.append(("cost", [_cost(c) for _, c in sides]))
    heads = [head for head, _ in sides]
    notes = [
        f"unverified: the type is not in the data ({c['type_note']})" for _, c in sides if c and c.get("type_note")
    ]
    return Figures(heads if any(heads) else [], rows, notes)


def _figure(value: Any) -> str:
    return "-" if value is None else str(value)


def _hm_tier_lengths(tier: str) -> list[str]:
    rules = load_data(HM, "rules")
    s = rules["skirmish"]
    return [f"{length} ({v['side']} side)" for length, v in s["lengths"].items() if tier in v.get("tiers", [])]


def hm_units() -> list[Entry]:
    data = load_data(HM, "units")
    document = data.get("source", {}).get("document") or source(HM, "units")
    rules = load_data(HM, "rules")
    neutral_names = {fold(u["name"]) for u in data.get("neutral", [])}
    out = []
    for fac in data["factions"]:
        for u in fac["units"]:
            e = Entry(
                "unit",
                u["name"],
                {
                    "name": u["name"],
                    "faction": fac["name"],
                    "tier": u.get("tier"),
                    "few": _cost(u.get("few")),
                    "pack": _cost(u.get("pack")),
                    "alternate": "yes" if "alternate" in u else "",
                    "source": document,
                },
                rule=document,
                data={"faction": fac["name"], **u},
            )
            sides = [("Few", u.get("few")), ("Pack", u.get("pack"))]
            if "alternate" in u:
                sides += [("alternate Few", u["alternate"].get("few")), ("alternate Pack", u["alternate"].get("pack"))]
            e.figures = card_figures(sides)
            if "alternate" in u:
                e.options.append("alternate: true takes the alternate card")
            e.who.append(f"{fac['name']} armies ({fac.get('box')})")
            lengths = _hm_tier_lengths(u.get("tier"))
            if lengths:
                e.who.append(
                    f"Skirmish lengths that use {u.get('tier')} units: {', '.join(lengths)} "
                    f"({rules['skirmish']['rule']})"
                )
            e.caps.append("each unit once (a unit card and its alternate are one unit)")
            if fold(u["name"]) in neutral_names:
                e.notes.append(f"also a neutral unit card (armybuilder explain {HM} '{u['name']}' shows both)")
            out.append(e)
    return out


def hm_neutral() -> list[Entry]:
    data = load_data(HM, "units")
    document = data.get("source", {}).get("document") or source(HM, "units")
    rules = load_data(HM, "rules")
    allowed = [m for m, v in rules["modes"].items() if v.get("neutral_units")]
    refused = [m for m, v in rules["modes"].items() if not v.get("neutral_units")]
    out = []
    for u in data.get("neutral", []):
        card = u.get("card")
        e = Entry(
            "neutral unit",
            u["name"],
            {
                "name": u["name"],
                "tier": u.get("tier"),
                "type": (card or {}).get("type"),
                "cost": _cost(card),
                "source": document,
            },
            rule=document,
            data=u,
        )
        e.figures = card_figures([("", card)])
        e.who.append(
            f"in a {join(allowed, 'or')} game, as a neutral unit; not in a {join(refused, 'or')} game "
            f"({rules['modes'][refused[0]]['neutral_units_rule'] if refused else ''})"
        )
        if u.get("unverified") and not (card or {}).get("type_note"):  # a type_note: the figures say it
            e.notes.append("unverified: the source is unsure")
        out.append(e)
    return out


# a hero's starting statistics (data/homm3-battlefield/heroes.yaml)
HERO_FIGURES = ("attack", "defense", "power", "knowledge")


def hm_heroes() -> list[Entry]:
    data = load_data(HM, "heroes")
    document = data.get("source", {}).get("document") or source(HM, "heroes")
    rules = load_data(HM, "rules")
    out = []
    for h in data["heroes"]:
        e = Entry(
            "hero",
            h["name"],
            {
                "name": h["name"],
                "faction": h.get("faction"),
                "class": h.get("class"),
                "might/magic": h.get("might_or_magic"),
                "ability": h.get("ability"),
                "specialty": h.get("specialty"),
                "source": document,
            },
            rule=document,
            data=h,
        )
        st = h.get("stats", {})
        e.who.append(f"{h.get('faction')} armies")
        e.figures = Figures(
            [],
            [("class", [str(h.get("class"))]), ("might or magic", [str(h.get("might_or_magic"))])]
            + [(key, [_figure(st.get(key))]) for key in HERO_FIGURES],
        )
        e.options.append(f"starting Ability card: {h.get('ability')}")
        e.options.append(f"Specialty {h.get('specialty')}: cards at levels {', '.join(h.get('specialty_levels', []))}")
        for length, v in rules["skirmish"]["lengths"].items():
            spec = v["specialties"]
            spec = "all" if spec == "all" else ", ".join(spec)
            e.caps.append(
                f"{length} skirmish: level {v['hero_level']}, Specialty cards {spec} ({rules['skirmish']['rule']})"
            )
        e.notes.append(f"box: {h.get('box')}")
        out.append(e)
    return out


def hm_factions() -> list[Entry]:
    data = load_data(HM, "units")
    heroes = load_data(HM, "heroes")["heroes"]
    document = data.get("source", {}).get("document") or source(HM, "units")
    out = []
    for fac in data["factions"]:
        mine = [h["name"] for h in heroes if h.get("faction") == fac["name"]]
        e = Entry(
            "faction",
            fac["name"],
            {
                "name": fac["name"],
                "box": fac.get("box"),
                "units": len(fac["units"]),
                "heroes": len(mine),
                "source": document,
            },
            rule=document,
            data={"name": fac["name"], "box": fac.get("box")},
        )
        for tier in ("Bronze", "Silver", "Gold"):
            names = [u["name"] for u in fac["units"] if u.get("tier") == tier]
            if names:
                e.notes.append(f"{tier}: {', '.join(names)}")
        e.who.append("heroes: " + ", ".join(mine))
        out.append(e)
    return out


def _hm_cards(kind: str, word: str) -> Callable[[], list[Entry]]:
    def entries() -> list[Entry]:
        data = load_data(HM, "cards")[kind]
        rules = load_data(HM, "rules")
        removed = rules["setup"]["removed_abilities"]
        out = []
        for n in data.get("names", []):
            e = Entry(word, n, {"name": n, "source": data.get("source")}, rule=data.get("source"), data={"name": n})
            e.notes.append(
                "the rule documents list only some card names; others are accepted with an info finding (HMB012)"
            )
            if kind == "abilities" and n in removed["cards"]:
                e.caps.append(f"removed from the deck in {join(removed['modes'], 'and')} ({removed['rule']})")
            out.append(e)
        return out

    return entries


KINDS: dict[str, Callable[[], list[Entry]]] = {
    "units": hm_units,
    "neutral": hm_neutral,
    "heroes": hm_heroes,
    "factions": hm_factions,
    "abilities": _hm_cards("abilities", "ability"),
    "spells": _hm_cards("spells", "spell"),
}
ALIASES = {
    "unit": "units",
    "neutrals": "neutral",
    "neutral units": "neutral",
    "hero": "heroes",
    "faction": "factions",
    "ability": "abilities",
    "spell": "spells",
}
