"""The Fantasy Triumph army model: names resolved, cards placed, every cost computed from data.

Costs are exact (``fractions.Fraction``): the game prices in halves. The card conditions are
read with the one condition table (:mod:`.conditions`); the notes a player needs at the table
are the generic kinds of :data:`TABLE_NOTES`, given to cards by their ``table_note`` in the data.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import suppress
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, Any

from armybuilder.resources import load_data
from armybuilder.suggest import NameIndex, did_you_mean, fold
from armybuilder.text import fmt_points, points_text

from . import conditions
from .conditions import CardDataError

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.findings import Path

SYSTEM_ID = "fantasy-triumph"


def pts(value: Any) -> Fraction:
    return Fraction(str(value))


@dataclass(frozen=True)
class Prices:
    """Every price a check reads from the data, as an exact Fraction: parsed once, when the data
    loads, not for each list (``Fraction(str)`` is a regular expression and a gcd each time)."""

    troops: dict[str, Fraction]  # troop type -> points a stand
    cases: dict[str, list[tuple[dict[str, Any], Fraction]]]  # card -> its cost cases in order: (when, points)
    ratings: dict[str, dict[int, Fraction]]  # rating kind -> rating -> points
    rules: dict[str, Fraction]  # army.yaml's entries whose value is a number (army_points, ...)

    @classmethod
    def of(cls, troops: list[dict[str, Any]], cards: list[dict[str, Any]], army: dict[str, Any]) -> Prices:
        rules = {}
        for key, entry in army.items():
            if isinstance(entry, dict) and "value" in entry:
                with suppress(ValueError):  # not a number: no price
                    rules[key] = pts(entry["value"])
        return cls(
            troops={t["name"]: pts(t["points"]) for t in troops},
            cases={c["name"]: [(k.get("when", {}), pts(k["points"])) for k in c["cost"]["cases"]] for c in cards},
            ratings={
                kind: {c["rating"]: pts(c["points"]) for c in army[f"{kind}_rating"]["costs"]} for kind in RATINGS
            },
            rules=rules,
        )


@dataclass(frozen=True)
class Catalog:
    troops: NameIndex[dict[str, Any]]
    cards: NameIndex[dict[str, Any]]
    topographies: NameIndex[dict[str, Any]]
    army: dict[str, Any]
    prices: Prices

    def rule_value(self, key: str) -> Any:
        return self.army[key]["value"]

    def rule_ref(self, key: str) -> str:
        rule: str = self.army[key]["rule"]
        return rule


def cards() -> list[dict[str, Any]]:
    """The battle cards of cards.yaml, every condition in them checked against the condition table.

    CardDataError (naming the card and the key) when a condition uses a key the table does not know.
    """
    data: list[dict[str, Any]] = load_data(SYSTEM_ID, "cards")["cards"]
    conditions.check_cards(data)
    return data


@cache
def catalog() -> Catalog:
    troops = load_data(SYSTEM_ID, "troops")["troops"]
    aliases = {a: t["name"] for t in troops for a in t.get("aliases", [])}
    card_list = cards()
    topos = load_data(SYSTEM_ID, "topographies")["topographies"]
    army = load_data(SYSTEM_ID, "army")
    _check_table_notes(card_list, army)
    card_aliases = {a: c["name"] for c in card_list for a in c.get("aliases", [])}
    return Catalog(
        troops=NameIndex({t["name"]: t for t in troops}, aliases),
        cards=NameIndex({c["name"]: c for c in card_list}, card_aliases),
        topographies=NameIndex({t["name"]: t for t in topos}),
        army=army,
        prices=Prices.of(troops, card_list, army),
    )


@dataclass
class CardUse:
    """One card as the list writes it, on a class, a hero or the army."""

    written: str
    card: dict[str, Any] | None
    path: Path
    owner: Unit | None  # None for army_cards
    values: list[Any] = field(default_factory=list)  # the options as written
    number: int | None = None
    chosen: dict[str, list[str]] = field(default_factory=dict)
    bad_options: list[str] = field(default_factory=list)
    misplaced: bool = False  # set by placement: not priced
    unknown_price: bool = False  # set by build: the choice that prices it is not written (price_unknown)
    topography_unknown: bool = False  # set by build: its price depends on a home topography not known

    @property
    def name(self) -> str:
        return self.card["name"] if self.card else self.written

    @property
    def priced(self) -> bool:
        """A known card where the list may put it: it is priced and its rules apply."""
        return self.card is not None and not self.misplaced

    @property
    def marks_nothing(self) -> bool:
        """A card that marks stands (Delayed Entry, Mobile Infantry) under ``army_cards`` with no
        number: it marks no stand, so it costs nothing and does nothing (FTR017, a warning of the
        list format); with a number the list does not say which stands (FTR003)."""
        return self.owner is None and self.card is not None and bool(self.card.get("marks")) and self.number is None

    @property
    def counted(self) -> bool:
        """Whether the card adds its price to the total: priced, and its price known (a card whose
        price the rules give only with a choice the list does not make adds nothing, and the
        total is incomplete: issue 46, item 16)."""
        return self.priced and not self.unknown_price and not self.topography_unknown

    @property
    def kind(self) -> str | None:
        return self.card["kind"] if self.card else None

    def option_values(self) -> list[str]:
        return [v for vals in self.chosen.values() for v in vals]

    def label(self) -> str:
        opts = self.option_values()
        return self.name + (f" ({', '.join(opts)})" if opts else "")


@dataclass
class Unit:
    """A class of stands, or a hero."""

    kind: str  # "class" or "hero"
    index: int
    name: str
    path: Path
    cards: list[CardUse] = field(default_factory=list)
    troop: dict[str, Any] | None = None
    troop_written: str = ""  # a class's troop type as the list writes it (a hero has none)
    stands: int = 1
    general: bool = False
    # computed costs
    parts: list[tuple[str, Fraction]] = field(default_factory=list)  # per stand (or the hero)
    raw: Fraction = Fraction(0)
    each: Fraction = Fraction(0)
    floored: bool = False
    extras: list[tuple[str, Fraction]] = field(default_factory=list)  # expendable cards
    total: Fraction = Fraction(0)

    @property
    def taker(self) -> str:
        return "stand" if self.kind == "class" else "hero"

    @property
    def what(self) -> str:
        return f"class '{self.name}'" if self.kind == "class" else f"hero '{self.name}'"

    def card_names(self) -> set[str]:
        return {u.name for u in self.cards if u.card}

    @property
    def unpriced(self) -> bool:
        """Whether the unit's cost is not known: a name of it is one the data does not know (a
        class's troop type, FTR001; a card, FTR002), priced 0, or a card of it lacks the choice
        that prices it (FTR005: Flying with no mode), left out."""
        return (self.kind == "class" and self.troop is None) or any(
            u.card is None or u.unknown_price or u.topography_unknown for u in self.cards
        )

    def has(self, *names: str) -> bool:
        return bool(self.card_names() & set(names))


@dataclass
class ArmyLine:
    label: str
    points: Fraction
    path: Path
    card: str


@dataclass
class Rating:
    """The army's invasion or maneuver rating and what it costs (army.yaml: secondary source)."""

    kind: str  # "invasion" or "maneuver": the list's key
    value: int
    points: Fraction
    written: bool  # the list gives it (else the default, free)
    rule: str

    @property
    def title(self) -> str:
        return self.kind.capitalize()


