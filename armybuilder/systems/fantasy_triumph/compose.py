"""Fantasy Triumph: classes, stands, heroes, battle cards and army cards.

Grammar (after ``armybuilder VERB FILE``)::

    add    class NAME --troop TROOP [--stands N] [--general]
    add    hero NAME
    add    stands CLASS N
    add    card CARD [--to CLASS | --hero HERO | --army] [--option OPT]... [--number N]
    remove class NAME | hero NAME | stands CLASS N | general CLASS
    remove card CARD [--from CLASS | --hero HERO | --army]
    remove points | topography | player | note | invasion | maneuver
    set    name TEXT | player TEXT | points N | topography TOPOGRAPHY | note TEXT
    set    invasion N | maneuver N
    set    general CLASS | stands CLASS N | troop CLASS TROOP
    set    class CLASS --name NEW | hero HERO --name NEW
    set    card CARD [--to CLASS | --hero HERO | --army] [--option OPT]... [--number N]

A card goes where ``--to`` (a class), ``--hero`` or ``--army`` says; an army card that marks no
stands (Ambush, Illusion...) goes to the army without being told. ``remove card`` and ``set card``
find the card wherever it is when it is in one place only. A card that takes several free choices
(Terrain Affinity's two terrain types) takes them as ``--option`` repeated, or in one
``--option 'Woods, Wooded Hills'`` separated by commas.

Each part declares the options it reads (:class:`~armybuilder.compose.parts.Opt`), with their
completion; this module stays light: the data is read when a part runs or a name is completed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from armybuilder.compose import base
from armybuilder.compose.base import Doc, Request, find, known, number, put
from armybuilder.compose.parts import EditError, Opt, Part
from armybuilder.suggest import fold, nearest
from armybuilder.text import plural, points_text

from . import MANIFEST

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.systems.fantasy_triumph.model import Army, Catalog, Unit

SYSTEM_ID = MANIFEST.id
CATALOG = f"armybuilder catalog {SYSTEM_ID}"


def _cat() -> Catalog:
    from armybuilder.systems.fantasy_triumph.model import catalog

    return catalog()


def template(name: str, points: Any) -> list[tuple[str, Any]]:
    return [("system", SYSTEM_ID), ("name", name), ("points", points)]


def howto(file: str) -> list[str]:
    return [
        "A Fantasy Triumph army list. Build it from the command line, for example:",
        f"  armybuilder set {file} topography Forest",
        f"  armybuilder add {file} class Wardens --troop 'Elite Foot' --stands 2 --general",
        f"  armybuilder add {file} card Deadly --to Wardens",
        f"  armybuilder add {file} hero Archmage",
        f"  armybuilder add {file} card Spellblast --hero Archmage --option unlimited --option magical",
        f"  armybuilder add {file} card Ambush --army --option home",
        f"Look up cards and troop types: {CATALOG} cards, armybuilder explain {SYSTEM_ID} Flying.",
        f"Check it: armybuilder validate {file}. Editing by hand works too (comments are kept).",
    ]


# ---------------------------------------------------------------------------
# Where things are


def _top(doc: Doc) -> list[str]:
    return base.schema_keys(doc.schema)


def _classes(doc: Doc) -> list[Any]:
    seq = doc.tree.get("classes")
    return seq if isinstance(seq, list) else []


def _heroes(doc: Doc) -> list[Any]:
    seq = doc.tree.get("heroes")
    return seq if isinstance(seq, list) else []


def _class(doc: Doc, name: str) -> Any:
    classes = _classes(doc)
    return classes[find(classes, name, "class")]


def _hero(doc: Doc, name: str) -> Any:
    heroes = _heroes(doc)
    return heroes[find(heroes, name, "hero")]


def _troop(req: Request, written: str) -> str:
    return known(written, _cat().troops, "troop type", f"see: {CATALOG} troops", req=req)


def _card(req: Request, written: str) -> dict[str, Any]:
    cat = _cat()
    name = known(written, cat.cards, "card", f"see: {CATALOG} cards", req=req)
    return cat.cards.get(name, {"name": name, "kind": None})


class _Owner:
    """A class, a hero or the army: where a card list lives."""

    def __init__(self, label: str, mapping: Any, key: str, where: str):
        self.label, self.mapping, self.key, self.where = label, mapping, key, where

    def cards(self) -> list[Any]:
        seq = self.mapping.get(self.key)
        return seq if isinstance(seq, list) else []


def _owners(doc: Doc) -> list[_Owner]:
    out = [_Owner(f"class '{c.get('name')}'", c, "cards", "class") for c in _classes(doc) if isinstance(c, dict)]
    out += [_Owner(f"hero '{h.get('name')}'", h, "cards", "hero") for h in _heroes(doc) if isinstance(h, dict)]
    out.append(_Owner("the army", doc.tree, "army_cards", "army"))
    return out


def _named_owner(doc: Doc, req: Request) -> _Owner | None:
    to, hero, army = req.opt("to"), req.opt("hero"), req.opt("army")
    if sum(1 for x in (to, hero, army) if x) > 1:
        raise EditError(
            "say one place for the card: --to CLASS, --hero HERO or --army",
            "say one place for the card: a class, a hero or the army",
        )
    if to:
        c = _class(doc, to)
        return _Owner(f"class '{c.get('name')}'", c, "cards", "class")
    if hero:
        h = _hero(doc, hero)
        return _Owner(f"hero '{h.get('name')}'", h, "cards", "hero")
    if army:
        return _Owner("the army", doc.tree, "army_cards", "army")
    return None


def _index_of(owner: _Owner, card_name: str) -> int | None:
    """Where the card is in the owner's list; a name the seed also uses (Flight) finds its card."""
    cards = _cat().cards
    for i, entry in enumerate(owner.cards()):
        n = base.card_name(entry)
        if n is not None and fold(cards.canonical(n) or n) == fold(card_name):
            return i
    return None


