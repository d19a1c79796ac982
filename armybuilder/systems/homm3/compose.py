"""Heroes of Might and Magic III Battlefield: mode, faction, hero, cards and units.

Grammar (after ``armybuilder VERB FILE``)::

    set    mode skirmish|adventure|board | length short|medium|large | opponent player|neutral
    set    faction FACTION | name TEXT
    set    hero NAME [--level LEVEL] | level LEVEL
    set    unit NAME [--side Few|Pack] [--alternate | --no-alternate] [--neutral | --no-neutral]
    add    unit NAME [--side Few|Pack] [--alternate] [--neutral]
    add    ability NAME | artifact NAME | spell NAME
    add    specialty LEVEL...
    remove unit NAME | ability NAME | artifact NAME | spell NAME | specialty LEVEL...
    remove length | opponent | name

LEVEL is a Roman numeral (I to VII; 1 to 7 is read as one). A unit's side defaults to the one
the Skirmish length uses; a hero's level too. Ability, Artifact and Spell names are open (the
rule documents list only some): a known name matches without regard to case, a near miss is
refused with a suggestion, another name is written as typed (HMB012 notes it).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from armybuilder.compose import base
from armybuilder.compose.base import Doc, EditError, Opt, Part, Request, choice, find, known, put
from armybuilder.suggest import NameIndex, fold

from . import MANIFEST

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Callable, Iterable

    from armybuilder.compose.parts import NameSource
    from armybuilder.systems.homm3.model import Catalog

SYSTEM_ID = MANIFEST.id
CATALOG = f"armybuilder catalog {SYSTEM_ID}"
ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII")
MODES = ("skirmish", "adventure", "board")
LENGTHS = ("short", "medium", "large")
OPPONENTS = ("player", "neutral")
SIDES = ("Few", "Pack")
CARD_PARTS = {"ability": "abilities", "artifact": "artifacts", "spell": "spells"}


def _cat() -> Catalog:
    from armybuilder.systems.homm3.model import catalog

    return catalog()


def template(name: str, points: float | None = None) -> list[tuple[str, str]]:
    return [("system", SYSTEM_ID), ("name", name)]


def howto(file: str) -> list[str]:
    return [
        "A Heroes III Battlefield army. Build it from the command line, for example:",
        f"  armybuilder set {file} mode skirmish",
        f"  armybuilder set {file} length medium",
        f"  armybuilder set {file} faction Castle",
        f"  armybuilder set {file} hero Catherine --level V",
        f"  armybuilder add {file} specialty I IV",
        f"  armybuilder add {file} ability Archery",
        f"  armybuilder add {file} unit Halberdiers --side Pack",
        f"Look up units and heroes: {CATALOG} units, armybuilder explain {SYSTEM_ID} Griffins.",
        f"Check it: armybuilder validate {file}. Editing by hand works too (comments are kept).",
    ]


def _top(doc: Doc) -> list[str]:
    return base.schema_keys(doc.schema)


def level(text: str) -> str:
    t = str(text).strip().upper()
    if t.isascii() and t.isdigit() and len(t) <= 2 and 1 <= int(t) <= len(ROMAN):  # no long number parsed
        return ROMAN[int(t) - 1]
    if t in ROMAN:
        return t
    raise EditError(f"a level is a Roman numeral I to VII, not '{text}'")


def _faction(doc: Doc) -> dict[str, Any] | None:
    written = doc.data.get("faction")
    cat = _cat()
    if isinstance(written, str) and written in cat.factions:
        return cat.factions[written]
    return None


def _skirmish(doc: Doc) -> tuple[dict[str, Any] | None, str | None]:
    """The Skirmish length's rules and the length, when the file is a Skirmish with a known length."""
    if doc.data.get("mode") != "skirmish" or doc.data.get("length") not in LENGTHS:
        return None, None
    length = doc.data["length"]
    return _cat().rules["skirmish"]["lengths"][length], length


# ---------------------------------------------------------------------------
# Settings


def _setter(key: str, choices: tuple[str, ...], what: str) -> Callable[[Doc, Request], str]:
    def setter(doc: Doc, req: Request) -> str:
        value = choice(req.take(what), choices, key)
        put(doc.tree, key, value, _top(doc))
        return f"{key}: {value}"

    return setter