# The army ratings a list may give, each priced by its `<kind>_rating` entry of army.yaml.
RATINGS = ("invasion", "maneuver")


@dataclass
class Army:
    data: dict[str, Any]
    cat: Catalog
    limit: Fraction
    topography: dict[str, Any] | None
    topography_written: str | None
    classes: list[Unit]
    heroes: list[Unit]
    army_cards: list[CardUse]
    army_lines: list[ArmyLine] = field(default_factory=list)
    ratings: list[Rating] = field(default_factory=list)
    total: Fraction = Fraction(0)
    needs_topography: list[CardUse] = field(default_factory=list)

    @property
    def dense(self) -> bool:
        return bool(self.topography and self.topography.get("dense"))

    def units(self) -> Iterator[Unit]:
        yield from self.classes
        yield from self.heroes

    def all_uses(self) -> Iterator[CardUse]:
        for u in self.units():
            yield from u.cards
        yield from self.army_cards

    def army_card_names(self) -> set[str]:
        return {u.name for u in self.army_cards if u.card}

    @property
    def incomplete(self) -> bool:
        """Whether the total counts 0 for a name the data does not know: an unknown troop type or
        card (FTR001, FTR002), or an unknown topography where a price depends on it (FTR027); or
        leaves out a card whose price the rules give only with a choice the list does not make
        (FTR005: a Fortified Camp with no level, FT 36: issue 46, item 16). A finding that reads
        the total then is not reported: it would come from what is not known, not from the rules
        (its own error makes the list invalid)."""
        unknown_topography = self.topography_written is not None and self.topography is None
        return (
            any(u.unpriced for u in self.units())
            or any(u.card is None or u.unknown_price or u.topography_unknown for u in self.army_cards)
            or (unknown_topography and bool(self.needs_topography))
        )

    def stands(self) -> int:
        return sum(c.stands for c in self.classes)

    def general_units(self) -> list[Unit]:
        return [c for c in self.classes if c.general]

    def victory_value(self) -> Fraction:
        """Stands and heroes at full cost, army-card refunds ignored (army.yaml: victory_value, a
        secondary source): each class's stands at their cost, each hero's total."""
        return sum((c.each * c.stands for c in self.classes), Fraction(0)) + sum(
            (h.total for h in self.heroes), Fraction(0)
        )

    def break_loss(self) -> Fraction:
        """The loss that breaks the army: its victory value times ``break_fraction`` (one third)."""
        return self.victory_value() * Fraction(str(self.cat.army["victory_value"]["break_fraction"]))