def _holder(doc: Doc, req: Request, card_name: str) -> tuple[_Owner, int]:
    """The place (and index) of a card already in the list, for remove and set."""
    owner = _named_owner(doc, req)
    if owner is not None:
        i = _index_of(owner, card_name)
        if i is None:
            written = [base.card_name(e) for e in owner.cards()]
            present = [p for p in written if p]
            near = nearest(card_name, present)
            tail = f" (did you mean '{near}'?)" if near else (f" (it has: {', '.join(present)})" if present else "")
            raise EditError(f"{owner.label} has no card '{card_name}'{tail}")
        return owner, i
    found = [(o, _index_of(o, card_name)) for o in _owners(doc)]
    hits = [(o, i) for o, i in found if i is not None]
    if len(hits) == 1:
        return hits[0]
    if not hits:
        everywhere = sorted({n for o in _owners(doc) for e in o.cards() if (n := base.card_name(e)) is not None})
        near = nearest(card_name, everywhere)
        raise EditError(f"the list has no card '{card_name}'" + (f" (did you mean '{near}'?)" if near else ""))
    places = ", ".join(o.label for o, _ in hits)
    raise EditError(
        f"'{card_name}' is on {places}; say which: --from CLASS, --hero HERO or --army",
        f"'{card_name}' is on {places}; say which one",
    )


# ---------------------------------------------------------------------------
# Card values


def _options(card: dict[str, Any], req: Request) -> list[str]:
    groups = card.get("options") or []
    choices = [c for g in groups for c in g.get("choices", [])]
    free = any(g.get("free") for g in groups)
    several = any(g.get("free") and int(g.get("count") or 1) > 1 for g in groups)
    written = [str(v) for v in req.opt("option") or []]
    if several:  # free choices may come in one value, separated by commas: "Woods, Wooded Hills"
        written = [piece for v in written for piece in (v.split(",") if "," in v else [v]) if piece.strip()]
    out = []
    for value in written:
        value = " ".join(value.split())
        hit = next((c for c in choices if fold(c) == fold(value)), None)
        if hit is not None:
            out.append(hit)
        elif free or req.as_written or card.get("kind") is None:
            out.append(value)
        elif not groups:
            raise EditError(f"{card['name']} has no options; leave out --option", f"{card['name']} has no options")
        else:
            near = nearest(value, choices)
            raise EditError(
                f"unknown option '{value}' for {card['name']}"
                + (f" (did you mean '{near}'?)" if near else "")
                + f"; choices: {', '.join(choices)}"
            )
    return out


