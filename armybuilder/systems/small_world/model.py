"""The Small World of Warcraft position model: races resolved, conquest costs and coins computed.

Every number comes from data: a race's power from ``races.yaml`` (seed 001), the conquest
cost and the other base rules the seed leans on from ``base-rules.yaml`` (most of them
reference data, marked unverified). The rule modules and the report read this model.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from armybuilder.resources import load_data
from armybuilder.suggest import NameIndex, fold
from armybuilder.text import plural

from . import MANIFEST

SYSTEM_ID = MANIFEST.id
BASE_RULE = "Small World base rules (reference, unverified)"


@dataclass(frozen=True)
class Race:
    name: str
    faction: str | None
    faction_source: str
    faction_confirmed_by: str | None
    supply: int
    playable: bool
    has_power: bool
    rule: str | None
    summary: str | None
    power: dict[str, Any]  # the race's power entries in races.yaml

    @property
    def faction_inferred(self) -> bool:
        """The faction rests on lore (reference data) only, not on the rule documents."""
        return self.faction_source == "inferred" and not self.faction_confirmed_by

    @property
    def cite(self) -> str:
        return self.rule or "SWoW races"


@dataclass(frozen=True)
class Catalog:
    races: NameIndex[Race]
    base: dict[str, Any]  # base-rules.yaml

    def value(self, key: str) -> Any:
        return self.base[key]["value"]

    def ref(self, key: str) -> str:
        rule: str = self.base[key]["rule"]
        return rule

    def unverified(self, key: str) -> bool:
        return bool(self.base[key].get("unverified"))

    def with_power(self, key: str) -> list[Race]:
        return [r for r in self.races.values() if key in r.power]


def _race(entry: dict[str, Any]) -> Race:
    return Race(
        name=entry["name"],
        faction=entry.get("faction"),
        faction_source=entry["faction_source"],
        faction_confirmed_by=entry.get("faction_confirmed_by"),
        supply=entry["tokens_in_box"],
        playable=entry["playable"],
        has_power=entry["power_in_rule_documents"],
        rule=entry.get("rule"),
        summary=entry.get("summary"),
        power=dict(entry.get("power") or {}),
    )


@cache
def catalog() -> Catalog:
    races = [_race(e) for e in load_data(SYSTEM_ID, "races")["races"]]
    return Catalog(races=NameIndex({r.name: r for r in races}), base=load_data(SYSTEM_ID, "base-rules"))


@dataclass
class Region:
    name: str
    tokens: int
    magic: bool
    path: tuple[Any, ...]


@dataclass
class Bomb:
    region: str
    opponent_written: str | None
    opponent: Race | None
    path: tuple[Any, ...]


@dataclass
class Side:
    """The active race or the race in decline, as the position writes it."""

    key: str  # "active" or "decline"
    written: str
    race: Race | None
    special_power: str | None
    in_hand: int
    regions: list[Region]
    bombs: list[Bomb]
    bombs_spent: int
    enlisted: int
    path: tuple[Any, ...]

    @property
    def active(self) -> bool:
        return self.key == "active"

    @property
    def state(self) -> str:
        return "active" if self.active else "in decline"

    @property
    def name(self) -> str:
        return self.race.name if self.race else self.written

    @property
    def label(self) -> str:
        """'the Orcs', 'the declined Tauren'."""
        return f"the {self.name}" if self.active else f"the declined {self.name}"

    @property
    def on_board(self) -> int:
        return sum(r.tokens for r in self.regions)

    @property
    def total(self) -> int:
        return self.on_board + self.in_hand

    def power(self, key: str, cat: Catalog) -> Any:
        """The race's power entry ``key`` if it holds in this state, else None.

        A power holds in decline only when its data says ``in_decline: true`` (or it is about
        decline itself): Small World's base rule, kept in base-rules.yaml.
        """
        if self.race is None or key not in self.race.power:
            return None
        entry = self.race.power[key]
        if self.active or key == "decline_tokens_per_region":
            return entry
        if isinstance(entry, dict) and entry.get("in_decline"):
            return entry
        return None if cat.value("power_lost_in_decline") else entry


@dataclass
class Adjustment:
    label: str
    tokens: int
    rule: str


@dataclass
class Conquest:
    index: int
    path: tuple[Any, ...]
    region: str
    defender_written: str | None
    defender: Race | None
    faction: str | None  # as written, or from the race data
    faction_from_data: bool
    defender_tokens: int
    mountain: bool
    defences: int
    tokens: int | None
    die: bool
    normal: int = 0  # the base cost
    parts: list[str] = field(default_factory=list)
    adjustments: list[Adjustment] = field(default_factory=list)
    cost: int = 0
    minimum: int = 1  # tokens needed at least, even with the reinforcement die
    minimum_rule: str = BASE_RULE

    @property
    def occupied(self) -> bool:
        return self.defender_tokens > 0

    @property
    def defender_name(self) -> str | None:
        return self.defender.name if self.defender else self.defender_written

    @property
    def faction_inferred(self) -> bool:
        return self.faction_from_data and self.defender is not None and self.defender.faction_inferred

    def explain(self) -> str:
        """'2 + 1 token', then the race's adjustments: 'Trolls -1'."""
        return ", ".join([" + ".join(self.parts)] + [a.label for a in self.adjustments])