# ---------------------------------------------------------------------------
# Building


def parse_card(entry: Any, path: Path, owner: Unit | None, cat: Catalog) -> CardUse:
    if isinstance(entry, dict):
        ((written, value),) = entry.items()
    else:
        written, value = entry, None
    written = str(written)
    use = CardUse(
        written=written, card=cat.cards.get(written) if written in cat.cards else None, path=path, owner=owner
    )
    if isinstance(value, bool):
        use.values = [value]
    elif isinstance(value, int):
        use.number = value
    elif isinstance(value, list):
        use.values = list(value)
    elif value is not None:
        use.values = [value]
    if use.card:
        _match_options(use)
    return use


def _match_options(use: CardUse) -> None:
    assert use.card is not None  # parse_card matches the options of a known card only
    groups = use.card.get("options", [])
    for value in use.values:
        text = str(value)
        for g in groups:
            hit = next((c for c in g.get("choices", []) if fold(c) == fold(text)), None)
            if hit is not None:
                use.chosen.setdefault(g["name"], []).append(hit)
                break
        else:
            free = next((g for g in groups if g.get("free")), None)
            if free is not None:
                use.chosen.setdefault(free["name"], []).append(text)
            else:
                use.bad_options.append(text)


def build(data: dict[str, Any], limit_override: Fraction | None = None) -> Army:
    cat = catalog()
    limit = (
        limit_override
        if limit_override is not None
        else (pts(data["points"]) if "points" in data else cat.prices.rules["army_points"])
    )
    topo_written = data.get("topography")
    topo = cat.topographies.get(topo_written) if topo_written and topo_written in cat.topographies else None
    classes = []
    for i, c in enumerate(data.get("classes", [])):
        path = ("classes", i)
        unit = Unit(
            "class",
            i,
            c["name"],
            path,
            stands=c["stands"],
            general=bool(c.get("general", False)),
            troop_written=c["troop"],
            troop=cat.troops.get(c["troop"], None),
        )
        unit.cards = [parse_card(e, (*path, "cards", j), unit, cat) for j, e in enumerate(c.get("cards", []))]
        classes.append(unit)
    heroes = []
    for i, h in enumerate(data.get("heroes", [])):
        path = ("heroes", i)
        unit = Unit("hero", i, h["name"], path)
        unit.cards = [parse_card(e, (*path, "cards", j), unit, cat) for j, e in enumerate(h.get("cards", []))]
        heroes.append(unit)
    army_cards = [parse_card(e, ("army_cards", j), None, cat) for j, e in enumerate(data.get("army_cards", []))]
    army = Army(data, cat, limit, topo, topo_written, classes, heroes, army_cards)
    army.ratings = [rating(kind, data, cat) for kind in RATINGS]
    for use in army.all_uses():
        use.misplaced = not placement_ok(use)
    for use in army.all_uses():
        use.unknown_price = price_unknown(army, use)
        use.topography_unknown = topography_unknown(army, use)
    price(army)
    return army