def _value(card: dict[str, Any], req: Request, flow: bool) -> tuple[Any, str]:
    """The card entry to write, and how to describe it."""
    options = _options(card, req)
    count = req.opt("number")
    name = card["name"]
    if options and count is not None:
        raise EditError("a card takes options or a number, not both")
    if count is not None:
        count = number(count, "--number", 1, 100)
        if card.get("kind") is not None and not card.get("quantity"):
            takers = ", ".join(c["name"] for c in _cat().cards.values() if c.get("quantity"))
            raise EditError(f"{name} takes no number (cards that do: {takers})")
        return base.new_map({name: count}, flow=flow), f"{name}: {count}"
    if not options:
        return base.text(name), name
    if len(options) == 1:
        return base.new_map({name: options[0]}, flow=flow), f"{name} ({options[0]})"
    return base.new_map({name: base.new_seq(options, flow=True)}, flow=flow), f"{name} ({', '.join(options)})"


def _default_owner(doc: Doc, card: dict[str, Any]) -> _Owner:
    if card.get("kind") == "army" and not card.get("marks"):
        return _Owner("the army", doc.tree, "army_cards", "army")
    army = card.get("kind") in (None, "army")
    raise EditError(
        f"say where {card['name']} goes: --to CLASS, --hero HERO" + (" or --army" if army else ""),
        f"say which class or hero {card['name']} goes with" + (", or the army" if army else ""),
    )


def _owner_order(doc: Doc, owner: _Owner) -> list[str]:
    if owner.where == "army":
        return _top(doc)
    return base.schema_keys(doc.schema, "classes" if owner.where == "class" else "heroes", "[]")


def _is_flow(seq: Any) -> bool:
    try:
        return bool(seq.fa.flow_style())
    except AttributeError:  # pragma: no cover
        return False


# ---------------------------------------------------------------------------
# The parts


def add_class(doc: Doc, req: Request) -> str:
    name = req.take_name("a class NAME")
    written = req.opt("troop")
    if not written:
        raise EditError(
            f"say the class's troop type: --troop TROOP (see: {CATALOG} troops)", "say the class's troop type"
        )
    troop = _troop(req, written)
    stands = number(req.opt("stands", 1), "--stands", 1, 100)
    general = req.opt("general")
    _refuse_taken(doc, name, "class")
    pairs = [("name", name), ("troop", troop), ("stands", stands)]
    classes = base.append_to(doc.tree, "classes", base.new_map(pairs), _top(doc))
    said = f"added class '{name}': {plural(stands, 'stand')} of {troop}"
    if general:
        said += ", with the general" + _moved(_make_general(doc, len(classes) - 1))
    return said


def _refuse_taken(doc: Doc, name: str, adding: str) -> None:
    """Refuse a class or hero whose name the list already gives a class or a hero (FTR015)."""
    for kind, entries in (("class", _classes(doc)), ("hero", _heroes(doc))):
        for e in entries:
            if isinstance(e, dict) and fold(str(e.get("name"))) == fold(name):
                have = str(e.get("name"))
                change = (
                    f"armybuilder set FILE stands '{have}' N, or armybuilder set FILE troop '{have}' TROOP"
                    if kind == "class"
                    else f"armybuilder set FILE card CARD --hero '{have}'"
                )
                why = (
                    f"the list already has a {kind} '{have}'; names tell classes and heroes apart (FTR015), "
                    f"so give the new {adding} another name, or change the {kind} there"
                )
                raise EditError(f"{why}: {change}", why)


def _refuse_rename(doc: Doc, entry: Any, new: str, what: str) -> None:
    """Refuse a new name another class or hero has already (FTR015); the entry itself may keep it."""
    for kind, entries in (("class", _classes(doc)), ("hero", _heroes(doc))):
        for e in entries:
            if e is not entry and isinstance(e, dict) and fold(str(e.get("name"))) == fold(new):
                raise EditError(
                    f"the list already has a {kind} '{e.get('name')}'; names tell classes and heroes apart "
                    f"(FTR015), so give the {what} another name"
                )


def _new_name(req: Request, what: str) -> str:
    written = req.opt("name")
    if written is None:
        raise EditError(f"say the {what}'s new name: --name NEW", f"say the {what}'s new name")
    name = " ".join(str(written).split())
    if not name or len(name) > 200:
        raise EditError(f"a {what}'s name is 1 to 200 characters")
    return name