@dataclass
class CoinLine:
    label: str
    count: int
    each: int
    rule: str

    @property
    def coins(self) -> int:
        return self.count * self.each


@dataclass
class Position:
    data: dict[str, Any]
    cat: Catalog
    active: Side
    decline: Side | None
    conquests: list[Conquest]
    conquests_listed: bool
    coins: list[CoinLine] = field(default_factory=list)
    coin_notes: list[str] = field(default_factory=list)

    def sides(self) -> Iterator[Side]:
        yield self.active
        if self.decline is not None:
            yield self.decline

    @property
    def unknown_race(self) -> bool:
        """Whether a side's race is one the data does not know (SWW001): its power's coins are not
        counted, so the turn's coin total is not known."""
        return any(side.race is None for side in self.sides())

    def own_regions(self) -> dict[str, tuple[Side, Region]]:
        """The player's regions by folded name (the first listing of each)."""
        out: dict[str, tuple[Side, Region]] = {}
        for side in self.sides():
            for region in side.regions:
                out.setdefault(fold(region.name), (side, region))
        return out

    def losses(self) -> int:
        """Race tokens this turn's conquests made opponents lose (1 a conquest of an occupied region)."""
        per = self.cat.value("tokens_lost_per_conquest")
        return sum(per for c in self.conquests if c.occupied)

    @property
    def coins_earned(self) -> int:
        return sum(line.coins for line in self.coins if line.coins > 0)

    @property
    def coins_spent(self) -> int:
        return -sum(line.coins for line in self.coins if line.coins < 0)

    @property
    def coins_net(self) -> int:
        return sum(line.coins for line in self.coins)


# ---------------------------------------------------------------------------
# Building


def _lookup(cat: Catalog, written: str | None) -> Race | None:
    if written is None or written not in cat.races:
        return None
    return cat.races[written]


def _side(key: str, block: dict[str, Any], cat: Catalog) -> Side:
    path = (key,)
    regions = [
        Region(r["name"], r["tokens"], bool(r.get("magic", False)), (*path, "regions", i))
        for i, r in enumerate(block.get("regions", []))
    ]
    bombs = [
        Bomb(b["region"], b.get("opponent"), _lookup(cat, b.get("opponent")), (*path, "bombs", i))
        for i, b in enumerate(block.get("bombs", []))
    ]
    return Side(
        key=key,
        written=block["race"],
        race=_lookup(cat, block["race"]),
        special_power=block.get("power"),
        in_hand=block.get("in_hand", 0),
        regions=regions,
        bombs=bombs,
        bombs_spent=block.get("bombs_spent", 0),
        enlisted=block.get("enlisted", 0),
        path=path,
    )


def build(data: dict[str, Any]) -> Position:
    cat = catalog()
    active = _side("active", data["active"], cat)
    decline = _side("decline", data["decline"], cat) if "decline" in data else None
    conquests = []
    for i, c in enumerate(data.get("conquests", [])):
        defender = _lookup(cat, c.get("defender"))
        faction = c.get("defender_faction")
        from_data = faction is None and defender is not None
        if from_data and defender is not None:
            faction = defender.faction
        conquests.append(
            Conquest(
                index=i,
                path=("conquests", i),
                region=c["region"],
                defender_written=c.get("defender"),
                defender=defender,
                faction=faction,
                faction_from_data=from_data,
                defender_tokens=c.get("defender_tokens", 0),
                mountain=bool(c.get("mountain", False)),
                defences=c.get("defences", 0),
                tokens=c.get("tokens"),
                die=bool(c.get("die", False)),
            )
        )
    pos = Position(data, cat, active, decline, conquests, conquests_listed="conquests" in data)
    for c in conquests:
        price(c, active, cat)
    score(pos)
    return pos


