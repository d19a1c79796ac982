"""Token Terrors' builder board (:mod:`armybuilder.compose.board`): an army's factions, or a draft
record's players and picks, with the catalog of the factions that can be taken now.

An army (``tokens``): one row per faction with − / +, its number of tokens typed, and remove; the
catalog adds a faction with its number of tokens in one typed action ("Add Soldiers tokens"), each
entry costing the slots of its rarity a token. A faction at its cap (6) or an army with its 10 slots
filled cannot take more: the same numbers TTB005 and TTB006 check (``rules.yaml``).

A draft record (``draft``): the two players' names are settings (typed one at a time; on a new,
empty army, naming the first player makes it a draft record), each player a row the catalog picks
for (the player whose turn it is, by default), each pick a row that can be removed. A pick is
refused by the catalog, with why, by the rules a draft is checked by: turn order (TTB011), the
faction closed to the opponent (TTB013), 6 of a faction (TTB005), 10 slots (TTB006), the box
(TTB014), 1 to 6 tokens a pick (TTB012).

The Terrible Tactics and Gruesome Grudges the list's factions bring in reach are rows of their
own (they are not part of the file: nothing to add or remove).
"""

from __future__ import annotations

from typing import Any

from armybuilder.compose.board import (
    BUTTON,
    NUMBER,
    TEXT,
    Board,
    Control,
    Entry,
    Group,
    Row,
    Section,
    edit,
    signed,
    typed,
    unique_labels,
)
from armybuilder.findings import Result
from armybuilder.suggest import fold
from armybuilder.text import plural

from . import model
from .model import Army, Catalog, Context
from .report import grudges_in_reach, slots_text
from .rules.draft_turn_order import replay
from .rules.grudges_live import live
from .rules.tactics_in_reach import in_reach

MINUS = "\u2212"
PLACES = ("first", "second")


def board(data: dict[str, Any], result: Result, focus: str | None) -> Board:
    ctx = result.model if isinstance(result.model, Context) else _lenient(data)
    draft = data.get("draft")
    made = _draft_board(data, draft, ctx, focus) if isinstance(draft, dict) else _army_board(data, ctx)
    return unique_labels(made)


# ---------------------------------------------------------------------------
# The model


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _lenient(data: dict[str, Any]) -> Context:
    """The model of a list that does not fit the list schema (a draft with one player named, a
    count that is not a number): what can be read of it, for the board only (no rule runs on it)."""
    clean: dict[str, Any] = {}
    tokens = data.get("tokens")
    if isinstance(tokens, dict):
        clean["tokens"] = {k: v for k, v in tokens.items() if _whole(v)}
    draft = data.get("draft")
    if isinstance(draft, dict):
        players = draft.get("players")
        picks = draft.get("picks")
        clean["draft"] = {
            "players": [str(p) for p in players] if isinstance(players, list) else [],
            "picks": [
                p
                for p in (picks if isinstance(picks, list) else [])
                if isinstance(p, dict)
                and isinstance(p.get("player"), str)
                and isinstance(p.get("faction"), str)
                and _whole(p.get("tokens"))
            ],
        }
    return model.read(clean, model.catalog())


def _slots(cat: Catalog, faction: str | None, n: int) -> int | None:
    each = cat.slots_each(faction) if faction is not None else None
    return None if each is None else each * n


def _slot_words(n: int | None) -> str:
    return "? slots" if n is None else plural(n, "slot")


def _each_words(cat: Catalog, faction: str) -> str:
    each = cat.slots_each(faction)
    return "an unknown number of slots a token" if each is None else f"{plural(each, 'slot')} a token"


def _change(n: int | None) -> str:
    return "? slots" if n is None else ("no slots" if n == 0 else signed(n, "slot"))


