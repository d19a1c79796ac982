"""The Fantasy Triumph builder board: the list as rows, and the catalog of what can be added now.

:func:`board` is computed on every click of the browser builder, from the list's check (its
model, :class:`.model.Army`, already built and priced). It re-runs neither the rules nor the edit
engine. What each click would change is priced by :func:`_tally` and :func:`_counted` (a class or
a hero) and :func:`_line` (an army card), which count exactly as :func:`.model.price` does (the
tests hold them to it), on a copy of the one class or hero the click changes: the rest of the army
does not move. The cost cases already decided (by what their conditions read) and each class's
troop type choice are kept from one board to the next.

Whether a card can be added comes from the card data the rules read (``cards.yaml``): where it may
be listed (FTR003), the cards it cannot share a stand with (FTR008), who may take it (its
``restrictions``, evaluated by the one condition table, :mod:`.conditions`: FTR007), its caps
(FTR010 to FTR014) and the army rules in ``army.yaml`` (heroes, hero points: FTR023, FTR024).

Costs are shown as the system prices them: a class card per stand ("+2 points a stand"), a hero
card per hero, an expendable or army card per card, Delayed Entry per stand marked, Mobile
Infantry per stand carried; halves as ½.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from armybuilder.compose.board import (
    BUTTON,
    CHOICE,
    NUMBER,
    TEXT,
    TOGGLE,
    Board,
    Chip,
    Control,
    Edit,
    Entry,
    Group,
    Option,
    Row,
    Section,
    edit,
    typed,
    unique_labels,
)
from armybuilder.findings import Result
from armybuilder.suggest import fold
from armybuilder.text import fmt_points, noun, plural, points_text

from . import conditions, model
from .model import Army, CardUse, Unit

# ---------------------------------------------------------------------------
# Words


@cache
def _pts(value: float) -> str:
    """A change of points: "+2 points", "−½ point", "+1 point", "0 points"."""
    if value == 0:
        return "0 points"
    amount = Fraction(abs(value))  # exact: prices are halves
    sign = "+" if value > 0 else "\u2212"
    return f"{sign}{fmt_points(amount)} {noun(amount, 'point')}"


def _total_text(value: float) -> str:
    return points_text(Fraction(value))


def _each(value: float, per: str) -> str:
    return f"{_pts(value)} {per}" if per else _pts(value)


def _ordinal_names(cards: Sequence[CardUse]) -> list[str]:
    """The cards' names, each with its place when the taker lists the card more than once."""
    counts = Counter(fold(u.name) for u in cards)
    return [u.name if counts[fold(u.name)] == 1 else f"{u.name} (card {j + 1})" for j, u in enumerate(cards)]


# ---------------------------------------------------------------------------
# Pricing what a click would change (the model's pricing, for one class, hero or army card)


class _Density:
    """The army as the card conditions read it, with a home topography of another density."""

    def __init__(self, army: Army, dense: bool):
        self.cat = army.cat
        self.dense = dense
        self._army = army

    def army_card_names(self) -> set[str]:
        return self._army.army_card_names()


@dataclass
class _Table:
    """The prices the board reads, as floats (halves are exact), and the cost cases already decided."""

    cat: Any
    cases: dict[str, list[tuple[dict[str, Any], float]]]  # card -> its cost cases in order
    keys: dict[str, tuple[str, ...]]  # card -> the condition keys its cost cases read
    reads_cards: frozenset[str]  # the cards whose cost depends on the taker's other cards
    troops: dict[str, float]
    floor: float
    hero: float
    memo: dict[tuple[Any, ...], float]


_TABLES: dict[int, _Table] = {}
_TROOP_KEYS = {"troop", "order", "mount", "base_points", "move", "shoots", "extra_command_point"}
_MEMO_SIZE = 20_000  # cost cases decided, kept across boards (a server builds many)


def _table(cat: Any) -> _Table:
    found = _TABLES.get(id(cat))
    if found is not None and found.cat is cat:
        return found
    cases = {name: [(when, float(p)) for when, p in each] for name, each in cat.prices.cases.items()}
    keys = {}
    for name, each in cat.prices.cases.items():
        read = {k for when, _ in each for k, _ in conditions.keys_in(when)} - {"any", "not"}
        keys[name] = tuple(sorted(read))
    made = _Table(
        cat,
        cases,
        keys,
        frozenset(name for name, read in keys.items() if "card" in read),
        {name: float(p) for name, p in cat.prices.troops.items()},
        float(cat.prices.rules["stand_minimum_cost"]),
        float(cat.prices.rules["hero_base_cost"]),
        {},
    )
    _TABLES[id(cat)] = made
    return made


def _decided_by(
    keys: tuple[str, ...], army: Any, unit: Unit | None, use: CardUse, held: frozenset[str] | None
) -> tuple[Any, ...] | None:
    """What the condition keys of a card's cost read, for the memo (None: a key it does not know).
    ``held``: the taker's card names, when the caller has them."""
    out: list[Any] = []
    for k in keys:
        if k in _TROOP_KEYS:
            troop = unit.troop if unit is not None and unit.kind == "class" else None
            out.append(troop["name"] if troop else None)
        elif k == "card":
            out.append(held if held is not None else frozenset(unit.card_names()) if unit is not None else None)
        elif k == "option":
            out.append(tuple(fold(v) for v in use.option_values()))
        elif k == "dense":
            out.append(bool(army.dense))
        elif k in ("taker", "general"):
            out.append(getattr(unit, k) if unit is not None else None)
        elif k == "army_card":
            out.append(frozenset(army.army_card_names()))
        else:
            return None
    return tuple(out)


def _case(
    army: Any, use: CardUse, unit: Unit | None, table: _Table | None = None, held: frozenset[str] | None = None
) -> float:
    """The points of the first cost case that holds (:func:`.model.case_points`), as a float."""
    assert use.card is not None  # only known cards are priced
    table = table or _table(army.cat)
    name = use.card["name"]
    cases = table.cases[name]
    if not cases[0][0]:
        return cases[0][1]
    decided = _decided_by(table.keys[name], army, unit, use, held)
    if decided is not None and (name, decided) in table.memo:
        return table.memo[(name, decided)]
    p = next((points for when, points in cases if conditions.holds(when, army, unit, use)), None)
    if p is None:  # pragma: no cover - the data's last case has no condition
        raise ValueError(f"no cost case matched for {name}")
    if decided is not None:
        if len(table.memo) > _MEMO_SIZE:
            table.memo.clear()
        table.memo[(name, decided)] = p
    return p


@dataclass(frozen=True)
class _Tally:
    """A class's or hero's cards, priced: what its total is made of, before its stands are counted."""

    kind: str  # class or hero
    cards: float  # the cards priced a stand (or the hero)
    extras: float  # its one-use cards (Hold the Line, Charge Through)
    carried: float  # Mobile Infantry: the points a stand carried
    refunds: tuple[tuple[float, int | None], ...]  # Delayed Entry: (refund a stand, stands marked; None: all)


def _adds(army: Any, use: CardUse) -> bool:
    """Whether the card adds its price to the total as the model counts it (``use.counted``); one
    whose price waits for the home topography is priced on a board of a given density (what
    choosing a topography would cost)."""
    if use.topography_unknown and isinstance(army, _Density):
        return use.priced and not use.unknown_price
    return use.counted


