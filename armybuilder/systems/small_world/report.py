"""The cost and score report of a position: tables for the text reporter, the same as JSON data."""

from __future__ import annotations

from typing import Any

from armybuilder.findings import INCOMPLETE, Measure, Result, Section
from armybuilder.text import plural

from .model import Position, Side


def _faction(side: Side) -> str:
    race = side.race
    if race is None:
        return ""
    if race.faction is None:
        return "none"
    return race.faction + (" (inferred)" if race.faction_inferred else "")


def races_section(pos: Position) -> Section:
    rows, notes = [], []
    for side in pos.sides():
        race = side.race
        rows.append(
            [
                side.name,
                side.state,
                _faction(side),
                side.special_power or "",
                len(side.regions),
                side.on_board,
                side.in_hand if side.active else None,
                race.supply if race else None,
            ]
        )
        if race is None:
            continue
        if race.has_power:
            notes.append(f"{race.name} ({race.cite}): {race.summary}")
            minimum = race.power.get("region_minimum")
            if not side.active and minimum and not minimum["in_decline"] and minimum.get("note"):
                notes.append("  " + " ".join(minimum["note"].split()))  # unsettled by the seed
            elif not side.active and pos.cat.value("power_lost_in_decline"):
                kept = [
                    k
                    for k, v in race.power.items()
                    if (k == "decline_tokens_per_region" and v is not None)
                    or (isinstance(v, dict) and v.get("in_decline"))
                ]
                if not kept:
                    notes.append(
                        f"  In decline the {race.name} lose this power: {pos.cat.ref('power_lost_in_decline')}."
                    )
        else:
            notes.append(f"{race.name}: no power in the rule documents.")
    return Section(
        "Races", ["Race", "State", "Faction", "Special power", "Regions", "On board", "In hand", "Supply"], rows, notes
    )


def conquests_section(pos: Position) -> Section:
    rows = []
    inferred = False
    for c in pos.conquests:
        defender = c.defender_name or ("occupied" if c.occupied else "empty")
        if c.faction:
            defender += f", {c.faction}"
            if c.faction_inferred:
                defender += "*"
                inferred = True
        committed = "" if c.tokens is None else (f"{c.tokens} + die" if c.die else c.tokens)
        normal = f"{c.normal} = {' + '.join(c.parts)}" if len(c.parts) > 1 else str(c.normal)
        rows.append(
            [c.index + 1, c.region, defender, normal, ", ".join(a.label for a in c.adjustments), c.cost, committed]
        )
    cat = pos.cat
    notes = [
        f"Normal cost: {cat.value('conquest_base')} tokens, +{cat.value('conquest_per_token')} a token in the "
        f"region, +{cat.value('conquest_per_mountain')} for a Mountain, +{cat.value('conquest_per_defence')} a "
        f"defence marker: {cat.ref('conquest_base')}."
    ]
    a = pos.active
    discount, least = a.power("conquest_discount", cat), a.power("conquest_minimum", cat)
    if discount and a.race is not None:  # (only a known race has a power)
        notes.append(
            f"The {a.name} pay {plural(discount['tokens'], 'token')} less"
            + (" for a region that is not empty" if discount["non_empty_only"] else "")
            + f", never less than {discount['minimum']} ({a.race.cite})."
        )
    if least and a.race is not None:
        notes.append(f"The {a.name} never conquer with fewer than {plural(least, 'token')} ({a.race.cite}).")
    if inferred:
        notes.append("* faction from the race data, inferred from World of Warcraft lore (not in the rule documents).")
    cost = plural(sum(c.cost for c in pos.conquests), "token")
    if a.race is None:  # SWW001: the base rule's cost, which a race's power may change
        notes.append(f"The conquests cost {cost} {INCOMPLETE} in all: the {a.name} race is not known.")
    else:
        notes.append(f"The conquests cost {cost} in all.")
    return Section("Conquests", ["#", "Region", "Defender", "Normal cost", "Race", "Cost", "Committed"], rows, notes)


def coins_section(pos: Position) -> Section:
    rows = [[line.label, line.count, line.each, line.coins] for line in pos.coins]
    rows.append([f"Total {INCOMPLETE}" if pos.unknown_race else "Total", None, None, pos.coins_net])
    return Section("Victory coins this turn", ["Source", "Count", "Each", "Coins"], rows, list(pos.coin_notes))


def details(pos: Position) -> dict[str, Any]:
    return {
        "races": [
            {
                "race": s.name,
                "state": s.state,
                "known": s.race is not None,
                "faction": s.race.faction if s.race else None,
                "faction_inferred": s.race.faction_inferred if s.race else None,
                "special_power": s.special_power,
                "regions": [{"name": r.name, "tokens": r.tokens, "magic": r.magic} for r in s.regions],
                "on_board": s.on_board,
                "in_hand": s.in_hand,
                "supply": s.race.supply if s.race else None,
                **(
                    {"bombs": [b.region for b in s.bombs], "bombs_spent": s.bombs_spent}
                    if s.bombs or s.bombs_spent
                    else {}
                ),
                **({"enlisted": s.enlisted} if s.enlisted else {}),
            }
            for s in pos.sides()
        ],
        "conquests": [
            {
                "region": c.region,
                "defender": c.defender_name,
                "defender_faction": c.faction,
                "faction_inferred": c.faction_inferred,
                "defender_tokens": c.defender_tokens,
                "mountain": c.mountain,
                "defences": c.defences,
                "normal_cost": c.normal,
                "adjustments": [{"label": a.label, "tokens": a.tokens, "rule": a.rule} for a in c.adjustments],
                "cost": c.cost,
                "minimum_tokens": c.minimum,
                "tokens_committed": c.tokens,
                "die": c.die,
            }
            for c in pos.conquests
        ],
        "conquest_tokens": sum(c.cost for c in pos.conquests),
        "coins": {
            "lines": [
                {"source": line.label, "count": line.count, "each": line.each, "coins": line.coins, "rule": line.rule}
                for line in pos.coins
            ],
            "earned": pos.coins_earned,
            "spent": pos.coins_spent,
            "net": pos.coins_net,
            "left_out": ["Faction Bonus"]
            + [f"special power {s.special_power}" for s in pos.sides() if s.special_power],
        },
    }


def fill(result: Result, pos: Position, breakdown: bool = True) -> None:
    """The measure, and with ``breakdown`` the cost sections and details, of a checked position."""
    a = pos.active
    result.measure = Measure(total=a.total, limit=a.race.supply if a.race else None, unit="tokens")
    if not breakdown:
        return
    result.sections = [races_section(pos)]
    if pos.conquests:
        result.sections.append(conquests_section(pos))
    result.sections.append(coins_section(pos))
    result.details = details(pos)
