"""``armybuilder catalog`` and ``armybuilder explain``: the rules as tables and entries, from the data.

Every row and entry is built from ``data/<system>/*.yaml`` and cites where it comes from: the
rule section an entry names (``rule:``), else the source document of its data file. Nothing here
restates a rule that is not in the data.

A system contributes *kinds* (``cards``, ``troops``, ``factions``, ``units``, ``races``...): each kind
is a function that returns :class:`Entry` objects. An entry has its table row (short cells) and
its explanation (cost rule, who may take it, caps, exclusions, options, notes, rule, summary).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable

from armybuilder.findings import fmt_points
from armybuilder.resources import load_data
from armybuilder.suggest import NameIndex, did_you_mean, fold


class CatalogError(Exception):
    pass


@dataclass
class Entry:
    kind: str                       # the kind's singular word: card, troop type, unit...
    name: str
    row: dict                       # column -> short cell (the catalog table)
    rule: str | None = None         # the citation
    summary: str | None = None
    cost: list = field(default_factory=list)
    who: list = field(default_factory=list)
    caps: list = field(default_factory=list)
    excludes: list = field(default_factory=list)
    options: list = field(default_factory=list)
    notes: list = field(default_factory=list)
    data: Any = None                # the data entry as it is
    aliases: list = field(default_factory=list)  # other names explain finds it by

    def to_dict(self) -> dict:
        return {"kind": self.kind, "name": self.name, "rule": self.rule, "summary": self.summary,
                "cost": self.cost, "who": self.who, "caps": self.caps, "excludes": self.excludes,
                "options": self.options, "notes": self.notes, "data": self.data}


def pts(value: Any) -> str:
    if value is None:
        return "-"
    return fmt_points(Fraction(str(value)))


def _sources(system: str) -> list[dict]:
    return load_data(system, "system").get("sources", [])


def _source(system: str, *keywords: str) -> str:
    """The document of the first source whose text names one of the keywords."""
    for s in _sources(system):
        text = f"{s.get('document', '')} {s.get('note', '')}".casefold()
        if any(k.casefold() in text for k in keywords):
            return str(s["document"])
    return load_data(system, "system")["title"]


def _join(items, word: str = "or") -> str:
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {word} " + items[-1]


# ---------------------------------------------------------------------------
# Fantasy Triumph


FT = "fantasy-triumph"

_FT_KIND_WHO = {
    "army": "the army (listed under army_cards)",
    "expendable": "a class, as one-use cards (listed on the class, with a number)",
    "stand": "a class's stands (every stand of the class has it)",
    "hero": "heroes only",
    "stand_or_hero": "a class's stands or a hero",
}
_FT_KIND_SHORT = {"army": "army", "expendable": "class (one-use)", "stand": "stands",
                  "hero": "hero", "stand_or_hero": "stands/hero"}
_FT_PER = {"stand": "per stand or hero", "card": "per card", "army": "once for the army",
           "marked": "per marked stand or hero (never more than its own cost)",
           "transported": "per transported stand"}
_FT_PER_SHORT = {"stand": "/stand", "card": "/card", "army": "/army", "marked": "/marked",
                 "transported": "/stand carried"}


def ft_cond(cond: dict) -> str:
    """A condition of cards.yaml in words."""
    parts = []
    for key, want in cond.items():
        if key == "any":
            parts.append("(" + " or ".join(ft_cond(c) for c in want) + ")")
        elif key == "not":
            parts.append(f"not {ft_cond(want)}")
        elif key == "troop":
            parts.append(_join(want))
        elif key == "order":
            parts.append(f"{want}-order troops")
        elif key == "mount":
            parts.append(f"{want} troops")
        elif key == "base_points":
            parts.append(_join([pts(p) for p in want]) + "-point troop types")
        elif key == "move":
            parts.append("troops moving " + _join(want) + " MU")
        elif key == "shoots":
            parts.append("shooting troops" if want else "troops that do not shoot")
        elif key == "extra_command_point":
            parts.append("troops that pay +1 command point" if want else "troops that pay no extra command point")
        elif key == "card":
            parts.append("with " + _join(want))
        elif key == "option":
            parts.append(f"option '{want}'")
        elif key == "dense":
            parts.append("a Dense home topography" if want else "a topography that is not Dense")
        elif key == "taker":
            parts.append("a hero" if want == "hero" else "a stand")
        elif key == "army_card":
            parts.append("the army has " + _join(want, "or"))
        elif key == "general":
            parts.append("the general's class" if want else "a class without the general")
        else:
            parts.append(f"{key} {want}")
    return " and ".join(parts)


def ft_cost(card: dict, short: bool = False) -> str:
    cost = card.get("cost", {})
    per = cost.get("per", "stand")
    cases = cost.get("cases", [])
    bits = []
    for case in cases:
        when = case.get("when")
        if when:
            bits.append(f"{pts(case['points'])} if {ft_cond(when)}")
        else:
            bits.append(("else " if bits else "") + pts(case["points"]))
    if short:
        return "; ".join(bits) + " " + _FT_PER_SHORT.get(per, "")
    return "; ".join(bits) + f" ({_FT_PER.get(per, per)})"


def _ft_caps(caps: dict) -> list[str]:
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
                out.append("not on the general" + (f" ({caps.get('not_general_rule')})" if caps.get("not_general_rule") else ""))
        elif key in words:
            out.append(words[key].format(value))
    return out


def ft_cards() -> list[Entry]:
    out = []
    for c in load_data(FT, "cards")["cards"]:
        e = Entry("card", c["name"], {
            "card": f"FT {c['number']}", "name": c["name"], "taken by": _FT_KIND_SHORT.get(c["kind"], c["kind"]),
            "cost": ft_cost(c, short=True), "rule": c.get("rule"),
        }, rule=c.get("rule"), summary=c.get("summary"), data=c)
        e.cost.append(ft_cost(c))
        if c.get("cost", {}).get("note"):
            e.cost.append(c["cost"]["note"])
        who = _FT_KIND_WHO.get(c["kind"], c["kind"])
        if c.get("heroes_allowed"):
            who += "; heroes may take it too"
        if c.get("marks"):
            marks = {"stands": "a class's stands", "heroes": "a hero"}
            places = _join(["class" if m == "stands" else "hero" for m in c["marks"]])
            who = (f"bought for the army, it marks {_join([marks.get(m, m) for m in c['marks']])}: "
                   f"listed on the {places} it marks, not under army_cards")
        if c.get("quantity"):
            who += f"; it takes a number ({'how many cards' if c['quantity'] == 'cards' else 'how many stands it marks'})"
        e.who.append(who)
        for r in c.get("restrictions", []):
            scope = f" ({r['applies_to']}s)" if r.get("applies_to") else ""
            e.who.append(f"{r['reason']}{scope} ({r['rule']})")
        e.caps = _ft_caps(c.get("caps", {}))
        e.excludes = list(c.get("excludes", []))
        for o in c.get("options", []):
            choices = "any " + o["name"] if o.get("free") else _join([f"'{x}'" for x in o.get("choices", [])])
            count = f" (up to {o['count']})" if o.get("count") else ""
            missing = {"error": "required", "warning": "should be chosen"}.get(o.get("missing"), "optional")
            e.options.append(f"{o['name']}: {choices}{count}, {missing} ({o['rule']}): {o.get('help', '')}".rstrip(": "))
        for w in c.get("warnings", []):
            e.notes.append(f"warning when {ft_cond(w['when'])}: {w['message']} ({w['rule']})")
        for n in c.get("notes", []):
            e.notes.append(f"when {ft_cond(n['when'])}: {n['message']} ({n['rule']})")
        mv = c.get("movement")
        if mv:
            if "table" in mv:
                table = ", ".join(f"{k}→{v}" for k, v in mv["table"].items())
                e.notes.append(f"movement{' with ' + repr(mv['option']) if mv.get('option') else ''}: {table} MU ({mv['rule']})")
            if "by_option" in mv:
                e.notes.append("movement on transports: " + ", ".join(f"{k} {v} MU" for k, v in mv["by_option"].items())
                               + f" ({mv['rule']})")
            if "all" in mv:
                e.notes.append(f"movement: {mv['all']} MU ({mv['rule']})")
        out.append(e)
    return out


def ft_troops() -> list[Entry]:
    source = _source(FT, "troop")
    out = []
    for t in load_data(FT, "troops")["troops"]:
        e = Entry("troop type", t["name"], {
            "name": t["name"], "code": t.get("code"), "points": pts(t["points"]), "mount": t.get("mount"),
            "order": t.get("order"), "move": f"{t.get('move')}{'' if t.get('move_verified', True) else '*'}",
            "aliases": ", ".join(t.get("aliases", [])), "source": source,
        }, rule=source, data=t, aliases=list(t.get("aliases", [])))
        e.cost.append(f"{pts(t['points'])} points a stand, before its cards (a stand never costs less than 1)")
        e.who.append("any class (a class is stands of one troop type)")
        e.notes.append(f"{t.get('mount')}, {t.get('order')} order, moves {t.get('move')} MU"
                       + ("" if t.get("move_verified", True) else " (move unverified: a third-party builder's data)"))
        if t.get("shoots"):
            e.notes.append(f"shoots (shooting factor {t.get('shooting_factor')})")
        if t.get("extra_command_point"):
            e.notes.append("orders cost +1 command point")
        if t.get("aliases"):
            e.notes.append("also written: " + ", ".join(t["aliases"]))
        touched = []
        for c in load_data(FT, "cards")["cards"]:
            text = repr(c.get("restrictions", [])) + repr(c.get("cost", {}))
            if f"'{t['name']}'" in text:
                touched.append(c["name"])
        if touched:
            e.notes.append("cards whose price or availability names it: " + ", ".join(touched))
        out.append(e)
    return out


def ft_topographies() -> list[Entry]:
    data = load_data(FT, "topographies")
    source = _source(FT, "README")
    dense_cards = [c["name"] for c in load_data(FT, "cards")["cards"] if "dense" in repr(c.get("cost", {}))]
    out = []
    for t in data["topographies"]:
        e = Entry("topography", t["name"], {"name": t["name"], "dense": "yes" if t.get("dense") else "no",
                                            "source": source}, rule=source, data=t)
        e.who.append("the army's home topography (topography: in the list)")
        if t.get("dense"):
            e.cost.append("Dense: changes the price of " + _join(dense_cards, "and"))
        else:
            e.cost.append("not Dense: the normal prices of " + _join(dense_cards, "and"))
        if data.get("unverified"):
            e.notes.append("unverified: the topography list comes from a third-party builder")
        out.append(e)
    return out


# ---------------------------------------------------------------------------
# Token Terrors


TT = "token-terrors"


def _tt_rules() -> dict:
    return load_data(TT, "rules")


def _tt_value(key: str) -> tuple[Any, str]:
    r = _tt_rules().get(key, {})
    return r.get("value"), r.get("rule", "")


def tt_factions() -> list[Entry]:
    data = load_data(TT, "factions")
    rarities = {r["name"]: r for r in _tt_rules().get("rarities", [])}
    cap, cap_rule = _tt_value("max_per_faction")
    slots_total, slots_rule = _tt_value("army_slots")
    tactics = load_data(TT, "tactics").get("tactics", [])
    grudges = load_data(TT, "grudges").get("grudges", [])
    out = []
    for f in data["factions"]:
        rarity = rarities.get(f.get("rarity"), {})
        slots = rarity.get("slots")
        talents = f.get("talents", [])
        e = Entry("faction", f["name"], {
            "name": f["name"], "style": f.get("battle_style"), "rarity": f.get("rarity"), "type": f.get("type"),
            "slots": "?" if slots is None else slots, "box": f.get("box_supply"),
            "talents": ", ".join(t["name"] for t in talents), "rule": f.get("rule"),
        }, rule=f.get("rule"), summary=f.get("summary"), data=f)
        e.cost.append(f"{'an unknown number of' if slots is None else slots} army slot{'s' if slots != 1 else ''} "
                      f"a token ({f.get('rarity')}; {rarity.get('rule', '')}); an army fills exactly {slots_total} "
                      f"({slots_rule})")
        e.who.append(f"any army; in a draft, a faction one player drafted is closed to the other ({_tt_value('pick_max')[1]})")
        e.caps.append(f"at most {cap} tokens of the faction ({cap_rule})")
        if f.get("box_supply") is not None:
            e.caps.append(f"{f['box_supply']} in the box"
                          + (" (derived, not printed)" if data.get("box_supply_unverified") else ""))
        if f.get("advised_tokens"):
            e.notes.append(f"advice: {f['advised_tokens']} tokens; {f.get('advice_note', '')} ({f.get('advice_rule')})".replace(";  (", " ("))
        for t in talents:
            cost = "a trait (never issued)" if t.get("kind") == "trait" else f"{t.get('command_cost')} command"
            e.notes.append(f"{t['kind']} {t['name']} ({cost}): {t.get('summary', '').strip()}")
        for group, word in ((tactics, "Tactic"), (grudges, "Grudge")):
            for g in group:
                if f["name"] in (g.get("factions") or []):
                    partner = [x for x in g["factions"] if x != f["name"]]
                    e.notes.append(f"{word} {g['name']} with {_join([p or 'an unknown faction' for p in partner])} ({g.get('rule')})")
        out.append(e)
    return out


def tt_talents() -> list[Entry]:
    out = []
    for f in load_data(TT, "factions")["factions"]:
        for t in f.get("talents", []):
            cost = "-" if t.get("command_cost") is None else t["command_cost"]
            e = Entry(t.get("kind", "talent"), t["name"], {
                "name": t["name"], "faction": f["name"], "kind": t.get("kind"), "commands": cost,
                "rule": f.get("rule"),
            }, rule=f.get("rule"), summary=" ".join(str(t.get("summary", "")).split()), data=t)
            if t.get("kind") == "trait":
                e.cost.append("a trait: always on, never issued")
            else:
                e.cost.append(f"{cost} command{'s' if cost != 1 else ''} a use"
                              + (f" ({t.get('command_cost_source')})" if t.get("command_cost_source") else ""))
            e.who.append(f"{f['name']} tokens")
            if t.get("once_per_turn"):
                e.caps.append("once per turn per token")
            e.notes.extend(str(x) for x in t.get("limits", []))
            if t.get("readies"):
                e.notes.append("readies the token until it battles, is refreshed or is destroyed")
            out.append(e)
    return out


def _tt_pairs(name: str, word: str) -> list[Entry]:
    data = load_data(TT, name)
    out = []
    for g in data.get(name, []):
        factions = [x or "unknown" for x in g.get("factions", [])]
        e = Entry(word, g["name"], {"name": g["name"], "factions": " + ".join(factions), "rule": g.get("rule")},
                  rule=g.get("rule"), summary=" ".join(str(g.get("challenge", "")).split()), data=g)
        req = data.get("requirements", {})
        if req:
            e.who.append(" ".join(str(req.get("note", "")).split()) + (f" ({req.get('rule')})" if req.get("rule") else ""))
        e.notes.append("unlocked by its challenge (the summary); its effect is sealed, not in the rule documents")
        out.append(e)
    return out


def tt_tactics() -> list[Entry]:
    return _tt_pairs("tactics", "tactic")


def tt_grudges() -> list[Entry]:
    return _tt_pairs("grudges", "grudge")


# ---------------------------------------------------------------------------
# Heroes III Battlefield


HM = "homm3-battlefield"


def _cost(c: dict | None) -> str:
    if not c:
        return "-"
    cost = c.get("cost") or {}
    text = f"{cost.get('gold', 0)} gold"
    if cost.get("valuables"):
        text += f" + {cost['valuables']} valuables"
    return text


def _stats(c: dict | None) -> str:
    if not c:
        return "-"
    return (f"{c.get('type')}, attack {c.get('attack')}, defense {c.get('defense')}, hp {c.get('hp')}, "
            f"initiative {c.get('initiative')}, {_cost(c)}")


def _hm_tier_lengths(tier: str) -> list[str]:
    rules = load_data(HM, "rules")
    s = rules["skirmish"]
    return [f"{length} ({v['side']} side)" for length, v in s["lengths"].items() if tier in v.get("tiers", [])]


def hm_units() -> list[Entry]:
    data = load_data(HM, "units")
    source = data.get("source", {}).get("document") or _source(HM, "units")
    rules = load_data(HM, "rules")
    neutral_names = {fold(u["name"]) for u in data.get("neutral", [])}
    out = []
    for fac in data["factions"]:
        for u in fac["units"]:
            e = Entry("unit", u["name"], {
                "name": u["name"], "faction": fac["name"], "tier": u.get("tier"),
                "few": _cost(u.get("few")), "pack": _cost(u.get("pack")),
                "alternate": "yes" if "alternate" in u else "", "source": source,
            }, rule=source, data={"faction": fac["name"], **u})
            e.cost.append(f"Few side: {_stats(u.get('few'))}")
            e.cost.append(f"Pack side: {_stats(u.get('pack'))}")
            if "alternate" in u:
                e.cost.append(f"alternate card, Few: {_stats(u['alternate'].get('few'))}")
                e.cost.append(f"alternate card, Pack: {_stats(u['alternate'].get('pack'))}")
                e.options.append("alternate: true takes the alternate card")
            e.who.append(f"{fac['name']} armies ({fac.get('box')})")
            lengths = _hm_tier_lengths(u.get("tier"))
            if lengths:
                e.who.append(f"Skirmish lengths that use {u.get('tier')} units: {', '.join(lengths)} "
                             f"({rules['skirmish']['rule']})")
            e.caps.append("each unit once (a unit card and its alternate are one unit)")
            if fold(u["name"]) in neutral_names:
                e.notes.append(f"also a neutral unit card (armybuilder explain {HM} '{u['name']}' shows both)")
            out.append(e)
    return out


def hm_neutral() -> list[Entry]:
    data = load_data(HM, "units")
    source = data.get("source", {}).get("document") or _source(HM, "units")
    rules = load_data(HM, "rules")
    allowed = [m for m, v in rules["modes"].items() if v.get("neutral_units")]
    refused = [m for m, v in rules["modes"].items() if not v.get("neutral_units")]
    out = []
    for u in data.get("neutral", []):
        card = u.get("card")
        e = Entry("neutral unit", u["name"], {
            "name": u["name"], "tier": u.get("tier"), "type": (card or {}).get("type"), "cost": _cost(card),
            "source": source,
        }, rule=source, data=u)
        e.cost.append(f"one card: {_stats(card)}")
        e.who.append(f"mode {_join(allowed)} (neutral: true in the list); not in {_join(refused, 'and')} "
                     f"({rules['modes'][refused[0]]['neutral_units_rule'] if refused else ''})")
        if u.get("unverified") or (card or {}).get("type_note"):
            e.notes.append("unverified: " + str((card or {}).get("type_note", "the source is unsure")))
        out.append(e)
    return out


def hm_heroes() -> list[Entry]:
    data = load_data(HM, "heroes")
    source = data.get("source", {}).get("document") or _source(HM, "heroes")
    rules = load_data(HM, "rules")
    out = []
    for h in data["heroes"]:
        e = Entry("hero", h["name"], {
            "name": h["name"], "faction": h.get("faction"), "class": h.get("class"),
            "might/magic": h.get("might_or_magic"), "ability": h.get("ability"), "specialty": h.get("specialty"),
            "source": source,
        }, rule=source, data=h)
        st = h.get("stats", {})
        e.who.append(f"{h.get('faction')} armies")
        e.notes.append(f"{h.get('might_or_magic')} hero, {h.get('class')}: attack {st.get('attack')}, defense "
                      f"{st.get('defense')}, power {st.get('power')}, knowledge {st.get('knowledge')}")
        e.options.append(f"starting Ability card: {h.get('ability')}")
        e.options.append(f"Specialty {h.get('specialty')}: cards at levels {', '.join(h.get('specialty_levels', []))}")
        for length, v in rules["skirmish"]["lengths"].items():
            spec = v["specialties"]
            spec = "all" if spec == "all" else ", ".join(spec)
            e.caps.append(f"{length} skirmish: level {v['hero_level']}, Specialty cards {spec} ({rules['skirmish']['rule']})")
        e.notes.append(f"box: {h.get('box')}")
        out.append(e)
    return out


def hm_factions() -> list[Entry]:
    data = load_data(HM, "units")
    heroes = load_data(HM, "heroes")["heroes"]
    source = data.get("source", {}).get("document") or _source(HM, "units")
    out = []
    for fac in data["factions"]:
        mine = [h["name"] for h in heroes if h.get("faction") == fac["name"]]
        e = Entry("faction", fac["name"], {
            "name": fac["name"], "box": fac.get("box"), "units": len(fac["units"]), "heroes": len(mine),
            "source": source,
        }, rule=source, data={"name": fac["name"], "box": fac.get("box")})
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
            e.notes.append("the rule documents list only some card names; others are accepted with an info finding (HMB012)")
            if kind == "abilities" and n in removed["cards"]:
                e.caps.append(f"removed from the deck in {_join(removed['modes'], 'and')} ({removed['rule']})")
            out.append(e)
        return out
    return entries


# ---------------------------------------------------------------------------
# Small World of Warcraft


SW = "small-world-of-warcraft"

_SW_POWER = {
    "region_minimum": lambda v: f"never fewer than {v['tokens']} tokens in a region"
    + (" while active" if v.get("active") else "") + (" and in decline" if v.get("in_decline") else ""),
    "decline_tokens_per_region": lambda v: "tokens left in each region in decline: "
    + ("not settled by the rules (not checked)" if v is None else str(v)),
    "conquest_minimum": lambda v: f"never conquers with fewer than {v} tokens (reinforcement die included)",
    "conquest_discount": lambda v: f"conquests cost {v['tokens']} token less"
    + (" (occupied regions only)" if v.get("non_empty_only") else "") + f", never below {v['minimum']}",
    "conquest_bonus": lambda v: f"+{v['coins']} coin for each conquest of a region the {v['defender_faction']} occupied",
    "region_bonus": lambda v: f"+{v['coins']} coin for each {v['marker'].capitalize()} region held at the turn's end",
    "bombs": lambda v: f"a stack of {v['stack']} Bomb tokens, at most {v['per_region']} a region",
    "enlist": lambda v: f"{v['coins_per_token']} coin buys a token for each {v['tokens_per_loss']} token an opponent lost",
}


def sw_races() -> list[Entry]:
    data = load_data(SW, "races")
    base = load_data(SW, "base-rules")
    supply_source = _source(SW, "csv")
    out = []
    for r in data["races"]:
        e = Entry("race", r["name"], {
            "name": r["name"], "faction": r.get("faction") or "-", "tokens": r.get("tokens_in_box"),
            "playable": "yes" if r.get("playable") else "no",
            "power": "yes" if r.get("power_in_rule_documents") else "not in the rules",
            "rule": r.get("rule") or supply_source,
        }, rule=r.get("rule") or supply_source, summary=" ".join(str(r.get("summary", "")).split()) or None, data=r)
        e.caps.append(f"{r.get('tokens_in_box')} tokens in the box: on the board and in hand never more ({supply_source})")
        if r.get("playable"):
            e.who.append("a player's active race or race in decline")
        else:
            e.who.append(f"{r.get('faction_note') or 'not playable'}: a defender in conquests only")
        for key, value in (r.get("power") or {}).items():
            if key in _SW_POWER:
                e.cost.append(_SW_POWER[key](value))
            if isinstance(value, dict) and value.get("note"):
                e.notes.append(" ".join(str(value["note"]).split()))
        if r.get("power") and not (r.get("power") or {}).get("region_minimum", {}).get("in_decline"):
            lost = base.get("power_lost_in_decline", {})
            e.notes.append(f"the power is lost in decline ({lost.get('rule', '')})")
        if not r.get("power_in_rule_documents"):
            e.notes.append("its power is not in the rule documents"
                           + (": it stands as an opponent or a race in decline" if r.get("playable") else ""))
        e.notes.append(f"faction {r.get('faction') or '-'}"
                       + (f" ({r['faction_source']}" + (f"; confirmed by {r['faction_confirmed_by']})" if r.get("faction_confirmed_by") else ")")
                          if r.get("faction_source") else ""))
        out.append(e)
    return out


# ---------------------------------------------------------------------------
# The registry


KINDS: dict[str, dict[str, Callable[[], list[Entry]]]] = {
    FT: {"cards": ft_cards, "troops": ft_troops, "topographies": ft_topographies},
    TT: {"factions": tt_factions, "talents": tt_talents, "tactics": tt_tactics, "grudges": tt_grudges},
    HM: {"units": hm_units, "neutral": hm_neutral, "heroes": hm_heroes, "factions": hm_factions,
         "abilities": _hm_cards("abilities", "ability"), "spells": _hm_cards("spells", "spell")},
    SW: {"races": sw_races},
}
KIND_ALIASES = {"card": "cards", "troop": "troops", "troop types": "troops", "troop type": "troops",
                "topography": "topographies", "faction": "factions", "talent": "talents", "tactic": "tactics",
                "grudge": "grudges", "unit": "units", "neutrals": "neutral", "neutral units": "neutral",
                "hero": "heroes", "ability": "abilities", "spell": "spells", "race": "races"}


def system_id(word: str) -> str:
    from armybuilder import systems

    names = [s for s in KINDS if s in systems.available()]
    index = NameIndex({s: s for s in names})
    if word in index:
        return index.canonical(word)
    starts = [s for s in names if len(word) >= 3 and fold(s).startswith(fold(word))]
    if len(starts) == 1:
        return starts[0]
    raise CatalogError(f"unknown game system '{word}'{index.suggestion(word)}; systems: {', '.join(names)}")


def kinds(system: str) -> list[str]:
    return list(KINDS.get(system, {}))


def kind_of(system: str, word: str) -> str:
    table = KINDS[system]
    index = NameIndex({k: k for k in table}, {a: t for a, t in KIND_ALIASES.items() if t in table})
    if word in index:
        return index.canonical(word)
    raise CatalogError(f"{system} has no kind '{word}'{index.suggestion(word)}; kinds: {', '.join(table)}")


def entries(system: str, kind: str | None = None) -> list[tuple[str, list[Entry]]]:
    chosen = [kind_of(system, kind)] if kind else kinds(system)
    return [(k, KINDS[system][k]()) for k in chosen]


def entry_names(system: str) -> list[str]:
    return sorted({e.name for _, es in entries(system) for e in es})


def _matches(entry: Entry, text: str) -> bool:
    want = fold(text)
    cells = [str(v) for v in entry.row.values() if v is not None] + [entry.summary or ""]
    return any(want in fold(c) for c in cells)


def _table(columns: list[str], rows: list[dict]) -> list[str]:
    def cell(v):
        return "" if v is None else str(v)
    widths = [max([len(c)] + [len(cell(r.get(c))) for r in rows]) for c in columns]
    lines = ["  ".join(c.ljust(w) for c, w in zip(columns, widths)).rstrip(),
             "  ".join("-" * w for w in widths)]
    for r in rows:
        lines.append("  ".join(cell(r.get(c)).ljust(w) for c, w in zip(columns, widths)).rstrip())
    return lines


def catalog_report(system: str, kind: str | None, text_filter: str | None, fmt) -> tuple[str, list[str], int]:
    from armybuilder.reporters import Format

    try:
        system = system_id(system)
        found = entries(system, kind)
    except CatalogError as exc:
        return "", [f"armybuilder catalog: {exc}"], 2
    groups = []
    for k, es in found:
        rows = [e for e in es if not text_filter or _matches(e, text_filter)]
        columns = list(es[0].row) if es else ["name"]
        groups.append((k, columns, rows))
    total = sum(len(rows) for _, _, rows in groups)
    summary = [f"{total} entr{'y' if total == 1 else 'ies'}" + (f" matching '{text_filter}'" if text_filter else "")]
    if Format(fmt) is Format.json:
        from armybuilder.reporters.json_ import dumps

        return dumps({"system": system, "filter": text_filter, "kinds": [
            {"kind": k, "columns": columns,
             "rows": [dict(e.row, summary=e.summary) for e in rows]} for k, columns, rows in groups]}), summary, 0
    lines = []
    title = load_data(system, "system")["title"]
    for k, columns, rows in groups:
        if not rows:
            continue
        if lines:
            lines.append("")
        lines.append(f"{title}: {k} ({len(rows)})")
        lines.extend(_table(columns, [e.row for e in rows]))
    if not lines:
        lines.append(f"nothing in the {system} catalog" + (f" matches '{text_filter}'" if text_filter else ""))
    return "\n".join(lines) + "\n", summary, 0


def explain_entries(system: str, name: str) -> list[Entry]:
    every = [e for _, es in entries(system) for e in es]
    hits = [e for e in every if fold(name) in {fold(n) for n in [e.name, *e.aliases]}]
    if not hits:
        hint = did_you_mean(name, sorted({n for e in every for n in [e.name, *e.aliases]}))
        raise CatalogError(f"nothing named '{name}' in {system}{hint}; see: armybuilder catalog {system}")
    return hits


def _explain_text(e: Entry) -> list[str]:
    lines = [f"{e.name}  ({e.kind}" + (f", {e.rule}" if e.rule else "") + ")"]
    if e.summary:
        lines.append(f"  summary:   {e.summary}")
    sections = [("cost", e.cost), ("who", e.who), ("caps", e.caps), ("excludes", e.excludes),
                ("options", e.options), ("notes", e.notes)]
    for title, items in sections:
        if not items:
            continue
        first = True
        for item in items:
            lines.append(f"  {(title + ':') if first else '':<10} {item}")
            first = False
    lines.append(f"  {'rule:':<10} {e.rule or '-'}")
    return lines


def explain_report(system: str, name: str, fmt) -> tuple[str, list[str], int]:
    from armybuilder.reporters import Format

    try:
        system = system_id(system)
        hits = explain_entries(system, " ".join(name.split()))
    except CatalogError as exc:
        return "", [f"armybuilder explain: {exc}"], 2
    if Format(fmt) is Format.json:
        from armybuilder.reporters.json_ import dumps

        return dumps({"system": system, "entries": [e.to_dict() for e in hits]}), [], 0
    out = []
    for i, e in enumerate(hits):
        if i:
            out.append("")
        out.extend(_explain_text(e))
    return "\n".join(out) + "\n", [], 0
