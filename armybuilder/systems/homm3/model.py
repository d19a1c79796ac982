"""The HoMM3 Battlefield army model: names resolved against the data, the mode's rules looked up.

Nothing here reports: the rule modules read the :class:`Army` and say what is wrong. Every rule
and number comes from ``data/homm3-battlefield/`` (rules.yaml is seed 004 as data).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from armybuilder.resources import load_data
from armybuilder.suggest import NameIndex, fold
from armybuilder.text import plural  # noqa: F401 (re-exported for the rule modules)

from . import MANIFEST

SYSTEM_ID = MANIFEST.id
CARD_KINDS = ("abilities", "artifacts", "spells")
KIND_WORDS = {
    "abilities": ("Ability", "Abilities"),
    "artifacts": ("Artifact", "Artifacts"),
    "spells": ("Spell", "Spells"),
}
_QUALIFIED = re.compile(r"^(.*) \(([^()]*)\)$")  # "Tarnum (Castle)"


@dataclass(frozen=True)
class Catalog:
    factions: NameIndex[dict[str, Any]]  # faction name -> {name, box, units: NameIndex}
    neutral: NameIndex[dict[str, Any]]  # neutral unit name -> entry
    unit_factions: dict[str, list[str]]  # folded unit name -> [faction names] (to say whose unit it is)
    alternates: tuple[tuple[str, str], ...]  # (faction, unit) pairs that have an alternate card
    heroes: NameIndex[dict[str, Any]]
    hero_bases: dict[str, list[dict[str, Any]]]  # folded base name ("tarnum") -> [hero entries]
    cards: dict[str, NameIndex[str]]  # kind -> NameIndex of the known card names
    rules: dict[str, Any]


@cache
def catalog() -> Catalog:
    units = load_data(SYSTEM_ID, "units")
    factions: dict[str, dict[str, Any]] = {}
    unit_factions: dict[str, list[str]] = {}
    alternates: list[tuple[str, str]] = []
    for fac in units["factions"]:
        factions[fac["name"]] = {
            "name": fac["name"],
            "box": fac["box"],
            "units": NameIndex({u["name"]: u for u in fac["units"]}),
        }
        for u in fac["units"]:
            unit_factions.setdefault(fold(u["name"]), []).append(fac["name"])
            if "alternate" in u:
                alternates.append((fac["name"], u["name"]))
    heroes = load_data(SYSTEM_ID, "heroes")["heroes"]
    bases: dict[str, list[dict[str, Any]]] = {}
    for h in heroes:
        m = _QUALIFIED.match(h["name"])
        bases.setdefault(fold(m.group(1) if m else h["name"]), []).append(h)
    cards = load_data(SYSTEM_ID, "cards")
    return Catalog(
        factions=NameIndex(factions),
        neutral=NameIndex({u["name"]: u for u in units["neutral"]}),
        unit_factions=unit_factions,
        alternates=tuple(alternates),
        heroes=NameIndex({h["name"]: h for h in heroes}),
        hero_bases=bases,
        cards={k: NameIndex({n: n for n in cards[k]["names"]}) for k in CARD_KINDS},
        rules=load_data(SYSTEM_ID, "rules"),
    )


@dataclass
class CardUse:
    """One Ability, Artifact or Spell card as the list writes it."""

    kind: str  # abilities | artifacts | spells
    written: str
    known: str | None  # the canonical name when the data knows the card
    path: tuple[str, int]

    @property
    def name(self) -> str:
        return self.known or self.written


@dataclass
class UnitUse:
    """One entry of ``units``, resolved against the faction's (or the neutral) unit cards."""

    index: int
    path: tuple[str, int]
    written: str
    neutral: bool
    side: str | None  # Few | Pack as written; None for a neutral unit
    alternate: bool
    unit: dict[str, Any] | None  # the data entry, None when unknown
    faction: str | None  # the faction the unit belongs to (None for a neutral unit)

    @property
    def name(self) -> str:
        return self.unit["name"] if self.unit else self.written

    @property
    def label(self) -> str:
        return f"{self.name} (neutral)" if self.neutral else self.name

    @property
    def key(self) -> tuple[bool, str]:
        """Identity of the unit: its regular and alternate cards are one unit (one miniature)."""
        return (self.neutral, fold(self.name))

    @property
    def bad_alternate(self) -> bool:
        return self.alternate and (self.unit is None or "alternate" not in self.unit)

    @property
    def card(self) -> dict[str, Any] | None:
        """The statistics of the card the list uses (the side, or the neutral unit's one card)."""
        if self.unit is None or self.bad_alternate:
            return None
        if self.neutral:
            one: dict[str, Any] = self.unit["card"]
            return one
        cards = self.unit["alternate"] if self.alternate else self.unit
        side = (self.side or "Pack").lower() if isinstance(self.side, str) or self.side is None else ""
        if side not in ("few", "pack"):  # a side that is neither (the schema says so): no card
            return None
        found: dict[str, Any] = cards[side]
        return found

    @property
    def side_label(self) -> str:
        if self.neutral:
            return "Neutral"
        side = self.side or ""
        return f"{side} (Alternate)" if self.alternate else side