def _tally(army: Any, unit: Unit, known: dict[int, float] | None = None) -> _Tally:
    """The unit's cards priced for it (``known``: the cost of some already found, by ``id``)."""
    table = _table(army.cat)
    known = known or {}
    held = None
    if any(u.name in table.reads_cards for u in unit.cards):
        held = frozenset(u.name for u in unit.cards if u.card is not None)
    cards = extras = carried = 0.0
    refunds = []
    for use in unit.cards:
        if not _adds(army, use):  # unknown, misplaced, or without what prices it: adds nothing
            continue
        assert use.card is not None  # priced: a known card
        p = known[id(use)] if id(use) in known else _case(army, use, unit, table, held)
        per = use.card["cost"]["per"]
        if per == "stand":
            cards += p
        elif per == "card":
            extras += p * (use.number if use.number is not None else 1)
        elif per == "transported":
            carried += p
        elif per == "marked":
            refunds.append((-p, use.number))
    return _Tally(unit.kind, cards, extras, carried, tuple(refunds))


def _counted(t: _Tally, base: float, stands: int, floor: float) -> tuple[float, float]:
    """What the unit adds to the army's total, and its own total (the model's ``Unit.total``), as
    :func:`.model.price` counts them: a stand never below the floor; Mobile Infantry a stand
    carried; a Delayed Entry refund never more than a marked stand's (or the hero's) own cost."""
    if t.kind == "class":
        each = max(base + t.cards, floor)
        own = each * stands + t.extras
    else:
        each = own = base + t.cards
        stands = 1
    total = own + t.carried * stands
    for refund, number in t.refunds:
        marked = 1 if t.kind == "hero" else stands if number is None else min(number, stands)
        total -= min(refund, each) * marked
    return total, own


def _base(army: Any, unit: Unit) -> float:
    """A stand's price before its cards (its troop type's), or a hero's."""
    table = _table(army.cat)
    if unit.kind == "hero":
        return table.hero
    return table.troops[unit.troop["name"]] if unit.troop else 0.0


def _points(army: Any, unit: Unit) -> tuple[float, float]:
    """What a class or a hero adds to the army's total (its stands or the hero, its one-use cards
    and the army lines its cards make: Mobile Infantry, Delayed Entry), and its own total (what
    hero points count), as :func:`.model.price` counts them."""
    return _counted(_tally(army, unit), _base(army, unit), unit.stands, _table(army.cat).floor)


def _line(army: Any, use: CardUse) -> float:
    """What an army card (listed under the army) adds to the total."""
    if not _adds(army, use):
        return 0.0
    assert use.card is not None  # priced: a known card
    p = _case(army, use, None)
    if use.card["cost"]["per"] == "card":
        return p * (use.number if use.number is not None else 1)
    return p


def _as(unit: Unit, **change: Any) -> Unit:
    """A copy of a class or hero with some of its values changed (troop, stands, cards, general)."""
    return Unit(
        unit.kind,
        unit.index,
        unit.name,
        unit.path,
        cards=change.get("cards", unit.cards),
        troop=change.get("troop", unit.troop),
        troop_written=unit.troop_written,
        stands=change.get("stands", unit.stands),
        general=change.get("general", unit.general),
    )


def _card_use(
    army: Army, card: dict[str, Any], values: Sequence[str], number: int | None, owner: Unit | None, path: Any = ()
) -> CardUse:
    """A card as the list would write it: ``{Flying: zoom}``, ``{Illusion: 2}``, ``Deadly``."""
    name = card["name"]
    entry: Any = name
    if number is not None:
        entry = {name: number}
    elif len(values) == 1:
        entry = {name: values[0]}
    elif values:
        entry = {name: list(values)}
    use = model.parse_card(entry, path, owner, army.cat)
    use.misplaced = not model.placement_ok(use)
    use.unknown_price = model.price_unknown(army, use)
    return use


def _variant_use(card: dict[str, Any], v: _Variant, owner: Unit | None) -> CardUse:
    """A way of adding the card as the list would hold it: its fixed choices, one a group in the
    data's order (what :func:`.model.parse_card` makes of them), or its number."""
    groups = [g for g in card.get("options", []) if not g.get("free")]
    chosen = {g["name"]: [value] for g, value in zip(groups, v.values, strict=False)}
    use = CardUse(card["name"], card, (), owner, values=list(v.values), number=v.number, chosen=chosen)
    use.misplaced = not model.placement_ok(use)
    return use


def _total_at(army: Army, dense: bool) -> float:
    """The army's total with a home topography of that density."""
    at = _Density(army, dense)
    return (
        sum(_points(at, u)[0] for u in army.units())
        + sum(_line(at, u) for u in army.army_cards)
        + sum(float(r.points) for r in army.ratings)
    )


# ---------------------------------------------------------------------------
# The list as the board reads it


def _sane(data: dict[str, Any]) -> dict[str, Any]:
    """A list that does not fit its schema yet (a new list has no classes), made one the model can
    build, for a board of what is there."""
    cat = model.catalog()
    out: dict[str, Any] = {}
    points = data.get("points")
    if (
        isinstance(points, (int, float))
        and not isinstance(points, bool)
        and 0 < points <= 1000
        and points * 2 == int(points * 2)
    ):
        out["points"] = points
    if isinstance(data.get("topography"), str):
        out["topography"] = data["topography"]
    for kind in model.RATINGS:
        value = data.get(kind)
        if isinstance(value, int) and not isinstance(value, bool) and value in cat.prices.ratings[kind]:
            out[kind] = value

    def cards(value: Any) -> list[Any]:
        kept: list[Any] = []
        for e in value if isinstance(value, list) else []:
            if isinstance(e, str) and e:
                kept.append(e)
            elif isinstance(e, dict) and len(e) == 1:
                ((k, v),) = e.items()
                if isinstance(k, str) and (
                    isinstance(v, str) or (isinstance(v, int) and not isinstance(v, bool)) or isinstance(v, list)
                ):
                    kept.append({k: [str(x) for x in v] if isinstance(v, list) else v})
        return kept

    classes = []
    written = data.get("classes")
    for c in written if isinstance(written, list) else []:
        if not isinstance(c, dict):
            continue
        stands = c.get("stands")
        classes.append(
            {
                "name": str(c.get("name", "")),
                "troop": str(c.get("troop", "")),
                "stands": stands if isinstance(stands, int) and not isinstance(stands, bool) and stands >= 1 else 1,
                "general": c.get("general") is True,
                "cards": cards(c.get("cards")),
            }
        )
    out["classes"] = classes
    heroes = data.get("heroes")
    out["heroes"] = [
        {"name": str(h.get("name", "")), "cards": cards(h.get("cards"))}
        for h in (heroes if isinstance(heroes, list) else [])
        if isinstance(h, dict)
    ]
    out["army_cards"] = cards(data.get("army_cards"))
    return out


def _army(data: dict[str, Any], result: Result) -> Army:
    if isinstance(result.model, Army):
        return result.model
    try:
        return model.build(_sane(data))
    except (KeyError, TypeError, ValueError):  # pragma: no cover - _sane leaves nothing the model refuses
        return model.build({"classes": []})