class AtDensity:
    """The army as the card conditions read it, with a home topography of the given density."""

    def __init__(self, army: Army, dense: bool):
        self._army = army
        self.dense = dense

    def __getattr__(self, name: str) -> Any:
        return getattr(self._army, name)


def topography_unknown(army: Army, use: CardUse) -> bool:
    """Whether the card's price depends on a home topography the list does not give (or one the
    data does not know): Ambush, Prepared Defenses and Terrain Affinity cost more in a Dense one
    (FT 24, 49, 58), and the two prices differ for the card as written. FTR027 reports it; the
    card adds nothing to the total, which is incomplete (issue 46, item 16: it was priced as for a
    topography that is not Dense)."""
    if army.topography is not None or not use.priced or use.unknown_price:
        return False
    assert use.card is not None  # priced: a known card
    if not depends_on_topography(use.card):
        return False
    at: Any = [AtDensity(army, dense) for dense in (False, True)]
    return bool(case_points(use, at[0], use.owner) != case_points(use, at[1], use.owner))


def price_unknown(army: Army, use: CardUse) -> bool:
    """Whether the rules give no price for the card as written: a choice that prices it
    (``missing: error`` in cards.yaml: Fortified Camp's level, Flying's mode...) is not made, and
    the card's data does not excuse it (Ambush in a Dense home costs 2 whatever its reach,
    FT 24), or two of its choices are given ("choose one"). FTR005 reports it; the card adds
    nothing to the total, which is incomplete (issue 46, item 16: a camp with no level added the
    1 point of the cheaper level)."""
    if not use.priced:
        return False
    assert use.card is not None  # priced: a known card
    for group in use.card.get("options", []):
        if group.get("missing") != "error":
            continue
        got = use.chosen.get(group["name"], [])
        if len(got) > 1:
            return True
        if not got:
            unless = group.get("missing_unless")
            if not (unless and (conditions.undecided(unless, use.owner) or holds(unless, army, use.owner, use))):
                return True
    return False


def rating(kind: str, data: dict[str, Any], cat: Catalog) -> Rating:
    """The list's rating ``kind`` (or the default) and its cost from army.yaml.

    The list schema keeps a written rating within the ratings army.yaml prices (0 to 4).
    """
    entry = cat.army[f"{kind}_rating"]
    value = int(data.get(kind, entry["default"]))
    return Rating(kind, value, cat.prices.ratings[kind][value], kind in data, entry["rule"])


def left_out(army: Army) -> list[str]:
    """What the total leaves out because the rules give it no price as written (price_unknown),
    one line a card: "Fortified Camp on the army: its price needs its level (FT 36)"."""
    out = []
    for use in army.all_uses():
        if use.topography_unknown:
            assert use.card is not None  # topography_unknown: a known card
            where = "the army" if use.owner is None else use.owner.what
            out.append(f"{use.name} on {where}: its price needs the home topography ({use.card['rule']})")
        if not use.unknown_price:
            continue
        assert use.card is not None  # unknown_price: a known card
        group = next(
            g
            for g in use.card.get("options", [])
            if g.get("missing") == "error" and len(use.chosen.get(g["name"], [])) != 1
        )
        where = "the army" if use.owner is None else use.owner.what
        rule = group.get("rule", use.card["rule"])
        out.append(f"{use.name} on {where}: its price needs one {group['name']} ({rule})")
    return out