@dataclass
class Army:
    data: dict[str, Any]
    cat: Catalog
    mode: str
    length: str | None
    opponent: str | None
    faction_written: str
    faction: dict[str, Any] | None
    hero_written: str
    hero: dict[str, Any] | None
    hero_candidates: list[dict[str, Any]]  # heroes of that name in other factions ("Tarnum")
    hero_level: str | None
    specialties: list[tuple[str, tuple[str, int]]]  # [(level, path)]
    cards: dict[str, list[CardUse]]  # kind -> [CardUse]
    units: list[UnitUse] = field(default_factory=list)

    @property
    def rules(self) -> dict[str, Any]:
        return self.cat.rules

    @property
    def mode_rules(self) -> dict[str, Any]:
        rules: dict[str, Any] = self.rules["modes"][self.mode]
        return rules

    @property
    def skirmish(self) -> dict[str, Any] | None:
        """The Skirmish length's rules, or None in another mode."""
        if self.mode != "skirmish" or self.length is None:
            return None
        rules: dict[str, Any] = self.rules["skirmish"]["lengths"][self.length]
        return rules

    @property
    def adventure(self) -> dict[str, Any] | None:
        if self.mode != "adventure" or self.length is None:
            return None
        rules: dict[str, Any] = self.rules["adventure"]["lengths"][self.length]
        return rules

    @property
    def length_title(self) -> str:
        """'Medium skirmish', 'Short adventure', 'board game'."""
        if self.mode == "board":
            return "regular game on the Battlefield board"
        return f"{(self.length or '').capitalize()} {self.mode}".strip()

    @property
    def unit_limit(self) -> int | None:
        limit: int | dict[str, int] | None = self.mode_rules["unit_limit"]  # by opponent, or one for all
        if isinstance(limit, dict):
            return limit.get(self.opponent) if self.opponent else None
        return limit

    @property
    def faction_name(self) -> str:
        return self.faction["name"] if self.faction else self.faction_written

    @property
    def hero_name(self) -> str:
        """The hero's name as the data spells it ("Tarnum" for a Tarnum of another faction)."""
        if self.hero is not None:
            name: str = self.hero["name"]
            return name
        if self.hero_candidates:
            full: str = self.hero_candidates[0]["name"]
            m = _QUALIFIED.match(full)
            return m.group(1) if m else full
        return self.hero_written

    def hero_specialty_levels(self) -> list[str] | None:
        return list(self.hero["specialty_levels"]) if self.hero else None

    def skirmish_specialties(self) -> list[str] | None:
        """The Specialty card levels the Skirmish length uses (None when it cannot be known)."""
        s = self.skirmish
        if s is None:
            return None
        if s["specialties"] == "all":
            return self.hero_specialty_levels()
        return list(s["specialties"])

    def known_units(self) -> list[UnitUse]:
        return [u for u in self.units if u.card is not None]

    def own_ability_uses(self) -> list[CardUse]:
        """The entries of ``abilities`` that name the hero's own starting Ability card (2. Setup,
        step 2): not one of the cards a Skirmish draws."""
        if self.hero is None:
            return []
        own = fold(self.hero["ability"])
        return [use for use in self.cards["abilities"] if fold(use.name) == own]

    def removed_ability_uses(self) -> list[CardUse]:
        """The entries of ``abilities`` that name a card setup removes from the Ability Deck in this
        mode (2. Setup, step 3: "remove the Diplomacy and Logistics Ability cards"): cards that
        cannot be drawn (HMB008 refuses them). The hero's own card is not one of them: step 3
        prepares the Decks, and the hero's card was taken in step 2 (HMB009 says so)."""
        removed = self.rules["setup"]["removed_abilities"]
        if self.mode not in removed["modes"]:
            return []
        banned = {fold(c) for c in removed["cards"]}
        own = self.own_ability_uses()
        return [use for use in self.cards["abilities"] if fold(use.name) in banned and use not in own]