@dataclass
class _Ctx:
    """One board's army and what its rows and entries share."""

    army: Army
    shown: dict[tuple[str, int], str]  # a class's or hero's name as the board shows it
    entries: dict[tuple[str, int], int | None]  # its entry number, when another of its kind shares its name
    hero_points: float
    taken: set[str]  # the names of the classes and heroes, folded
    used: dict[str, list[CardUse]]  # card -> its priced uses in the army (as the cap rules count them)

    def name(self, unit: Unit) -> str:
        return self.shown[(unit.kind, unit.index)]

    def where(self, unit: Unit | None) -> dict[str, Any]:
        """The edit's options that say where a card is."""
        if unit is None:
            return {"army": True}
        return {"to": unit.name} if unit.kind == "class" else {"hero": unit.name}

    def entry(self, unit: Unit | None) -> int | None:
        return None if unit is None else self.entries[(unit.kind, unit.index)]

    def on(self, unit: Unit | None) -> str:
        return "for the army" if unit is None else f"on {self.name(unit)}"

    def to(self, unit: Unit | None) -> str:
        return "the army" if unit is None else self.name(unit)


def _ctx(army: Army) -> _Ctx:
    every = Counter(fold(u.name) for u in army.units())
    of_kind = {
        "class": Counter(fold(u.name) for u in army.classes),
        "hero": Counter(fold(u.name) for u in army.heroes),
    }
    shown, entries = {}, {}
    for u in army.units():
        key = (u.kind, u.index)
        shown[key] = u.name if every[fold(u.name)] == 1 else f"{u.name} ({u.kind} {u.index + 1})"
        entries[key] = u.index + 1 if of_kind[u.kind][fold(u.name)] > 1 else None
    used: dict[str, list[CardUse]] = {}
    for use in army.all_uses():
        if use.priced:
            used.setdefault(use.name, []).append(use)
    hero_points = float(sum((h.total for h in army.heroes), Fraction(0)))
    return _Ctx(army, shown, entries, hero_points, set(every), used)


def _unique_name(ctx: _Ctx, wanted: str) -> str:
    """``wanted``, or ``wanted 2``, ``wanted 3``...: a name no class or hero has (FTR015)."""
    name, n = wanted, 1
    while fold(name) in ctx.taken:
        n += 1
        name = f"{wanted} {n}"
    return name


def _typed_option(verb: str, part: str, *args: Any, key: str, entry: int | None = None, **opts: Any) -> Edit:
    """An edit whose typed value is an option's value (``--name NEW``, ``--number N``)."""
    made = edit(verb, part, *args, entry=entry, **opts)
    cut = made.words.index("--")
    return Edit(verb, part, (*made.words[:cut], "--" + key.replace("_", "-"), *made.words[cut:]), cut + 1)


# ---------------------------------------------------------------------------
# The board


def board(data: dict[str, Any], result: Result, focus: str | None) -> Board:
    """The list's board: its settings, its classes, heroes and army cards as rows, and the catalog
    for ``focus`` (a class's or hero's row key; by default the last of them: the one just added)."""
    army = _army(data, result)
    ctx = _ctx(army)
    focusable = [f"classes-{c.index}" for c in army.classes] + [f"heroes-{h.index}" for h in army.heroes]
    if focus not in focusable:
        focus = focusable[-1] if focusable else None
    sections = [
        Section(
            "classes",
            "Classes",
            tuple(_class_row(ctx, c) for c in army.classes),
            empty="No classes yet: add one from the troop types",
        ),
        Section(
            "heroes",
            "Heroes",
            tuple(_hero_row(ctx, h) for h in army.heroes),
            empty=f"No heroes (an army may have up to {army.cat.rule_value('max_heroes')})",
        ),
        Section(
            "army-cards",
            "Army cards",
            (_army_row(ctx),) if army.army_cards else (),
            empty="No army cards",
        ),
    ]
    taker = None
    if focus is not None:
        kind, _, index = focus.partition("-")
        taker = (army.classes if kind == "classes" else army.heroes)[int(index)]
    made = Board(
        settings=_settings(ctx),
        sections=sections,
        # what the army is made of first (troop types, heroes), then what is added to it (cards)
        catalog=[_troops_group(ctx), _heroes_group(ctx), _cards_group(ctx, taker), _army_group(ctx)],
        focus=focus,
    )
    return unique_labels(made)


# ---------------------------------------------------------------------------
# Settings


def _settings(ctx: _Ctx) -> list[Control]:
    army = ctx.army
    out = [
        Control(
            NUMBER,
            "Army size in points",
            face="Points",
            edit=typed("set", "points"),
            value=str(int(army.limit)) if army.limit.denominator == 1 else str(float(army.limit)),
            low=0.5,
            high=1000,
            step=0.5,
            key="points",
        )
    ]
    out.append(_topography(ctx))
    for r in army.ratings:
        out.append(_rating(ctx, r))
    return out


@cache
def _dense_cards() -> list[str]:
    """The cards a Dense home topography prices otherwise (FT 24, 49, 58)."""
    return [c["name"] for c in model.catalog().cards.values() if model.depends_on_topography(c)]


def _topography(ctx: _Ctx) -> Control:
    army = ctx.army
    written = army.topography_written
    now = float(army.total)
    at = {dense: _total_at(army, dense) for dense in (False, True)}
    options = []
    if written is not None:
        options.append(Option("", "None", edit("remove", "topography"), cost=_pts(at[False] - now)))
    else:
        options.append(Option("", "None"))
    dense_cards = _dense_cards()
    for t in army.cat.topographies.values():
        name = t["name"]
        label = name + (f" (Dense: dearer {', '.join(dense_cards)})" if t.get("dense") else "")
        if written == name:
            options.append(Option(name, label))
        else:
            options.append(
                Option(name, label, edit("set", "topography", name), cost=_pts(at[bool(t.get("dense"))] - now))
            )
    if written is not None and army.topography is None:
        options.append(Option(written, f"{written} (not a known topography)"))
    return Control(
        CHOICE,
        "Home topography",
        face="Topography",
        value=written or "",
        options=tuple(options),
        key="topography",
    )


def _rating(ctx: _Ctx, r: model.Rating) -> Control:
    prices = ctx.army.cat.prices.ratings[r.kind]
    options = []
    for value, cost in prices.items():
        if value == r.value:
            options.append(Option(str(value), str(value), cost=_pts(0.0)))
        else:
            cost_change = float(cost - r.points)
            options.append(Option(str(value), str(value), edit("set", r.kind, value), cost=_pts(cost_change)))
    return Control(
        CHOICE,
        f"{r.title} rating",
        face=r.title,
        value=str(r.value),
        options=tuple(options),
        key=r.kind,
    )


# ---------------------------------------------------------------------------
# Rows