def _rename(kind: str) -> Callable[[Doc, Request], str]:
    """``set class CLASS --name NEW`` / ``set hero HERO --name NEW``: the entry keeps its place and cards."""

    def renamer(doc: Doc, req: Request) -> str:
        entries = _classes(doc) if kind == "class" else _heroes(doc)
        i = find(entries, req.take_name(f"the {kind.upper()} to rename"), kind)
        new = _new_name(req, kind)
        entry = entries[i]
        old = entry.get("name")
        _refuse_rename(doc, entry, new, kind)
        put(entry, "name", new)
        return f"{kind} '{old}' is now called '{new}'"

    return renamer


def remove_general(doc: Doc, req: Request) -> str:
    name = req.take_name("the CLASS that holds the general")
    classes = _classes(doc)
    c = classes[find(classes, name, "class")]
    if c.get("general") is not True:
        raise EditError(f"class '{c.get('name')}' does not hold the general")
    base.drop(c, "general")
    return f"class '{c.get('name')}' no longer holds the general (an army needs one: give it to a class)"


def _make_general(doc: Doc, index: int) -> list[str]:
    """Put the general in class ``index``; the names of the classes that held it before."""
    keys = base.schema_keys(doc.schema, "classes", "[]")
    was = []
    for i, c in enumerate(_classes(doc)):
        if i == index:
            put(c, "general", True, keys)
        elif isinstance(c, dict) and "general" in c:
            if c.get("general"):
                was.append(str(c.get("name")))
            base.remove(c, "general")
    return was


def _moved(was: list[str]) -> str:
    return f" (it was in {', '.join(repr(w) for w in was)})" if was else ""


def set_general(doc: Doc, req: Request) -> str:
    name = req.take_name("the CLASS that holds the general")
    classes = _classes(doc)
    i = find(classes, name, "class")
    return f"class '{classes[i].get('name')}' holds the general" + _moved(_make_general(doc, i))


def add_hero(doc: Doc, req: Request) -> str:
    name = req.take_name("a hero NAME")
    _refuse_taken(doc, name, "hero")
    base.append_to(doc.tree, "heroes", base.new_map([("name", name)]), _top(doc))
    return f"added hero '{name}' (1 point before cards)"


def remove_class(doc: Doc, req: Request) -> str:
    name = req.take_name("the CLASS to remove")
    classes = _classes(doc)
    i = find(classes, name, "class")
    gone = classes[i].get("name")
    base.remove(classes, i)
    return f"removed class '{gone}'"


def remove_hero(doc: Doc, req: Request) -> str:
    name = req.take_name("the HERO to remove")
    heroes = _heroes(doc)
    i = find(heroes, name, "hero")
    gone = heroes[i].get("name")
    base.remove(heroes, i, doc.tree, "heroes")
    return f"removed hero '{gone}'"


def _stands(c: Any) -> int:
    value = c.get("stands")
    if isinstance(value, bool) or not isinstance(value, int):
        why = f"class '{c.get('name')}' has no whole number of stands in the file"
        raise EditError(f"{why}; set it: armybuilder set FILE stands '{c.get('name')}' N", f"{why}; set it")
    return int(value)


def add_stands(doc: Doc, req: Request) -> str:
    name, n = req.take_name_and_int("the CLASS", "how many stands to add (N)", 1, 100)
    c = _class(doc, name)
    now = _stands(c) + n
    put(c, "stands", now)
    return f"class '{c.get('name')}': {plural(now, 'stand')} (+{n})"


def remove_stands(doc: Doc, req: Request) -> str:
    name, n = req.take_name_and_int("the CLASS", "how many stands to remove (N)", 1, 100)
    c = _class(doc, name)
    now = _stands(c) - n
    if now < 1:
        why = f"class '{c.get('name')}' has {plural(_stands(c), 'stand')}; a class keeps at least 1"
        raise EditError(
            f"{why} (to drop the class: armybuilder remove FILE class '{c.get('name')}')",
            f"{why}, so remove the class itself",
        )
    put(c, "stands", now)
    return f"class '{c.get('name')}': {plural(now, 'stand')} (-{n})"


def set_stands(doc: Doc, req: Request) -> str:
    name, n = req.take_name_and_int("the CLASS", "the number of stands (N)", 1, 100)
    c = _class(doc, name)
    put(c, "stands", n)
    return f"class '{c.get('name')}': {plural(n, 'stand')}"


def set_troop(doc: Doc, req: Request) -> str:
    c = _class(doc, req.take("the CLASS"))
    troop = _troop(req, req.take("the TROOP type"))
    put(c, "troop", troop)
    return f"class '{c.get('name')}' is now {troop}"


