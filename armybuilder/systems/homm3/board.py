"""The HoMM3 Battlefield army as the browser builder draws it (:mod:`armybuilder.compose.board`).

Settings: the mode, the game length (Skirmish and Adventure), the opponent (the board in a
regular game), the faction, the hero and the hero's level. Rows: the hero, the Specialty,
Ability, Artifact and Spell cards (each card a chip that can be removed) and one row per unit
(its side, the alternate card where the unit has one, remove). The catalog: the faction's units
on either side, the hero's Specialty cards, the Ability cards the data names, Artifact and Spell
cards (a typed name for a card the data does not know) and the neutral units.

What cannot be added is shown with why, by the conditions the rules check (seed 004 as
``data/homm3-battlefield/rules.yaml``): the Skirmish length's tiers (HMB017), side (HMB018),
Specialty cards (HMB006) and card counts (HMB007, HMB010, HMB011); a unit or card already in the
list (HMB013, HMB016); Diplomacy and Logistics removed from the Ability Deck (HMB008); the hero's
own Ability card in Skirmish (HMB021); neutral units outside the board (HMB015); the board's unit
limit (HMB019). Nothing is checked again here: the board reads the list's data and the cached
unit, hero and rule data. The builder adds every card and unit to the army itself, so no row takes
the catalog's focus.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from armybuilder.compose.board import (
    BUTTON,
    CHOICE,
    TEXT,
    TOGGLE,
    Board,
    Chip,
    Control,
    Entry,
    Group,
    Option,
    Row,
    Section,
    edit,
    signed,
    typed,
)
from armybuilder.findings import Result
from armybuilder.suggest import fold
from armybuilder.text import plural

from .compose import LENGTHS, MODES, OPPONENTS, ROMAN, SIDES
from .model import CARD_KINDS, KIND_WORDS, Catalog, UnitUse, catalog, join, resolve_hero, resolve_unit

# The compose part that adds or removes each kind of card, and how a player names the kind.
CARD_PART = {"abilities": "ability", "artifacts": "artifact", "spells": "spell"}
MODE_LABELS = {"skirmish": "Skirmish", "adventure": "Adventure", "board": "Board in a regular game"}
OPPONENT_LABELS = {"player": "A player", "neutral": "Neutral units"}
FIGHTS = {"player": "against a player", "neutral": "against neutral units"}


@dataclass
class _Army:
    """What the board needs of a list, read from its data even when the list is not complete
    (a new list has no mode, faction or hero yet, and is not built into a model)."""

    cat: Catalog
    data: dict[str, Any]
    mode: str | None = None
    mode_rules: dict[str, Any] | None = None
    length: str | None = None
    skirmish: dict[str, Any] | None = None
    opponent: str | None = None
    faction: dict[str, Any] | None = None
    hero: dict[str, Any] | None = None
    hero_written: str | None = None
    hero_factions: list[str] = field(default_factory=list)  # a hero of that name in other factions ("Tarnum")
    level: str | None = None
    units: list[UnitUse] = field(default_factory=list)
    unit_count: int = 0
    specialties: list[tuple[int, str]] = field(default_factory=list)  # (index, level as written)
    cards: dict[str, list[tuple[int, str]]] = field(default_factory=dict)  # kind -> [(index, as written)]

    @property
    def length_title(self) -> str:
        return f"{(self.length or '').capitalize()} {self.mode}"

    @property
    def unit_limit(self) -> int | None:
        limit = (self.mode_rules or {}).get("unit_limit")
        if isinstance(limit, dict):
            return limit.get(self.opponent) if self.opponent else None
        return limit if isinstance(limit, int) else None

    @property
    def faction_name(self) -> str:
        return self.faction["name"] if self.faction else ""


def _read(data: dict[str, Any]) -> _Army:
    cat = catalog()
    army = _Army(cat=cat, data=data)
    mode = data.get("mode")
    if mode in MODES:
        army.mode, army.mode_rules = mode, cat.rules["modes"][mode]
    length = data.get("length")
    if length in LENGTHS and army.mode_rules is not None and army.mode_rules["lengths"]:
        army.length = length
        if army.mode == "skirmish":
            army.skirmish = cat.rules["skirmish"]["lengths"][length]
    if data.get("opponent") in OPPONENTS:
        army.opponent = data["opponent"]
    faction = data.get("faction")
    if isinstance(faction, str):
        army.faction = cat.factions.get(faction)
    hero = data.get("hero")
    if isinstance(hero, dict) and isinstance(hero.get("name"), str):
        army.hero_written = hero["name"]
        army.hero, others = resolve_hero(cat, hero["name"], army.faction)
        army.hero_factions = sorted(h["faction"] for h in others)
        if hero.get("level") in ROMAN:
            army.level = hero["level"]
    units = data.get("units")
    if isinstance(units, list):
        army.unit_count = len(units)
        army.units = [
            resolve_unit(cat, i, u, army.faction)
            for i, u in enumerate(units)
            if isinstance(u, dict) and isinstance(u.get("name"), str)
        ]
    specialties = data.get("specialties")
    if isinstance(specialties, list):
        army.specialties = [(i, s) for i, s in enumerate(specialties) if isinstance(s, str)]
    for kind in CARD_KINDS:
        seq = data.get(kind)
        army.cards[kind] = [(i, c) for i, c in enumerate(seq) if isinstance(c, str)] if isinstance(seq, list) else []
    return army


# ---------------------------------------------------------------------------
# Words


def _money(cost: dict[str, Any] | None) -> str:
    """A recruit cost as the cost report prints it: ``20 gold + 1 valuable``."""
    if not cost:
        return ""
    gold, valuables = int(cost.get("gold", 0)), int(cost.get("valuables", 0))
    return f"{gold} gold" + (f" + {plural(valuables, 'valuable')}" if valuables else "")


def _money_change(old: dict[str, Any] | None, new: dict[str, Any] | None) -> str:
    """What a change of card does to the recruit cost: ``+8 gold, +1 valuable``."""
    if old is None or new is None:
        return ""
    parts = []
    for key, unit in (("gold", "gold"), ("valuables", "valuable")):
        change = int(new.get(key, 0)) - int(old.get(key, 0))
        if change:
            parts.append(signed(change, unit, "gold" if key == "gold" else "valuables"))
    return ", ".join(parts) or "no change in gold"


def _cost(card: dict[str, Any] | None) -> dict[str, Any] | None:
    return card.get("cost") if card else None


def _card_summary(card: dict[str, Any]) -> str:
    return (
        f"{card.get('type') or 'type unverified'}, attack {card['attack']}, defense {card['defense']}, "
        f"hp {card['hp']}, initiative {card['initiative']}"
    )


def _side_card(unit: dict[str, Any], side: str, alternate: bool = False) -> dict[str, Any] | None:
    cards = unit.get("alternate") if alternate else unit
    if not isinstance(cards, dict) or not isinstance(side, str):  # a side the schema refused: no card
        return None
    card = cards.get(side.lower())
    return card if isinstance(card, dict) else None


def _base_name(hero: dict[str, Any]) -> str:
    name: str = hero["name"]
    return name[: name.index(" (")] if " (" in name else name


# ---------------------------------------------------------------------------
# Settings


def _choice(label: str, face: str, key: str, current: str | None, options: list[Option]) -> Control:
    return Control(CHOICE, label, face, value=current or "", options=tuple(options), key=key)


def _settings(army: _Army) -> list[Control]:
    cat, rules = army.cat, army.cat.rules
    out: list[Control] = []
    out.append(
        _choice(
            "Game mode",
            "Mode",
            "mode",
            army.mode,
            [Option(m, MODE_LABELS[m], None if m == army.mode else edit("set", "mode", m)) for m in MODES],
        )
    )

    timed = army.mode_rules is not None and bool(army.mode_rules["lengths"])
    written_length = army.data.get("length")
    if timed or army.mode is None:
        options = []
        for length in LENGTHS:
            if army.mode == "skirmish":
                s = rules["skirmish"]["lengths"][length]
                said = f"hero Level {s['hero_level']}, units on their {s['side']} side"
            elif army.mode == "adventure":
                said = f"{rules['adventure']['lengths'][length]['rounds']} Adventure Phase Rounds"
            else:
                said = ""
            current = length == written_length
            options.append(
                Option(length, length.capitalize(), None if current else edit("set", "length", length), said)
            )
        out.append(_choice("Game length", "Length", "length", written_length, options))
    elif "length" in army.data:
        out.append(
            Control(
                BUTTON,
                "Remove the game length",
                "Remove length",
                edit("remove", "length"),
                cost=f"a {MODE_LABELS['board'].lower()} has no length",
                key="length",
            )
        )

    if army.mode == "board":
        limits = rules["modes"]["board"]["unit_limit"]
        out.append(
            _choice(
                "Opponent",
                "Opponent",
                "opponent",
                army.data.get("opponent"),
                [
                    Option(
                        o,
                        OPPONENT_LABELS[o],
                        None if o == army.data.get("opponent") else edit("set", "opponent", o),
                        f"up to {plural(limits[o], 'unit')}",
                    )
                    for o in OPPONENTS
                ],
            )
        )
    elif "opponent" in army.data:
        out.append(
            Control(
                BUTTON,
                "Remove the opponent",
                "Remove opponent",
                edit("remove", "opponent"),
                cost="Adventure and Skirmish are always one player against another",
                key="opponent",
            )
        )

    core = rules["core_game"]
    written_faction = army.data.get("faction")
    faction_options = []
    for name, fac in cat.factions.items():
        current = army.faction is not None and army.faction["name"] == name
        boxed = fac["box"] != core["box"]
        faction_options.append(
            Option(
                name,
                f"{name} ({fac['box']})" if boxed else name,
                None if current else edit("set", "faction", name),
                "expansion content: a warning in Adventure and Skirmish"
                if boxed and army.mode in core["modes"]
                else "",
            )
        )
    if isinstance(written_faction, str) and army.faction is None:
        faction_options.insert(0, Option(written_faction, f"{written_faction} (not a faction)"))
    out.append(
        _choice("Faction", "Faction", "faction", army.faction_name or str(written_faction or ""), faction_options)
    )

    out.append(_hero_setting(army))
    want = army.skirmish["hero_level"] if army.skirmish else None
    # A skirmish's length sets the level (its button says so): a choice only to put a wrong one right.
    if army.hero_written is not None and not (want is not None and army.level == want):
        level_options = []
        for lvl in ROMAN:
            why = ""
            if want is not None and lvl != want and lvl != army.level:
                why = f"a {army.length_title} plays the hero at Level {want}"
            level_options.append(
                Option(
                    lvl, f"Level {lvl}", None if lvl == army.level or why else edit("set", "level", lvl), why_not=why
                )
            )
        out.append(_choice("Hero level", "Level", "level", army.level, level_options))
    return out


def _hero_setting(army: _Army) -> Control:
    cat = army.cat
    core_box = cat.rules["core_game"]["box"]
    heroes = list(cat.heroes.values())
    if army.faction is not None:
        heroes = [h for h in heroes if h["faction"] == army.faction["name"]]
    options = []
    current_value = ""
    for h in heroes:
        # A faction's heroes are written by their plain names ("Tarnum" finds "Tarnum (Castle)")
        value = _base_name(h) if army.faction is not None else h["name"]
        current = army.hero is not None and army.hero["name"] == h["name"]
        if current:
            current_value = value
        where = f"{h['class']}, {h['might_or_magic']}" + (f", {h['box']}" if h["box"] != core_box else "")
        label = f"{value} ({where})" if army.faction is not None else f"{_base_name(h)} ({h['faction']} {h['class']})"
        options.append(
            Option(
                value,
                label,
                None if current else edit("set", "hero", value),
                f"starts with {h['ability']}; Specialty {h['specialty']}",
            )
        )
    if army.hero_written is not None and not current_value:
        current_value = army.hero_written
        whose = _whose(army)
        options.insert(0, Option(army.hero_written, f"{army.hero_written} ({whose})"))
    return _choice("Hero", "Hero", "hero", current_value, options)


# ---------------------------------------------------------------------------
# Rows


def _whose(army: _Army) -> str:
    """Whose hero the list's hero is, when it is not one of the faction's."""
    if army.hero is not None:
        return f"a {army.hero['faction']} hero"
    if army.hero_factions:
        return f"a hero of {join(army.hero_factions)}"
    return "not a hero of the data"


def _hero_row(army: _Army) -> Row:
    hero = army.hero
    if hero is None:
        title = army.hero_written or "No hero yet"
        subtitle = "choose the hero in the settings" if army.hero_written is None else _whose(army)
        return Row("hero", title, ("hero",), subtitle)
    level = f"Level {army.level}" if army.level else "no level yet"
    st = hero["stats"]
    return Row(
        "hero",
        hero["name"],
        ("hero",),
        f"{hero['faction']} {hero['class']} · {hero['might_or_magic']} · {level} · attack {st['attack']}, "
        f"defense {st['defense']}, power {st['power']}, knowledge {st['knowledge']} · starts with the "
        f"{hero['ability']} Ability card · Specialty {hero['specialty']}",
        explain=("heroes", hero["name"]),
    )


def _numbered(names: list[str]) -> set[str]:
    """The folded names that more than one entry has (those entries say their place)."""
    seen: dict[str, int] = {}
    for n in names:
        seen[fold(n)] = seen.get(fold(n), 0) + 1
    return {n for n, count in seen.items() if count > 1}


def _specialty_row(army: _Army) -> Row:
    specialty = army.hero["specialty"] if army.hero else None
    twice = _numbered([lvl for _, lvl in army.specialties])
    chips = []
    for i, lvl in army.specialties:
        name = f"{specialty} {lvl}" if specialty else f"Level {lvl}"
        place = f" (card {i + 1})" if fold(lvl) in twice else ""
        mine = army.hero is None or lvl in army.hero["specialty_levels"]
        chips.append(
            Chip(
                f"specialty-{i}",
                name,
                note="" if mine else f"not one of {_hero_of(army)}'s Specialty cards",
                path=("specialties", i),
                controls=(
                    Control(
                        BUTTON,
                        f"Remove Specialty card {lvl}{place}",
                        "×",
                        edit("remove", "specialty", lvl, entry=i + 1),
                        cost="−1 card",
                        key="remove",
                    ),
                ),
            )
        )
    want = _skirmish_specialties(army)
    cost = plural(len(chips), "card")
    if want is not None:
        cost += f" (a {army.length_title} uses {join(want) or 'none'})"
    return Row("specialties", "Specialty cards", ("specialties",), specialty or "", cost, chips=tuple(chips))


def _skirmish_specialties(army: _Army) -> list[str] | None:
    """The Specialty card levels the Skirmish length uses (HMB006), None outside Skirmish."""
    s = army.skirmish
    if s is None:
        return None
    if s["specialties"] == "all":
        return list(army.hero["specialty_levels"]) if army.hero else None
    return list(s["specialties"])


def _own_ability(army: _Army) -> str | None:
    return fold(army.hero["ability"]) if army.hero else None


def _hero_of(army: _Army) -> str:
    return str(army.hero["name"]) if army.hero else "the hero"


def _removed(army: _Army, kind: str) -> set[str]:
    """The cards of the kind setup removes from the deck in the list's mode (folded): Diplomacy and
    Logistics in Adventure and Skirmish (HMB008); none for another kind or mode."""
    removed = army.cat.rules["setup"]["removed_abilities"]
    if kind != "abilities" or army.mode not in removed["modes"]:
        return set()
    return {fold(c) for c in removed["cards"]}


def _kept(army: _Army, kind: str) -> int:
    """How many cards of the kind the list has; in Skirmish, those that count against the length
    (the hero's own Ability card is not one of the cards drawn, and a card setup removes cannot be
    drawn: HMB007)."""
    if army.skirmish is None:
        return len(army.cards[kind])
    own = _own_ability(army) if kind == "abilities" else None
    removed = _removed(army, kind)
    return sum(1 for _, c in army.cards[kind] if fold(c) != own and fold(c) not in removed)


def _count_rule(army: _Army, kind: str) -> str:
    """'3 of 3 kept', '2 (2 to 4)': the card count against the Skirmish length, or plain."""
    s = army.skirmish
    have = _kept(army, kind)
    if s is None:
        return plural(have, "card")
    if kind == "spells":
        return f"{plural(have, 'card')} (a {army.length_title} draws {s['spells']['min']} to {s['spells']['max']})"
    return f"{have} of {s[kind]['keep']} kept (a {army.length_title} draws {s[kind]['draw']})"


def _card_row(army: _Army, kind: str) -> Row:
    one = KIND_WORDS[kind][0]
    index = army.cat.cards[kind]
    twice = _numbered([c for _, c in army.cards[kind]])
    own = _own_ability(army) if kind == "abilities" else None
    chips = []
    for i, written in army.cards[kind]:
        known = index.canonical(written)
        place = f" (card {i + 1})" if fold(written) in twice else ""
        note = "" if known else "not in the card data: accepted as written"
        if own is not None and fold(written) == own:
            note = "the hero's own card"
        elif fold(written) in _removed(army, kind):
            note = "removed from the Ability Deck (setup step 3): it cannot be drawn"
        chips.append(
            Chip(
                f"{kind}-{i}",
                known or written,
                note=note,
                path=(kind, i),
                controls=(
                    Control(
                        BUTTON,
                        f"Remove the {written} {one} card{place}",
                        "×",
                        edit("remove", CARD_PART[kind], written, entry=i + 1),
                        cost="−1 card",
                        key="remove",
                    ),
                ),
                explain=(kind, known) if known and kind in ("abilities", "spells") else None,
            )
        )
    return Row(
        kind,
        f"{one} cards",
        (kind,),
        "",
        _count_rule(army, kind),
        chips=tuple(chips),
    )


def _not_of_faction(army: _Army, use: UnitUse) -> str:
    """What a unit the faction does not have is (HMB014 says it in full)."""
    owners = army.cat.unit_factions.get(fold(use.written), [])
    mine = f"not a {army.faction['name']} unit" if army.faction else "not a unit of the faction"
    return f"a {join(owners)} unit, {mine}" if owners else mine


def _unit_row(army: _Army, use: UnitUse, numbered: set[str]) -> Row:
    n = use.index + 1
    place = f" (unit {n})" if fold(use.name) in numbered else ""
    who = f"{use.name}{place}"
    s = army.skirmish
    controls: list[Control] = []
    card = use.card
    unit = use.unit
    if use.neutral:
        subtitle = f"neutral unit · {unit['tier']}" if unit else "neutral unit (not in the unit data)"
        if use.side is not None:
            controls.append(
                Control(
                    BUTTON,
                    f"Leave out the side of {who}",
                    "No side",
                    edit("set", "unit", use.written, entry=n, neutral=True),
                    cost="a neutral unit has one card, with no side",
                    key="side",
                )
            )
    else:
        tier = unit["tier"] if unit else _not_of_faction(army, use)
        subtitle = f"{tier} · {use.side} side" if use.side else f"{tier} · no side"
        if use.alternate:
            subtitle += " · alternate card"
        options = []
        for side in SIDES:
            why = ""
            if s is not None and side != s["side"] and side != use.side:
                why = f"a {army.length_title} uses every unit on its {s['side']} side"
            new = _side_card(unit, side, use.alternate) if unit else None
            options.append(
                Option(
                    side,
                    side,
                    None if side == use.side or why else edit("set", "unit", use.written, entry=n, side=side),
                    _money_change(_cost(card), _cost(new)) if side != use.side else "",
                    why,
                )
            )
        controls.append(
            Control(CHOICE, f"Side of {who}", "Side", value=use.side or "", options=tuple(options), key="side")
        )
        if use.alternate or (unit is not None and "alternate" in unit):
            other = _side_card(unit, use.side or "Pack", not use.alternate) if unit else None
            controls.append(
                Control(
                    TOGGLE,
                    f"{who} on the alternate card",
                    "Alternate card",
                    edit("set", "unit", use.written, entry=n, alternate=not use.alternate),
                    cost=_money_change(_cost(card), _cost(other)),
                    pressed=use.alternate,
                    key="alternate",
                )
            )
    refund = _money_change(card["cost"], {}) if card else ""
    removal = "−1 unit" + (f", {refund}" if refund and "no change" not in refund else "")
    controls.append(
        Control(
            BUTTON, f"Remove {who}", "Remove", edit("remove", "unit", use.written, entry=n), cost=removal, key="remove"
        )
    )
    if card:
        subtitle += f" · {_card_summary(card)}"
    kind = "neutral" if use.neutral else "units"
    return Row(
        f"units-{use.index}",
        use.label + place,
        use.path,
        subtitle,
        _money(card["cost"]) if card else "",
        tuple(controls),
        explain=(kind, use.name) if unit else None,
    )


# ---------------------------------------------------------------------------
# Catalog


def _listed_units(army: _Army) -> set[tuple[bool, str]]:
    return {u.key for u in army.units if u.unit is not None}


def _limit_reached(army: _Army) -> str:
    limit = army.unit_limit
    if limit is not None and army.unit_count >= limit:
        fight = FIGHTS.get(army.opponent or "", "")
        return f"the board {fight} places up to {plural(limit, 'unit')}: the list has {army.unit_count}"
    return ""


def _unit_entry(army: _Army, unit: dict[str, Any], side: str, alternate: bool, listed: set[tuple[bool, str]]) -> Entry:
    s = army.skirmish
    card = _side_card(unit, side, alternate)
    assert card is not None
    why = ""
    if (False, fold(unit["name"])) in listed:
        why = f"{unit['name']} is already in the army: each unit once"
        if "alternate" in unit:
            why += " (its regular and alternate cards are one unit)"
    elif s is not None and unit["tier"] not in s["tiers"]:
        why = f"a {unit['tier']} unit: a {army.length_title} uses only {join(s['tiers'])} units"
    elif s is not None and side != s["side"]:
        why = f"a {army.length_title} uses every unit on its {s['side']} side"
    else:
        why = _limit_reached(army)
    which = f"{side} side" + (", alternate card" if alternate else "")
    cost = f"+1 unit, {_money(card['cost'])}"
    add = Control(
        BUTTON,
        f"Add {unit['name']}, {which}",
        "Add",
        None if why else edit("add", "unit", unit["name"], side=side, alternate=True if alternate else None),
        cost=cost,
        why_not=why,
        key=f"add-{unit['name']}-{side}" + ("-alternate" if alternate else ""),
    )
    return Entry(
        f"{unit['name']} ({which})",
        add,
        f"{unit['tier']} · {_card_summary(card)}",
        cost,
        ("units", unit["name"]),
    )


def _units_group(army: _Army) -> Group:
    if army.faction is None:
        return Group("units", "Units", note="Choose a faction to add its units")
    listed = _listed_units(army)
    entries = []
    for unit in army.faction["units"].values():
        for side in SIDES:
            entries.append(_unit_entry(army, unit, side, False, listed))
        if "alternate" in unit:
            for side in SIDES:
                entries.append(_unit_entry(army, unit, side, True, listed))
    s = army.skirmish
    note = ""
    if s is not None:
        note = f"A {army.length_title} uses all {join(s['tiers'])} units, on their {s['side']} side"
        missing = [
            u["name"]
            for u in army.faction["units"].values()
            if u["tier"] in s["tiers"] and (False, fold(u["name"])) not in listed
        ]
        if len(missing) > 1:  # one click for all of them
            why = _limit_reached(army)
            add = Control(
                BUTTON,
                f"Add every unit a {army.length_title} needs: {join(missing)}, {s['side']} side",
                "Add all",
                None if why else edit("add", "skirmish-units"),
                cost=f"+{len(missing)} units",
                why_not=why,
                key="add-skirmish-units",
            )
            entries.insert(
                0, Entry(f"Every unit this {army.length_title} needs", add, join(missing), f"+{len(missing)} units")
            )
    elif army.unit_limit is not None:
        fight = FIGHTS.get(army.opponent or "", "")
        note = f"Up to {plural(army.unit_limit, 'unit')} {fight}: the list has {army.unit_count}"
    elif army.mode_rules is not None and army.mode_rules["unit_limit"] is None:
        note = "Every unit on either side; no unit limit in Adventure and Skirmish"
    return Group("units", f"{army.faction['name']} units", tuple(entries), note)


def _neutral_group(army: _Army) -> Group:
    rules = army.mode_rules
    listed = _listed_units(army)
    refused = ""
    note = "Neutral units: one card each, no side"
    if rules is not None and not rules["neutral_units"]:
        mode = {"skirmish": "a Skirmish", "adventure": "an Adventure"}.get(army.mode or "", "this")
        refused = f"{mode} army holds only its faction's units"
        if army.faction is not None:
            refused = f"{mode} army holds only the {army.faction['name']} units"
        note = "Adventure and Skirmish armies hold only their faction's units"
    elif rules is not None and rules.get("neutral_units_unverified"):
        note = "The rules give no army rule for regular games: neutral units are not refused (unverified)"
    entries = []
    for name, unit in army.cat.neutral.items():
        card = unit["card"]
        why = refused
        if not why and (True, fold(name)) in listed:
            why = f"the neutral {name} are already in the army: each unit once"
        if not why:
            why = _limit_reached(army)
        cost = f"+1 unit, {_money(card['cost'])}"
        add = Control(
            BUTTON,
            f"Add the neutral {name}",
            "Add",
            None if why else edit("add", "unit", name, neutral=True),
            cost=cost,
            why_not=why,
            key=f"add-neutral-{name}",
        )
        entries.append(
            Entry(f"{name} (neutral)", add, f"{unit['tier']} · {_card_summary(card)}", cost, ("neutral", name))
        )
    return Group("neutral", "Neutral units", tuple(entries), note)


def _specialty_group(army: _Army) -> Group:
    hero = army.hero
    if hero is None:
        return Group("specialties", "Specialty cards", note="Choose a hero to add the hero's Specialty cards")
    listed = {fold(lvl) for _, lvl in army.specialties}
    want = _skirmish_specialties(army)
    specialty = hero["specialty"]
    entries = []
    for lvl in hero["specialty_levels"]:
        why = ""
        if fold(lvl) in listed:
            why = f"Specialty card {lvl} is already in the list: the hero has one card of each level"
        elif want is not None and lvl not in want:
            what = f"the Level {want[0]} Specialty card only" if len(want) == 1 else f"the Specialty cards {join(want)}"
            level = army.skirmish["hero_level"] if army.skirmish else ""
            why = f"a {army.length_title} (hero Level {level}) uses {what}"
        add = Control(
            BUTTON,
            f"Add Specialty card {lvl} ({specialty})",
            "Add",
            None if why else edit("add", "specialty", lvl),
            cost="+1 card",
            why_not=why,
            key=f"add-specialty-{lvl}",
        )
        entries.append(Entry(f"{specialty} {lvl}", add, f"{hero['name']}'s Level {lvl} Specialty card", "+1 card"))
    missing = [lvl for lvl in (want or []) if fold(lvl) not in listed]
    if len(missing) > 1:
        add = Control(
            BUTTON,
            f"Add Specialty cards {join(missing)} ({specialty})",
            "Add all",
            edit("add", "specialty", *missing),
            cost=f"+{len(missing)} cards",
            key="add-specialties",
        )
        entries.insert(
            0,
            Entry(
                f"The {army.length_title}'s Specialty cards",
                add,
                f"{specialty} {join(missing)}",
                f"+{len(missing)} cards",
            ),
        )
    note = f"{hero['name']}'s Specialty: {specialty}"
    if want is not None:
        note += f"; a {army.length_title} uses {join(want)}"
    return Group("specialties", "Specialty cards", tuple(entries), note)


def _full(army: _Army, kind: str) -> str:
    """Why no more cards of the kind can be added: the Skirmish length keeps no more (HMB007,
    HMB010) or draws no more Spells (HMB011). Empty when more can be."""
    s = army.skirmish
    if s is None:
        return ""
    one = KIND_WORDS[kind][0]
    have = _kept(army, kind)
    if kind == "spells":
        top = s["spells"]["max"]
        if have >= top:
            return f"a {army.length_title} draws {s['spells']['min']} to {top} Spell cards: the list has {have}"
        return ""
    keep = s[kind]["keep"]
    if have >= keep:
        return f"a {army.length_title} keeps {plural(keep, one + ' card')}: the list has {have}"
    return ""


def _card_group(army: _Army, kind: str) -> Group:
    one = KIND_WORDS[kind][0]
    part = CARD_PART[kind]
    listed = {fold(c) for _, c in army.cards[kind]}
    full = _full(army, kind)
    removed = army.cat.rules["setup"]["removed_abilities"]
    removes = kind == "abilities" and army.mode in removed["modes"]
    banned = {fold(c) for c in removed["cards"]}
    own = _own_ability(army) if kind == "abilities" else None
    entries = []
    for name in army.cat.cards[kind]:
        summary = ""
        why = ""
        if fold(name) in listed:
            why = f"{name} is already in the list: each card once"
        elif removes and fold(name) in banned and fold(name) != own:  # the hero's own card is kept (HMB009)
            why = f"{name} is removed from the Ability Deck in Adventure and Skirmish (setup step 3)"
        elif own is not None and fold(name) == own and army.skirmish is not None:
            why = f"{name} is {_hero_of(army)}'s own Ability card, not one of the cards drawn"
        elif full and not (own is not None and fold(name) == own):
            why = full
        if own is not None and fold(name) == own:
            summary = f"{_hero_of(army)}'s own starting Ability card"
        elif kind == "abilities" and fold(name) in banned:
            summary = "removed from the Ability Deck in Adventure and Skirmish"
        add = Control(
            BUTTON,
            f"Add the {name} {one} card",
            "Add",
            None if why else edit("add", part, name),
            cost="+1 card",
            why_not=why,
            key=f"add-{kind}-{name}",
        )
        entries.append(Entry(name, add, summary, "+1 card", (kind, name) if kind in ("abilities", "spells") else None))
    # The typed name offers the names the data knows (each with its cost, or why not); a card the
    # data does not know is taken as typed, with a note (HMB012).
    known = tuple(Option(e.name, e.name, None, e.cost, e.add.why_not) for e in entries)
    typed_add = Control(
        TEXT,
        f"Add {'an' if one[0] in 'AEIOU' else 'a'} {one} card by name",
        "Add",
        None if full else typed("add", part),
        cost="+1 card",
        why_not=full,
        options=known,
        key=f"add-{kind}-typed",
    )
    article = "an" if one[0] in "AEIOU" else "a"
    if known:
        said = "any other card: type its name as printed (taken, with a note); the names above offered"
    else:
        said = f"no rule document names {article} {one} card: type its name as printed (taken, with a note)"
    entries.append(Entry(f"Another {one} card", typed_add, said, "+1 card"))
    s = army.skirmish
    note = ""
    if s is not None:
        if kind == "spells":
            note = f"A {army.length_title} draws {s['spells']['min']} to {s['spells']['max']} Spell cards"
        else:
            note = f"A {army.length_title} draws {s[kind]['draw']} {one} cards and keeps {s[kind]['keep']}"
            if kind == "abilities":
                note += " (the hero's own card aside)"
    elif removes:
        note = f"{join(removed['cards'])} are removed from the Ability Deck in Adventure and Skirmish"
    return Group(kind, f"{one} cards", tuple(entries), note)


# ---------------------------------------------------------------------------


def board(data: dict[str, Any], result: Result, focus: str | None) -> Board:
    """The army's board. ``focus`` is not used: every card and unit goes onto the army itself."""
    army = _read(data)
    numbered = _numbered([u.name for u in army.units])
    units = tuple(_unit_row(army, u, numbered) for u in army.units)
    limit = army.unit_limit
    title = "Units" + (f" ({army.unit_count} of up to {limit})" if limit is not None else f" ({army.unit_count})")
    sections = [
        Section("hero", "Hero", (_hero_row(army),)),
        Section(
            "cards",
            "Cards",
            (_specialty_row(army), *(_card_row(army, kind) for kind in CARD_KINDS)),
        ),
        Section("units", title, units, "No units yet: add them from the catalog"),
    ]
    catalog_groups = [
        _units_group(army),
        _specialty_group(army),
        *(_card_group(army, kind) for kind in CARD_KINDS),
        _neutral_group(army),
    ]
    return Board(settings=_settings(army), sections=sections, catalog=catalog_groups, focus=None)
