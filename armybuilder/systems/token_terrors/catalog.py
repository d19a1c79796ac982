"""The Token Terrors catalog: factions, talents, Terrible Tactics and Gruesome Grudges, from the data."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from armybuilder.compose.catalog import Entry, Figures, join, pts, source  # noqa: F401
from armybuilder.resources import load_data
from armybuilder.text import plural

from . import MANIFEST

TT = MANIFEST.id


def _tt_rules() -> dict[str, Any]:
    rules: dict[str, Any] = load_data(TT, "rules")
    return rules


def _tt_value(key: str) -> tuple[Any, str]:
    r = _tt_rules().get(key, {})
    return r.get("value"), r.get("rule", "")


def faction_figures(f: dict[str, Any], slots: int | None, unverified_box: bool) -> Figures:
    """A faction's figures as factions.yaml and rules.yaml hold them: its battle style, rarity and
    type, the army slots a token takes, its tokens in the box (marked when the data marks them
    unverified), and what each talent costs to issue."""
    rows = [
        ("battle style", [str(f.get("battle_style"))]),
        ("rarity", [str(f.get("rarity"))]),
        ("type", [str(f.get("type"))]),
        ("army slots a token", ["not known" if slots is None else str(slots)]),
    ]
    if f.get("box_supply") is not None:
        rows.append(("tokens in the box", [f"{f['box_supply']}" + (" (unverified)" if unverified_box else "")]))
    for t in f.get("talents", []):
        if t.get("kind") == "trait":
            rows.append((f"trait {t['name']}", ["never issued"]))
        else:
            rows.append((f"talent {t['name']}", [f"{plural(t.get('command_cost'), 'command')} a use"]))
    notes = ["unverified: the box supply is derived, not printed"] if unverified_box else []
    return Figures([], rows, notes)


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
        e = Entry(
            "faction",
            f["name"],
            {
                "name": f["name"],
                "style": f.get("battle_style"),
                "rarity": f.get("rarity"),
                "type": f.get("type"),
                "slots": "?" if slots is None else slots,
                "box": f.get("box_supply"),
                "talents": ", ".join(t["name"] for t in talents),
                "rule": f.get("rule"),
            },
            rule=f.get("rule"),
            summary=f.get("summary"),
            data=f,
        )
        e.figures = faction_figures(f, slots, unverified_box=bool(data.get("box_supply_unverified")))
        e.cost.append(
            f"{'an unknown number of' if slots is None else slots} army slot{'s' if slots != 1 else ''} "
            f"a token ({f.get('rarity')}; {rarity.get('rule', '')}); an army fills exactly {slots_total} "
            f"({slots_rule})"
        )
        e.who.append(
            f"any army; in a draft, a faction one player drafted is closed to the other ({_tt_value('pick_max')[1]})"
        )
        e.caps.append(f"at most {plural(cap, 'token')} of the faction ({cap_rule})")
        if f.get("box_supply") is not None:
            e.caps.append(
                f"{f['box_supply']} in the box"
                + (f" ({data['box_supply_note']})" if data.get("box_supply_unverified") else "")
            )
        if f.get("advised_tokens"):
            e.notes.append(
                f"advice: {plural(f['advised_tokens'], 'token')}; {f.get('advice_note', '')} "
                f"({f.get('advice_rule')})".replace(";  (", " (")
            )
        for t in talents:
            cost = "a trait (never issued)" if t.get("kind") == "trait" else f"{t.get('command_cost')} command"
            e.notes.append(f"{t['kind']} {t['name']} ({cost}): {t.get('summary', '').strip()}")
        for group, word in ((tactics, "Tactic"), (grudges, "Grudge")):
            for g in group:
                if f["name"] in (g.get("factions") or []):
                    partner = [x for x in g["factions"] if x != f["name"]]
                    with_ = join([p or "an unknown faction" for p in partner])
                    e.notes.append(f"{word} {g['name']} with {with_} ({g.get('rule')})")
        out.append(e)
    return out


def tt_talents() -> list[Entry]:
    out = []
    for f in load_data(TT, "factions")["factions"]:
        for t in f.get("talents", []):
            cost = "-" if t.get("command_cost") is None else t["command_cost"]
            e = Entry(
                t.get("kind", "talent"),
                t["name"],
                {
                    "name": t["name"],
                    "faction": f["name"],
                    "kind": t.get("kind"),
                    "commands": cost,
                    "rule": f.get("rule"),
                },
                rule=f.get("rule"),
                summary=" ".join(str(t.get("summary", "")).split()),
                data=t,
            )
            if t.get("kind") == "trait":
                e.cost.append("a trait: always on, never issued")
            else:
                e.cost.append(
                    f"{cost} command{'s' if cost != 1 else ''} a use"
                    + (f" ({t.get('command_cost_source')})" if t.get("command_cost_source") else "")
                )
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
        e = Entry(
            word,
            g["name"],
            {"name": g["name"], "factions": " + ".join(factions), "rule": g.get("rule")},
            rule=g.get("rule"),
            summary=" ".join(str(g.get("challenge", "")).split()),
            data=g,
        )
        req = data.get("requirements", {})
        if req:
            e.who.append(
                " ".join(str(req.get("note", "")).split()) + (f" ({req.get('rule')})" if req.get("rule") else "")
            )
        e.notes.append("unlocked by its challenge (the summary); its effect is sealed, not in the rule documents")
        out.append(e)
    return out


def tt_tactics() -> list[Entry]:
    return _tt_pairs("tactics", "tactic")


def tt_grudges() -> list[Entry]:
    return _tt_pairs("grudges", "grudge")


KINDS: dict[str, Callable[[], list[Entry]]] = {
    "factions": tt_factions,
    "talents": tt_talents,
    "tactics": tt_tactics,
    "grudges": tt_grudges,
}
ALIASES = {"faction": "factions", "talent": "talents", "tactic": "tactics", "grudge": "grudges"}


def used(data: dict[str, Any], result: Any) -> list[tuple[str, str]]:
    """What a checked list uses, for a roster's rules appendix (``export --with-rules``): each army's
    factions, their talents, and the Tactics and Grudges in its reach (the roster's own tables)."""
    from .report import grudges_in_reach
    from .rules.tactics_in_reach import in_reach

    ctx = getattr(result, "model", None)
    out: list[tuple[str, str]] = []
    if ctx is None:
        return out
    for army in ctx.armies:
        present = army.present()
        out += [("faction", f) for f in present]
        for f in present:
            out += [(t.get("kind", "talent"), t["name"]) for t in ctx.cat.faction(f).get("talents", [])]
        out += [("tactic", t["name"]) for t, _ in in_reach(ctx.cat, present)]
        out += [("grudge", g["name"]) for g, _, _ in grudges_in_reach(ctx.cat, present)]
    return out