def _class_row(ctx: _Ctx, unit: Unit) -> Row:
    army = ctx.army
    name, e = ctx.name(unit), ctx.entry(unit)
    tally, base, floor = _tally(army, unit), _base(army, unit), _table(army.cat).floor
    now = _counted(tally, base, unit.stands, floor)[0]
    key = f"classes-{unit.index}"
    controls = [
        Control(BUTTON, f"Add cards to {name}", face="Cards", focus=key, key="focus"),
        Control(
            TEXT,
            f"Rename {name}",
            face="Name",
            edit=_typed_option("set", "class", unit.name, key="name", entry=e),
            value=unit.name,
            key="name",
        ),
        _troop_choice(ctx, unit, now),
    ]
    fewer = now - _counted(tally, base, unit.stands - 1, floor)[0] if unit.stands > 1 else 0.0
    if unit.stands > 1:
        controls.append(
            Control(
                BUTTON,
                f"One stand fewer of {name}, {_pts(-fewer)}",
                face="\u2212",
                edit=edit("remove", "stands", unit.name, 1, entry=e),
                cost=_pts(-fewer),
                key="stands-less",
            )
        )
    else:
        controls.append(
            Control(
                BUTTON,
                f"One stand fewer of {name}",
                face="\u2212",
                why_not="a class has at least 1 stand; remove the class instead",
                key="stands-less",
            )
        )
    more = _counted(tally, base, unit.stands + 1, floor)[0] - now
    why_more = _why_no_more_stands(ctx, unit)
    controls += [
        Control(
            NUMBER,
            f"Stands of {name}",
            face="Stands",
            edit=typed("set", "stands", unit.name, entry=e),
            value=str(unit.stands),
            low=1,
            high=100,
            key="stands",
        ),
        Control(
            BUTTON,
            f"One more stand of {name}, {_pts(more)}",
            face="+",
            edit=None if why_more else edit("add", "stands", unit.name, 1, entry=e),
            cost=_pts(more),
            key="stands-more",
            why_not=why_more,
        ),
        _general_toggle(ctx, unit),
        Control(
            BUTTON,
            f"Remove {name}",
            face="Remove",
            edit=edit("remove", "class", unit.name, entry=e),
            cost=_pts(-now),
            key="remove",
        ),
    ]
    troop = unit.troop["name"] if unit.troop else unit.troop_written
    subtitle = [
        troop if unit.troop else f"{troop} (not a known troop type)",
        f"{plural(unit.stands, 'stand')} of {points_text(unit.each)}" + (" (the minimum)" if unit.floored else ""),
    ]
    if unit.troop:  # the figures a player plays with (the data holds no combat factors)
        from .catalog import UNVERIFIED

        subtitle.append(f"{unit.troop.get('order')} order")
        move = model.movement(unit)
        subtitle.append(move + ("" if unit.troop.get("move_verified", True) else f" ({UNVERIFIED})"))
        if unit.troop.get("shoots"):
            subtitle.append(f"shooting factor {unit.troop.get('shooting_factor')}")
    if unit.general:
        subtitle.append("general")
    return Row(
        key,
        unit.name,
        path=unit.path,
        subtitle=" · ".join(subtitle),
        cost=points_text(unit.total),
        controls=tuple(controls),
        chips=tuple(_chips(ctx, unit, unit.cards)),
        focusable=True,
        explain=("troops", unit.troop["name"]) if unit.troop else None,
    )


def _why_no_more_stands(ctx: _Ctx, unit: Unit) -> str:
    """Why the class cannot take one more stand: a card on every stand of it that only so many
    stands may have (Unreliable, Marksman, Delayed Entry: FT 60, 42, 32; Mobile Infantry: one card a
    stand carried, FT 45), or the list format's 100."""
    if unit.stands >= 100:
        return "a class has at most 100 stands"
    for use in unit.cards:
        if not use.priced or use.card is None:
            continue
        card, caps = use.card, use.card.get("caps", {})
        found = ctx.used.get(card["name"], [])
        if "max_stands" in caps and use.number is None:
            have = sum(model.marked_count(u) for u in found if u.owner is not None and u.owner.kind == "class")
            if have + 1 > caps["max_stands"]:
                return f"at most {caps['max_stands']} stands may have {card['name']} ({card['rule']})"
        carried = sum(_card_count(u) for u in found) if card["cost"]["per"] == "transported" else 0
        if "max_cards" in caps and carried and carried + 1 > caps["max_cards"]:
            return f"at most {caps['max_cards']} {card['name']} cards in an army ({card['rule']})"
    return ""


@cache
def _troop_label(name: str) -> str:
    return f"{name} ({points_text(model.catalog().prices.troops[name])} a stand)"


_TROOP_CHOICES: dict[tuple[Any, ...], Control] = {}  # a class's troop choice, by what it is made of


def _troop_choice(ctx: _Ctx, unit: Unit, now: float) -> Control:
    """The class's troop type: each other type with what the class would cost with it (its cards
    stay; those whose price names troop types are priced for the new one). The same class in the
    same army makes the same choice: it is kept, for the next board."""
    army = ctx.army
    made_of = (
        id(army.cat),
        unit.name,
        ctx.name(unit),
        ctx.entry(unit),
        unit.troop["name"] if unit.troop else None,
        unit.troop_written,
        unit.stands,
        unit.general,
        tuple((u.written, tuple(map(str, u.values)), u.number, u.priced) for u in unit.cards),
        bool(army.dense),
        frozenset(army.army_card_names()),
        now,
    )
    found = _TROOP_CHOICES.get(made_of)
    if found is None:
        if len(_TROOP_CHOICES) > _MEMO_SIZE // 20:
            _TROOP_CHOICES.clear()
        found = _TROOP_CHOICES[made_of] = _make_troop_choice(ctx, unit, now)
    return found


def _make_troop_choice(ctx: _Ctx, unit: Unit, now: float) -> Control:
    army = ctx.army
    table = _table(army.cat)
    on_troop = [u for u in unit.cards if u.priced and set(table.keys[u.name]) & _TROOP_KEYS]
    known = {id(u): _case(army, u, unit, table) for u in unit.cards if u.priced and u not in on_troop}
    e = ctx.entry(unit)
    lead = ("--entry", str(e), "--") if e is not None else ("--",)
    same = _tally(army, unit, known) if not on_troop else None  # the cards cost the same whatever the type
    options = []
    for t in army.cat.troops.values():
        name = t["name"]
        if unit.troop is not None and unit.troop["name"] == name:
            options.append(Option(name, _troop_label(name)))
            continue
        if same is not None:
            tally = same
        else:
            other = _as(unit, troop=t)
            tally = _tally(army, other, {**known, **{id(u): _case(army, u, other, table) for u in on_troop}})
        total = _counted(tally, table.troops[name], unit.stands, table.floor)[0]
        change = Edit("set", "troop", (*lead, unit.name, name))
        options.append(Option(name, _troop_label(name), change, cost=_pts(total - now)))
    if unit.troop is None:
        options.append(Option(unit.troop_written, f"{unit.troop_written} (not a known troop type)"))
    value = unit.troop["name"] if unit.troop else unit.troop_written
    return Control(
        CHOICE, f"Troop type of {ctx.name(unit)}", face="Troop", value=value, options=tuple(options), key="troop"
    )


def _general_toggle(ctx: _Ctx, unit: Unit) -> Control:
    name, e = ctx.name(unit), ctx.entry(unit)
    if unit.general:
        return Control(
            TOGGLE,
            f"Take the general from {name}",
            face="General",
            edit=edit("remove", "general", unit.name, entry=e),
            pressed=True,
            key="general",
        )
    why = ""
    for use in unit.cards:
        if not use.priced or use.card is None or not use.card.get("caps", {}).get("not_general"):
            continue
        if use.card.get("quantity") == "stands" and use.number is not None and use.number < unit.stands:
            continue  # the general's stand can be one it leaves unmarked (FT 32.4)
        caps = use.card["caps"]
        why = f"generals cannot have {use.name} ({caps.get('not_general_rule', use.card['rule'])})"
        break
    return Control(
        TOGGLE,
        f"Give the general to {name}",
        face="General",
        edit=None if why else edit("set", "general", unit.name, entry=e),
        why_not=why,
        pressed=False,
        key="general",
    )


