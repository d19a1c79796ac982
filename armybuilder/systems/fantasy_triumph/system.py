"""Fantasy Triumph: battle cards FT 24 to FT 62 on the Triumph! troop types.

The cards, troop types, topographies and army rules are data (``data/fantasy-triumph/``);
this module builds the army model from them, runs the rule modules and lays out the cost
breakdown.
"""

from __future__ import annotations

from typing import Any

from armybuilder.findings import INCOMPLETE, Measure, Result, Section, number
from armybuilder.systems import CheckOptions, Item, Names, System
from armybuilder.text import fmt_points, one_line

from . import model, rules


class FantasyTriumph(System):
    def check(self, data: dict[str, Any], result: Result, options: CheckOptions) -> None:
        army = model.build(data, options.points)
        for rule in rules.REGISTRY:
            result.add(rule.check(army))
        result.measure = Measure(army.total, army.limit, "points", incomplete=army.incomplete)
        if options.breakdown:
            result.sections = sections(army)
            result.details = details(army)
        result.model = army

    def inventory(self, data: dict[str, Any], result: Result) -> list[Item]:
        army: model.Army = getattr(result, "model", None) or model.build(data)
        items: list[Item] = []
        for c in army.classes:
            items.append(Item("troop", c.troop["name"] if c.troop else c.troop_written, c.stands, c.path))
            items.append(Item("class", c.name, c.stands, c.path))
        for h in army.heroes:
            items.append(Item("hero", h.name, 1, h.path))
        for use in army.all_uses():
            if use.card is None:
                continue
            if use.owner is None or use.card.get("quantity") == "cards":
                n, counts = (use.number if use.number is not None else 1), "card"
            elif use.owner.kind == "hero":
                n, counts = 1, "hero"
            else:
                n = model.marked_count(use) if use.card.get("quantity") == "stands" else use.owner.stands
                counts = "stand"
            items.append(Item("card", use.name, n, use.path, counts))
        items += [
            Item("total", "stands", army.stands()),
            Item("total", "heroes", len(army.heroes)),
            Item("total", "classes", len(army.classes)),
            Item("total", "hero_points", number(sum((h.total for h in army.heroes), 0))),
        ]
        return items

    def names(self) -> Names:
        """Cards and troop types (their other names too) from the data; classes and heroes are the
        list's own names."""
        cat = model.catalog()
        troops = {name: cat.troops.canonical(name) or name for name in [*cat.troops, *_troop_aliases()]}
        return Names(
            kinds={"card": {name: name for name in cat.cards}, "troop": troops},
            totals=("stands", "heroes", "classes", "hero_points"),
            list_kinds=("class", "hero"),
        )


def _troop_aliases() -> list[str]:
    from armybuilder.resources import load_data

    return [a for t in load_data(model.SYSTEM_ID, "troops")["troops"] for a in t.get("aliases", [])]


SYSTEM = FantasyTriumph()


def _parts(unit: model.Unit) -> str:
    first, *rest = unit.parts
    text = fmt_points(first[1])
    for label, p in rest:
        sign = "-" if p < 0 else "+"
        text += f" {sign} {label} {fmt_points(abs(p))}"
    return text


def _notes(army: model.Army, units: list[model.Unit]) -> list[str]:
    """The ``note:`` the list writes on a class or a hero, as "name: note"."""
    out = []
    for u in units:
        entry = army.data.get("classes" if u.kind == "class" else "heroes", [])[u.index]
        if isinstance(entry, dict) and isinstance(entry.get("note"), str) and entry["note"].strip():
            out.append(one_line(f"{u.name}: {entry['note']}"))  # text from the file: no control character
    return out


def sections(army: model.Army) -> list[Section]:
    from .rules.too_few_stands import minimum_stands

    out = []
    classes = Section("Classes", ["Class", "Troop", "Stands", "Per stand", "Each", "Expendable", "Total", "Move"])
    for c in army.classes:
        name = c.name + (" (general)" if c.general else "")
        each = fmt_points(c.each) + (" (min)" if c.floored else "")
        extras = ", ".join(f"{label} {fmt_points(p)}" for label, p in c.extras)
        classes.rows.append(
            [
                name,
                c.troop["name"] if c.troop else c.troop_written,
                c.stands,
                _parts(c),
                each,
                extras,
                c.total,
                model.movement(c),
            ]
        )
    classes.notes += _notes(army, army.classes)
    out.append(classes)
    if army.heroes:
        heroes = Section("Heroes", ["Hero", "Cost", "Total"])
        for h in army.heroes:
            heroes.rows.append([h.name, _parts(h), h.total])
        heroes.notes += _notes(army, army.heroes)
        out.append(heroes)
    if army.army_lines:
        cards = Section("Army cards", ["Card", "Points"])
        for line in army.army_lines:
            cards.rows.append([line.label, line.points])
        out.append(cards)
    out.append(topography_section(army))
    out.append(ratings_section(army))
    table = model.table_notes(army) + model.victory_notes(army)
    hero_pts = sum((h.total for h in army.heroes), 0)
    totals = Section("Totals", ["", "Value", "Limit"])
    totals.rows.append([f"Points {INCOMPLETE}" if army.incomplete else "Points", army.total, army.limit])
    totals.rows.append(["Stands", army.stands(), f"at least {minimum_stands(army)}"])
    totals.rows.append(["Heroes", len(army.heroes), f"at most {army.cat.rule_value('max_heroes')}"])
    totals.rows.append(["Hero points", hero_pts, f"at most {army.cat.rule_value('max_hero_points')}"])
    totals.notes += [f"Not in the total: {line}" for line in model.left_out(army)]
    out.append(totals)
    if table:
        out.append(Section("At the table", ["Note"], [[n] for n in table]))
    return out