def placement_ok(use: CardUse) -> bool:
    """Whether the card may stand where the list puts it (class, hero or army_cards)."""
    card = use.card
    if card is None:
        return True
    kind = card["kind"]
    where = "army" if use.owner is None else use.owner.kind
    if kind == "army":
        marks = card.get("marks")
        if not marks:
            return where == "army"
        return (where == "class" and "stands" in marks) or (where == "hero" and "heroes" in marks)
    if kind == "expendable":
        return where == "class"
    if kind == "stand":
        return where == "class" or (where == "hero" and bool(card.get("heroes_allowed")))
    if kind == "hero":
        return where == "hero"
    if kind == "stand_or_hero":
        return where in ("class", "hero")
    return False  # pragma: no cover - the schema fixes the kinds


_PLACE = {
    "expendable": "is bought for one class: only a class takes it",
    "stand": "is a stand card: only a class takes it",
    "hero": "is a hero card: only a hero takes it",
}


def placement_why(card: dict[str, Any], where: str) -> str:
    """Why the card cannot be listed ``where`` (class, hero or army): the words of the builder's
    greyed-out card and of the command line's refusal (issue 41: the same reason in both)."""
    name = card["name"]
    if card["kind"] == "army" and card.get("marks"):
        marks = " or ".join("a class" if m == "stands" else "a hero" for m in card["marks"])
        heroes = " and heroes" if "heroes" in card["marks"] else ""
        return f"{name} marks stands{heroes}: only {marks} takes it ({card['rule']})"
    if card["kind"] == "stand" and where == "hero" and card["rule"] == "FT 52":
        return f"{name} cannot be applied to heroes ({card['rule']})"
    if card["kind"] == "army":
        return f"{name} is an army card: only the army takes it ({card['rule']})"
    return f"{name} {_PLACE.get(card['kind'], 'cannot be listed here')} ({card['rule']})"


def places_for(card: dict[str, Any]) -> list[str]:
    """Where the card may be listed: of class, hero and army, in that order."""

    class _Taker:
        def __init__(self, kind: str) -> None:
            self.kind = kind

    out = []
    for where in ("class", "hero", "army"):
        owner: Any = None if where == "army" else _Taker(where)
        if placement_ok(CardUse(written=card["name"], card=card, path=(), owner=owner)):
            out.append(where)
    return out


# ---------------------------------------------------------------------------
# Conditions (the vocabulary of cards.yaml: one table, in conditions.py)


def holds(cond: dict[str, Any], army: Army, unit: Unit | None, use: CardUse | None) -> bool:
    """Whether a condition of the card data holds for ``unit`` (None: the army) holding ``use``."""
    return conditions.holds(cond, army, unit, use)


def case_points(use: CardUse, army: Army, unit: Unit | None) -> Fraction:
    assert use.card is not None  # only priced uses are priced: a known card
    for when, points in army.cat.prices.cases[use.card["name"]]:
        if holds(when, army, unit, use):
            return points
    raise ValueError(f"no cost case matched for {use.name}")  # pragma: no cover - data has a default


def depends_on_topography(card: dict[str, Any]) -> bool:
    """Whether a case of the card's cost asks if the home topography is Dense."""
    return any(conditions.uses_key(case["when"], "dense") for case in card["cost"]["cases"] if "when" in case)


# ---------------------------------------------------------------------------
# Pricing


def marked_count(use: CardUse) -> int:
    """How many stands (or heroes) a marking card marks; a bare card marks the whole class."""
    if use.owner is None:
        return 0
    if use.owner.kind == "hero":
        return 1
    if use.number is None:
        return use.owner.stands
    return min(use.number, use.owner.stands)