def add_card(doc: Doc, req: Request) -> str:
    card = _card(req, req.take_name("a CARD name"))
    owner = _named_owner(doc, req) or _default_owner(doc, card)
    if card.get("kind") is not None and not req.as_written:
        _refuse_misplaced(doc, card, owner)
    seq = owner.cards()
    flow = _is_flow(seq) if len(seq) else owner.where != "army"  # [Deadly, Armored]; army cards one a line
    value, label = _value(card, req, flow=flow)  # (its options and number refused first, when they are wrong)
    if card.get("kind") is not None and _index_of(owner, card["name"]) is not None:
        raise EditError(_held_already(owner, card))
    if card.get("kind") is not None and not req.as_written:
        _refuse_unchosen(doc, req, card, owner)
    base.append_to(owner.mapping, owner.key, value, _owner_order(doc, owner), flow=flow)
    return f"added {label} to {owner.label}"


def _refuse_misplaced(doc: Doc, card: dict[str, Any], owner: _Owner) -> None:
    """A card where it can never be taken (a hero card on a class, a stand card on a hero, FTR003)
    is refused with the builder's reason and where it can go; --as-written writes it anyway."""
    from .model import placement_why, places_for

    places = places_for(card)
    if owner.where in places:
        return
    why = placement_why(card, owner.where)
    ways = []
    for where in places:
        if where == "army":
            ways.append("--army")
            continue
        takers = _classes(doc) if where == "class" else _heroes(doc)
        names = [str(m.get("name")) for m in takers if isinstance(m, dict)]
        flag, metavar, many = ("--to", "CLASS", "classes") if where == "class" else ("--hero", "HERO", "heroes")
        ways.append(f"{flag} {metavar}" + (f" ({many}: {', '.join(names)})" if names else f" (no {many} yet)"))
    raise EditError(
        f"{why}; add it with {' or '.join(ways)}, or add --as-written to write it there anyway; nothing was changed",
        why,
    )


def _refuse_unchosen(doc: Doc, req: Request, card: dict[str, Any], owner: _Owner) -> None:
    """A card added without a choice it needs (Ambush's reach, Spellblast's level and effect) is
    refused with the choices, as the builder offers them (each way of adding it has them); a
    number card, and --as-written, aside. Free choices (Terrain Affinity's terrains) may come later."""
    from .model import holds

    if req.opt("number") is not None:
        return
    chosen = {fold(str(v)) for v in req.opt("option") or []}
    taker = None
    missing = []
    for g in card.get("options", []):
        if g.get("free") or g.get("missing") not in ("error", "must_choose"):
            continue
        if any(fold(c) in chosen for c in g.get("choices", [])):
            continue
        if "missing_unless" in g:
            if taker is None:
                place = {"to": req.opt("to"), "hero": req.opt("hero"), "army": owner.where == "army"}
                taker = _taker(doc.data, place) or ()
            if not taker or holds(g["missing_unless"], taker[0], taker[1], None):
                continue  # excused here (a Dense home topography), or the list cannot tell yet
        missing.append(g)
    if not missing:
        return
    name = card["name"]
    needs = "; ".join(f"its {g['name']}: {' or '.join(g['choices'])}" for g in missing)
    given = [str(v) for v in req.opt("option") or []]
    example = " ".join(f"--option {v}" for v in [*given, *(g["choices"][0] for g in missing)])
    raise EditError(
        f"{name} needs {needs}; give each with --option, for example: {example} "
        "(or --as-written to write it without); nothing was changed",
        f"{name} needs {needs}",
    )


def _held_already(owner: _Owner, card: dict[str, Any]) -> str:
    """Why a card its taker holds already is not added again (FTR004; an army card bought once,
    FTR011; an army card a second copy of buys nothing, FTR030), and the ``set card`` that changes
    it instead."""
    import shlex

    name = card["name"]
    where = "--army" if owner.where == "army" else f"--{'to' if owner.where == 'class' else 'hero'} "
    if owner.where != "army":
        where += shlex.quote(str(owner.mapping.get("name")))
    change = f"armybuilder set FILE card {shlex.quote(name)} {where}"
    if card.get("quantity"):
        how = f"it is listed once, with a number: change the number with: {change} --number N"
    elif card.get("options"):
        how = f"a card is bought once for a stand or hero (FTR004): change its options with: {change} --option OPTION"
    else:
        how = "a card is bought once for a stand or hero (FTR004), and it has no options to change"
    if owner.where == "army" and card.get("caps", {}).get("max_per_army") == 1:
        how = f"an army buys {name} once (FTR011)" + (
            f": change its options with: {change} --option OPTION" if card.get("options") else ""
        )
    elif owner.where == "army" and card.get("bought_again"):
        how = f"a second {name} buys nothing (FTR030)"
    elif owner.where == "army" and not card.get("quantity"):
        how = "an army card is bought once (FTR004)" + (
            f": change its options with: {change} --option OPTION" if card.get("options") else ""
        )
    return f"{owner.label} has {name} already; {how}; nothing was changed"