def set_name(doc: Doc, req: Request) -> str:
    value = req.take_name("the army's NAME")
    if len(value) > 200:
        raise EditError("name is limited to 200 characters")
    put(doc.tree, "name", value, _top(doc))
    return f"name: {value}"


def set_faction(doc: Doc, req: Request) -> str:
    written = req.take_name("a FACTION")
    faction = known(written, _cat().factions, "faction", f"see: {CATALOG} factions", req=req)
    put(doc.tree, "faction", faction, _top(doc))
    return f"faction: {faction}"


def _hero_name(doc: Doc, written: str, req: Request) -> str:
    cat = _cat()
    canonical = cat.heroes.canonical(written)
    if canonical is not None:
        return canonical
    candidates = cat.hero_bases.get(fold(written), [])
    if candidates:
        full: str = candidates[0]["name"]
        return full[: full.index(" (")] if " (" in full else full
    bases: dict[str, dict[str, Any]] = {}
    for h in cat.heroes.values():
        n = h["name"]
        bases[n[: n.index(" (")] if " (" in n else n] = h
    return known(written, NameIndex(bases), "hero", f"see: {CATALOG} heroes", req=req)


def set_hero(doc: Doc, req: Request) -> str:
    name = _hero_name(doc, req.take_name("a hero NAME"), req)
    current = doc.tree.get("hero")
    lvl, why = req.opt("level"), ""
    if lvl is not None:
        lvl = level(lvl)
    elif isinstance(current, dict) and current.get("level") is not None:
        lvl = str(current.get("level"))
    else:
        rules, length = _skirmish(doc)
        if rules is not None and length is not None:
            lvl, why = rules["hero_level"], f", as a {length.capitalize()} skirmish has it"
    put(doc.tree, "hero", base.new_map([("name", name), ("level", lvl)], flow=True), _top(doc))
    return f"hero: {name}" + (f", level {lvl}{why}" if lvl else "")


def set_level(doc: Doc, req: Request) -> str:
    hero = doc.tree.get("hero")
    if not isinstance(hero, dict):
        raise EditError(
            "the list has no hero yet: armybuilder set FILE hero NAME --level LEVEL", "the list has no hero yet"
        )
    lvl = level(req.take("a LEVEL (I to VII)"))
    put(hero, "level", lvl, base.schema_keys(doc.schema, "hero"))
    return f"hero {hero.get('name')}: level {lvl}"


def _remove_key(key: str) -> Callable[[Doc, Request], str]:
    def remover(doc: Doc, req: Request) -> str:
        if not base.drop(doc.tree, key):
            raise EditError(f"the list has no '{key}' to remove")
        return f"removed {key}"

    return remover


# ---------------------------------------------------------------------------
# Cards and specialties


def _card_adder(part: str) -> Callable[[Doc, Request], str]:
    kind = CARD_PARTS[part]

    def adder(doc: Doc, req: Request) -> str:
        written = req.take_name(f"the {part} NAME")
        name = known(written, _cat().cards[kind], part, req=req, open_set=True)
        base.append_to(doc.tree, kind, name, _top(doc), flow=True)
        note = "" if name in _cat().cards[kind] else " (not in the card data: accepted, noted as HMB012)"
        return f"added {part} {name}{note}"

    return adder


def _card_remover(part: str) -> Callable[[Doc, Request], str]:
    kind = CARD_PARTS[part]

    def remover(doc: Doc, req: Request) -> str:
        written = req.take_name(f"the {part} NAME")
        seq = doc.tree.get(kind)
        seq = seq if isinstance(seq, list) else []
        i = find(seq, written, part, key=lambda e: str(e))
        gone = seq[i]
        base.remove(seq, i, doc.tree, kind)
        return f"removed {part} {gone}"

    return remover


def add_specialty(doc: Doc, req: Request) -> str:
    levels = [level(a) for a in req.take_rest()] or [level(req.take("a Specialty card LEVEL"))]
    for lvl in levels:
        base.append_to(doc.tree, "specialties", lvl, _top(doc), flow=True)
    return f"added Specialty card{'s' if len(levels) > 1 else ''} {', '.join(levels)}"


