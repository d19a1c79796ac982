"""The Small World of Warcraft builder board: a position as rows, and the catalog of what can be
added to it now.

Settings: the active race (a choice of the Horde races, each with its box supply), its special
power (a free name) and the tokens in hand. Rows: the two races (the active one with the
Forsaken's enlisted tokens or the Goblins' spent bombs, the one in decline with its power), each
race's regions (tokens with − and +, the Magic mark, rename, remove), this turn's conquests (the
defender, its tokens and faction, the Mountain, defence markers, the tokens committed, the
reinforcement die) and the Goblins' bombs. The catalog: the races (the active race first, then the
race in decline), the regions of each race (one entry a token count: type the region's name), the
conquest of the region in focus (one entry a defender, its cost committed) and the bombs.

Every number is the position model's (:mod:`.model`: the conquest cost, the coins) or the race
data's; what is disabled says the rule that forbids it (the same conditions as ``rules/``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from armybuilder.compose.board import (
    BUTTON,
    CHOICE,
    NUMBER,
    TEXT,
    TOGGLE,
    Board,
    Control,
    Edit,
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

from . import model as m
from .rules._base import always_minimum, kept_floor, kept_through_the_turn, minimum

REGION_COUNTS = 6  # the token counts the catalog offers for a new region of the active race (more: type on its row)
DECLINE_COUNTS = 3  # ... and for a region of the race in decline (only its decline count is allowed)
HORDE = "Horde"


def board(data: dict[str, Any], result: Result, focus: str | None) -> Board:
    """The board of a position (see :mod:`armybuilder.compose.board`)."""
    pos = _position(data, result)
    if pos is None:
        return _bare(data)
    b = _Builder(pos)
    return b.build(focus)


def _position(data: dict[str, Any], result: Result) -> m.Position | None:
    """The checked position's model; for a list the schema refused, the model built from what the
    file says when it can be (a position without an active race has none)."""
    pos = getattr(result, "model", None)
    if isinstance(pos, m.Position):
        return pos
    active = data.get("active")
    if not isinstance(active, dict) or not isinstance(active.get("race"), str):
        return None
    try:
        pos = m.build(data)
    except (KeyError, TypeError, AttributeError, ValueError):
        return None
    return pos if _well_typed(pos) else None


def _well_typed(pos: m.Position) -> bool:
    """Whether every count of the position is a whole number and every name a text, as the board
    counts and names them (a list the schema refused may hold ``tokens: [3]``)."""
    counts: list[Any] = []
    names: list[Any] = []
    maybe: list[Any] = []
    for side in pos.sides():
        counts += [side.in_hand, side.bombs_spent, side.enlisted, *(r.tokens for r in side.regions)]
        names += [side.written, *(r.name for r in side.regions), *(b.region for b in side.bombs)]
        maybe += [side.special_power, *(b.opponent_written for b in side.bombs)]
    for c in pos.conquests:
        counts += [c.defender_tokens, c.defences, *([] if c.tokens is None else [c.tokens])]
        names.append(c.region)
        maybe += [c.defender_written, c.faction]
    return (
        all(isinstance(n, int) for n in counts)
        and all(isinstance(n, str) for n in names)
        and all(n is None or isinstance(n, str) for n in maybe)
    )


# ---------------------------------------------------------------------------
# Words


def _tokens(n: int) -> str:
    return plural(n, "token")


def _coins(n: int) -> str:
    return signed(n, "coin")


def _join(*parts: str) -> str:
    return " · ".join(p for p in parts if p)


def _shown(names: list[str]) -> list[str]:
    """Each name as a row shows it: a name two entries share gets its place ("Durotar #2")."""
    folded = [fold(n) for n in names]
    out = []
    for i, n in enumerate(names):
        if folded.count(folded[i]) > 1:
            out.append(f"{n} #{folded[: i + 1].count(folded[i])}")
        else:
            out.append(n)
    return out


def _entry_of(names: list[str], i: int) -> int | None:
    """The entry number an edit needs for the ``i``-th name: only when another entry shares it."""
    folded = [fold(n) for n in names]
    return i + 1 if folded.count(folded[i]) > 1 else None


def _with_value(e: Edit, before: tuple[str, ...]) -> Edit:
    """An edit whose typed value is an option's value: ``before`` (the option's flag) then the value."""
    return Edit(e.verb, e.part, (*before, *e.words), len(before))


def _race_line(race: m.Race) -> str:
    if race.summary:
        return " ".join(race.summary.split())
    faction = race.faction or "no faction"
    if not race.playable:
        return f"{race.name}: {faction}, not playable (they start In Decline): a defender in conquests only"
    return f"{faction}; no power in the rule documents: an opponent or a race in decline"


# ---------------------------------------------------------------------------
# A list with no position yet (a new list: no active race)


def _race_choice(current: m.Race | None, written: str | None, decline: m.Race | None, cat: m.Catalog) -> Control:
    """The active race: a choice of the Horde races (seed 001), each with its box supply."""
    options: list[Option] = []
    horde = [r for r in cat.races.values() if r.faction == HORDE]
    shown = list(horde)
    if current is not None and current not in shown:
        shown.append(current)
    for r in shown:
        label = f"{r.name} ({r.supply} tokens)"
        if current is r:
            options.append(Option(r.name, label, cost=f"{r.supply} tokens"))
        elif decline is r:
            options.append(
                Option(
                    r.name,
                    label,
                    why_not=f"the {r.name} are your race in decline: the box holds one of each race",
                )
            )
        else:
            options.append(Option(r.name, label, edit("set", "active", r.name), cost=f"{r.supply} tokens"))
    value = current.name if current is not None else (written or "")
    if current is None and written:
        options.append(Option(written, f"{written} (not a race of the game)"))
    return Control(CHOICE, "Active race", face="Race", value=value, options=tuple(options), key="active")


def _bare(data: dict[str, Any]) -> Board:
    cat = m.catalog()
    active = data.get("active")
    written = active.get("race") if isinstance(active, dict) and isinstance(active.get("race"), str) else None
    first = "choose the active race first"
    settings = [
        _race_choice(None, written, None, cat),
        Control(TEXT, "Special power of the active race", face="Special power", key="power", why_not=first),
        Control(NUMBER, "Tokens in hand", face="In hand", key="in_hand", low=0, why_not=first),
    ]
    entries = []
    for r in cat.races.values():
        why = (
            "" if r.playable else f"the {r.name} are not a playable race: they start In Decline and belong to no player"
        )
        entries.append(
            Entry(
                r.name,
                Control(
                    BUTTON,
                    f"Play the {r.name} as your active race",
                    face="Play",
                    edit=None if why else edit("set", "active", r.name),
                    cost=f"{r.supply} tokens",
                    why_not=why,
                ),
                summary=_race_line(r),
                cost=f"{r.supply} tokens",
                explain=("races", r.name),
            )
        )
    note = "" if written is None else "The position cannot be read as it is: see its findings."
    return Board(
        settings=settings,
        sections=[Section("races", "Races", (), empty="No active race yet: choose one in the catalog")],
        catalog=[Group("races", "Your active race", tuple(entries), note=note or "Each race's tokens in the box")],
    )


# ---------------------------------------------------------------------------
# A position


class _Builder:
    def __init__(self, pos: m.Position):
        self.pos = pos
        self.cat = pos.cat
        self.a = pos.active
        self.d = pos.decline
        self.per_region = int(self.cat.value("coins_per_region"))
        a_names = [r.name for r in self.a.regions]
        d_names = [r.name for r in self.d.regions] if self.d else []
        self.a_shown = _shown(a_names)
        in_active = {fold(n) for n in a_names}
        self.d_shown = [n + (" (in decline)" if fold(n) in in_active else "") for n in _shown(d_names)]

    # -- the race's rules, read from the data as the rule modules read them

    def least(self, side: m.Side) -> int:
        """The fewest tokens a region of the side may hold (SWW011; 1 otherwise: the schema)."""
        return max(1, minimum(side, self.cat) or 1)

    def leave(self, side: m.Side) -> int | None:
        """The tokens a race in decline leaves in each region (SWW006; None: not settled)."""
        usual: int | None = self.cat.value("decline_tokens_per_region")
        if side.race is not None and "decline_tokens_per_region" in side.race.power:
            own: int | None = side.race.power["decline_tokens_per_region"]
            return own
        return usual

    def leave_words(self, side: m.Side, leave: int) -> str:
        usual = self.cat.value("decline_tokens_per_region")
        if side.race is not None and "decline_tokens_per_region" in side.race.power and leave != usual:
            return f"the {side.name} in decline leave {leave} in each region, instead of {usual} ({side.race.cite})"
        return f"a race in decline leaves {_tokens(leave)} in each region"

    def room(self, side: m.Side) -> int | None:
        """Tokens the box still holds for the side (SWW004), None for a race the data does not know."""
        if side.race is None:
            return None
        return side.race.supply - side.total

    def over_supply(self, side: m.Side, more: int) -> str:
        race = side.race
        room = self.room(side)
        if race is None or room is None or more <= room:
            return ""
        where = "on the board or in hand" if side.active else "on the board"
        return f"the box holds {race.supply} {race.name} tokens: {side.total} are {where}"

    def conquered(self) -> set[str]:
        """The regions of this turn's conquests (folded names)."""
        return {fold(c.region) for c in self.pos.conquests}

    def free(self, also: str | None = None) -> int:
        """The tokens the active race may still commit to conquests (SWW015, SWW017): the tokens
        held (less the Forsaken's enlisted ones), less the floor each region not conquered this turn
        keeps, less the tokens the listed conquests commit; ``also`` (a folded name) counts as
        conquered too."""
        a = self.a
        enlisted = a.enlisted if a.power("enlist", self.cat) else 0
        floor, _ = kept_floor(a, self.cat)
        kept = sum(1 for n in kept_through_the_turn(self.pos) if fold(n) != also)
        committed = sum(c.tokens or 0 for c in self.pos.conquests)
        return a.total - enlisted - floor * kept - committed

    def too_few(self, region: str, cost: int) -> str:
        """Why a new conquest of ``region`` committing ``cost`` tokens cannot be added: fewer tokens
        are free (SWW017, SWW015). Empty when it can."""
        left = self.free(fold(region))
        if cost <= left:
            return ""
        a = self.a
        floor, race = kept_floor(a, self.cat)
        rule = race.cite if race is not None else self.cat.ref("tokens_kept_per_region")
        committed = sum(c.tokens or 0 for c in self.pos.conquests)
        why = [f"each region the {a.name} keep through the turn keeps {_tokens(floor)}"]
        if committed:
            why.append(f"the other conquests commit {committed}")
        if a.enlisted and a.power("enlist", self.cat):
            why.append(f"the {_tokens(a.enlisted)} enlisted fight only next turn")
        return (
            f"it commits {_tokens(cost)}, but only {max(0, left)} of the {a.name} can still conquer: "
            f"{'; '.join(why)} ({rule})"
        )

    def magic_coins(self, side: m.Side) -> int:
        """Coins a Magic region earns the side (the Blood Elves' power, while it holds)."""
        rb = side.power("region_bonus", self.cat)
        if not rb or rb.get("marker") != "magic":
            return 0
        coins: int = rb["coins"]
        return coins

    # -- the board

    def build(self, focus: str | None) -> Board:
        sections = [self.races_section(), self.regions_section(self.a)]
        if self.d is not None:
            sections.append(self.regions_section(self.d))
        sections.append(self.conquests_section())
        if self.a.power("bombs", self.cat) or self.a.bombs:
            sections.append(self.bombs_section())
        rows = {r.key: r for s in sections for r in s.rows}
        if focus not in rows or not rows[focus].focusable:
            focusable = [r.key for r in sections[1].rows]
            focus = focusable[-1] if focusable else None
        catalog = [self.races_group(), self.regions_group(self.a)]
        if self.d is not None:
            catalog.append(self.regions_group(self.d))
        catalog.append(self.conquest_group(focus))
        if self.a.power("bombs", self.cat):
            catalog.append(self.bombs_group())
        return Board(settings=self.settings(), sections=sections, catalog=catalog, focus=focus)

    # -- settings

    def settings(self) -> list[Control]:
        a = self.a
        race = _race_choice(a.race, a.written, self.d.race if self.d else None, self.cat)
        power = Control(
            TEXT,
            "Special power of the active race",
            face="Special power",
            edit=typed("set", "power"),
            value=a.special_power or "",
            key="power",
        )
        room = self.room(a)
        high = max(a.in_hand, min(100, 100 if room is None else a.in_hand + room))
        in_hand = Control(
            NUMBER,
            "Tokens in hand",
            face="In hand",
            edit=typed("set", "in-hand"),
            value=str(a.in_hand),
            low=0,
            high=high,
            key="in_hand",
            cost=_tokens(a.in_hand),
        )
        return [race, power, in_hand]

    # -- rows: the races

    def races_section(self) -> Section:
        rows = [self.active_row()]
        if self.d is not None:
            rows.append(self.decline_row())
        return Section("races", "Races", tuple(rows))

    def active_row(self) -> Row:
        a, cat = self.a, self.cat
        race = a.race
        controls = [
            Control(
                TEXT,
                "Type the active race's name",
                face="Race",
                edit=typed("set", "active", as_written=True),
                value=a.written,
                key="race",
            )
        ]
        if a.special_power:
            controls.append(
                Control(
                    BUTTON,
                    f"Remove the special power {a.special_power} of the {a.name}",
                    face="Remove power",
                    edit=edit("remove", "power"),
                    key="remove-power",
                )
            )
        block = self.pos.data.get("active", {})
        enlist = a.power("enlist", cat)
        if enlist:
            controls += self.enlisted_controls(enlist)
        elif "enlisted" in block:
            controls.append(
                Control(
                    BUTTON,
                    f"Remove the tokens enlisted by the {a.name} (only the active Forsaken enlist)",
                    face="Remove enlisted",
                    edit=edit("remove", "enlisted"),
                    key="remove-enlisted",
                )
            )
        bombs = a.power("bombs", cat)
        if bombs:
            controls += self.spent_controls(bombs)
        elif "bombs_spent" in block:
            controls.append(
                Control(
                    BUTTON,
                    f"Remove the spent bombs of the {a.name} (only the active Goblins have bombs)",
                    face="Remove spent bombs",
                    edit=edit("remove", "bombs-spent"),
                    key="remove-bombs-spent",
                )
            )
        faction = (race.faction or "no faction") if race else "not a race of the game"
        subtitle = _join(
            "active race",
            faction,
            f"special power {a.special_power}" if a.special_power else "",
            f"{a.in_hand} in hand" if a.in_hand else "",
        )
        cost = f"{a.total} of {race.supply} tokens" if race else _tokens(a.total)
        return Row(
            "active",
            a.name,
            path=("active",),
            subtitle=subtitle,
            cost=cost,
            controls=tuple(controls),
            explain=("races", race.name) if race else None,
        )

    def enlisted_controls(self, enlist: dict[str, Any]) -> list[Control]:
        """The Forsaken's enlisted tokens: 1 coin each, 1 for each Race token lost to them (SWW013)."""
        a = self.a
        n = a.enlisted
        allowed = self.pos.losses() * int(enlist["tokens_per_loss"])
        price = int(enlist["coins_per_token"])
        cite = a.race.cite if a.race else ""
        more = (
            ""
            if n + 1 <= allowed
            else (
                f"the {a.name} enlist {enlist['tokens_per_loss']} token for each Race token lost to them: this "
                f"turn's conquests made opponents lose {plural(self.pos.losses(), 'Race token')} ({cite})"
            )
        )
        fewer = "" if n > 0 else f"the {a.name} enlisted no token this turn"
        return [
            Control(
                BUTTON,
                f"One token fewer enlisted by the {a.name}",
                face="\u2212",
                edit=None if fewer else edit("set", "enlisted", n - 1),
                cost=_coins(price),
                why_not=fewer,
                key="enlisted-less",
            ),
            Control(
                NUMBER,
                f"Tokens the {a.name} enlisted this turn",
                face="Enlisted",
                edit=typed("set", "enlisted"),
                value=str(n),
                low=0,
                high=max(n, allowed),
                cost=_coins(-n * price) if n else "",
                key="enlisted",
            ),
            Control(
                BUTTON,
                f"One more token enlisted by the {a.name}",
                face="+",
                edit=None if more else edit("set", "enlisted", n + 1),
                cost=_coins(-price),
                why_not=more,
                key="enlisted-more",
            ),
        ]

    def spent_controls(self, bombs: dict[str, Any]) -> list[Control]:
        """The Goblins' spent bombs: placed and spent never pass the stack (SWW012)."""
        a = self.a
        n = a.bombs_spent
        stack = int(bombs["stack"])
        used = len(a.bombs) + n
        cite = a.race.cite if a.race else ""
        more = (
            ""
            if used + 1 <= stack
            else (
                f"the stack holds {stack} Bomb tokens: {len(a.bombs)} on the board and {n} spent, and a spent "
                f"bomb never comes back ({cite})"
            )
        )
        fewer = "" if n > 0 else "no bomb is spent yet"
        return [
            Control(
                BUTTON,
                f"One bomb fewer spent by the {a.name}",
                face="\u2212",
                edit=None if fewer else edit("set", "bombs-spent", n - 1),
                why_not=fewer,
                key="spent-less",
            ),
            Control(
                NUMBER,
                f"Bombs the {a.name} have spent",
                face="Bombs spent",
                edit=typed("set", "bombs-spent"),
                value=str(n),
                low=0,
                high=max(n, stack - len(a.bombs)),
                cost=f"{used} of {stack} bombs used",
                key="bombs-spent",
            ),
            Control(
                BUTTON,
                f"One more bomb spent by the {a.name}",
                face="+",
                edit=None if more else edit("set", "bombs-spent", n + 1),
                why_not=more,
                key="spent-more",
            ),
        ]

    def decline_row(self) -> Row:
        d = self.d
        assert d is not None
        race = d.race
        controls = [
            Control(
                TEXT,
                "Type the race in decline's name",
                face="Race",
                edit=typed("set", "decline", as_written=True),
                value=d.written,
                key="race",
            ),
            Control(
                TEXT,
                f"Special power of the declined {d.name}",
                face="Special power",
                edit=typed("set", "power", decline=True),
                value=d.special_power or "",
                key="power",
            ),
        ]
        if d.special_power:
            controls.append(
                Control(
                    BUTTON,
                    f"Remove the special power {d.special_power} of the declined {d.name}",
                    face="Remove power",
                    edit=edit("remove", "power", decline=True),
                    key="remove-power",
                )
            )
        if "enlisted" in self.pos.data.get("decline", {}):
            controls.append(
                Control(
                    BUTTON,
                    f"Remove the tokens enlisted by the declined {d.name} (a race in decline makes no conquests)",
                    face="Remove enlisted",
                    edit=edit("remove", "enlisted", decline=True),
                    key="remove-enlisted",
                )
            )
        controls.append(
            Control(
                BUTTON,
                f"Remove the race in decline, the {d.name}, with their regions",
                face="Remove",
                edit=edit("remove", "decline"),
                cost=_join(
                    signed(-d.on_board, "token") if d.on_board else "",
                    _coins(-len(d.regions) * self.per_region) if d.regions else "",
                ),
                key="remove",
            )
        )
        leave = self.leave(d)
        subtitle = _join(
            "in decline",
            (race.faction or "no faction") if race else "not a race of the game",
            f"leaves {_tokens(leave)} a region" if leave is not None else "",
            f"special power {d.special_power}" if d.special_power else "",
        )
        cost = (f"{d.on_board} of {race.supply} tokens" if race else _tokens(d.on_board)) + " on the board"
        return Row(
            "decline",
            d.name,
            path=("decline",),
            subtitle=subtitle,
            cost=cost,
            controls=tuple(controls),
            explain=("races", race.name) if race else None,
        )

    # -- rows: regions

    def regions_section(self, side: m.Side) -> Section:
        shown = self.a_shown if side.active else self.d_shown
        names = [r.name for r in side.regions]
        conquered = {fold(c.region) for c in self.pos.conquests}
        rows = [
            self.region_row(side, i, shown[i], _entry_of(names, i), fold(r.name) in conquered)
            for i, r in enumerate(side.regions)
        ]
        title = f"Regions of the {side.name}" if side.active else f"Regions of the declined {side.name}"
        empty = "No regions yet: add one from the catalog (type its name)"
        return Section(f"{side.key}-regions", title, tuple(rows), empty=empty)

    def region_row(self, side: m.Side, i: int, shown: str, entry: int | None, conquered: bool) -> Row:
        region = side.regions[i]
        n = region.tokens
        decline = None if side.active else True
        who = f"the {side.name}" if side.active else f"the declined {side.name}"
        magic = self.magic_coins(side)

        def set_region(**opts: Any) -> Edit:
            return edit("set", "region", region.name, entry=entry, decline=decline, **opts)

        room = self.room(side)
        most = 100 if room is None else min(100, n + room)
        more = self.over_supply(side, 1)
        if side.active:
            least = self.least(side)
            fewer = ""
            if n - 1 < least:
                fewer = (
                    "a region holds at least 1 token: remove it instead"
                    if least == 1
                    else (
                        f"the {side.name} never occupy a region with fewer than {_tokens(least)} "
                        f"({side.race.cite if side.race else ''})"
                    )
                )
        else:
            least = 1
            fewer = "a region holds at least 1 token: remove it instead" if n <= 1 else ""
            leave = self.leave(side)
            if leave is not None:
                least, most = min(n, leave), max(n, leave)
                if n - 1 < leave and not fewer:
                    fewer = self.leave_words(side, leave)
                if n + 1 > leave and not more:
                    more = self.leave_words(side, leave)
        controls = [
            Control(
                BUTTON,
                f"One token fewer in {shown}",
                face="\u2212",
                edit=None if fewer else set_region(tokens=n - 1),
                cost=signed(-1, "token"),
                why_not=fewer,
                key="less",
            ),
            Control(
                NUMBER,
                f"Tokens in {shown}",
                face="Tokens",
                edit=_with_value(edit("set", "region", region.name, entry=entry, decline=decline), ("--tokens",)),
                value=str(n),
                low=min(n, least),
                high=max(n, most),
                key="tokens",
            ),
            Control(
                BUTTON,
                f"One more token in {shown}",
                face="+",
                edit=None if more else set_region(tokens=n + 1),
                cost=signed(1, "token"),
                why_not=more,
                key="more",
            ),
            Control(
                TOGGLE,
                f"{shown} is a Magic region",
                face="Magic",
                edit=set_region(magic=not region.magic),
                pressed=region.magic,
                cost=_coins(-magic if region.magic else magic) if magic else "",
                key="magic",
            ),
            Control(
                TEXT,
                f"Rename {shown}",
                face="Rename",
                edit=_with_value(edit("set", "region", region.name, entry=entry, decline=decline), ("--rename",)),
                value=region.name,
                key="rename",
            ),
        ]
        if side.active:
            controls.append(
                Control(BUTTON, f"Add a conquest of {shown}", face="Conquest", focus=f"active-regions-{i}", key="focus")
            )
        held = (
            ""
            if not (side.active and conquered and entry is None)
            else (
                f"{shown} is conquered this turn, and a region conquered this turn is held at its end: remove its "
                f"conquest first ({self.cat.ref('conquered_region_held')})"
            )
        )
        controls.append(
            Control(
                BUTTON,
                f"Remove {shown}",
                face="Remove",
                edit=None if held else edit("remove", "region", region.name, entry=entry, decline=decline),
                cost=_join(signed(-n, "token"), _coins(-(self.per_region + (magic if region.magic else 0)))),
                why_not=held,
                key="remove",
            )
        )
        coins = self.per_region + (magic if region.magic else 0)
        subtitle = _join(
            "Magic" if region.magic else "",
            "conquered this turn" if conquered and side.active else "",
            f"held by {who}",
        )
        return Row(
            f"{side.key}-regions-{i}",
            shown,
            path=region.path,
            subtitle=subtitle,
            cost=_join(_tokens(n), plural(coins, "coin")),
            controls=tuple(controls),
            focusable=side.active,
        )

    # -- rows: conquests

    def price(self, c: m.Conquest, **changes: Any) -> m.Conquest:
        """The conquest with ``changes`` (its fields), priced for the active race (model.price)."""
        new = replace(c, parts=[], adjustments=[], **changes)
        m.price(new, self.a, self.cat)
        return new

    def bonus(self, c: m.Conquest) -> int:
        """Coins the active race's conquest bonus gives for the conquest (the Orcs)."""
        b = self.a.power("conquest_bonus", self.cat)
        if not b or self.a.race is None or not c.occupied or c.faction != b["defender_faction"]:
            return 0
        coins: int = b["coins"]
        return coins

    def fresh(self, region: str, defender: m.Race | None, d_tokens: int) -> m.Conquest:
        c = m.Conquest(
            index=len(self.pos.conquests),
            path=(),
            region=region,
            defender_written=defender.name if defender else None,
            defender=defender,
            faction=defender.faction if defender else None,
            faction_from_data=defender is not None,
            defender_tokens=d_tokens,
            mountain=False,
            defences=0,
            tokens=None,
            die=False,
        )
        m.price(c, self.a, self.cat)
        return c

    def conquests_section(self) -> Section:
        names = [c.region for c in self.pos.conquests]
        shown = _shown(names)
        rows = [self.conquest_row(c, shown[c.index], _entry_of(names, c.index)) for c in self.pos.conquests]
        return Section(
            "conquests",
            "Conquests this turn",
            tuple(rows),
            empty=f"No conquests listed: choose a region of the {self.a.name}, then its defender in the catalog",
        )

    def conquest_row(self, c: m.Conquest, shown: str, entry: int | None) -> Row:
        follows = c.tokens is not None and c.tokens == c.cost and not c.die
        last = c.index == len(self.pos.conquests) - 1

        def change(
            label: str,
            face: str,
            key: str,
            kind: str = BUTTON,
            why: str = "",
            pressed: bool | None = None,
            **fields: Any,
        ) -> Control:
            """A control that changes the conquest's ``fields``; its tokens committed follow its cost
            when they were its cost."""
            new = self.price(c, **fields)
            opts = dict(fields)
            if follows and new.cost != c.cost:
                opts["tokens"] = new.cost
                label += f" (costs {_tokens(new.cost)}, {new.cost} committed)"
            coins = self.bonus(new) - self.bonus(c)
            cost = _join(
                signed(new.cost - c.cost, "token") if new.cost != c.cost else "", _coins(coins) if coins else ""
            )
            return Control(
                kind,
                label,
                face=face,
                edit=None if why else edit("set", "conquest", c.region, entry=entry, **opts),
                cost=cost,
                why_not=why,
                key=key,
                pressed=pressed,
            )

        controls = [self.defender_choice(c, shown, entry, follows)]
        d = c.defender
        held_least = always_minimum(d) if d is not None else None
        fewer_d = ""
        if c.defender_tokens == 0:
            fewer_d = f"{shown} was empty"
        elif d is not None and c.defender_tokens - 1 < max(1, held_least or 1):
            fewer_d = (
                f"a region of the {d.name} always holds at least {held_least}, active or in decline ({d.cite})"
                if held_least and held_least > 1
                else f"the {d.name} held it with at least 1 token: choose an empty region as its defender instead"
            )
        controls.append(
            change(
                f"One defending token fewer in {shown}",
                "\u2212",
                "defender-less",
                why=fewer_d,
                defender_tokens=max(0, c.defender_tokens - 1),
            )
        )
        controls.append(
            change(
                f"One more defending token in {shown}",
                "+",
                "defender-more",
                defender_tokens=c.defender_tokens + 1,
            )
        )
        if c.occupied:
            controls.append(self.faction_choice(c, shown, entry))
        controls.append(
            change(
                f"{shown} is a Mountain", "Mountain", "mountain", TOGGLE, pressed=c.mountain, mountain=not c.mountain
            )
        )
        controls.append(
            change(
                f"One defence marker fewer in {shown}",
                "\u2212",
                "defences-less",
                why="" if c.defences > 0 else f"{shown} has no other defence marker",
                defences=max(0, c.defences - 1),
            )
        )
        controls.append(
            change(
                f"One more defence marker in {shown}",
                "+",
                "defences-more",
                why="" if c.defences < 10 else "at most 10 defence markers a region",
                defences=c.defences + 1,
            )
        )
        controls += self.committed_controls(c, shown, entry, last)
        controls.append(
            Control(
                BUTTON,
                f"Remove the conquest of {shown}",
                face="Remove",
                edit=edit("remove", "conquest", c.region, entry=entry),
                cost=_coins(-self.bonus(c)) if self.bonus(c) else "",
                key="remove",
            )
        )
        defender = (
            f"from {_tokens(c.defender_tokens)} of the {c.defender_name}"
            if c.defender_name and c.occupied
            else f"from {_tokens(c.defender_tokens)}"
            if c.occupied
            else "an empty region"
        )
        subtitle = _join(
            defender,
            c.faction or "",
            "Mountain" if c.mountain else "",
            plural(c.defences, "defence marker") if c.defences else "",
            f"{c.tokens} committed" if c.tokens is not None else "",
            "reinforcement die" if c.die else "",
        )
        coins = self.bonus(c)
        return Row(
            f"conquests-{c.index}",
            shown,
            path=c.path,
            subtitle=subtitle,
            cost=_join(f"costs {_tokens(c.cost)} ({c.explain()})", _coins(coins) if coins else ""),
            controls=tuple(controls),
            explain=("races", c.defender.name) if c.defender else None,
        )

    def defender_choice(self, c: m.Conquest, shown: str, entry: int | None, follows: bool) -> Control:
        options = []
        current = c.defender.name if c.defender else ("" if not c.defender_written else c.defender_written)

        def option(value: str, label: str, defender: m.Race | None) -> Option:
            if defender is None:
                new = self.price(
                    c, defender=None, defender_written=None, defender_tokens=0, faction=None, faction_from_data=False
                )
                opts: dict[str, Any] = {"defender_tokens": 0}
            else:
                d_tokens = c.defender_tokens or (always_minimum(defender) or 1)
                held = always_minimum(defender)
                if held and d_tokens < held:
                    d_tokens = held
                new = self.price(
                    c,
                    defender=defender,
                    defender_written=defender.name,
                    defender_tokens=d_tokens,
                    faction=defender.faction,
                    faction_from_data=True,
                )
                opts = {"defender": defender.name}
                if d_tokens != c.defender_tokens:
                    opts["defender_tokens"] = d_tokens
            if follows and new.cost != c.cost:
                opts["tokens"] = new.cost
            if value == current:
                return Option(value, label, cost=f"costs {_tokens(c.cost)}")
            return Option(
                value,
                label,
                edit("set", "conquest", c.region, entry=entry, **opts),
                cost=f"costs {_tokens(new.cost)}",
            )

        options.append(option("", "Empty region", None))
        for r in self.cat.races.values():
            options.append(option(r.name, f"{r.name} ({r.faction or 'no faction'})", r))
        if c.defender is None and c.defender_written:
            options.append(Option(c.defender_written, f"{c.defender_written} (not a race of the game)"))
        return Control(
            CHOICE,
            f"Defender of {shown}",
            face="Defender",
            value=current,
            options=tuple(options),
            key="defender",
        )

    def faction_choice(self, c: m.Conquest, shown: str, entry: int | None) -> Control:
        """The defender's faction as the position says it (default: the race data's)."""
        written = self.pos.data["conquests"][c.index].get("defender_faction")
        data_faction = c.defender.faction if c.defender else None
        options = []
        for f in ("Horde", "Alliance", "Neutral"):
            label = f + (
                f" (the {c.defender.name}' faction in the race data)" if c.defender and f == data_faction else ""
            )
            new = replace(c, faction=f)
            coins = self.bonus(new) - self.bonus(c)
            cost = _coins(coins) if coins else ""
            if f == written:
                options.append(Option(f, label, cost=cost))
            else:
                options.append(
                    Option(f, label, edit("set", "conquest", c.region, entry=entry, defender_faction=f), cost=cost)
                )
        return Control(
            CHOICE,
            f"Faction of the defender of {shown}",
            face="Faction",
            value=written or "",
            options=tuple(options),
            key="faction",
        )

    def committed_controls(self, c: m.Conquest, shown: str, entry: int | None, last: bool) -> list[Control]:
        """The tokens committed (SWW008 against the cost, SWW015 against the tokens held) and the die."""
        said = c.tokens is not None
        controls = [
            Control(
                TOGGLE,
                f"Check the tokens committed to {shown}",
                face="Committed",
                edit=edit("set", "conquest", c.region, entry=entry, tokens=0 if said else c.cost),
                pressed=said,
                cost="" if said else f"commits {_tokens(c.cost)}",
                key="committed-said",
            ),
            Control(
                NUMBER,
                f"Tokens committed to {shown}",
                face="Committed",
                edit=_with_value(edit("set", "conquest", c.region, entry=entry), ("--tokens",)),
                value="" if c.tokens is None else str(c.tokens),
                low=c.minimum if c.die else c.cost,
                high=max(c.tokens or 0, c.cost, min(100, self.a.total)),
                key="committed",
            ),
        ]
        die_why = ""
        if not c.die and not last:
            die_why = "only the turn's last conquest may use the reinforcement die: list it last"
        controls.append(
            Control(
                TOGGLE,
                f"{shown} was tried with the reinforcement die",
                face="Die",
                edit=None if die_why else edit("set", "conquest", c.region, entry=entry, die=not c.die),
                pressed=c.die,
                cost="" if c.die else f"commits at least {_tokens(c.minimum)}",
                why_not=die_why,
                key="die",
            )
        )
        return controls

    # -- rows: bombs

    def bombs_section(self) -> Section:
        a = self.a
        names = [b.region for b in a.bombs]
        shown = _shown(names)
        rows = []
        for i, bomb in enumerate(a.bombs):
            entry = _entry_of(names, i)
            on = bomb.opponent.name if bomb.opponent else bomb.opponent_written
            rows.append(
                Row(
                    f"bombs-{i}",
                    shown[i],
                    path=bomb.path,
                    subtitle=f"on the {on}" if on else "an opponent's region",
                    cost="1 Bomb token",
                    controls=(
                        Control(
                            BUTTON,
                            f"Remove the bomb in {shown[i]}",
                            face="Remove",
                            edit=edit("remove", "bomb", bomb.region, entry=entry),
                            key="remove",
                        ),
                    ),
                )
            )
        return Section("bombs", f"Bombs of the {a.name}", tuple(rows), empty="No bombs on the board")

    # -- the catalog

    def races_group(self) -> Group:
        a, d = self.a, self.d
        entries = []
        for r in self.cat.races.values():
            why = ""
            if not r.playable:
                why = f"the {r.name} are not a playable race: they start In Decline and belong to no player"
            elif a.race is r:
                why = f"the {r.name} are your active race: the box holds one of each race"
            elif d is not None and d.race is r:
                why = f"the {r.name} are already your race in decline"
            else:
                why = self.decline_swap_why(r)
            label = f"Put the {r.name} in decline" + (
                f" instead of the {d.name}" if d is not None and d.race is not r else ""
            )
            entries.append(
                Entry(
                    r.name,
                    Control(
                        BUTTON,
                        label,
                        face="In decline",
                        edit=None if why else edit("set", "decline", r.name),
                        cost=f"{r.supply} tokens",
                        why_not=why,
                    ),
                    summary=_race_line(r),
                    cost=f"{r.supply} tokens",
                    explain=("races", r.name),
                )
            )
        return Group("races", "Race in decline", tuple(entries), note="Each race's tokens in the box")

    def decline_swap_why(self, r: m.Race) -> str:
        """Why putting ``r`` in decline in place of the race there would make the list illegal at
        once ("" when it would not): the regions in decline hold the tokens the race there leaves
        (SWW006; the Tauren leave 2, and never hold a region with fewer, SWW011), and the active
        race's bombs go only on an opponent's active race (SWW012)."""
        for bomb in self.a.bombs:
            if bomb.opponent is r:
                cite = self.a.race.cite if self.a.race is not None else ""
                return (
                    f"the bomb in {bomb.region} is on the {r.name}, and bombs go only in regions of an opponent's "
                    f"active race ({cite}): move it first"
                )
        d = self.d
        if d is None or d.race is None:
            return ""
        usual = self.cat.value("decline_tokens_per_region")
        own = "decline_tokens_per_region" in r.power
        leave = r.power["decline_tokens_per_region"] if own else usual
        rule = r.cite if own else self.cat.ref("decline_tokens_per_region")
        floor = r.power.get("region_minimum")
        least = floor["tokens"] if floor and floor["in_decline"] else None
        for region in d.regions:
            held = f"{region.name} holds {_tokens(region.tokens)} of the {d.name}"
            if least is not None and region.tokens < least:
                return f"{held}; the {r.name} never occupy a region with fewer than {_tokens(least)} ({r.cite})"
            if leave is not None and region.tokens != leave:
                return f"{held}; the {r.name} in decline would leave {_tokens(leave)} in each region ({rule})"
        return ""

    def regions_group(self, side: m.Side) -> Group:
        magic = self.magic_coins(side) if side.active else 0
        entries = []
        counts = range(1, (REGION_COUNTS if side.active else DECLINE_COUNTS) + 1)
        for want_magic in (False, True) if magic else (False,):
            for n in counts:
                entries.append(self.region_entry(side, n, want_magic, magic))
        who = f"the {side.name}" if side.active else f"the declined {side.name}"
        note = f"Type the region's name; {who} hold {_tokens(side.total)}" + (
            f" of {side.race.supply}" if side.race else ""
        )
        if magic:
            note += f"; a Magic region earns them {_coins(magic)}"
        return Group(f"{side.key}-regions", f"Regions of {who}", tuple(entries), note=note)

    def region_entry(self, side: m.Side, n: int, want_magic: bool, magic: int) -> Entry:
        why = ""
        if side.active:
            least = self.least(side)
            if n < least:
                why = (
                    f"the {side.name} never occupy a region with fewer than {_tokens(least)} "
                    f"({side.race.cite if side.race else ''})"
                )
        else:
            leave = self.leave(side)
            if leave is not None and n != leave:
                why = self.leave_words(side, leave)
        why = why or self.over_supply(side, n)
        what = "a Magic region" if want_magic else "a region"
        who = f"the {side.name}" if side.active else f"the declined {side.name}"
        coins = self.per_region + (magic if want_magic else 0)
        cost = _join(_tokens(n), _coins(coins))
        e = typed("add", "region", tokens=n, magic=True if want_magic else None, decline=None if side.active else True)
        return Entry(
            f"{'Magic region' if want_magic else 'Region'}, {_tokens(n)}",
            Control(
                TEXT,
                f"Add {what} of {who} with {_tokens(n)}",
                face="Add",
                edit=None if why else e,
                cost=cost,
                why_not=why,
            ),
            summary="Type the region's name" + (f": it earns {who} {_coins(magic)} more" if want_magic else ""),
            cost=cost,
        )

    def conquest_group(self, focus: str | None) -> Group:
        a = self.a
        entries = []
        not_held = (
            f"a region conquered this turn is held at its end: add it to the regions of the {a.name} first, "
            f"then its conquest ({self.cat.ref('conquered_region_held')})"
        )
        typed_entry = Entry(
            "Another region",
            Control(
                TEXT,
                f"Add the conquest of a region the {a.name} do not hold (type its name)",
                face="Add",
                edit=None,
                cost=f"costs {_tokens(self.fresh('', None, 0).cost)}",
                why_not=not_held,
            ),
            summary="An empty region: choose its defender on its row",
        )
        if focus is None or not focus.startswith("active-regions-"):
            return Group(
                "conquests",
                "Conquests",
                (typed_entry,),
                note=f"Add a region of the {a.name} to choose the defender of its conquest here",
            )
        i = int(focus.rsplit("-", 1)[1])
        region = a.regions[i].name
        shown = self.a_shown[i]
        again = (
            f"{shown} is already conquered this turn: a race cannot conquer a region it already occupies "
            f"({self.cat.ref('own_region_not_conquered')})"
            if fold(region) in self.conquered()
            else ""
        )
        empty = self.fresh(region, None, 0)
        why = again or self.too_few(region, empty.cost)
        entries.append(
            Entry(
                "Empty region",
                Control(
                    BUTTON,
                    f"Add the conquest of {shown}, an empty region: costs {_tokens(empty.cost)}, "
                    f"{empty.cost} committed",
                    face="Add",
                    edit=None if why else edit("add", "conquest", region, tokens=empty.cost),
                    cost=f"costs {_tokens(empty.cost)}",
                    why_not=why,
                ),
                summary=f"cost {empty.explain()}",
                cost=f"costs {_tokens(empty.cost)}",
            )
        )
        rule = a.power("enlist", self.cat)
        lost = int(self.cat.value("tokens_lost_per_conquest"))
        enlist = ""
        if rule:
            gained = lost * int(rule["tokens_per_loss"])
            enlist = (
                f"the defender loses {_tokens(lost)}: the {a.name} may enlist {_tokens(gained)} "
                f"for {plural(int(rule['coins_per_token']), 'coin')} each ({a.race.cite if a.race else ''})"
            )
        for r in self.cat.races.values():
            d_tokens = always_minimum(r) or 1
            c = self.fresh(region, r, d_tokens)
            coins = self.bonus(c)
            cost = _join(f"costs {_tokens(c.cost)}", _coins(coins) if coins else "")
            itself = (
                f"the {r.name} are the active race: a race cannot conquer a region it already occupies "
                f"({self.cat.ref('own_region_not_conquered')})"
                if a.race is not None and r.name == a.race.name
                else ""
            )
            why = again or itself or self.too_few(region, c.cost)
            entries.append(
                Entry(
                    f"From the {r.name}",
                    Control(
                        BUTTON,
                        f"Add the conquest of {shown} from the {r.name} ({_tokens(d_tokens)}): costs "
                        f"{_tokens(c.cost)}, {c.cost} committed",
                        face="Add",
                        edit=None
                        if why
                        else edit("add", "conquest", region, defender=r.name, defender_tokens=d_tokens, tokens=c.cost),
                        cost=cost,
                        why_not=why,
                    ),
                    summary=_join(r.faction or "no faction", f"cost {c.explain()}", enlist),
                    cost=cost,
                    explain=("races", r.name),
                )
            )
        entries.append(typed_entry)
        return Group(
            "conquests",
            f"Conquest of {shown}",
            tuple(entries),
            note="Its defender before the conquest; the tokens committed are its cost (change them on its row)",
            follows=True,
        )

    def bombs_group(self) -> Group:
        a = self.a
        rule = a.power("bombs", self.cat)
        stack = int(rule["stack"])
        used = len(a.bombs) + a.bombs_spent
        cite = a.race.cite if a.race else ""
        out_of = (
            f"the stack of {stack} Bomb tokens is used up: {len(a.bombs)} on the board, {a.bombs_spent} spent ({cite})"
            if used >= stack
            else ""
        )
        own = {s.race.name for s in self.pos.sides() if s.race is not None}
        cost = f"1 Bomb token ({max(0, stack - used)} of {stack} left)"
        entries = [
            Entry(
                "An opponent's region",
                Control(
                    TEXT,
                    "Drop a bomb in an opponent's region (type the region)",
                    face="Drop",
                    edit=None if out_of else typed("add", "bomb"),
                    cost=cost,
                    why_not=out_of,
                ),
                summary="The opponent's race not said",
                cost=cost,
            )
        ]
        for r in self.cat.races.values():
            why = out_of
            if not why and r.name in own:
                why = f"the {r.name} are your own race: bombs go only in regions of an opponent's active race"
            elif not why and not r.playable:
                why = f"the {r.name} belong to no player: bombs go only in regions of an opponent's active race"
            entries.append(
                Entry(
                    f"On the {r.name}",
                    Control(
                        TEXT,
                        f"Drop a bomb in a region of the {r.name} (type the region)",
                        face="Drop",
                        edit=None if why else typed("add", "bomb", opponent=r.name),
                        cost=cost,
                        why_not=why,
                    ),
                    summary=_race_line(r),
                    cost=cost,
                    explain=("races", r.name),
                )
            )
        return Group(
            "bombs",
            f"Bombs of the {a.name}",
            tuple(entries),
            note=f"One a region at most, in adjacent regions of opponents' active races ({cite})",
        )