def _hero_row(ctx: _Ctx, unit: Unit) -> Row:
    army = ctx.army
    name, e = ctx.name(unit), ctx.entry(unit)
    now = _points(army, unit)[0]
    key = f"heroes-{unit.index}"
    controls = (
        Control(BUTTON, f"Add cards to {name}", face="Cards", focus=key, key="focus"),
        Control(
            TEXT,
            f"Rename {name}",
            face="Name",
            edit=_typed_option("set", "hero", unit.name, key="name", entry=e),
            value=unit.name,
            key="name",
        ),
        Control(
            BUTTON,
            f"Remove {name}",
            face="Remove",
            edit=edit("remove", "hero", unit.name, entry=e),
            cost=_pts(-now),
            key="remove",
        ),
    )
    base = army.cat.prices.rules["hero_base_cost"]
    return Row(
        key,
        unit.name,
        path=unit.path,
        subtitle=(
            f"hero · {points_text(base)} plus its cards · heroes {_total_text(ctx.hero_points)} of "
            f"{army.cat.rule_value('max_hero_points')} in all"
        ),
        cost=points_text(unit.total),
        controls=controls,
        chips=tuple(_chips(ctx, unit, unit.cards)),
        focusable=True,
    )


def _army_row(ctx: _Ctx) -> Row:
    army = ctx.army
    total = sum(_line(army, u) for u in army.army_cards)
    return Row(
        "army-cards",
        "Army cards",
        path=("army_cards",),
        subtitle="bought for the whole army",
        cost=_total_text(total),
        chips=tuple(_chips(ctx, None, army.army_cards)),
    )


# ---------------------------------------------------------------------------
# Chips: the cards a class, a hero or the army holds


def _priced_at(ctx: _Ctx, unit: Unit | None, cards: list[CardUse], known: dict[int, float] | None = None) -> float:
    """What the taker adds to the total with these cards (the army: its army cards' lines);
    ``known``: the cost of some of them already found (by ``id``)."""
    if unit is None:
        return sum(_line(ctx.army, u) for u in cards)
    army = ctx.army
    table = _table(army.cat)
    return _counted(_tally(army, _as(unit, cards=cards), known), _base(army, unit), unit.stands, table.floor)[0]


def _fixed(ctx: _Ctx, unit: Unit | None, cards: list[CardUse]) -> dict[int, float]:
    """The cost of each of the taker's cards whose price does not depend on its other cards: it
    stays what it is whatever card is added, changed or taken away beside it."""
    if unit is None:
        return {}
    table = _table(ctx.army.cat)
    return {id(u): _case(ctx.army, u, unit, table) for u in cards if u.priced and u.name not in table.reads_cards}


def _chip_cost(ctx: _Ctx, unit: Unit | None, use: CardUse) -> str:
    army = ctx.army
    if use.card is None:
        return "unknown card: not priced"
    if not use.priced:
        return "not priced here"
    if use.unknown_price:  # FTR005 says which choice: the total leaves it out (issue 46, item 16)
        return "not priced until its choice is made"
    if use.topography_unknown:  # FTR027
        return "not priced until the home topography is set"
    per = use.card["cost"]["per"]
    p = _case(army, use, unit)
    if per == "stand":
        return _each(p, "a stand" if unit is not None and unit.kind == "class" else "")
    if per == "card":
        return _pts(p * (use.number if use.number is not None else 1))
    if unit is None:
        return _pts(_line(army, use))
    # Mobile Infantry (a stand carried) or Delayed Entry (a stand marked): what it adds to the total
    return _pts(_points(army, unit)[0] - _points(army, _as(unit, cards=[u for u in unit.cards if u is not use]))[0])


def _chip_note(unit: Unit | None, use: CardUse) -> str:
    bits = use.option_values() + [str(v) for v in use.bad_options]
    if use.number is not None:
        q = use.card.get("quantity") if use.card else None
        bits.append(plural(use.number, "stand") if q == "stands" else plural(use.number, "card"))
    elif use.card and use.card.get("quantity") == "stands" and unit is not None and unit.kind == "class":
        bits.append("every stand")
    return ", ".join(bits)


def _chips(ctx: _Ctx, unit: Unit | None, cards: list[CardUse]) -> Iterator[Chip]:
    known = _fixed(ctx, unit, cards)
    now = _priced_at(ctx, unit, cards, known)
    keys: Counter[str] = Counter()
    names = _ordinal_names(cards)
    for j, use in enumerate(cards):
        shown = names[j]
        keys[use.name] += 1
        key = use.name if keys[use.name] == 1 else f"{use.name}-{keys[use.name]}"
        rest = [u for u in cards if u is not use]
        gone = _priced_at(ctx, unit, rest, known) - now
        where = ctx.where(unit)
        controls = [
            Control(
                BUTTON,
                f"Remove {shown} from {ctx.to(unit)}",
                face="\u00d7",
                edit=edit("remove", "card", use.name, entry=ctx.entry(unit), **where),
                cost=_pts(gone),
                key="remove",
            )
        ]
        if use.card is not None:
            controls += _option_controls(ctx, unit, cards, j, shown, now, known)
            controls += _number_controls(ctx, unit, cards, j, shown, now, known)
        yield Chip(
            key,
            use.name,
            cost=_chip_cost(ctx, unit, use),
            note=_chip_note(unit, use),
            path=use.path,
            controls=tuple(controls),
            explain=("cards", use.name) if use.card is not None else None,
        )


def _swap(
    ctx: _Ctx, unit: Unit | None, cards: list[CardUse], j: int, values: Sequence[str], number: int | None
) -> tuple[list[CardUse], CardUse]:
    old = cards[j]
    assert old.card is not None  # only known cards get option and number controls
    new = _card_use(ctx.army, old.card, values, number, old.owner, old.path)
    return [*cards[:j], new, *cards[j + 1 :]], new


def _option_controls(
    ctx: _Ctx, unit: Unit | None, cards: list[CardUse], j: int, shown: str, now: float, known: dict[int, float]
) -> list[Control]:
    use = cards[j]
    card = use.card
    assert card is not None
    groups = card.get("options", [])
    where = ctx.where(unit)
    out = []
    for g in groups:
        gname = g["name"]
        if g.get("free"):
            others = [v for o in groups if o["name"] != gname for v in use.chosen.get(o["name"], [])]
            count = int(g.get("count") or 1)
            label = f"{gname.capitalize()} of {shown} {ctx.on(unit)}" + (
                f" ({count} separated by commas)" if count > 1 else ""
            )
            out.append(
                Control(
                    TEXT,
                    label,
                    face=gname,
                    edit=_typed_option(
                        "set", "card", use.name, key="option", entry=ctx.entry(unit), option=others, **where
                    ),
                    value=", ".join(use.chosen.get(gname, [])),
                    key=f"option-{gname}",
                )
            )
            continue
        current = use.chosen.get(gname, [])
        options = []
        for choice in g["choices"]:
            if current == [choice]:
                options.append(Option(choice, choice))
                continue
            values = [v for o in groups for v in ([choice] if o["name"] == gname else use.chosen.get(o["name"], []))]
            changed, _ = _swap(ctx, unit, cards, j, values, None)
            cost = _priced_at(ctx, unit, changed, known) - now
            options.append(
                Option(
                    choice,
                    choice,
                    edit("set", "card", use.name, entry=ctx.entry(unit), option=values, **where),
                    cost=_pts(cost),
                )
            )
        out.append(
            Control(
                CHOICE,
                f"{gname.capitalize()} of {shown} {ctx.on(unit)}",
                face=gname,
                value=current[0] if len(current) == 1 else "",
                options=tuple(options),
                key=f"option-{gname}",
            )
        )
    return out