def price(army: Army) -> None:
    cat = army.cat
    floor = cat.prices.rules["stand_minimum_cost"]
    hero_base = cat.prices.rules["hero_base_cost"]
    for unit in army.units():
        if unit.kind == "class":
            base = cat.prices.troops[unit.troop["name"]] if unit.troop else Fraction(0)
            unit.parts = [(unit.troop["name"] if unit.troop else unit.troop_written, base)]
        else:
            unit.parts = [("hero", hero_base)]
        unit.extras = []
        for use in unit.cards:
            if not use.counted:
                continue
            assert use.card is not None  # priced: a known card
            per = use.card["cost"]["per"]
            if per == "stand":
                unit.parts.append((use.label(), case_points(use, army, unit)))
            elif per == "card":
                n = use.number if use.number is not None else 1
                unit.extras.append((f"{use.name} x{n}", case_points(use, army, unit) * n))
        unit.raw = sum((p for _, p in unit.parts), Fraction(0))
        if unit.kind == "class":
            unit.each = max(unit.raw, floor)
            unit.floored = unit.each != unit.raw
            unit.total = unit.each * unit.stands + sum((p for _, p in unit.extras), Fraction(0))
        else:
            unit.each = unit.raw
            unit.total = unit.raw
    lines: list[ArmyLine] = []
    for use in army.army_cards:
        if not use.counted:
            continue
        assert use.card is not None  # priced: a known card
        per = use.card["cost"]["per"]
        p = case_points(use, army, None)
        if per == "card":
            n = use.number if use.number is not None else 1
            lines.append(ArmyLine(f"{use.label()} x{n}", p * n, use.path, use.name))
        else:
            lines.append(ArmyLine(use.label(), p, use.path, use.name))
    for unit in army.units():
        for use in unit.cards:
            if not use.counted:
                continue
            assert use.card is not None  # priced: a known card
            per = use.card["cost"]["per"]
            if per == "transported":
                n = unit.stands
                p = case_points(use, army, unit)
                lines.append(
                    ArmyLine(f"{use.label()}: {unit.name}, {n} stand{'s' * (n != 1)}", p * n, use.path, use.name)
                )
            elif per == "marked":
                n = marked_count(use)
                per_unit = -case_points(use, army, unit)  # the refund, a positive number
                refund = min(per_unit, unit.each) * n
                who = unit.name if unit.kind == "hero" else f"{unit.name}, {n} stand{'s' * (n != 1)}"
                lines.append(ArmyLine(f"{use.name}: {who}", -refund, use.path, use.name))
    army.army_lines = lines
    army.needs_topography = [
        u for u in army.all_uses() if u.card is not None and u.priced and depends_on_topography(u.card)
    ]
    army.total = (
        sum((u.total for u in army.units()), Fraction(0))
        + sum((line.points for line in lines), Fraction(0))
        + sum((r.points for r in army.ratings), Fraction(0))
    )


# ---------------------------------------------------------------------------
# Movement and other things a player needs at the table


def movement(unit: Unit) -> str:
    """The class's move in MU as its cards change it (FT 33, 35, 45, 53, 55).

    Speed tables (Fast, Slow, Zoom Flying) apply to the troop type's base move; a fixed move
    (Spiked Carts: 2 MU in all terrain) overrides them, whatever order the cards are written in.
    """
    if unit.troop is None:
        return ""
    base = unit.troop["move"]
    move = base
    fixed = None
    notes = []
    for use in unit.cards:
        if not use.priced:
            continue
        assert use.card is not None  # priced: a known card
        mv = use.card.get("movement")
        if not mv:
            continue
        if "all" in mv:
            fixed = mv["all"]
        elif "by_option" in mv:
            for opt in use.option_values():
                if opt in mv["by_option"]:
                    notes.append(f"{mv['by_option'][opt]} {mv.get('note', '')}".strip())
        elif "table" in mv:
            if "option" in mv and mv["option"] not in use.option_values():
                continue
            move = mv["table"].get(base, move)
    if fixed is not None:
        move = fixed
    text = f"{move} MU" if move == base else f"{move} MU (base {base})"
    if notes:
        text += "; " + "; ".join(notes)
    return text


def command_points(cost: Fraction, table: dict[str, Any]) -> int | None:
    """The command points a band table of army.yaml gives for a stand cost (FT 52.1)."""
    for band in table["bands"]:
        lo = pts(band["from"])
        hi = pts(band["to"]) if band["to"] is not None else None
        if cost >= lo and (hi is None or cost <= hi):
            cp: int = band["command_points"]
            return cp
    return None


# The kinds of "at the table" note. A card's ``table_note`` in cards.yaml names its kind, the
# army.yaml entry that holds the note's figure and rule (``value``) and, optionally, a condition
# (``when``) for the taker and the card as written. Each kind: (army, use, entry) -> the note.