def resolve_hero(
    cat: Catalog, written: str, faction: dict[str, Any] | None
) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
    """The hero for a written name; "Tarnum" finds "Tarnum (<faction>)". Else (None, same-name heroes)."""
    if written in cat.heroes:
        return cat.heroes[written], []
    candidates = cat.hero_bases.get(fold(written), [])
    if faction is not None:
        mine = [h for h in candidates if h["faction"] == faction["name"]]
        if len(mine) == 1:
            return mine[0], []
    if len(candidates) == 1 and faction is None:
        return candidates[0], []
    return None, candidates


def resolve_unit(cat: Catalog, index: int, entry: dict[str, Any], faction: dict[str, Any] | None) -> UnitUse:
    written = str(entry["name"])
    neutral = bool(entry.get("neutral", False))
    unit: dict[str, Any] | None = None
    owner: str | None = None
    if neutral:
        if written in cat.neutral:
            unit = cat.neutral[written]
    elif faction is not None and written in faction["units"]:
        unit, owner = faction["units"][written], faction["name"]
    return UnitUse(
        index=index,
        path=("units", index),
        written=written,
        neutral=neutral,
        side=entry.get("side"),
        alternate=bool(entry.get("alternate", False)),
        unit=unit,
        faction=owner,
    )


def build(data: dict[str, Any]) -> Army:
    cat = catalog()
    faction_written = str(data["faction"])
    faction = cat.factions.get(faction_written, None)
    hero_data = data["hero"]
    hero, candidates = resolve_hero(cat, str(hero_data["name"]), faction)
    cards: dict[str, list[CardUse]] = {}
    for kind in CARD_KINDS:
        uses: list[CardUse] = []
        for i, written in enumerate(data.get(kind, [])):
            known = cat.cards[kind].canonical(written)
            uses.append(CardUse(kind, str(written), known, (kind, i)))
        cards[kind] = uses
    army = Army(
        data=data,
        cat=cat,
        mode=data["mode"],
        length=data.get("length"),
        opponent=data.get("opponent"),
        faction_written=faction_written,
        faction=faction,
        hero_written=str(hero_data["name"]),
        hero=hero,
        hero_candidates=candidates,
        hero_level=hero_data.get("level"),
        specialties=[(lvl, ("specialties", i)) for i, lvl in enumerate(data.get("specialties", []))],
        cards=cards,
    )
    if not army.mode_rules["lengths"]:  # a board game has no length; HMB001 reports one that is given
        army.length = None
    army.units = [resolve_unit(cat, i, u, faction) for i, u in enumerate(data.get("units", []))]
    return army


def join(items: list[str], word: str = "and") -> str:
    """'I', 'I and IV', 'Bronze, Silver and Gold'."""
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {word} " + items[-1]