def _number_bounds(ctx: _Ctx, unit: Unit | None, use: CardUse) -> tuple[int, int, str] | None:
    """The number a card on this taker may have (current, highest, why not one more), or None
    when it takes no number here."""
    card = use.card
    assert card is not None
    q = card.get("quantity")
    caps = card.get("caps", {})
    if q == "cards":
        n = use.number if use.number is not None else 1
        if "max_per_class" in caps and unit is not None:
            high = caps["max_per_class"]
            why = f"at most {high} {card['name']} cards for one class ({card['rule']})"
        elif "max_cards" in caps:
            others = sum(_card_count(u) for u in ctx.used.get(card["name"], []) if u is not use)
            high = caps["max_cards"] - others
            why = f"at most {caps['max_cards']} {card['name']} cards in an army ({card['rule']})"
        else:
            high, why = 100, "a card's number is at most 100"
        return n, max(high, 1), why
    if q == "stands" and unit is not None and unit.kind == "class":
        n = use.number if use.number is not None else unit.stands
        high, why = unit.stands, f"{ctx.name(unit)} has {plural(unit.stands, 'stand')}"
        if "max_stands" in caps:
            others = sum(
                model.marked_count(u)
                for u in ctx.used.get(card["name"], [])
                if u is not use and u.owner is not None and u.owner.kind == "class"
            )
            if caps["max_stands"] - others < high:
                high = caps["max_stands"] - others
                why = f"at most {caps['max_stands']} stands may have {card['name']} ({card['rule']})"
        if caps.get("not_general") and unit.general and high >= unit.stands:
            high = unit.stands - 1
            why = (
                f"generals cannot have {card['name']} ({caps.get('not_general_rule', card['rule'])}): "
                f"one stand of {ctx.name(unit)} holds the general"
            )
        return n, max(high, 1), why
    return None


def _number_controls(
    ctx: _Ctx, unit: Unit | None, cards: list[CardUse], j: int, shown: str, now: float, known: dict[int, float]
) -> list[Control]:
    use = cards[j]
    assert use.card is not None
    bounds = _number_bounds(ctx, unit, use)
    if bounds is None:
        return []
    n, high, why_more = bounds
    where = ctx.where(unit)
    e = ctx.entry(unit)
    stands = use.card.get("quantity") == "stands"
    if stands:
        assert unit is not None
        less_label, number_label, more_label = (
            f"One stand fewer of {ctx.name(unit)} with {shown}",
            f"Stands of {ctx.name(unit)} with {shown}",
            f"One more stand of {ctx.name(unit)} with {shown}",
        )
    else:
        for_whom = f"for {ctx.to(unit)}"
        less_label, number_label, more_label = (
            f"One {shown} card fewer {for_whom}",
            f"{shown} cards {for_whom}",
            f"One more {shown} card {for_whom}",
        )

    def priced(k: int) -> str:
        changed, _ = _swap(ctx, unit, cards, j, [], k)
        return _pts(_priced_at(ctx, unit, changed, known) - now)

    out = []
    if n > 1:
        cost = priced(n - 1)
        out.append(
            Control(
                BUTTON,
                f"{less_label}, {cost}",
                face="\u2212",
                edit=edit("set", "card", use.name, entry=e, number=n - 1, **where),
                cost=cost,
                key="number-less",
            )
        )
    else:
        out.append(
            Control(BUTTON, less_label, face="\u2212", why_not="at least 1: remove the card instead", key="number-less")
        )
    out.append(
        Control(
            NUMBER,
            number_label,
            face=plural(n, "stand" if stands else "card").split()[1],
            edit=_typed_option("set", "card", use.name, key="number", entry=e, **where),
            value=str(n),
            low=1,
            high=high,
            key="number",
        )
    )
    if n < high:
        cost = priced(n + 1)
        out.append(
            Control(
                BUTTON,
                f"{more_label}, {cost}",
                face="+",
                edit=edit("set", "card", use.name, entry=e, number=n + 1, **where),
                cost=cost,
                key="number-more",
            )
        )
    else:
        out.append(Control(BUTTON, more_label, face="+", why_not=why_more, key="number-more"))
    return out


# ---------------------------------------------------------------------------
# The catalog


def _card_count(use: CardUse) -> int:
    """How many cards a use counts toward a max_cards cap (FTR010)."""
    assert use.card is not None
    if use.card["cost"]["per"] == "transported":
        return use.owner.stands if use.owner is not None else 0
    return use.number if use.number is not None else 1


@dataclass(frozen=True)
class _Variant:
    """One way to add a card: its options and its number as the list writes them."""

    name: str  # "Flying (zoom)", "Illusion (2 cards)", "Delayed Entry (1 stand)"
    values: tuple[str, ...] = ()
    number: int | None = None


def _variants(army: Army, card: dict[str, Any], unit: Unit | None) -> list[_Variant]:
    name = card["name"]
    groups = [g for g in card.get("options", []) if not g.get("free")]
    combos: list[tuple[str, ...]] = [()]
    for g in groups:
        combos = [(*c, choice) for c in combos for choice in g["choices"]]
    optional = all(
        g.get("missing") not in ("error", "must_choose")
        or ("missing_unless" in g and conditions.holds(g["missing_unless"], army, unit, None))
        for g in groups
    )
    if groups and optional:
        combos.insert(0, ())
    caps = card.get("caps", {})
    q = card.get("quantity")
    numbers: list[int | None] = [None]
    if q == "cards":
        high = caps.get("max_per_class") if unit is not None else None
        numbers = list(range(1, int(high or caps.get("max_cards") or 1) + 1))
    elif q == "stands" and unit is not None and unit.kind == "class":
        numbers = [*range(1, unit.stands), None]
    out = []
    for combo in combos:
        for n in numbers:
            bits = list(combo)
            if n is not None:
                bits.append(plural(n, "stand") if q == "stands" else plural(n, "card"))
            elif q == "stands" and unit is not None and unit.kind == "class" and unit.stands > 1:
                bits.append("every stand")
            out.append(_Variant(name + (f" ({', '.join(bits)})" if bits else ""), combo, n))
    return out


def _placement_why(card: dict[str, Any], unit: Unit | None) -> str:
    return model.placement_why(card, unit.kind if unit is not None else "army")


def _reads_option(restriction: dict[str, Any]) -> bool:
    """Whether a restriction of a card asks which of its options it has (then each way of adding it
    is judged apart)."""
    return any(conditions.uses_key(restriction[s], "option") for s in ("require", "forbid") if s in restriction)


# How far a reason a card cannot be added reaches: every way of adding the card, this way only
# (its options or number), or this number (a smaller one may fit).
CARD, VARIANT, COUNT = "card", "variant", "count"


