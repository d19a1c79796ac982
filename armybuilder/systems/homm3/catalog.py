"""The Heroes III Battlefield catalog: units, neutral units, heroes, factions, Ability and Spell cards."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from armybuilder.compose.catalog import Entry, join, pts, source  # noqa: F401
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


def _stats(c: dict[str, Any] | None) -> str:
    if not c:
        return "-"
    return (
        f"{c.get('type')}, attack {c.get('attack')}, defense {c.get('defense')}, hp {c.get('hp')}, "
        f"initiative {c.get('initiative')}, {_cost(c)}"
    )


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
            e.cost.append(f"Few side: {_stats(u.get('few'))}")
            e.cost.append(f"Pack side: {_stats(u.get('pack'))}")
            if "alternate" in u:
                e.cost.append(f"alternate card, Few: {_stats(u['alternate'].get('few'))}")
                e.cost.append(f"alternate card, Pack: {_stats(u['alternate'].get('pack'))}")
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
        e.cost.append(f"one card: {_stats(card)}")
        e.who.append(
            f"in a {join(allowed, 'or')} game, as a neutral unit; not in a {join(refused, 'or')} game "
            f"({rules['modes'][refused[0]]['neutral_units_rule'] if refused else ''})"
        )
        if u.get("unverified") or (card or {}).get("type_note"):
            e.notes.append("unverified: " + str((card or {}).get("type_note", "the source is unsure")))
        out.append(e)
    return out


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
        e.notes.append(
            f"{h.get('might_or_magic')} hero, {h.get('class')}: attack {st.get('attack')}, defense "
            f"{st.get('defense')}, power {st.get('power')}, knowledge {st.get('knowledge')}"
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
