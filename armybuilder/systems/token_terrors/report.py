"""The cost breakdown of a Token Terrors list: slots, talents, Tactics and Grudges in reach.

``army_sections`` and ``army_details`` describe one army (the tables the text reporter prints
and the same as plain data for ``--format json``); a draft record gets the picks and one set
per player; a matchup gets both armies side by side.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from armybuilder.findings import INCOMPLETE, Measure, Section

from .model import Army, Catalog, Context
from .rules.grudges_live import live
from .rules.tactics_in_reach import in_reach


def _prefix(title: str, label: str | None) -> str:
    return f"{label}: {title}" if label else title


def slots_text(cat: Catalog, army: Army) -> str:
    limit = cat.value("army_slots")
    slots = army.slots(cat)
    if slots is None:
        unknown = ", ".join(f"{f} ({cat.faction(f)['rarity']})" for f in army.unknown_sizes(cat))
        return f"slots unknown: the rulebook gives no slot size for {unknown}"
    if army.unknown:  # tokens of an unknown faction (TTB002) are not counted
        return f"{slots} {INCOMPLETE} of {limit} slots"
    gap = "" if slots == limit else (f": {limit - slots} short" if slots < limit else f": {slots - limit} over")
    return f"{slots} of {limit} slots{gap}"


def limits_text(talent: dict[str, Any]) -> str:
    parts = list(talent["limits"])
    if talent.get("once_per_turn"):
        parts.append("once per turn")
    return "; ".join(parts)


def grudges_in_reach(cat: Catalog, factions: Iterable[str]) -> list[tuple[dict[str, Any], str, str]]:
    """(grudge, the army's faction, its rival) for each Gruesome Grudge the army may meet: "Grudges are
    active if 2 players each control a faction that are sworn enemies" (TT Gruesome Grudge
    Challenges). One whose two rivals are both in the army is not among them (:func:`grudges_within`)."""
    have = set(factions)
    out: list[tuple[dict[str, Any], str, str]] = []
    for g in cat.grudges:
        x, y = g["factions"]
        if x in have and y in have:
            continue
        if x in have:
            out.append((g, x, y))
        if y in have:
            out.append((g, y, x))
    return out


def grudges_within(cat: Catalog, factions: Iterable[str]) -> list[dict[str, Any]]:
    """The Gruesome Grudges whose two rival factions are both in the army: a faction one player has
    drafted is closed to the other ("your opponent cannot draft tokens from that faction", TT Draft
    Your Army), so such a Grudge can be live only when both players agree to share factions
    (pre-built armies) and the opponent brings one of the two."""
    have = set(factions)
    return [g for g in cat.grudges if set(g["factions"]) <= have]


def within_note(g: dict[str, Any]) -> str:
    x, y = g["factions"]
    return (
        f"{g['name']}: {x} and {y}, its rivals, are both in this army; a faction one player drafts is closed "
        "to the other (TT Draft Your Army), so it can be live only if both players agree to share factions "
        "and the opponent brings one of them"
    )


def army_sections(cat: Catalog, army: Army, label: str | None = None) -> list[Section]:
    rows = []
    for f in army.present():
        d = cat.faction(f)
        each = cat.slots_each(f)
        n = army.counts[f]
        rows.append(
            [
                f,
                d["battle_style"],
                d["rarity"],
                d["type"],
                n,
                "?" if each is None else each,
                "?" if each is None else each * n,
            ]
        )
    slots = Section(
        _prefix("Slots", label),
        ["Faction", "Style", "Rarity", "Type", "Tokens", "Slots each", "Slots"],
        rows,
        [slots_text(cat, army)],
    )
    talents = Section(_prefix("Talents", label), ["Faction", "Talent", "Commands", "Limits", "What it does"])
    for f in army.present():
        for t in cat.faction(f)["talents"]:
            cost = t["command_cost"] if t["kind"] == "talent" else "trait"
            talents.rows.append([f, t["name"], cost, limits_text(t), t["summary"]])
    talents.notes.append("Each use of a Talent costs 1 command unless noted; each Talent once per turn.")
    tactics = Section(
        _prefix("Terrible Tactics in reach", label), ["Tactic", "Factions", "Unlocked by"], told=("TTB023",)
    )
    unknown = False
    for t, partner_unknown in in_reach(cat, army.present()):
        unknown = unknown or partner_unknown
        tactics.rows.append([t["name"], " + ".join(f or "???" for f in t["factions"]), t["challenge"]])
    tactics.notes.append(
        "usable with Mastery of Tactics and a token of each faction on the Battleground"
        if tactics.rows
        else "none: no Tactic pairs two of these factions"
    )
    if unknown:
        tactics.notes.append("???: the rulebook does not name the partner faction of this card.")
    grudges = Section(_prefix("Gruesome Grudges in reach", label), ["Grudge", "Faction", "Rival", "Unlocked by"])
    for g, mine, theirs in grudges_in_reach(cat, army.present()):
        grudges.rows.append([g["name"], mine, theirs, g["challenge"]])
    within = grudges_within(cat, army.present())
    grudges.notes.append(
        "live when the opponent controls the rival faction, while a token of each is on the Battleground"
        if grudges.rows
        else "none: no faction here has a sworn enemy outside this army"
        if within
        else "none: no faction here has a sworn enemy"
    )
    grudges.notes += [within_note(g) for g in within]
    return [slots, talents, tactics, grudges]


def army_details(cat: Catalog, army: Army) -> dict[str, Any]:
    factions = []
    for f in army.present():
        d = cat.faction(f)
        each = cat.slots_each(f)
        factions.append(
            {
                "faction": f,
                "tokens": army.counts[f],
                "battle_style": d["battle_style"],
                "rarity": d["rarity"],
                "type": d["type"],
                "slots_each": each,
                "slots": None if each is None else each * army.counts[f],
            }
        )
    talents = [
        {
            "faction": f,
            "name": t["name"],
            "kind": t["kind"],
            "command_cost": t["command_cost"],
            "once_per_turn": t["once_per_turn"],
            "limits": t["limits"],
            "summary": t["summary"],
        }
        for f in army.present()
        for t in cat.faction(f)["talents"]
    ]
    tactics = [
        {"name": t["name"], "factions": t["factions"], "partner_unknown": unknown, "challenge": t["challenge"]}
        for t, unknown in in_reach(cat, army.present())
    ]
    grudges = [
        {"name": g["name"], "faction": mine, "rival": theirs, "challenge": g["challenge"]}
        for g, mine, theirs in grudges_in_reach(cat, army.present())
    ]
    within = [
        {"name": g["name"], "factions": list(g["factions"]), "challenge": g["challenge"]}
        for g in grudges_within(cat, army.present())
    ]
    return {
        "label": army.label,
        "slots": army.slots(cat),
        "slot_limit": cat.value("army_slots"),
        "unknown_slot_sizes": army.unknown_sizes(cat),
        "factions": factions,
        "talents": talents,
        "tactics": tactics,
        "grudges": grudges,
        "grudges_only_with_shared_factions": within,  # both rivals in this army (grudges_within)
    }


def grudges_live_section(cat: Catalog, first: Army, second: Army) -> Section:
    section = Section("Gruesome Grudges live", ["Grudge", first.label, second.label, "Unlocked by"])
    for g, mine, theirs in live(cat, first, second):
        section.rows.append([g["name"], mine, theirs, g["challenge"]])
    section.notes.append(
        "active while a token of each rival faction is on the Battleground"
        if section.rows
        else "none: no sworn enemies face each other"
    )
    return section


def grudges_live_details(cat: Catalog, first: Army, second: Army) -> list[dict[str, Any]]:
    return [
        {"name": g["name"], "factions": [mine, theirs], "challenge": g["challenge"]}
        for g, mine, theirs in live(cat, first, second)
    ]


def both_measure(cat: Catalog, armies: Sequence[Army]) -> Measure:
    slots = [a.slots(cat) for a in armies]
    known = [s for s in slots if s is not None]
    total = sum(known) if len(known) == len(slots) else None  # None: an army's size is unknown
    incomplete = any(a.unknown for a in armies)
    return Measure(total, cat.value("army_slots") * len(armies), "slots (both players)", incomplete)


def measure(ctx: Context) -> Measure:
    """The measure of a checked list: its slots (both players' in a draft) against the limit."""
    cat = ctx.cat
    if ctx.kind == "army":
        army = ctx.armies[0]
        return Measure(army.slots(cat), cat.value("army_slots"), "slots", bool(army.unknown))
    if ctx.kind == "draft":
        both = both_measure(cat, ctx.armies)
        if any(p.player is None for p in ctx.picks):  # a pick by nobody of the two (TTB010): not counted
            both.incomplete = True
        return both
    return Measure(None, cat.value("army_slots"), "slots")


def describe(ctx: Context) -> tuple[Measure, list[Section], dict[str, Any]]:
    """The measure, the cost sections and the details of a checked list."""
    cat = ctx.cat
    if ctx.kind == "army":
        army = ctx.armies[0]
        return (
            measure(ctx),
            army_sections(cat, army),
            {"kind": "army", "army": army_details(cat, army)},
        )
    if ctx.kind == "draft":
        picks = Section("Draft", ["Pick", "Player", "Faction", "Tokens", "Player's slots after"])
        running = {i: Army(label=p, where=()) for i, p in enumerate(ctx.players)}
        pick_rows = []
        for p in ctx.picks:
            after = None
            if p.player is not None and p.faction is not None:
                running[p.player].add(p.faction, p.tokens, p.path)
                after = running[p.player].slots(cat)
            picks.rows.append(
                [p.number, p.player_written, p.faction or p.faction_written, p.tokens, "?" if after is None else after]
            )
            pick_rows.append(
                {
                    "pick": p.number,
                    "player": p.player_written,
                    "faction": p.faction or p.faction_written,
                    "tokens": p.tokens,
                    "slots_after": after,
                }
            )
        picks.notes.append(
            f"first player: {ctx.players[0]}; " + "; ".join(f"{a.label} {slots_text(cat, a)}" for a in ctx.armies)
        )
        sections = [picks]
        for army in ctx.armies:
            sections.extend(army_sections(cat, army, army.label))
        sections.append(grudges_live_section(cat, *ctx.armies))
        details = {
            "kind": "draft",
            "first_player": ctx.players[0],
            "picks": pick_rows,
            "players": [dict(army_details(cat, a), player=a.label) for a in ctx.armies],
            "grudges_live": grudges_live_details(cat, *ctx.armies),
        }
        return measure(ctx), sections, details
    return measure(ctx), [], {"kind": ctx.kind}