def remove_specialty(doc: Doc, req: Request) -> str:
    levels = [level(a) for a in req.take_rest()] or [level(req.take("a Specialty card LEVEL"))]
    seq = doc.tree.get("specialties")
    seq = seq if isinstance(seq, list) else []
    for lvl in levels:
        base.remove(seq, find(seq, lvl, "Specialty card", key=lambda e: str(e)), doc.tree, "specialties")
    return f"removed Specialty card{'s' if len(levels) > 1 else ''} {', '.join(levels)}"


# ---------------------------------------------------------------------------
# Units


def _unit_name(doc: Doc, written: str, neutral: bool, req: Request) -> str:
    cat = _cat()
    if neutral:
        return known(written, cat.neutral, "neutral unit", f"see: {CATALOG} neutral", req=req)
    faction = _faction(doc)
    if faction is not None:
        units: NameIndex[dict[str, Any]] = faction["units"]
        canonical = units.canonical(written)
        if canonical is not None:
            return canonical
        neutral_too = written in cat.neutral
        owners = cat.unit_factions.get(fold(written), [])
        if (owners or neutral_too) and not req.as_written:
            whose = f"a unit of {', '.join(owners)}" if owners else "a neutral unit"
            also = "; it is also a neutral unit card (--neutral)" if owners and neutral_too else ""
            hint = " (--neutral)" if not owners else ""
            raise EditError(
                f"{written} is {whose}{hint}, not of {faction['name']}{also} "
                f"(see: {CATALOG} units --filter {faction['name']})",
                f"{written} is {whose}, not of {faction['name']}"
                + ("; it is also a neutral unit card" if owners and neutral_too else ""),
            )
        return known(
            written, units, f"{faction['name']} unit", f"see: {CATALOG} units --filter {faction['name']}", req=req
        )
    every = {u: u for fac in cat.factions.values() for u in fac["units"]}
    return known(written, NameIndex(every), "unit", f"see: {CATALOG} units", req=req)


def _side(doc: Doc, req: Request, neutral: bool, required: bool) -> tuple[str | None, str]:
    side = req.opt("side")
    if side is not None:
        if neutral:
            raise EditError(
                "a neutral unit has one card and no side; leave out --side", "a neutral unit has one card and no side"
            )
        return choice(side, SIDES, "side"), ""
    if neutral or not required:
        return None, ""
    rules, length = _skirmish(doc)
    if rules is not None and length is not None:
        return rules["side"], f" (the {length.capitalize()} skirmish side)"
    raise EditError("say the unit's side: --side Few or --side Pack", "say the unit's side: Few or Pack")


def add_unit(doc: Doc, req: Request) -> str:
    neutral = bool(req.opt("neutral"))
    written = req.take_name("a unit NAME")
    name = _unit_name(doc, written, neutral, req)
    side, why = _side(doc, req, neutral, required=True)
    alternate = True if req.opt("alternate") else None
    keys = base.schema_keys(doc.schema, "units", "[]")
    entry = base.new_map(
        {
            k: v
            for k, v in (
                ("name", name),
                ("side", side),
                ("alternate", alternate),
                ("neutral", True if neutral else None),
            )
            if k in keys
        },
        flow=True,
    )
    base.append_to(doc.tree, "units", entry, _top(doc))
    what = "neutral unit" if neutral else "unit"
    return f"added {what} {name}" + (f", {side} side{why}" if side else "") + (" (alternate card)" if alternate else "")


def add_skirmish_units(doc: Doc, req: Request) -> str:
    """Every unit of the faction that the Skirmish length needs (its tiers) and the army lacks, on
    the length's side (4. Skirmish Mode: a length uses all its tiers' units)."""
    rules, length = _skirmish(doc)
    if rules is None or length is None:
        raise EditError(
            "only a Skirmish with its length set needs a set of units: set mode skirmish and its length first",
            "only a Skirmish with its length set needs a set of units",
        )
    faction = _faction(doc)
    if faction is None:
        raise EditError("set the army's faction first", "choose the army's faction first")
    listed = {fold(str(u.get("name"))) for u in _units(doc) if isinstance(u, Mapping) and not u.get("neutral")}
    keys = base.schema_keys(doc.schema, "units", "[]")
    added = []
    for unit in faction["units"].values():
        if unit["tier"] not in rules["tiers"] or fold(unit["name"]) in listed:
            continue
        entry = base.new_map(
            {k: v for k, v in (("name", unit["name"]), ("side", rules["side"])) if k in keys}, flow=True
        )
        base.append_to(doc.tree, "units", entry, _top(doc))
        added.append(unit["name"])
    if not added:
        raise EditError(
            f"the army has every unit a {length.capitalize()} skirmish needs",
            f"the army has every unit a {length.capitalize()} skirmish needs",
        )
    return f"added units {', '.join(added)}, {rules['side']} side (the {length.capitalize()} skirmish's units)"


