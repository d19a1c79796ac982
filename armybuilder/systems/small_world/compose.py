"""Small World of Warcraft: the active race, the race in decline, regions, bombs and conquests.

Grammar (after ``armybuilder VERB FILE``)::

    set    active RACE [--power POWER]          the active race (its regions are kept)
    set    decline RACE [--power POWER]         the race in decline
    set    power POWER [--decline]              a race's special power (a free name)
    set    in-hand N | bombs-spent N            the active race's tokens in hand, spent bombs
    set    enlisted N [--decline]               Forsaken: tokens enlisted this turn
    set    region NAME [--tokens N] [--magic | --no-magic] [--rename NEW] [--decline]
    set    conquest REGION [--defender RACE] [--defender-tokens N] [--defender-faction FACTION]
                           [--mountain | --no-mountain] [--defences N] [--tokens N] [--die | --no-die]
    set    name TEXT
    add    region NAME --tokens N [--magic] [--decline]
    add    bomb REGION [--opponent RACE]
    add    conquest REGION [--defender RACE --defender-tokens N] [--defender-faction FACTION]
                           [--mountain | --no-mountain] [--defences N] [--tokens N] [--die]
    remove region NAME [--decline] | bomb REGION | conquest REGION
    remove decline | power [--decline] | in-hand | bombs-spent | enlisted [--decline] | name

Regions belong to the active race unless ``--decline`` says the race in decline. Region names are
free (the map is not data); race names match the race data without regard to case and are written
as the data spells them, or exactly as typed with ``--as-written``. ``set conquest`` changes a
listed conquest in place: ``--defender-tokens 0`` makes it a conquest of an empty region (no
defender, no faction), ``--tokens 0`` leaves out the tokens committed, ``--defences 0`` drops the
defence markers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from armybuilder.compose import base
from armybuilder.compose.base import Doc, EditError, Opt, Part, Request, choice, find, known, number, put
from armybuilder.suggest import fold
from armybuilder.text import plural

from . import MANIFEST

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.suggest import NameIndex

    from .model import Race

# What a compose part does: change the file's tree, say what it did in one line.
Edit = Callable[[Doc, Request], str]

SYSTEM_ID = MANIFEST.id
CATALOG = f"armybuilder catalog {SYSTEM_ID}"
FACTIONS = ("Horde", "Alliance", "Neutral")


def _races() -> NameIndex[Race]:
    from armybuilder.systems.small_world.model import catalog

    return catalog().races


def template(name: str, points: Any = None) -> list[tuple[str, Any]]:
    return [("system", SYSTEM_ID), ("name", name)]


def howto(file: str) -> list[str]:
    return [
        "A Small World of Warcraft position at the end of a turn. Build it from the command line:",
        f"  armybuilder set {file} active Orcs",
        f"  armybuilder set {file} in-hand 3",
        f"  armybuilder add {file} region Durotar --tokens 3",
        f"  armybuilder set {file} decline Tauren",
        f"  armybuilder add {file} region Mulgore --tokens 2 --decline",
        f"  armybuilder add {file} conquest Crossroads --defender Humans --defender-tokens 1",
        f"Look up races: {CATALOG} races, armybuilder explain {SYSTEM_ID} Orcs.",
        f"Check it: armybuilder validate {file}. Editing by hand works too (comments are kept).",
    ]


def _top(doc: Doc) -> list[str]:
    return base.schema_keys(doc.schema)


def _race(req: Request, written: str) -> str:
    """The race as the data spells it; with ``--as-written``, as typed (a known race in the
    player's own letters, ``blood elves``, or a name the data does not know)."""
    if req.as_written:
        return " ".join(str(written).split())
    return known(written, _races(), "race", f"see: {CATALOG} races", req=req)


def _side_key(req: Request) -> str:
    return "decline" if req.opt("decline") else "active"


def _block(doc: Doc, key: str) -> dict[str, Any]:
    block = doc.tree.get(key)
    if isinstance(block, dict):
        return block
    if key == "active":
        raise EditError(
            "the list has no active race yet: armybuilder set FILE active RACE", "the list has no active race yet"
        )
    raise EditError(
        "the list has no race in decline: armybuilder set FILE decline RACE", "the list has no race in decline"
    )


DEFENDED = "say how many tokens defended the region"


def _keys(doc: Doc, key: str) -> list[str]:
    return base.schema_keys(doc.schema, key)


def _set_race(key: str) -> Edit:
    def setter(doc: Doc, req: Request) -> str:
        race = _race(req, req.take_name("a RACE"))
        power = req.opt("power")
        block = doc.tree.get(key)
        if not isinstance(block, dict):
            put(doc.tree, key, base.new_map({"race": race}), _top(doc))
            block = doc.tree[key]
        else:
            put(block, "race", race, _keys(doc, key))
        if power is not None:
            put(block, "power", " ".join(str(power).split()), _keys(doc, key))
        word = "active race" if key == "active" else "race in decline"
        return f"{word}: {race}" + (f" ({power})" if power else "")

    return setter


def set_power(doc: Doc, req: Request) -> str:
    key = _side_key(req)
    block = _block(doc, key)
    power = req.take_name("a POWER name")
    if len(power) > 60:
        raise EditError("a power name is limited to 60 characters")
    put(block, "power", power, _keys(doc, key))
    return f"{block.get('race')}: power {power} (a free name: special powers are not checked)"


def _set_count(field: str, what: str, maximum: int, side: str | None = "active") -> Edit:
    def setter(doc: Doc, req: Request) -> str:
        key = _side_key(req) if side is None else side
        block = _block(doc, key)
        n = req.take_int(what, 0, maximum)
        put(block, field, n, _keys(doc, key))
        return f"{block.get('race')}: {field.replace('_', ' ')} {n}"

    return setter


def _remove_field(field: str, side: str | None = "active") -> Edit:
    def remover(doc: Doc, req: Request) -> str:
        key = _side_key(req) if side is None else side
        block = _block(doc, key)
        if not base.drop(block, field):
            raise EditError(f"{block.get('race')} has no {field.replace('_', ' ')} to remove")
        return f"{block.get('race')}: removed {field.replace('_', ' ')}"

    return remover


def remove_decline(doc: Doc, req: Request) -> str:
    block = _block(doc, "decline")
    base.remove(doc.tree, "decline")
    return f"removed the race in decline ({block.get('race')})"


def set_name(doc: Doc, req: Request) -> str:
    value = req.take_name("the position's NAME")
    if len(value) > 200:
        raise EditError("name is limited to 200 characters")
    put(doc.tree, "name", value, _top(doc))
    return f"name: {value}"


def remove_name(doc: Doc, req: Request) -> str:
    if not base.drop(doc.tree, "name"):
        raise EditError("the list has no name to remove")
    return "removed name"


# ---------------------------------------------------------------------------
# Regions


def _region_name(req: Request) -> str:
    name = req.take_name("a region NAME")
    if len(name) > 80:
        raise EditError("a region name is limited to 80 characters")
    return name


def add_region(doc: Doc, req: Request) -> str:
    key = _side_key(req)
    block = _block(doc, key)
    name = _region_name(req)
    _refuse_held(doc, name)
    tokens = req.opt("tokens")
    if tokens is None:
        raise EditError("say how many tokens hold the region: --tokens N", "say how many tokens hold the region")
    tokens = number(tokens, "--tokens", 1, 100)
    magic = True if req.opt("magic") else None
    base.append_to(
        block,
        "regions",
        base.new_map([("name", name), ("tokens", tokens), ("magic", magic)], flow=True),
        _keys(doc, key),
    )
    return f"{block.get('race')}: region {name}, {tokens} token{'s' if tokens != 1 else ''}" + (
        ", Magic" if magic else ""
    )


def _refuse_held(doc: Doc, name: str) -> None:
    """Refuse a region the position already lists, under either race (SWW005)."""
    for side in ("active", "decline"):
        block = doc.tree.get(side)
        if not isinstance(block, dict):
            continue
        for region in _regions(block):
            if isinstance(region, dict) and fold(str(region.get("name"))) == fold(name):
                have, race = region.get("name"), block.get("race")
                flag = " --decline" if side == "decline" else ""
                why = f"the position already lists {have} (under {race}); a region is listed once (SWW005)"
                raise EditError(
                    f"{why}: change its tokens with armybuilder set FILE region '{have}' --tokens N{flag}",
                    f"{why}: change its tokens there",
                )


def _regions(block: dict[str, Any]) -> list[Any]:
    seq = block.get("regions")
    return seq if isinstance(seq, list) else []


def set_region(doc: Doc, req: Request) -> str:
    key = _side_key(req)
    block = _block(doc, key)
    regions = _regions(block)
    name = _region_name(req)
    entry = regions[find(regions, name, "region", f"{block.get('race')}")]
    keys = base.schema_keys(doc.schema, "active", "regions", "[]")
    tokens, magic, rename = req.opt("tokens"), req.opt("magic"), req.opt("rename")
    if tokens is None and magic is None and rename is None:
        raise EditError(
            "say what to change: --tokens N, --magic or --no-magic, --rename NEW",
            "say what to change: the tokens, the magic or the name",
        )
    if rename is not None:
        new = " ".join(str(rename).split())
        if not new:
            raise EditError("a region's new name cannot be empty")
        if len(new) > 80:
            raise EditError("a region name is limited to 80 characters")
        if fold(new) != fold(str(entry.get("name"))):
            _refuse_held(doc, new)
        put(entry, "name", new, keys)
    if tokens is not None:
        put(entry, "tokens", number(tokens, "--tokens", 1, 100), keys)
    if magic is not None:
        base.set_in(entry, "magic", True if magic else None, keys)
    return f"{block.get('race')}: region {entry.get('name')}, {plural(entry.get('tokens'), 'token')}" + (
        ", Magic" if entry.get("magic") else ""
    )


def remove_region(doc: Doc, req: Request) -> str:
    key = _side_key(req)
    block = _block(doc, key)
    regions = _regions(block)
    name = _region_name(req)
    i = find(regions, name, "region", f"{block.get('race')}")
    gone = regions[i].get("name")
    base.remove(regions, i, block, "regions")
    return f"{block.get('race')}: removed region {gone}"


# ---------------------------------------------------------------------------
# Bombs and conquests


def add_bomb(doc: Doc, req: Request) -> str:
    block = _block(doc, "active")
    region = _region_name(req)
    opponent = req.opt("opponent")
    if opponent is not None:
        opponent = _race(req, opponent)
    base.append_to(
        block, "bombs", base.new_map([("region", region), ("opponent", opponent)], flow=True), _keys(doc, "active")
    )
    return f"{block.get('race')}: bomb in {region}" + (f" ({opponent})" if opponent else "")


def remove_bomb(doc: Doc, req: Request) -> str:
    block = _block(doc, "active")
    seq = block.get("bombs")
    bombs = seq if isinstance(seq, list) else []
    region = _region_name(req)
    i = find(bombs, region, "bomb in region", f"{block.get('race')}", key="region")
    base.remove(bombs, i, block, "bombs")
    return f"{block.get('race')}: removed the bomb in {region}"


def add_conquest(doc: Doc, req: Request) -> str:
    region = _region_name(req)
    defender = req.opt("defender")
    if defender is not None:
        defender = _race(req, defender)
    faction = req.opt("defender_faction")
    if faction is not None:
        faction = choice(faction, FACTIONS, "faction")
    d_tokens = req.opt("defender_tokens")
    if d_tokens is not None:
        d_tokens = number(d_tokens, "--defender-tokens", 0, 100)
    if defender is not None and d_tokens is None:
        raise EditError("say how many tokens defended the region: --defender-tokens N", DEFENDED)
    mountain = req.opt("mountain")
    defences = req.opt("defences")
    if defences is not None:
        defences = number(defences, "--defences", 0, 10)
    tokens = req.opt("tokens")
    if tokens is not None:
        tokens = number(tokens, "--tokens", 1, 100)
    die = req.opt("die")
    pairs = [
        ("region", region),
        ("defender", defender),
        ("defender_faction", faction),
        ("defender_tokens", d_tokens),
        ("mountain", mountain),
        ("defences", defences),
        ("tokens", tokens),
        ("die", die),
    ]
    order = base.schema_keys(doc.schema, "conquests", "[]")
    pairs.sort(key=lambda kv: order.index(kv[0]) if kv[0] in order else len(order))
    conquests = base.append_to(doc.tree, "conquests", base.new_map(pairs, flow=True), _top(doc))
    said = f"conquest {len(conquests)}: {region}"
    if defender:
        said += f" from {d_tokens} {defender}"
    return said + (f", {plural(tokens, 'token')} committed" if tokens else "")


def set_conquest(doc: Doc, req: Request) -> str:
    """Change a listed conquest in place: its defender, the defender's tokens and faction, the
    Mountain, the defence markers, the tokens committed, the reinforcement die."""
    seq = doc.tree.get("conquests")
    conquests = seq if isinstance(seq, list) else []
    region = _region_name(req)
    entry = conquests[find(conquests, region, "conquest of region", key="region")]
    keys = base.schema_keys(doc.schema, "conquests", "[]")
    defender, d_tokens, faction = req.opt("defender"), req.opt("defender_tokens"), req.opt("defender_faction")
    mountain, defences, tokens, die = req.opt("mountain"), req.opt("defences"), req.opt("tokens"), req.opt("die")
    if all(v is None for v in (defender, d_tokens, faction, mountain, defences, tokens, die)):
        raise EditError(
            "say what to change: --defender RACE, --defender-tokens N, --defender-faction FACTION, "
            "--mountain or --no-mountain, --defences N, --tokens N, --die or --no-die",
            "say what to change: the defender, its tokens or faction, the mountain, the defences, the tokens "
            "or the die",
        )
    if defender is not None:
        defender = _race(req, defender)
    if faction is not None:
        faction = choice(faction, FACTIONS, "faction")
    if d_tokens is not None:
        d_tokens = number(d_tokens, "--defender-tokens", 0, 100)
    if d_tokens == 0:
        if defender is not None or faction is not None:
            raise EditError(
                "an empty region (--defender-tokens 0) has no defender and no faction",
                "an empty region (no defender tokens) has no defender and no faction",
            )
        for k in ("defender", "defender_faction", "defender_tokens"):
            base.drop(entry, k)
    else:
        if defender is not None and d_tokens is None and not entry.get("defender_tokens"):
            raise EditError("say how many tokens defended the region: --defender-tokens N", DEFENDED)
        if defender is not None:
            put(entry, "defender", defender, keys)
        if d_tokens is not None:
            put(entry, "defender_tokens", d_tokens, keys)
        if faction is not None:
            put(entry, "defender_faction", faction, keys)
    if mountain is not None:
        put(entry, "mountain", bool(mountain), keys)
    if defences is not None:
        base.set_in(entry, "defences", number(defences, "--defences", 0, 10) or None, keys)
    if tokens is not None:
        base.set_in(entry, "tokens", number(tokens, "--tokens", 0, 100) or None, keys)
    if die is not None:
        put(entry, "die", bool(die), keys)
    said = f"conquest of {entry.get('region')}: "
    if entry.get("defender_tokens"):
        said += f"from {plural(entry['defender_tokens'], 'token')}" + (
            f" of the {entry['defender']}" if entry.get("defender") else ""
        )
    else:
        said += "an empty region"
    if entry.get("tokens"):
        said += f", {plural(entry['tokens'], 'token')} committed"
    return said + (", with the reinforcement die" if entry.get("die") else "")


def remove_conquest(doc: Doc, req: Request) -> str:
    conquests = doc.tree.get("conquests") if isinstance(doc.tree.get("conquests"), list) else []
    region = _region_name(req)
    i = find(conquests, region, "conquest of region", key="region")
    base.remove(conquests, i, doc.tree, "conquests")
    return f"removed the conquest of {region}"


# ---------------------------------------------------------------------------
# Completion


def race_names(data: dict[str, Any] | None = None) -> list[str]:
    return list(_races())


def region_names(data: dict[str, Any] | None = None) -> list[str]:
    data = data or {}
    out = []
    for key in ("active", "decline"):
        block = data.get(key)
        if isinstance(block, dict):
            out += base.names_in(block.get("regions"))
    return out


def conquest_regions(data: dict[str, Any] | None = None) -> list[str]:
    return base.names_in((data or {}).get("conquests"), key="region")


def bomb_regions(data: dict[str, Any] | None = None) -> list[str]:
    block = (data or {}).get("active")
    return base.names_in(block.get("bombs"), key="region") if isinstance(block, dict) else []


def faction_names(data: dict[str, Any] | None = None) -> list[str]:
    return list(FACTIONS)


# The options, each declared once and given to every part that reads it.
TOKENS = Opt("tokens", "tokens in a region, or committed to a conquest", "int", "N")
DECLINE = Opt("decline", "the race in decline's region, power or enlisted", "flag")
MAGIC = Opt("magic", "a Magic region", "switch")
RENAME = Opt("rename", "the region's new name", "text", "NEW")
POWER = Opt("power", "the race's special power (a free name)", "text", "POWER")
OPPONENT = Opt("opponent", "the opponent's race where a bomb lies", "text", "RACE", names=race_names)
DEFENDER = Opt("defender", "the race that held a conquered region", "text", "RACE", names=race_names)
DEFENDER_TOKENS = Opt("defender_tokens", "the defender's tokens before the conquest", "int", "N")
DEFENDER_FACTION = Opt("defender_faction", "the defender's faction", "text", "FACTION", names=faction_names)
MOUNTAIN = Opt("mountain", "the conquered region is a Mountain", "switch")
DEFENCES = Opt("defences", "other defence markers on the region", "int", "N")
DIE = Opt("die", "the last conquest, tried with the reinforcement die", "switch")
REGION_OPTIONS = (TOKENS, MAGIC, DECLINE)
CONQUEST_OPTIONS = (DEFENDER, DEFENDER_TOKENS, DEFENDER_FACTION, MOUNTAIN, DEFENCES, TOKENS, DIE)

PARTS = [
    Part(
        "set",
        "active",
        "active RACE [--power POWER]",
        "the active race (its regions are kept)",
        _set_race("active"),
        aliases=("race",),
        names=(race_names,),
        options=(POWER,),
    ),
    Part(
        "set",
        "decline",
        "decline RACE [--power POWER]",
        "the race in decline",
        _set_race("decline"),
        names=(race_names,),
        options=(POWER,),
    ),
    Part(
        "set", "power", "power POWER [--decline]", "a race's special power (a free name)", set_power, options=(DECLINE,)
    ),
    Part(
        "set",
        "in-hand",
        "in-hand N",
        "the active race's tokens in hand",
        _set_count("in_hand", "N tokens in hand", 100),
    ),
    Part(
        "set",
        "bombs-spent",
        "bombs-spent N",
        "Goblins: bombs already revealed and discarded",
        _set_count("bombs_spent", "N bombs spent", 50),
    ),
    Part(
        "set",
        "enlisted",
        "enlisted N [--decline]",
        "Forsaken: tokens enlisted this turn",
        _set_count("enlisted", "N tokens enlisted", 100, side=None),
        options=(DECLINE,),
    ),
    Part(
        "set",
        "region",
        "region NAME [--tokens N] [--magic | --no-magic] [--rename NEW] [--decline]",
        "a region's tokens, Magic mark or name",
        set_region,
        names=(region_names,),
        options=(TOKENS, MAGIC, RENAME, DECLINE),
    ),
    Part(
        "set",
        "conquest",
        "conquest REGION [--defender RACE] [--defender-tokens N] [--defender-faction FACTION] "
        "[--mountain | --no-mountain] [--defences N] [--tokens N] [--die | --no-die]",
        "a listed conquest: its defender, Mountain, defences, tokens committed, reinforcement die",
        set_conquest,
        names=(conquest_regions,),
        options=CONQUEST_OPTIONS,
    ),
    Part("set", "name", "name TEXT", "the position's name", set_name),
    Part(
        "add",
        "region",
        "region NAME --tokens N [--magic] [--decline]",
        "a region the race holds (the active race's unless --decline)",
        add_region,
        aliases=("regions",),
        options=REGION_OPTIONS,
    ),
    Part(
        "add",
        "bomb",
        "bomb REGION [--opponent RACE]",
        "Goblins: a bomb in an opponent's region",
        add_bomb,
        aliases=("bombs",),
        options=(OPPONENT,),
    ),
    Part(
        "add",
        "conquest",
        "conquest REGION [--defender RACE --defender-tokens N] [--defender-faction FACTION] "
        "[--mountain | --no-mountain] [--defences N] [--tokens N] [--die]",
        "this turn's next conquest",
        add_conquest,
        aliases=("conquests",),
        names=(region_names,),
        options=CONQUEST_OPTIONS,
    ),
    Part(
        "remove",
        "region",
        "region NAME [--decline]",
        "a region",
        remove_region,
        aliases=("regions",),
        names=(region_names,),
        options=(DECLINE,),
    ),
    Part("remove", "bomb", "bomb REGION", "a bomb", remove_bomb, aliases=("bombs",), names=(bomb_regions,)),
    Part(
        "remove",
        "conquest",
        "conquest REGION",
        "a conquest",
        remove_conquest,
        aliases=("conquests",),
        names=(conquest_regions,),
    ),
    Part("remove", "decline", "decline", "the race in decline, with its regions", remove_decline),
    Part(
        "remove",
        "power",
        "power [--decline]",
        "a race's special power",
        _remove_field("power", side=None),
        options=(DECLINE,),
    ),
    Part("remove", "in-hand", "in-hand", "the tokens in hand", _remove_field("in_hand")),
    Part("remove", "bombs-spent", "bombs-spent", "the spent bombs", _remove_field("bombs_spent")),
    Part(
        "remove",
        "enlisted",
        "enlisted [--decline]",
        "the enlisted tokens",
        _remove_field("enlisted", side=None),
        options=(DECLINE,),
    ),
    Part("remove", "name", "name", "the position's name", remove_name),
]