def remove_card(doc: Doc, req: Request) -> str:
    written = req.take_name("the CARD to remove")
    cat = _cat()
    name = cat.cards.canonical(written) or written
    owner, i = _holder(doc, req, name)
    seq = owner.cards()
    base.remove(seq, i, owner.mapping, owner.key)
    return f"removed {name} from {owner.label}"


def set_card(doc: Doc, req: Request) -> str:
    card = _card(req, req.take_name("the CARD to change"))
    owner, i = _holder(doc, req, card["name"])
    seq = owner.cards()
    value, label = _value(card, req, flow=_is_flow(seq))
    base.replace(seq, i, value)
    return f"{owner.label}: {label}"


def set_points(doc: Doc, req: Request) -> str:
    pts = number(req.take("the army's POINTS"), "points", 0.5, 1000, whole=False, halves=True)
    put(doc.tree, "points", pts, _top(doc))
    return f"army size: {points_text(pts)}"


def set_topography(doc: Doc, req: Request) -> str:
    written = req.take_name("a TOPOGRAPHY")
    topo = known(written, _cat().topographies, "topography", f"see: {CATALOG} topographies", req=req)
    put(doc.tree, "topography", topo, _top(doc))
    return f"home topography: {topo}"


def _set_rating(kind: str) -> Callable[[Doc, Request], str]:
    """``set invasion N`` / ``set maneuver N``: the army rating, within the ratings army.yaml prices."""

    def setter(doc: Doc, req: Request) -> str:
        entry = _cat().army[f"{kind}_rating"]
        costs = {c["rating"]: c["points"] for c in entry["costs"]}
        value = number(req.take(f"the {kind.upper()} rating"), f"the {kind} rating", min(costs), max(costs))
        put(doc.tree, kind, value, _top(doc))
        cost = Fraction(str(costs[value]))
        return f"{kind} rating: {value} ({'+' if cost > 0 else ''}{points_text(cost)}; {entry['rule']})"

    return setter


def _set_text(key: str, what: str, limit: int) -> Callable[[Doc, Request], str]:
    def setter(doc: Doc, req: Request) -> str:
        value = req.take_name(what)
        if len(value) > limit:
            raise EditError(f"{key} is limited to {limit} characters")
        put(doc.tree, key, value, _top(doc))
        return f"{key}: {value}"

    return setter


def _remove_key(key: str, note: str = "") -> Callable[[Doc, Request], str]:
    def remover(doc: Doc, req: Request) -> str:
        if not base.drop(doc.tree, key):
            raise EditError(f"the list has no '{key}' to remove")
        return f"removed {key}{note}"

    return remover


# ---------------------------------------------------------------------------
# Completion: names from the data and from the file


def troop_names(data: dict[str, Any] | None = None) -> list[str]:
    return list(_cat().troops)


def card_names(data: dict[str, Any] | None = None) -> list[str]:
    return list(_cat().cards)


def topography_names(data: dict[str, Any] | None = None) -> list[str]:
    return list(_cat().topographies)


def class_names(data: dict[str, Any] | None = None) -> list[str]:
    return base.names_in((data or {}).get("classes"))


def hero_names(data: dict[str, Any] | None = None) -> list[str]:
    return base.names_in((data or {}).get("heroes"))


def option_names(data: dict[str, Any] | None = None) -> list[str]:
    return sorted({c for card in _cat().cards.values() for g in card.get("options", []) for c in g.get("choices", [])})


# ---------------------------------------------------------------------------
# Choices that fit (compose.parts.FitSource): what the data lets the chosen place take