def _units(doc: Doc) -> list[Any]:
    seq = doc.tree.get("units")
    return seq if isinstance(seq, list) else []


def set_unit(doc: Doc, req: Request) -> str:
    written = req.take_name("the unit NAME")
    units = _units(doc)
    entry = units[find(units, written, "unit")]
    keys = base.schema_keys(doc.schema, "units", "[]")
    neutral = req.opt("neutral")
    if neutral is not None:
        base.set_in(entry, "neutral", True if neutral else None, keys)
        if neutral:
            base.drop(entry, "side")
    side, _ = _side(doc, req, bool(entry.get("neutral")), required=False)
    if side is not None:
        put(entry, "side", side, keys)
    alternate = req.opt("alternate")
    if alternate is not None:
        base.set_in(entry, "alternate", True if alternate else None, keys)
    if neutral is None and side is None and alternate is None:
        raise EditError(
            "say what to change: --side Few|Pack, --alternate/--no-alternate or --neutral/--no-neutral",
            "say what to change: the side (Few or Pack), the alternate card or the neutral card",
        )
    return f"unit {entry.get('name')}: " + ", ".join(f"{k} {base.plain(v)}" for k, v in entry.items() if k != "name")


def remove_unit(doc: Doc, req: Request) -> str:
    written = req.take_name("the unit NAME")
    units = _units(doc)
    i = find(units, written, "unit")
    gone = units[i].get("name")
    base.remove(units, i, doc.tree, "units")
    return f"removed unit {gone}"


# ---------------------------------------------------------------------------
# Completion
#
# Each source takes a list's plain data as it is, whatever its shape (the browser builder and
# completion show the choices of a list the schema refuses: `abilities: 5`, a list that is not a
# mapping): what is not where a list keeps it gives no names, never an error.


def _value(data: Any, key: str) -> Any:
    """``data[key]`` when the data is a mapping, else None."""
    return data.get(key) if isinstance(data, Mapping) else None


def faction_names(data: dict[str, Any] | None = None) -> list[str]:
    return list(_cat().factions)


def hero_names(data: dict[str, Any] | None = None) -> list[str]:
    cat = _cat()
    faction = _value(data, "faction")
    heroes: Iterable[dict[str, Any]] = cat.heroes.values()
    if isinstance(faction, str) and faction in cat.factions:
        heroes = [h for h in heroes if h["faction"] == cat.factions.canonical(faction)]
    return sorted({h["name"].split(" (")[0] for h in heroes})


def unit_names(data: dict[str, Any] | None = None) -> list[str]:
    cat = _cat()
    faction = _value(data, "faction")
    if isinstance(faction, str) and faction in cat.factions:
        return list(cat.factions[faction]["units"])
    return sorted({u for fac in cat.factions.values() for u in fac["units"]} | set(cat.neutral))


def listed_units(data: dict[str, Any] | None = None) -> list[str]:
    return base.names_in(_value(data, "units"))


def _cards(kind: str) -> NameSource:
    def names(data: dict[str, Any] | None = None) -> list[str]:
        return list(_cat().cards[kind])

    return names


def _listed(kind: str) -> NameSource:
    def names(data: dict[str, Any] | None = None) -> list[str]:
        listed = _value(data, kind)  # `abilities: 5` is no list of names (it answered 500 in serve)
        return [x for x in listed if isinstance(x, str)] if isinstance(listed, list) else []

    return names


def _fixed(words: tuple[str, ...]) -> NameSource:
    """The completion of a few fixed words (the modes, lengths, opponents, sides)."""

    def names(data: dict[str, Any] | None = None) -> list[str]:
        return list(words)

    return names


def levels(data: dict[str, Any] | None = None) -> list[str]:
    return list(ROMAN)