# ---------------------------------------------------------------------------
# Conquest cost


def price(c: Conquest, attacker: Side, cat: Catalog) -> None:
    """The tokens a conquest costs the active race: the base rule, then its race's power."""
    base = cat.value("conquest_base")
    parts = [str(base)]
    normal = base
    for count, key, word in (
        (c.defender_tokens, "conquest_per_token", "token"),
        (int(c.mountain), "conquest_per_mountain", "Mountain"),
        (c.defences, "conquest_per_defence", "defence"),
    ):
        if not count:
            continue
        add = count * cat.value(key)
        label = plural(count, word) if word != "Mountain" else "Mountain"
        parts.append(label if add == count else f"{add} for {label}")
        normal += add
    c.normal, c.parts, c.cost = normal, parts, normal
    c.minimum, c.minimum_rule = cat.value("reinforcement_die_minimum"), cat.ref("reinforcement_die_minimum")
    race = attacker.race
    if race is None:
        return  # an unknown race has no power to change the cost
    discount = attacker.power("conquest_discount", cat)
    if discount and (c.occupied or not discount["non_empty_only"]):
        new = max(c.cost - discount["tokens"], discount["minimum"])
        if new != c.cost:
            c.adjustments.append(Adjustment(f"{race.name} -{c.cost - new}", new - c.cost, race.cite))
            c.cost = new
    least = attacker.power("conquest_minimum", cat)
    if least:
        if c.cost < least:
            c.adjustments.append(Adjustment(f"{race.name} at least {least}", least - c.cost, race.cite))
            c.cost = least
        if least > c.minimum:
            c.minimum, c.minimum_rule = least, race.cite


# ---------------------------------------------------------------------------
# Victory coins


def score(pos: Position) -> None:
    """The coins the turn earns (and the coins the Forsaken spend), line by line."""
    cat = pos.cat
    per_region = cat.value("coins_per_region")
    lines: list[CoinLine] = []
    notes: list[str] = []
    for side in pos.sides():
        lines.append(
            CoinLine(
                f"Regions held: {side.name} ({side.state})", len(side.regions), per_region, cat.ref("coins_per_region")
            )
        )
    a = pos.active
    bonus = a.power("conquest_bonus", cat)
    if bonus and a.race is not None:  # (only a known race has a power)
        hits = [c for c in pos.conquests if c.occupied and c.faction == bonus["defender_faction"]]
        lines.append(
            CoinLine(
                f"{a.name}: conquests of {bonus['defender_faction']}-occupied regions",
                len(hits),
                bonus["coins"],
                a.race.cite,
            )
        )
        for c in pos.conquests:
            if c.occupied and c.faction is None and c.defender is None:
                notes.append(
                    f"{c.region}: the defender's faction is not known, so no {a.name} bonus is counted "
                    "for it (give defender_faction)."
                )
    for side in pos.sides():
        if side.race is None or "region_bonus" not in side.race.power:
            continue
        rb = side.race.power["region_bonus"]
        held = [r for r in side.regions if getattr(r, rb["marker"])]
        if side.power("region_bonus", cat):
            lines.append(
                CoinLine(
                    f"{side.name}: {rb['marker'].capitalize()} regions held", len(held), rb["coins"], side.race.cite
                )
            )
        elif held:
            notes.append(
                f"{side.name} in decline: their {rb['marker'].capitalize()} region bonus is not counted "
                f"(a race in decline loses its power: {cat.ref('power_lost_in_decline')})."
            )
    enlist = a.power("enlist", cat)
    if enlist and a.enlisted and a.race is not None:
        lines.append(
            CoinLine(f"{a.name}: tokens enlisted (coins spent)", a.enlisted, -enlist["coins_per_token"], a.race.cite)
        )
    notes.append(f"1 coin a region held, active or in decline: {cat.ref('coins_per_region')}.")
    notes.append(
        f"Faction Bonus ({cat.ref('faction_bonus')}, whatever the race): its size is in no rule document; "
        "left out of the total."
    )
    for side in pos.sides():
        if side.special_power:
            notes.append(
                f"Special power '{side.special_power}' ({side.name}): special powers are not in the rule "
                "documents; any coins it gives are left out."
            )
    pos.coins, pos.coin_notes = lines, notes
