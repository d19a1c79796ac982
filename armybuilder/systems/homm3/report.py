"""The cost breakdown of a HoMM3 Battlefield army: hero, cards, units with their recruit cost.

``sections`` are the tables the text reporter prints; ``details`` is the same as plain data
(the ``breakdown`` of ``cost --format json``).
"""

from __future__ import annotations

from typing import Any

from armybuilder.findings import INCOMPLETE, Measure, Section
from armybuilder.text import plural

from .model import CARD_KINDS, KIND_WORDS, Army, join

# Short headings keep the table inside 100 columns; the notes and ``details`` spell them out.
UNIT_COLUMNS = ["Unit", "Tier", "Side", "Type", "Atk", "Def", "HP", "Init/Move", "Gold", "Val."]
STATS = ("attack", "defense", "hp", "initiative")


def measure(army: Army) -> Measure:
    return Measure(total=len(army.units), limit=army.unit_limit, unit="units")


def cost_text(gold: int, valuables: int) -> str:
    return f"{gold} gold" + (f" + {valuables} valuable{'s' * (valuables != 1)}" if valuables else "")


def unit_rows(army: Army) -> tuple[list[dict[str, Any]], dict[str, int]]:
    rows: list[dict[str, Any]] = []
    totals = {"units": 0, "attack": 0, "defense": 0, "hp": 0, "gold": 0, "valuables": 0}
    for use in army.known_units():
        card = use.card
        assert card is not None and use.unit is not None  # known_units(): the units with a card (and so with data)
        row: dict[str, Any] = {
            "name": use.name,
            "faction": use.faction,
            "neutral": use.neutral,
            "tier": use.unit["tier"],
            "side": use.side_label,
            "type": card["type"],
            **{k: card[k] for k in STATS},
            "movement": card["initiative"],
            "cost": dict(card["cost"]),
        }
        if use.unit.get("unverified"):
            row["unverified"] = True
            row["note"] = card.get("type_note")
        rows.append(row)
        totals["units"] += 1
        for k in ("attack", "defense", "hp"):
            totals[k] += card[k]
        totals["gold"] += card["cost"]["gold"]
        totals["valuables"] += card["cost"]["valuables"]
    return rows, totals