# The options, each declared once and given to every part that reads it.
SIDE = Opt("side", "a unit's side, Few or Pack", "text", "SIDE", names=_fixed(SIDES))
ALTERNATE = Opt("alternate", "the unit's alternate card", "switch")
NEUTRAL = Opt("neutral", "a neutral unit", "switch")
LEVEL = Opt("level", "the hero's level, I to VII", "text", "LEVEL", names=levels)
UNIT_OPTIONS = (SIDE, ALTERNATE, NEUTRAL)

PARTS = [
    Part("set", "name", "name TEXT", "the army's name", set_name),
    Part(
        "set",
        "mode",
        "mode skirmish|adventure|board",
        "the game mode",
        _setter("mode", MODES, "a MODE"),
        names=(_fixed(MODES),),
    ),
    Part(
        "set",
        "length",
        "length short|medium|large",
        "the game length (Skirmish and Adventure)",
        _setter("length", LENGTHS, "a LENGTH"),
        names=(_fixed(LENGTHS),),
    ),
    Part(
        "set",
        "opponent",
        "opponent player|neutral",
        "board games: a player or neutral units",
        _setter("opponent", OPPONENTS, "an OPPONENT"),
        names=(_fixed(OPPONENTS),),
    ),
    Part("set", "faction", "faction FACTION", "the army's faction", set_faction, names=(faction_names,)),
    Part(
        "set",
        "hero",
        "hero NAME [--level LEVEL]",
        "the hero (its level kept unless --level)",
        set_hero,
        names=(hero_names,),
        options=(LEVEL,),
    ),
    Part("set", "level", "level LEVEL", "the hero's level (I to VII)", set_level, names=(levels,)),
    Part(
        "set",
        "unit",
        "unit NAME [--side Few|Pack] [--alternate | --no-alternate] [--neutral | --no-neutral]",
        "a unit's side or card",
        set_unit,
        names=(listed_units,),
        options=UNIT_OPTIONS,
    ),
    Part(
        "add",
        "unit",
        "unit NAME [--side Few|Pack] [--alternate] [--neutral]",
        "a unit card (side by default from the Skirmish length)",
        add_unit,
        aliases=("units",),
        names=(unit_names,),
        options=UNIT_OPTIONS,
    ),
    Part(
        "add",
        "ability",
        "ability NAME",
        "an Ability card",
        _card_adder("ability"),
        aliases=("abilities",),
        names=(_cards("abilities"),),
    ),
    Part("add", "artifact", "artifact NAME", "an Artifact card", _card_adder("artifact"), aliases=("artifacts",)),
    Part(
        "add",
        "spell",
        "spell NAME",
        "a Spell card",
        _card_adder("spell"),
        aliases=("spells",),
        names=(_cards("spells"),),
    ),
    Part(
        "add",
        "specialty",
        "specialty LEVEL...",
        "Specialty cards by level",
        add_specialty,
        aliases=("specialties",),
        names=(levels,),
    ),
    Part(
        "add",
        "skirmish-units",
        "skirmish-units",
        "every unit the Skirmish length needs that the army lacks, on its side",
        add_skirmish_units,
    ),
    Part("remove", "unit", "unit NAME", "a unit", remove_unit, aliases=("units",), names=(listed_units,)),
    Part(
        "remove",
        "ability",
        "ability NAME",
        "an Ability card",
        _card_remover("ability"),
        aliases=("abilities",),
        names=(_listed("abilities"),),
    ),
    Part(
        "remove",
        "artifact",
        "artifact NAME",
        "an Artifact card",
        _card_remover("artifact"),
        aliases=("artifacts",),
        names=(_listed("artifacts"),),
    ),
    Part(
        "remove",
        "spell",
        "spell NAME",
        "a Spell card",
        _card_remover("spell"),
        aliases=("spells",),
        names=(_listed("spells"),),
    ),
    Part(
        "remove",
        "specialty",
        "specialty LEVEL...",
        "Specialty cards by level",
        remove_specialty,
        aliases=("specialties",),
        names=(_listed("specialties"),),
    ),
    Part("remove", "length", "length", "the game length", _remove_key("length")),
    Part("remove", "opponent", "opponent", "the board game's opponent", _remove_key("opponent")),
    Part("remove", "name", "name", "the army's name", _remove_key("name")),
]