def _why_not(ctx: _Ctx, card: dict[str, Any], use: CardUse, unit: Unit | None, held: frozenset[str]) -> tuple[str, str]:
    """Why the card cannot be added as ``use`` to the taker holding the cards ``held`` (empty: it
    can), and how far the reason reaches."""
    army = ctx.army
    name, rule = card["name"], card["rule"]
    caps = card.get("caps", {})
    quantity = card.get("quantity")
    if not model.placement_ok(use):
        return _placement_why(card, unit), CARD
    if unit is not None:
        if name in held:
            tail = ": change its number on its chip" if quantity else " (a card is bought once for a stand or hero)"
            return f"{ctx.name(unit)} has {name} already{tail}", CARD
        for h in sorted(held):
            other = army.cat.cards[h]
            if name in other.get("excludes", []) or h in card.get("excludes", []):
                by = other["rule"] if name in other.get("excludes", []) else rule
                return f"{name} and {h} cannot be on the same stand ({by})", CARD
        for r in card.get("restrictions", []):
            if r.get("applies_to") not in (None, unit.taker):
                continue
            reach = VARIANT if _reads_option(r) else CARD
            if any(conditions.undecided(r[side], unit) for side in ("require", "forbid") if side in r):
                return (
                    f"the troop type '{unit.troop_written}' of {ctx.name(unit)} is not one the game knows: "
                    "fix it first",
                    CARD,
                )
            if "require" in r and not model.holds(r["require"], army, unit, use):
                reason = r.get("reason") or f"{name} needs {conditions.describe(r['require'])}"
                return f"{reason} ({r['rule']})", reach
            if "forbid" in r and model.holds(r["forbid"], army, unit, use):
                reason = r.get("reason") or f"{name} is not for {conditions.describe(r['forbid'])}"
                return f"{reason} ({r['rule']})", reach
        held_why = _held_refuses(ctx, unit, use)
        if held_why:
            return held_why, CARD
    elif name in held and not caps.get("max_per_army"):
        tail = ": change its number on its chip" if quantity else ""
        return f"the army has {name} already{tail}", CARD
    found = ctx.used.get(name, [])
    if "max_per_army" in caps and len(found) >= caps["max_per_army"]:
        holder = found[0].owner.name if found[0].owner is not None else "the army"
        times = "once" if caps["max_per_army"] == 1 else f"{caps['max_per_army']} times"
        return f"an army may buy {name} only {times} ({rule}); {holder} has it", CARD
    if "max_classes" in caps and unit is not None:
        classes = {u.owner.name for u in found if u.owner is not None and u.owner.kind == "class"}
        if len(classes) >= caps["max_classes"]:
            return (
                f"only {caps['max_classes']} class in an army may have {name} ({rule}); "
                f"{', '.join(sorted(classes))} has it",
                CARD,
            )
    if "max_cards" in caps:
        have = sum(_card_count(u) for u in found)
        if card["cost"]["per"] == "transported":
            adding = unit.stands if unit is not None else 0
        else:
            adding = use.number if use.number is not None else 1
        if have + adding > caps["max_cards"]:
            tail = f"; the army has {have}" if have else ""
            return f"at most {caps['max_cards']} {name} cards in an army ({rule}){tail}", COUNT
    if unit is not None and unit.kind == "class" and "max_stands" in caps:
        have = sum(model.marked_count(u) for u in found if u.owner is not None and u.owner.kind == "class")
        adding = unit.stands if use.number is None else min(use.number, unit.stands)
        if have + adding > caps["max_stands"]:
            tail = f"; {have} {'has' if have == 1 else 'have'} it" if have else ""
            return f"at most {caps['max_stands']} stands may have {name} ({rule}){tail}", COUNT
    if unit is not None and unit.kind == "hero" and "max_heroes" in caps:
        heroes = [u.owner.name for u in found if u.owner is not None and u.owner.kind == "hero"]
        if len(heroes) >= caps["max_heroes"]:
            most = plural(caps["max_heroes"], "hero")
            return f"at most {most} may have {name} ({rule}); {', '.join(heroes)} has it", CARD
    marks_general = not (
        quantity == "stands" and unit is not None and use.number is not None and use.number < unit.stands
    )
    if unit is not None and unit.kind == "class" and caps.get("not_general") and unit.general and marks_general:
        why = f"generals cannot have {name} ({caps.get('not_general_rule', rule)}): {ctx.name(unit)} holds the general"
        return why, VARIANT
    if unit is not None and unit.kind == "hero":
        own = _points(army, _as(unit, cards=[*unit.cards, use]))[1]
        after = ctx.hero_points - float(unit.total) + own
        cap = army.cat.rule_value("max_hero_points")
        if after > cap and own > unit.total:
            rule_ref = army.cat.rule_ref("max_hero_points")
            return f"heroes would cost {_total_text(after)} in all; at most {cap} ({rule_ref})", VARIANT
    if army.topography_written is None and model.depends_on_topography(card):
        # FTR027: the list would be illegal at once, its price unknown until the topography is said
        return _TOPOGRAPHY_FIRST.format(name=name, rule=rule), CARD
    return "", ""


# Why a card that depends on the home topography waits for it (FT 24, 49, 58), in a player's words.
_TOPOGRAPHY_WAIT = "choose the army's home topography first"
_TOPOGRAPHY_FIRST = _TOPOGRAPHY_WAIT + ": it sets the price of {name}, dearer when Dense ({rule})"


def _held_refuses(ctx: _Ctx, unit: Unit, use: CardUse) -> str:
    """Why a card the taker already holds would refuse ``use`` beside it ("" when none would), as
    FTR007 reads each card's restrictions on the cards held with it: Hold the Line on a class, then
    Fierce (FT 38)."""
    army = ctx.army
    after = _as(unit, cards=[*unit.cards, use])
    for held in unit.cards:
        other = held.card
        if other is None or not held.priced:
            continue
        for r in other.get("restrictions", []):
            sides = [r[side] for side in ("require", "forbid") if side in r]
            if r.get("applies_to") not in (None, unit.taker) or not any(conditions.uses_key(s, "card") for s in sides):
                continue
            if any(conditions.undecided(s, unit) for s in sides):
                continue
            if ("require" in r and not model.holds(r["require"], army, after, held)) or (
                "forbid" in r and model.holds(r["forbid"], army, after, held)
            ):
                reason = r.get("reason") or f"{other['name']} forbids it"
                return f"{ctx.name(unit)} has {other['name']}: {reason} ({r['rule']})"
    return ""


def _per(card: dict[str, Any], unit: Unit | None) -> str:
    """What a card's price is for, on this taker: "a stand", "a card", "" (the hero, the army)."""
    per = card["cost"]["per"]
    if per == "stand":
        return "a stand" if unit is not None and unit.kind == "class" and card["kind"] != "hero" else ""
    return {
        "card": "a card",
        "marked": "a stand marked" if unit is None or unit.kind == "class" else "",
        "transported": "a stand carried",
    }.get(per, "")


@dataclass(frozen=True)
class _Taker:
    """What the entries of one catalog group share: the class or hero they add to (None: the army)."""

    unit: Unit | None
    cards: list[CardUse]  # the cards it holds
    names: frozenset[str]  # their names
    known: dict[int, float]  # the cost of those that stay what they are beside another card
    now: float  # what it adds to the total now
    lead: tuple[str, ...]  # the edit's first words: which of two entries of one name (``--entry N``)
    where: tuple[str, ...]  # the edit's words that say where a card goes (``--to CLASS``)

    @classmethod
    def of(cls, ctx: _Ctx, unit: Unit | None) -> _Taker:
        cards = unit.cards if unit is not None else ctx.army.army_cards
        known = _fixed(ctx, unit, cards)
        e = ctx.entry(unit)
        lead = ("--entry", str(e)) if e is not None else ()
        if unit is None:
            where: tuple[str, ...] = ("--army",)
        else:
            where = ("--to" if unit.kind == "class" else "--hero", unit.name)
        names = frozenset(u.name for u in cards if u.card is not None)
        return cls(unit, cards, names, known, _priced_at(ctx, unit, cards, known), lead, where)