def _room(cat: Catalog, army: Army, faction: str) -> tuple[int, str]:
    """How many more tokens of ``faction`` the army can take, and why none when 0: its cap of a
    faction (TTB005) and its slots (TTB006), as the rules count them."""
    cap, limit = cat.value("max_per_faction"), cat.value("army_slots")
    held = army.counts.get(faction, 0)
    if held >= cap:
        return 0, (
            f"{army_has(army)} {held} {faction}: a player may have up to {cap} tokens of the same faction "
            f"({cat.ref('max_per_faction')})"
        )
    room = cap - held
    slots, each = army.slots(cat), cat.slots_each(faction)
    if slots is not None and each:
        fits = max(0, limit - slots) // each
        if fits < 1:
            return 0, (
                f"{army_has(army)} all {limit} slots"
                + ("" if slots == limit else f" (it uses {slots})")
                + f": an army fills exactly {limit} ({cat.ref('army_slots')})"
            )
        room = min(room, fits)
    return room, ""


def _most(cat: Catalog, army: Army, faction: str, n: int) -> int:
    """The most tokens one entry of the faction may be typed to: the faction's cap less its other
    entries (TTB005), and no more than the army's free slots hold (TTB006)."""
    high: int = cat.value("max_per_faction") - (army.counts.get(faction, 0) - n)
    slots, each = army.slots(cat), cat.slots_each(faction)
    if slots is not None and each:
        high = min(high, n + max(0, cat.value("army_slots") - slots) // each)
    return max(1, high)


def _button(label: str, face: str, made: Any, cost: str, why_not: str, key: str) -> Control:
    """A button; one that cannot be used (``why_not``) carries no edit."""
    return Control(BUTTON, label, face, None if why_not else made, cost=cost, why_not=why_not, key=key)


def army_has(army: Army) -> str:
    return "the army has" if army.player is None else f"{army.label} has"


# ---------------------------------------------------------------------------
# An army


def _army_board(data: dict[str, Any], ctx: Context) -> Board:
    cat = ctx.cat
    tokens = data.get("tokens")
    written = dict(tokens) if isinstance(tokens, dict) else {}
    army = ctx.armies[0] if ctx.kind == "army" and ctx.armies else Army("the army", ("tokens",))
    rows = [_token_row(cat, army, written, place, key) for place, key in enumerate(written, 1)]
    sections = [
        Section(
            "tokens",
            f"Army ({slots_text(cat, army)})",
            tuple(rows),
            empty=(
                f"No tokens yet: add factions from the catalog ({cat.value('army_slots')} slots, at most "
                f"{cat.value('max_per_faction')} tokens of a faction), or name two players to record a draft"
            ),
        ),
        *_reach_sections(cat, [army]),
    ]
    settings = _player_settings(cat, []) if not written else []
    broken = (
        ""
        if tokens is None or isinstance(tokens, dict)
        else "the file's tokens are not a faction and its number a line"
    )
    return Board(settings=settings, sections=sections, catalog=[_army_catalog(cat, army, broken)])


def _token_row(cat: Catalog, army: Army, written: dict[Any, Any], place: int, key: Any) -> Row:
    name = str(key)
    faction = cat.factions.canonical(name)
    value = written[key]
    n = value if _whole(value) else None
    same = [k for k in written if fold(str(k)) == fold(name)]
    entry = place if len(same) > 1 else None
    shown = name if sum(str(k) == name for k in written) == 1 else f"{name} (entry {place})"
    loose = faction is None  # a name the data does not know (TTB002): edited as written
    opts: dict[str, Any] = {"entry": entry, "as_written": True if loose else None}
    each = cat.slots_each(faction) if faction is not None else None
    cap = cat.value("max_per_faction")
    no_number = f"the file gives {shown} no whole number of tokens: type one"

    minus = _button(
        f"One token fewer of {shown}" + (" (removes it)" if n == 1 else ""),
        MINUS,
        edit("remove", "tokens", name, 1, **opts),
        _change(None if each is None else -each),
        no_number if n is None else ("it has no tokens to take away" if n < 1 else ""),
        "minus",
    )
    if n is None:
        plus_why = no_number
    elif faction is None:
        plus_why = ""
    else:
        plus_why = _room(cat, army, faction)[1]
    plus = _button(
        f"One more token of {shown}", "+", edit("add", "tokens", name, 1, **opts), _change(each), plus_why, "plus"
    )
    high = _most(cat, army, faction, n) if faction is not None and n is not None else cap
    number = Control(
        NUMBER,
        f"Number of {shown} tokens",
        "tokens",
        typed("set", "tokens", name, **opts),
        cost="an unknown number of slots a token" if faction is None else _each_words(cat, faction),
        value="" if n is None else str(n),
        low=1,
        high=high,
        key="tokens",
    )
    gone = None if n is None or each is None else -each * n
    remove = Control(
        BUTTON,
        f"Remove {shown}",
        "Remove",
        edit("remove", "tokens", name, **opts),
        cost=_change(gone),
        key="remove",
    )
    if faction is None:
        subtitle = "not a Season 1 faction: it counts toward nothing"
    else:
        d = cat.faction(faction)
        subtitle = f"{d['battle_style']} · {d['rarity']} · {d['type']}"
        talents = [t["name"] for t in d.get("talents") or () if isinstance(t, dict) and t.get("name")]
        if talents:  # what a token does in play (TT Token Terrors Factions)
            subtitle += " · talents: " + ", ".join(talents)
    return Row(
        key=f"tokens-{place}",
        title=shown,
        path=("tokens", key),
        subtitle=subtitle,
        cost=("? slots" if n is None else _slot_words(_slots(cat, faction, n))),
        controls=(minus, plus, number, remove),
        explain=("factions", faction) if faction is not None else None,
    )


def _army_catalog(cat: Catalog, army: Army, broken: str = "") -> Group:
    present = army.present()
    reached = {t["name"] for t, _ in in_reach(cat, present)}
    entries = []
    for faction in cat.factions:
        room, why = (0, broken) if broken else _room(cat, army, faction)
        cost = _each_words(cat, faction)
        add = Control(
            NUMBER,
            f"Add {faction} tokens",
            "Add",
            None if why else typed("add", "tokens", faction),
            cost=cost,
            why_not=why,
            low=cat.value("pick_min") if not why else None,
            high=room if not why else None,
            key=f"add-{faction}",
        )
        entries.append(
            Entry(
                faction,
                add,
                summary=_summary(cat, faction, present, reached),
                cost=cost,
                explain=("factions", faction),
            )
        )
    slots = army.slots(cat)
    limit = cat.value("army_slots")
    note = (
        f"{limit - slots} of {limit} slots left; up to {cat.value('max_per_faction')} tokens of a faction"
        if slots is not None and slots <= limit
        else slots_text(cat, army)
    )
    return Group("factions", "Factions", tuple(entries), note=note)


def _summary(cat: Catalog, faction: str, present: list[str], reached: set[str]) -> str:
    d = cat.faction(faction)
    out = f"{d['battle_style']}, {d['type']}: {d['summary']}"
    if faction in present:
        return out
    new = [t for t, _ in in_reach(cat, [*present, faction]) if t["name"] not in reached]
    for t in new:
        partners = [f for f in t["factions"] if f and f != faction]
        if partners:
            out += f" With your {' and '.join(partners)}: the Terrible Tactic {t['name']}."
    return out


# ---------------------------------------------------------------------------
# A draft record


def _players_of(draft: dict[str, Any]) -> list[str]:
    named = draft.get("players")
    return [str(p) for p in named] if isinstance(named, list) else []


def _player_settings(cat: Catalog, players: list[str], broken: str = "") -> list[Control]:
    """The two players' names: typed one at a time (the first player first)."""
    out = []
    for place, which in enumerate(PLACES):
        current = players[place] if place < len(players) else ""
        why = broken or ("name the first player first" if place > len(players) else "")
        out.append(
            Control(
                TEXT,
                f"{which.capitalize()} player's name",
                f"{which.capitalize()} player",
                None if why else typed("set", f"{which}-player"),
                value=current,
                why_not=why,
                key=f"{which}-player",
            )
        )
    return out


def _draft_board(data: dict[str, Any], draft: dict[str, Any], ctx: Context, focus: str | None) -> Board:
    cat = ctx.cat
    players = _players_of(draft)
    picks = draft.get("picks")
    raw_picks = list(picks) if isinstance(picks, list) else []
    named = players[: len(PLACES)]
    armies = ctx.armies if ctx.kind == "draft" else []
    turn = replay(ctx)[1] if ctx.kind == "draft" else None
    twins = len(named) == 2 and fold(named[0]) == fold(named[1])

    def who(place: int) -> str:
        return f"{named[place]} ({PLACES[place]} player)" if twins else named[place]

    player_rows = []
    for place, name in enumerate(named):
        army = armies[place] if place < len(armies) else Army(name, ("draft", "players", place), player=place)
        player_rows.append(
            Row(
                key=f"player-{place + 1}",
                title=who(place),
                path=("draft", "players", place),
                subtitle=f"{PLACES[place]} player · {army.mix()}" + (" · next to pick" if turn == place else ""),
                cost=slots_text(cat, army),
                controls=(
                    Control(BUTTON, f"Add picks for {who(place)}", "Pick", focus=f"player-{place + 1}", key="focus"),
                ),
                focusable=True,
            )
        )
    pick_rows = [_pick_row(cat, raw, i, len(raw_picks)) for i, raw in enumerate(raw_picks)]
    sections = [
        Section("players", "Players", tuple(player_rows), empty="No players yet: name the first player above"),
        Section("picks", "Picks", tuple(pick_rows), empty="No picks yet: the first player drafts first"),
    ]
    tokens = data.get("tokens")
    if isinstance(tokens, dict) and tokens:
        sections.append(
            Section(
                "tokens",
                "Tokens (not read: this file is a draft record too; keep one or the other)",
                tuple(
                    Row(f"tokens-{i}", str(k), ("tokens", k), cost=str(n)) for i, (k, n) in enumerate(tokens.items(), 1)
                ),
            )
        )
    sections += _reach_sections(cat, armies[: len(named)], draft=True)
    keys = [r.key for r in player_rows]
    if focus not in keys:
        focus = keys[turn] if turn is not None and turn < len(keys) else (keys[0] if keys else None)
    catalog = []
    if focus is not None:
        place = keys.index(focus)
        catalog.append(_pick_catalog(cat, ctx, named, armies, place, turn, twins, who(place), bool(tokens)))
    else:
        catalog.append(Group("picks", "Picks", note="Name both players to draft"))
    named_as = draft.get("players")
    broken = "" if named_as is None or isinstance(named_as, list) else "the file's players are not a list of two names"
    settings = _player_settings(cat, players, broken)
    return Board(settings=settings, sections=sections, catalog=catalog, focus=focus)


def _pick_row(cat: Catalog, raw: Any, i: int, count: int) -> Row:
    number = i + 1
    if isinstance(raw, dict):
        player, faction_written, n = raw.get("player"), raw.get("faction"), raw.get("tokens")
        faction = cat.factions.canonical(str(faction_written)) if isinstance(faction_written, str) else None
        what = f"{player}, {n} {faction or faction_written}"
        slots = _slots(cat, faction, n) if isinstance(n, int) and not isinstance(n, bool) else None
    else:
        what, faction, slots = repr(raw), None, None
    last = number == count
    label = f"Remove the last pick (pick {number}: {what})" if last else f"Remove pick {number} ({what})"
    return Row(
        key=f"pick-{number}",
        title=f"Pick {number}: {what}",
        path=("draft", "picks", i),
        cost=_slot_words(slots),
        controls=(
            Control(
                BUTTON,
                label,
                "Remove",
                edit("remove", "pick", number),
                cost=_change(None if slots is None else -slots),
                key="remove",
            ),
        ),
        explain=("factions", faction) if faction is not None else None,
    )


def _pick_catalog(
    cat: Catalog,
    ctx: Context,
    named: list[str],
    armies: list[Army],
    place: int,
    turn: int | None,
    twins: bool,
    shown: str,
    both: bool,
) -> Group:
    """The factions ``named[place]`` can draft now, each with the pick's number of tokens typed."""
    limit = cat.value("army_slots")
    low, high = cat.value("pick_min"), cat.value("pick_max")
    rule = cat.ref("pick_max")
    army = armies[place] if place < len(armies) else Army(named[place], ("draft", "players", place), player=place)
    other = armies[1 - place] if len(armies) == 2 else None
    full = [a.slots(cat) is not None and (a.slots(cat) or 0) >= limit for a in armies]
    why_all = ""
    if both:
        why_all = "this file holds an army and a draft record: keep one or the other"
    elif len(named) < 2:
        why_all = "name both players first"
    elif twins:
        why_all = "the two players need different names"
    elif len(full) == 2 and all(full):
        why_all = f"the draft is over: both players have their {limit} slots ({rule})"
    elif turn is not None and turn != place:
        why_all = f"it is {named[turn]}'s turn: players alternate drafting ({rule})"
    drafted: dict[str, int] = {}
    first_pick: dict[str, int] = {}
    for p in ctx.picks:
        if p.faction is None or p.tokens < 1:
            continue
        drafted[p.faction] = drafted.get(p.faction, 0) + p.tokens
        if p.player is not None and p.player != place:
            first_pick.setdefault(p.faction, p.number)
    entries = []
    for faction in cat.factions:
        why = why_all
        room = high
        if not why and other is not None and other.counts.get(faction, 0) > 0:
            at = first_pick.get(faction)
            why = (
                f"{other.label} drafted {faction}" + (f" at pick {at}" if at else "") + ": once a player drafts "
                f"a faction, the opponent cannot draft it ({rule})"
            )
        if not why:
            fits, why = _room(cat, army, faction)
            room = min(room, fits)
        supply = cat.supply(faction)
        if not why and supply is not None:
            left = supply - drafted.get(faction, 0)
            if left < low:
                why = f"all {supply} {faction} in the box are drafted ({cat.ref('box_tokens')})"
            room = min(room, left)
        cost = _each_words(cat, faction)
        add = Control(
            NUMBER,
            f"{shown} drafts {faction} tokens",
            "Pick",
            None if why else typed("add", "pick", named[place], faction),
            cost=cost,
            why_not=why,
            low=None if why else low,
            high=None if why else room,
            key=f"pick-{faction}",
        )
        d = cat.faction(faction)
        entries.append(
            Entry(
                faction,
                add,
                summary=f"{d['battle_style']}, {d['type']}: {d['summary']}",
                cost=cost,
                explain=("factions", faction),
            )
        )
    slots = army.slots(cat)
    note = (
        f"{shown} has {slots_text(cat, army)}; a pick takes {low} to {high} tokens of one faction"
        if slots is not None
        else slots_text(cat, army)
    )
    over = len(full) == 2 and all(full)
    title = f"{shown}'s picks (the draft is over)" if over else f"{shown}'s pick (pick {len(ctx.picks) + 1})"
    return Group(f"picks-{place + 1}", title, tuple(entries), note=note, follows=True)


# ---------------------------------------------------------------------------
# Terrible Tactics and Gruesome Grudges


def _reach_sections(cat: Catalog, armies: list[Army], draft: bool = False) -> list[Section]:
    tactics: list[Row] = []
    grudges: list[Row] = []
    for army in armies:
        mine = f"{army.label}: " if draft else ""
        for t, _ in in_reach(cat, army.present()):
            tactics.append(
                Row(
                    key=f"tactic-{len(tactics) + 1}",
                    title=f"{mine}{t['name']}",
                    subtitle=f"{' + '.join(f or '???' for f in t['factions'])} · unlocked by: {t['challenge']}",
                    explain=("tactics", t["name"]),
                )
            )
    if draft and len(armies) == 2:
        first, second = armies
        for g, a, b in live(cat, first, second):
            grudges.append(
                Row(
                    key=f"grudge-{len(grudges) + 1}",
                    title=g["name"],
                    subtitle=f"live: {first.label}'s {a} against {second.label}'s {b} · unlocked by: {g['challenge']}",
                    explain=("grudges", g["name"]),
                )
            )
    elif not draft:
        for army in armies:
            for g, a, b in grudges_in_reach(cat, army.present()):
                grudges.append(
                    Row(
                        key=f"grudge-{len(grudges) + 1}",
                        title=g["name"],
                        subtitle=f"your {a} against an opponent's {b} · unlocked by: {g['challenge']}",
                        explain=("grudges", g["name"]),
                    )
                )
    out = []
    if tactics:
        out.append(Section("tactics", "Terrible Tactics in reach", tuple(tactics)))
    if grudges:
        out.append(Section("grudges", "Gruesome Grudges", tuple(grudges)))
    return out