def signed(points: Any) -> str:
    """'+1', '+½', '0', '-3': a rating's cost as the player adds it."""
    return ("+" if points > 0 else "") + fmt_points(points)


def topography_section(army: model.Army) -> Section:
    """The home topography: a Dense one raises the price of Ambush, Prepared Defenses and Terrain
    Affinity (FT 24, FT 49, FT 58), so a roster that leaves it out does not show why they cost
    what they do."""
    priced = list(dict.fromkeys(f"{u.name} ({u.card['rule']})" for u in army.needs_topography if u.card))
    notes = []
    if army.topography is not None:
        name, dense = army.topography["name"], "yes" if army.dense else "no"
    elif army.topography_written is not None:
        name, dense = army.topography_written, "unknown topography"
    else:
        name, dense = "not given", "no"
        if any(u.topography_unknown for u in army.all_uses()):
            notes.append("The list gives no home topography: what a card costs with it is left out of the total.")
        else:
            notes.append("The list gives no home topography: its cards are priced as for one that is not Dense.")
    return Section(
        "Home topography", ["Topography", "Dense", "Prices"], [[name, dense, ", ".join(priced) or "-"]], notes
    )


def ratings_section(army: model.Army) -> Section:
    rows: list[list[Any]] = [
        [r.title, r.value if r.written else f"{r.value} (default)", signed(r.points)] for r in army.ratings
    ]
    entry = army.cat.army[f"{model.RATINGS[0]}_rating"]
    values = [c["rating"] for c in entry["costs"]]
    notes = [
        f"Every army has an invasion and a maneuver rating, {min(values)} to {max(values)}; "
        f"{entry['default']} (the default) is free. The costs come from a secondary source (a "
        "third-party builder's format data), unverified."
    ]
    return Section("Army ratings", ["Rating", "Value", "Points"], rows, notes)


def details(army: model.Army) -> dict[str, Any]:
    from .rules.too_few_stands import minimum_stands

    def unit_cards(u: model.Unit) -> list[dict[str, Any]]:
        return [{"card": label, "points": number(p)} for label, p in u.parts[1:]]

    left_out = model.left_out(army)  # a card the total leaves out, the rules giving it no price as written
    return {
        **({"left_out": left_out} if left_out else {}),
        "topography": army.topography["name"] if army.topography else army.topography_written,
        "dense": army.dense,
        "classes": [
            {
                "name": c.name,
                "troop": c.troop["name"] if c.troop else c.troop_written,
                "stands": c.stands,
                "general": c.general,
                "base": number(c.parts[0][1]),
                "cards": unit_cards(c),
                "per_stand_raw": number(c.raw),
                "per_stand": number(c.each),
                "floored": c.floored,
                "expendable": [{"card": label, "points": number(p)} for label, p in c.extras],
                "total": number(c.total),
                "move": model.movement(c),
            }
            for c in army.classes
        ],
        "heroes": [
            {"name": h.name, "base": number(h.parts[0][1]), "cards": unit_cards(h), "total": number(h.total)}
            for h in army.heroes
        ],
        "army_cards": [
            {"card": line.card, "label": line.label, "points": number(line.points)} for line in army.army_lines
        ],
        "ratings": {
            r.kind: {"rating": r.value, "default": not r.written, "points": number(r.points), "rule": r.rule}
            for r in army.ratings
        },
        "total": number(army.total),
        "limit": number(army.limit),
        "stands": army.stands(),
        "minimum_stands": minimum_stands(army),
        "hero_points": number(sum((h.total for h in army.heroes), 0)),
        "victory": {
            "value": number(army.victory_value()),
            "break_loss": number(army.break_loss()),
            "break_fraction": army.cat.army["victory_value"]["break_fraction"],
            "rule": army.cat.rule_ref("victory_value"),
        },
        "at_the_table": model.table_notes(army) + model.victory_notes(army),
    }