def _stand_regeneration(army: Army, use: CardUse, entry: dict[str, Any]) -> str:
    unit = use.owner
    assert unit is not None  # Regenerate is a stand card: on a class
    cp = command_points(unit.each, entry)
    return (
        f"{unit.name}: a lost {fmt_points(unit.each)}-point stand regenerates for {cp} "
        f"command point{'s' * (cp != 1)} ({entry['rule']})"
    )


def _lost_until_entry(army: Army, use: CardUse, entry: dict[str, Any]) -> str:
    unit = use.owner
    assert unit is not None  # Delayed Entry marks stands or heroes: on a class or a hero
    n = marked_count(use)
    lost = unit.each * n * pts(entry["value"])
    who = unit.name if unit.kind == "hero" else f"{unit.name} ({n} stand{'s' * (n != 1)})"
    return f"{who}: counts as {points_text(lost)} lost until it enters ({entry['rule']})"


def _sacked_camp(army: Army, use: CardUse, entry: dict[str, Any]) -> str:
    return f"A sacked heavily fortified camp counts as {entry['value']} points of lost troops ({entry['rule']})"


TABLE_NOTES = {
    "stand_regeneration": _stand_regeneration,  # a lost stand comes back for command points by its cost
    "lost_until_entry": _lost_until_entry,  # marked stands count as lost, at a fraction, until they enter
    "sacked_camp": _sacked_camp,  # a sacked camp counts as points of lost troops
}


def table_notes(army: Army) -> list[str]:
    """What the cards change that a player needs during the game, in the order the list has them."""
    notes: list[str] = []
    for use in army.all_uses():
        note = use.card.get("table_note") if use.card is not None and use.priced else None
        if note is None or not holds(note.get("when", {}), army, use.owner, use):
            continue
        notes.append(TABLE_NOTES[note["kind"]](army, use, army.cat.army[note["value"]]))
    return notes


# The thirds and sixths a victory value's third comes to (stands and heroes cost whole and half
# points), written as the halves and quarters are: 16⅔, not 16.67 beside another army's 15½.
_THIRDS = {Fraction(1, 3): "⅓", Fraction(2, 3): "⅔", Fraction(1, 6): "⅙", Fraction(5, 6): "⅚"}


def approx_points(value: Fraction) -> str:
    """Points as fmt_points writes them (6, 6½, 6¼), thirds and sixths too (16⅔, 15⅙); anything
    else to two decimals (15.08)."""
    if value.denominator in (1, 2, 4):
        return fmt_points(value)
    whole = abs(value.numerator) // value.denominator
    glyph = _THIRDS.get(abs(value) - whole)
    if glyph:
        return ("-" if value < 0 else "") + (str(whole) if whole else "") + glyph
    return f"{float(value):.2f}"


def victory_notes(army: Army) -> list[str]:
    """The army's victory value and the loss that breaks it (army.yaml: victory_value)."""
    entry = army.cat.army["victory_value"]
    fraction = Fraction(str(entry["break_fraction"]))
    share = {Fraction(1, 3): "one third", Fraction(1, 2): "half"}.get(fraction, str(fraction))
    value = army.victory_value()
    return [
        f"Victory value{' (incomplete)' if army.incomplete else ''}: {fmt_points(value)} points (stands and "
        "heroes at full cost, refunds ignored); "
        f"the army breaks when it has lost {share} of it, {approx_points(army.break_loss())} points "
        "(secondary source, unverified)"
    ]


def _check_table_notes(card_list: list[dict[str, Any]], army: dict[str, Any]) -> None:
    """Refuse a table_note whose kind the code does not have, or whose value army.yaml does not hold."""
    for card in card_list:
        note = card.get("table_note")
        if note is None:
            continue
        where = f"cards.yaml: card '{card.get('name')}', table_note"
        if note.get("kind") not in TABLE_NOTES:
            raise CardDataError(
                f"{where}: unknown kind '{note.get('kind')}'"
                f"{did_you_mean(str(note.get('kind')), TABLE_NOTES)}; kinds: {', '.join(TABLE_NOTES)}"
            )
        if note.get("value") not in army:
            raise CardDataError(f"{where}: value '{note.get('value')}' is not an entry of army.yaml")