def _card_entries(ctx: _Ctx, card: dict[str, Any], taker: _Taker) -> list[Entry]:
    """The card's entries for the taker: one per way of adding it (its options, its number) that
    can be added, and those that cannot for their options or number alone; one disabled entry when
    no way can."""
    army, unit = ctx.army, taker.unit
    name = card["name"]
    per = _per(card, unit)
    made: list[tuple[Entry, str]] = []
    for v in _variants(army, card, unit):
        use = _variant_use(card, v, unit)
        why, reach = _why_not(ctx, card, use, unit, taker.names)
        cost = _each(_case(army, use, unit), per)
        label = f"Add {v.name} to {ctx.to(unit)}, {cost}"
        if why:
            add = Control(BUTTON, label, face="Add", why_not=why, key=f"add-{v.name}")
        else:
            words = [w for value in v.values for w in ("--option", value)]
            if v.number is not None:
                words += ["--number", str(v.number)]
            change = taker.now - _priced_at(ctx, unit, [*taker.cards, use], taker.known)
            add = Control(
                BUTTON,
                label,
                face="Add",
                edit=Edit("add", "card", (*taker.lead, *words, *taker.where, "--", name)),
                cost=_pts(-change),
                key=f"add-{v.name}",
            )
        made.append((Entry(v.name, add, summary=card.get("summary", ""), cost=cost, explain=("cards", name)), reach))
        if reach == CARD:
            return [made[-1][0]]
    if not any(e.add.enabled or reach == VARIANT for e, reach in made):
        return [made[0][0]]
    return [e for e, reach in made if reach != COUNT]


def _cards_group(ctx: _Ctx, unit: Unit | None) -> Group:
    if unit is None:
        return Group("cards", "Cards", note="Add a class from the troop types, or a hero: its cards are offered here")
    entries: list[Entry] = []
    taker = _Taker.of(ctx, unit)
    for card in ctx.army.cat.cards.values():
        if card["kind"] == "army" and not card.get("marks"):
            continue  # the army's own cards: their group
        entries += _card_entries(ctx, card, taker)
    if unit.kind == "class":
        troop = unit.troop["name"] if unit.troop else unit.troop_written
        note = f"{troop}, {plural(unit.stands, 'stand')}: a card is on every stand of the class, and priced a stand"
    else:
        note = "a hero card is priced for the hero"
    return Group(
        "cards", f"Cards for {ctx.name(unit)}", tuple(entries), note=note, controls=_first(ctx, entries), follows=True
    )


def _army_group(ctx: _Ctx) -> Group:
    entries: list[Entry] = []
    taker = _Taker.of(ctx, None)
    for card in ctx.army.cat.cards.values():
        if card["kind"] == "army" and not card.get("marks"):
            entries += _card_entries(ctx, card, taker)
    return Group(
        "army-cards", "Army cards", tuple(entries), note="bought once for the whole army", controls=_first(ctx, entries)
    )


def _first(ctx: _Ctx, entries: Sequence[Entry]) -> tuple[Control, ...]:
    """The home topography, to be chosen where the cards that wait for it are (FT 24, 49, 58)."""
    waiting = [e.explain[1] for e in entries if e.explain and e.add.why_not.startswith(_TOPOGRAPHY_WAIT)]
    if not waiting:
        return ()
    from dataclasses import replace

    from armybuilder.compose.catalog import join

    names = join(dict.fromkeys(waiting), "and")
    choice = _topography(ctx)
    return (
        replace(
            choice,
            label=f"Home topography, which prices {names}",
            face="Home topography",
            options=tuple(o for o in choice.options if o.value),  # none is chosen yet: the page says "Choose…"
            key="topography-first",
        ),
    )


@cache
def _troop_summary(name: str) -> str:
    t = model.catalog().troops[name]
    from .catalog import move_text

    bits = [f"{t['mount']}, {t['order']} order, moves {move_text(t)}"]
    if t.get("shoots"):
        bits.append(f"shoots (shooting factor {t.get('shooting_factor')})")
    if t.get("extra_command_point"):
        bits.append("orders cost 1 more command point")
    return "; ".join(bits)


_MOUNTS = ("foot", "mounted")  # the data's kinds of troop type, in the order the catalog lists them


def _troops_as_players_look(troops: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The troop types as a player looks for them: foot, then mounted (the data's ``mount``), then
    any other kind, each by name (the data lists them in the reference table's order, Knights last)."""

    def rank(t: dict[str, Any]) -> tuple[int, str, str]:
        mount = str(t.get("mount") or "")
        return (_MOUNTS.index(mount) if mount in _MOUNTS else len(_MOUNTS), mount, str(t["name"]).casefold())

    return sorted(troops, key=rank)


def _troops_group(ctx: _Ctx) -> Group:
    army = ctx.army
    floor = float(army.cat.prices.rules["stand_minimum_cost"])
    general = None if army.general_units() else True
    entries = []
    for t in _troops_as_players_look(army.cat.troops.values()):
        name = t["name"]
        price = float(army.cat.prices.troops[name])
        cost = _each(price, "a stand")
        why = "a list holds at most 100 classes" if len(army.classes) >= 100 else ""
        add = Control(
            BUTTON,
            f"Add a class of {name}, {cost}",
            face="Add",
            edit=None if why else edit("add", "class", _unique_name(ctx, name), troop=name, general=general),
            cost=_pts(max(price, floor)),
            why_not=why,
            key=f"add-{name}",
        )
        entries.append(
            Entry(
                name,
                add,
                summary=_troop_summary(name),
                cost=cost,
                explain=("troops", name),
                group=str(t.get("mount") or "other").capitalize(),
            )
        )
    note = "each adds a class of 1 stand named after its troop type: rename it and set its stands on its row"
    if general:
        note += "; the army has no general yet, so the class holds it"
    return Group("troops", "Troop types", tuple(entries), note=note)


def _heroes_group(ctx: _Ctx) -> Group:
    army = ctx.army
    cat = army.cat
    base = float(cat.prices.rules["hero_base_cost"])
    most, most_points = cat.rule_value("max_heroes"), cat.rule_value("max_hero_points")
    why = ""
    if len(army.heroes) >= most:
        why = f"an army has at most {most} heroes ({cat.rule_ref('max_heroes')})"
    elif ctx.hero_points + base > most_points:
        why = (
            f"heroes cost {_total_text(ctx.hero_points)} already; at most {most_points} in all "
            f"({cat.rule_ref('max_hero_points')})"
        )
    add = Control(
        BUTTON,
        f"Add a hero, {_pts(base)}",
        face="Add",
        edit=None if why else edit("add", "hero", _unique_name(ctx, "Hero")),
        cost=_pts(base),
        why_not=why,
        key="add-hero",
    )
    summary = (
        f"{_total_text(base)} plus its cards; never the general (at most {most} heroes, "
        f"{most_points} points of heroes in all)"
    )
    return Group(
        "heroes", "Heroes", (Entry("Hero", add, summary=summary, cost=_pts(base)),), note="rename a hero on its row"
    )