def build(army: Army) -> tuple[list[Section], dict[str, Any]]:
    rules = army.rules
    sections = []

    # --- hero
    hero = army.hero
    hero_detail = None
    if hero is not None:
        stats = hero["stats"]
        level = army.hero_level or ""
        sections.append(
            Section(
                "Hero",
                ["Hero", "Faction", "Might/Magic", "Class", "Level", "Attack", "Defense", "Power", "Knowledge"],
                [
                    [
                        hero["name"],
                        hero["faction"],
                        hero["might_or_magic"],
                        hero["class"],
                        level,
                        stats["attack"],
                        stats["defense"],
                        stats["power"],
                        stats["knowledge"],
                    ]
                ],
                [
                    f"Starting Ability card: {hero['ability']}. Specialty: {hero['specialty']} "
                    f"(cards {join(hero['specialty_levels'])})."
                ],
            )
        )
        hero_detail = {
            "name": hero["name"],
            "faction": hero["faction"],
            "might_or_magic": hero["might_or_magic"],
            "class": hero["class"],
            "level": army.hero_level,
            **stats,
            "ability": hero["ability"],
            "specialty": hero["specialty"],
            "specialty_levels": list(hero["specialty_levels"]),
        }

    # --- cards
    card_rows = []
    specialty = hero["specialty"] if hero else "Specialty"
    for level, _ in army.specialties:
        card_rows.append(["Specialty", f"{specialty} {level}", ""])
    for kind in CARD_KINDS:
        for use in army.cards[kind]:
            card_rows.append([KIND_WORDS[kind][0], use.name, "" if use.known else "not in the card data"])
    card_notes = []
    s = army.skirmish
    if s is not None:
        card_notes.append(
            f"{army.length_title}: hero Level {s['hero_level']}; Specialty cards "
            f"{join(army.skirmish_specialties() or ['all'])}; draw {s['abilities']['draw']} Ability cards, keep "
            f"{s['abilities']['keep']}; draw {s['artifacts']['draw']} Artifact cards, keep {s['artifacts']['keep']}; "
            f"draw {s['spells']['min']}-{s['spells']['max']} Spell cards ({rules['skirmish']['rule']})."
        )
    removed = rules["setup"]["removed_abilities"]
    if army.mode in removed["modes"]:
        card_notes.append(f"{join(removed['cards'])} are removed from the Ability Deck ({removed['rule']}).")
    if card_rows:
        sections.append(Section("Cards", ["Kind", "Card", "Note"], card_rows, card_notes))

    # --- units
    rows, totals = unit_rows(army)
    skipped = [u.written for u in army.units if u.card is None]
    unknown = f" {INCOMPLETE}" if skipped else ""  # a unit with no card in the data has no known cost
    table = [
        [
            r["name"] + (" (neutral)" if r["neutral"] else ""),
            r["tier"],
            r["side"].replace(" (Alternate)", " alt."),
            r["type"] or "?",
            r["attack"],
            r["defense"],
            r["hp"],
            r["initiative"],
            r["cost"]["gold"],
            r["cost"]["valuables"],
        ]
        for r in rows
    ]
    table.append(
        [
            f"Total{unknown}: {plural(totals['units'], 'unit')}",
            "",
            "",
            "",
            totals["attack"],
            totals["defense"],
            totals["hp"],
            "",
            totals["gold"],
            totals["valuables"],
        ]
    )
    move_rule = rules["movement"]["rule"]
    notes = [
        f"Recruit cost{unknown}: {cost_text(totals['gold'], totals['valuables'])}.",
        "Atk, Def, HP: attack, defense, hit points; Val.: valuables; alt.: the alternate card.",
        f"Init/Move: the Initiative, which is also the unit's Movement on the Battlefield board ({move_rule}).",
    ]
    limit = army.unit_limit
    mode_rules = army.mode_rules
    if limit is None and mode_rules["unit_limit"] is None:  # the mode has none (board: the opponent decides)
        notes.append(
            f"Unit limit: none; the 5-unit limit does not apply in Adventure and Skirmish "
            f"({mode_rules['unit_limit_rule']})."
        )
    elif limit is not None:
        notes.append(
            f"Unit limit: {limit} ({'against a player' if army.opponent == 'player' else 'against neutral units'}; "
            f"{mode_rules['unit_limit_rule']})."
        )
    if mode_rules.get("neutral_units_unverified"):
        notes.append("Neutral units are not refused here: the seed gives no army rule for regular games (unverified).")
    for r in rows:
        if r.get("unverified"):
            notes.append(f"{r['name']}: unit type unverified ({r['note']}).")
    if skipped:
        notes.append(f"Not costed (not in the unit data): {', '.join(skipped)}.")
    sections.append(Section("Units", UNIT_COLUMNS, table, notes))

    # --- adventure
    adventure_detail = None
    if army.adventure is not None:
        start = rules["adventure"]["start"]
        inc, res = start["income"], start["resources"]
        sections.append(
            Section(
                "Adventure start",
                ["", "Gold", "Building materials", "Valuables"],
                [
                    ["Income (Town Board)", inc["gold"], inc["building_materials"], inc["valuables"]],
                    ["Starting resources", res["gold"], res["building_materials"], res["valuables"]],
                ],
                [
                    f"{army.length_title}: {army.adventure['rounds']} Adventure Phase Rounds "
                    f"({rules['adventure']['rule']}).",
                    f"The hero starts at Level {start['hero_level']} ({start['rule']}).",
                ],
            )
        )
        adventure_detail = {
            "rounds": army.adventure["rounds"],
            "income": dict(inc),
            "resources": dict(res),
            "hero_level": start["hero_level"],
        }

    details = {
        "mode": army.mode,
        "length": army.length,
        "opponent": army.opponent,
        "faction": army.faction["name"] if army.faction else None,
        "hero": hero_detail,
        "specialties": [lvl for lvl, _ in army.specialties],
        "cards": {
            kind: [{"name": u.name, "known": u.known is not None} for u in army.cards[kind]] for kind in CARD_KINDS
        },
        "skirmish": _skirmish_detail(army),
        "adventure": adventure_detail,
        "units": rows,
        "totals": {**totals, "incomplete": True} if skipped else totals,
        "unit_limit": limit,
    }
    return sections, details


def _skirmish_detail(army: Army) -> dict[str, Any] | None:
    s = army.skirmish
    if s is None:
        return None
    return {
        "hero_level": s["hero_level"],
        "specialties": army.skirmish_specialties(),
        "abilities": dict(s["abilities"]),
        "artifacts": dict(s["artifacts"]),
        "spells": dict(s["spells"]),
        "tiers": list(s["tiers"]),
        "side": s["side"],
    }