def _taker(data: dict[str, Any] | None, chosen: Mapping[str, Any]) -> tuple[Army, Unit | None] | None:
    """The army and the class or hero (None: the army) the form's --to, --hero or --army names;
    None when the list does not fit its schema yet or the form names no place (or one the list lacks)."""
    from armybuilder.schema import is_valid

    from .model import build

    if not isinstance(data, dict) or not is_valid(data, MANIFEST.list_schema):
        return None
    army = build(data)
    to, hero, at_army = chosen.get("to"), chosen.get("hero"), chosen.get("army")
    if sum(1 for x in (to, hero, at_army) if x) != 1:
        return None
    if at_army:
        return army, None
    units = army.classes if to else army.heroes
    for unit in units:
        if fold(unit.name) == fold(str(to or hero)):
            return army, unit
    return None


def cards_that_fit(data: dict[str, Any] | None, chosen: Mapping[str, Any]) -> list[str]:
    """The cards the place named by --to, --hero or --army may take, by the rules the checks apply:
    where a card may be listed (FTR003), what the taker's troop type and cards allow (FTR007), the
    cards it cannot hold with those it has (FTR008), and not one it holds already (FTR004).
    Without a place (or with a list that does not fit its schema), every card."""
    from .model import CardUse, holds, placement_ok

    found = _taker(data, chosen)
    if found is None:
        return card_names(data)
    army, unit = found
    held = unit.card_names() if unit is not None else army.army_card_names()
    out = []
    for card in _cat().cards.values():
        name = card["name"]
        use = CardUse(written=name, card=card, path=(), owner=unit)
        if not placement_ok(use):
            continue
        if name in held and not (unit is None and card.get("caps", {}).get("max_per_army")):
            continue
        if unit is not None:
            if any(name in _cat().cards[h].get("excludes", []) for h in held) or set(card.get("excludes", [])) & held:
                continue
            rules = [r for r in card.get("restrictions", []) if r.get("applies_to") in (None, unit.taker)]
            if any(
                ("require" in r and not holds(r["require"], army, unit, use))
                or ("forbid" in r and holds(r["forbid"], army, unit, use))
                for r in rules
            ):
                continue
        out.append(name)
    return out


def options_that_fit(data: dict[str, Any] | None, chosen: Mapping[str, Any]) -> list[str]:
    """The options of the card chosen (the first positional argument); every option without one."""
    args = chosen.get("args") or []
    name = _cat().cards.canonical(str(args[0])) if args else None
    if name is None:
        return option_names(data)
    return [c for g in _cat().cards[name].get("options", []) for c in g.get("choices", [])]


def cards_held(data: dict[str, Any] | None, chosen: Mapping[str, Any]) -> list[str]:
    """The cards the list holds on the place named by --from, --hero or --army, or anywhere."""
    data = data if isinstance(data, dict) else {}
    to, hero, at_army = chosen.get("to"), chosen.get("hero"), chosen.get("army")
    places: list[Any] = []
    if at_army or not (to or hero):
        places.append(data.get("army_cards"))
    for key, want in (("classes", to), ("heroes", hero)):
        entries = data.get(key)
        for e in entries if isinstance(entries, list) else []:
            if isinstance(e, dict) and (
                not (to or hero or at_army) or (want and fold(str(e.get("name"))) == fold(str(want)))
            ):
                places.append(e.get("cards"))
    seen: dict[str, None] = {}
    for cards in places:
        for entry in cards if isinstance(cards, list) else []:
            n = base.card_name(entry)
            if n is not None:
                seen.setdefault(n, None)
    return list(seen)


# ---------------------------------------------------------------------------
# The options the parts read (each declared once)

TROOP = Opt("troop", "the class's troop type", "text", "TROOP", names=troop_names)
STANDS = Opt("stands", "the class's stands (default 1)", "int", "N")
GENERAL = Opt("general", "the class holds the general", "switch")
TO = Opt("to", "the CLASS a card goes on (or comes off)", "text", "CLASS", names=class_names, also=("--from",))
HERO = Opt("hero", "the HERO a card goes on", "text", "HERO", names=hero_names)
ARMY = Opt("army", "an army card", "flag")
OPTION = Opt("option", "a card's option", "many", "OPT", names=option_names, fits=options_that_fit)
NUMBER = Opt("number", "how many cards, or stands marked", "int", "N")
NEW_NAME = Opt("name", "the new name", "text", "NEW")

WHERE = (TO, HERO, ARMY)  # where a card is: a class, a hero or the army
CARD_VALUE = (OPTION, NUMBER)  # what the card entry says: its options, or its number

PARTS = [
    Part(
        "add",
        "class",
        "class NAME --troop TROOP [--stands N] [--general]",
        "a class: stands of one troop type with the same cards",
        add_class,
        names=(None,),
        options=(TROOP, STANDS, GENERAL),
    ),
    Part("add", "hero", "hero NAME", "a hero (1 point plus its cards)", add_hero),
    Part("add", "stands", "stands CLASS N", "N more stands in a class", add_stands, names=(class_names,)),
    Part(
        "add",
        "card",
        "card CARD [--to CLASS | --hero HERO | --army] [--option OPT]... [--number N]",
        "a battle card on a class, a hero or the army",
        add_card,
        aliases=("cards", "army-card", "army-cards"),
        names=(card_names,),
        options=WHERE + CARD_VALUE,
        fits=(cards_that_fit,),
    ),
    Part("remove", "class", "class NAME", "a class and its cards", remove_class, names=(class_names,)),
    Part("remove", "hero", "hero NAME", "a hero and its cards", remove_hero, names=(hero_names,)),
    Part("remove", "stands", "stands CLASS N", "N stands of a class", remove_stands, names=(class_names,)),
    Part(
        "remove",
        "general",
        "general CLASS",
        "the general from the class that holds it (give it to another with set general)",
        remove_general,
        names=(class_names,),
    ),
    Part(
        "remove",
        "card",
        "card CARD [--from CLASS | --hero HERO | --army]",
        "a battle card (found wherever it is, when it is in one place)",
        remove_card,
        aliases=("cards", "army-card", "army-cards"),
        names=(card_names,),
        options=WHERE,
        fits=(cards_held,),
    ),
    Part(
        "remove",
        "points",
        "points",
        "the army size (back to the default, 51)",
        _remove_key("points", " (51 by default)"),
    ),
    Part("remove", "topography", "topography", "the home topography", _remove_key("topography")),
    Part(
        "remove",
        "invasion",
        "invasion",
        "the invasion rating (back to 2, free)",
        _remove_key("invasion", " (2 by default)"),
    ),
    Part(
        "remove",
        "maneuver",
        "maneuver",
        "the maneuver rating (back to 2, free)",
        _remove_key("maneuver", " (2 by default)"),
    ),
    Part("remove", "player", "player", "the player's name", _remove_key("player")),
    Part("remove", "note", "note", "the list's note", _remove_key("note")),
    Part("set", "name", "name TEXT", "the army's name", _set_text("name", "the army's NAME", 200)),
    Part("set", "player", "player TEXT", "who plays it", _set_text("player", "the PLAYER", 200)),
    Part("set", "note", "note TEXT", "a note on the list", _set_text("note", "the NOTE", 2000)),
    Part("set", "points", "points N", "the army size (51 by default)", set_points, aliases=("limit",)),
    Part(
        "set",
        "topography",
        "topography TOPOGRAPHY",
        "the home topography (Dense ones change prices)",
        set_topography,
        names=(topography_names,),
    ),
    Part(
        "set",
        "invasion",
        "invasion N",
        "the army's invasion rating, 0 to 4 (2 by default, free)",
        _set_rating("invasion"),
    ),
    Part(
        "set",
        "maneuver",
        "maneuver N",
        "the army's maneuver rating, 0 to 4 (2 by default, free)",
        _set_rating("maneuver"),
    ),
    Part("set", "general", "general CLASS", "the class that holds the general", set_general, names=(class_names,)),
    Part("set", "stands", "stands CLASS N", "a class's number of stands", set_stands, names=(class_names,)),
    Part("set", "troop", "troop CLASS TROOP", "a class's troop type", set_troop, names=(class_names, troop_names)),
    Part(
        "set",
        "class",
        "class CLASS --name NEW",
        "a class's name (its stands and cards stay)",
        _rename("class"),
        names=(class_names,),
        options=(NEW_NAME,),
    ),
    Part(
        "set",
        "hero",
        "hero HERO --name NEW",
        "a hero's name (its cards stay)",
        _rename("hero"),
        names=(hero_names,),
        options=(NEW_NAME,),
    ),
    Part(
        "set",
        "card",
        "card CARD [--to CLASS | --hero HERO | --army] [--option OPT]... [--number N]",
        "a card's options or number, in place",
        set_card,
        aliases=("army-card",),
        names=(card_names,),
        options=WHERE + CARD_VALUE,
        fits=(cards_held,),
    ),
]
