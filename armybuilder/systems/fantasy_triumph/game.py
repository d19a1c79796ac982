"""Fantasy Triumph at the table: what each army has lost, in points, against its breaking point,
by the battle cards that change what a loss counts (:mod:`armybuilder.compose.game`).

What is tracked, and the rule of each (seed 003, and the victory value the data marks unverified):

- each stand and hero lost, at its cost (stands at their cost with their cards; a hero at its
  total), against the army's victory value and the loss that breaks it, one third of it
  (``army.yaml: victory_value``: a secondary source, unverified, as the roster marks it);
- FT 32.3: a stand or hero marked with Delayed Entry counts as a casualty at ½ its normal value
  until it enters; once entered it counts as any other (lost: at its full value);
- FT 36.2.b: a sacked Heavily Fortified Camp counts as 17 points of lost troops (an ordinary
  camp's sack is Triumph!'s own rule, which the seed does not give: not counted, a note);
- FT 39.7.a: an Illusion revealed as a fake is removed and counts for nothing; a disguised one is
  exchanged with its real stand (FT 39.7.b), which is then lost as any stand;
- FT 38.3: a Hold the Line card is spent when played;
- FT 52.1.a: a lost stand with Regenerate that returns no longer counts as lost (its command
  points by the FT 52.1 table); FT 52: the general lost stays lost when its stand returns;
- FT 60.1: on a command roll of 1 the most expensive Unreliable stand not in close combat is lost
  (the tie is the enemy's choice, FT 60.1.a: the player taps the stand that was lost).

The army breaks when what it has lost reaches its breaking point; the other side then wins.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from armybuilder.compose.game import (
    INFO,
    NOTE,
    VERDICT,
    WARNING,
    Action,
    Cite,
    Event,
    Figure,
    Line,
    Refused,
    Row,
    Side,
    Tracker,
    note_action,
    noted,
    offered_taps,
    replay,
)
from armybuilder.findings import Result
from armybuilder.systems.fantasy_triumph import model

FORM = 1

DELAYED = Cite(
    "FT 32.3",
    "All stands and heroes with Delayed Entry count as a casualty until they enter the battle, but at ½ normal value.",
)
ENTRY = Cite("FT 32.1", "Delayed Entry troops enter when their side pays 5 command points in a single turn.")
CAMP = Cite(
    "FT 36.2.b", "A Heavily Fortified Camp that has been sacked counts as 17 points of lost troops towards victory."
)
FAKE = Cite(
    "FT 39.7.a",
    "A revealed Illusion of a fake stand is removed from the board; it does not count as a defeated stand of the army.",
)
DISGUISED = Cite("FT 39.7.b", "A revealed Illusion of a disguised stand is exchanged with the real stand it disguised.")
HOLD = Cite("FT 38.3", "The battle card is expended when used and may not be used again in that battle.")
RETURN = Cite(
    "FT 52.1.a", "Returning a unit to battle means it no longer counts as lost (it is no longer a destroyed unit)."
)
GENERAL = Cite(
    "FT 52",
    "If the army general's stand has this battle card and is killed, it regenerates as a normal (non-general) stand, "
    "and the general is still lost.",
)
UNRELIABLE = Cite(
    "FT 60.1",
    "Every turn where the player rolls a 1 for command points, the most expensive stand (not in close combat) "
    "with the Unreliable battle card is immediately lost; a tie is the enemy's choice (FT 60.1.a).",
)


def _fraction(value: Fraction) -> str:
    return str(value)


def start(data: dict[str, Any], result: Result) -> dict[str, Any]:
    """What an army brings into a game: each class and hero with its cost and the cards that change
    what its loss counts, the army cards that count at the table, and its victory value."""
    army = result.model if isinstance(result.model, model.Army) else model.build(data)
    cat = army.cat
    regen = cat.army["regenerate_command_points"]
    classes = []
    for c in army.classes:
        names = c.card_names()
        delayed = sum(model.marked_count(u) for u in c.cards if u.priced and u.name == "Delayed Entry")
        hold = sum((u.number or 1) for u in c.cards if u.priced and u.name == "Hold the Line")
        classes.append(
            {
                "key": f"classes-{c.index}",
                "name": c.name,
                "troop": c.troop["name"] if c.troop else c.troop_written,
                "stands": c.stands,
                "each": _fraction(c.each),
                "general": c.general,
                "regenerate": model.command_points(c.each, regen) if "Regenerate" in names else None,
                "unreliable": "Unreliable" in names,
                "delayed": min(delayed, c.stands),
                "hold_the_line": hold,
            }
        )
    heroes = [
        {
            "key": f"heroes-{h.index}",
            "name": h.name,
            "value": _fraction(h.total),
            "delayed": any(u.priced and u.name == "Delayed Entry" for u in h.cards),
        }
        for h in army.heroes
    ]
    illusions = sum((u.number or 1) for u in army.army_cards if u.priced and u.name == "Illusion")
    heavy = any(
        u.priced and u.name == "Fortified Camp" and "heavily fortified" in u.option_values() for u in army.army_cards
    )
    victory = cat.army["victory_value"]
    return {
        "form": FORM,
        "classes": classes,
        "heroes": heroes,
        "illusions": illusions,
        "camp": cat.rule_value("heavily_fortified_camp_sacked_points") if heavy else None,
        "delayed_fraction": str(cat.rule_value("delayed_entry_casualty_fraction")),
        "victory_value": _fraction(army.victory_value()),
        "break_fraction": str(victory["break_fraction"]),
        "victory_rule": str(victory["rule"]),
        "victory_note": str(victory["note"]),
        "incomplete": army.incomplete,
    }


# ---------------------------------------------------------------------------
# Reading a start (a game file is hostile: every value checked)


def _num(raw: Any, what: str, low: Fraction = Fraction(0), high: Fraction = Fraction(10000)) -> Fraction:
    try:
        value = Fraction(str(raw)) if isinstance(raw, (str, int, float)) and not isinstance(raw, bool) else None
    except (ValueError, ZeroDivisionError):
        value = None
    if value is None or not low <= value <= high:
        raise Refused(None, f"the army's {what} is not a number the game can use")
    return value


def _int(raw: Any, what: str, high: int = 1000) -> int:
    if type(raw) is not int or not 0 <= raw <= high:
        raise Refused(None, f"the army's {what} is not a whole number the game can use")
    return raw


def _text(raw: Any, what: str) -> str:
    if not isinstance(raw, str) or len(raw) > 300:
        raise Refused(None, f"the army's {what} is not text")
    return raw


@dataclass
class Part:
    key: str
    name: str
    hero: bool
    count: int  # stands (1 for a hero)
    each: Fraction  # points a stand, or the hero's total
    general: bool = False
    regenerate: int | None = None
    unreliable: bool = False
    delayed: int = 0  # marked with Delayed Entry
    hold: int = 0  # Hold the Line cards
    troop: str = ""
    # the game
    lost: int = 0
    entered: int = 0  # of the delayed ones
    held: int = 0  # Hold the Line cards played

    @property
    def waiting(self) -> int:
        return self.delayed - self.entered

    @property
    def on_table(self) -> int:
        """Stands (or the hero) in the battle now: not lost, not waiting to enter."""
        return self.count - self.lost - self.waiting


@dataclass
class Army:
    name: str
    parts: list[Part]
    illusions: int
    camp: int | None
    delayed_fraction: Fraction
    victory_value: Fraction
    break_fraction: Fraction
    victory: Cite
    incomplete: bool
    fakes: int = 0
    disguised: int = 0
    sacked: bool = False
    general_lost: bool = False
    notes: list[str] = field(default_factory=list)

    def part(self, key: str | None) -> Part | None:
        return next((p for p in self.parts if p.key == key), None)

    @property
    def break_loss(self) -> Fraction:
        return self.victory_value * self.break_fraction

    def loss(self) -> Fraction:
        """Points lost: each stand or hero lost at its value, each one waiting to enter at the
        Delayed Entry fraction (FT 32.3), a sacked heavily fortified camp (FT 36.2.b)."""
        total = sum((p.each * p.lost for p in self.parts), Fraction(0))
        total += sum((p.each * p.waiting * self.delayed_fraction for p in self.parts), Fraction(0))
        if self.sacked and self.camp is not None:
            total += self.camp
        return total

    @property
    def broken(self) -> bool:
        return self.loss() >= self.break_loss > 0


def _army(raw: Any, name: str) -> Army:
    if not isinstance(raw, dict) or raw.get("form") != FORM:
        raise Refused(None, f"{name}: the army was not brought into the game by this armybuilder")
    classes, heroes = raw.get("classes"), raw.get("heroes")
    if not isinstance(classes, list) or not isinstance(heroes, list) or len(classes) + len(heroes) > 200:
        raise Refused(None, f"{name}: the army's classes and heroes cannot be read")
    parts: list[Part] = []
    for c in classes:
        if not isinstance(c, dict):
            raise Refused(None, f"{name}: a class cannot be read")
        stands = _int(c.get("stands"), "stands")
        regen = c.get("regenerate")
        parts.append(
            Part(
                key=_text(c.get("key"), "class"),
                name=_text(c.get("name"), "class name"),
                hero=False,
                count=stands,
                each=_num(c.get("each"), "stand cost"),
                general=c.get("general") is True,
                regenerate=None if regen is None else _int(regen, "regeneration cost", 100),
                unreliable=c.get("unreliable") is True,
                delayed=min(_int(c.get("delayed", 0), "Delayed Entry stands"), stands),
                hold=_int(c.get("hold_the_line", 0), "Hold the Line cards"),
                troop=_text(c.get("troop", ""), "troop type"),
            )
        )
    for h in heroes:
        if not isinstance(h, dict):
            raise Refused(None, f"{name}: a hero cannot be read")
        parts.append(
            Part(
                key=_text(h.get("key"), "hero"),
                name=_text(h.get("name"), "hero name"),
                hero=True,
                count=1,
                each=_num(h.get("value"), "hero's value"),
                delayed=1 if h.get("delayed") is True else 0,
            )
        )
    if len({p.key for p in parts}) != len(parts):
        raise Refused(None, f"{name}: two parts of the army share a key")
    camp = raw.get("camp")
    return Army(
        name=name,
        parts=parts,
        illusions=_int(raw.get("illusions", 0), "Illusion cards"),
        camp=None if camp is None else _int(camp, "sacked camp's points"),
        delayed_fraction=_num(raw.get("delayed_fraction"), "Delayed Entry fraction", high=Fraction(1)),
        victory_value=_num(raw.get("victory_value"), "victory value"),
        break_fraction=_num(raw.get("break_fraction"), "breaking fraction", high=Fraction(1)),
        victory=Cite(
            _text(raw.get("victory_rule"), "victory rule"), _text(raw.get("victory_note", ""), "victory note"), True
        ),
        incomplete=raw.get("incomplete") is True,
    )


# ---------------------------------------------------------------------------
# The game


@dataclass
class State:
    armies: list[Army]
    over: bool = False
    ended: bool = False  # the players ended it (time, a concession)


def _pts(value: Fraction) -> str:
    return model.approx_points(value)


def _points(value: Fraction) -> str:
    text = _pts(value)
    return f"{text} point{'' if 0 < value <= 1 else 's'}"


def _margin(value: Fraction) -> str:
    """What is left before the army breaks, never more than it is: a value in twelfths (16⅔ less
    1¾ is 14 11/12) is cut to two decimals (14.91), not rounded up (14.92)."""
    if value.denominator in (1, 2, 3, 4, 6):
        return _points(value)
    return f"{math.floor(value * 100) / 100:.2f} points"


def _part_actions(state: State, side: int, army: Army, p: Part) -> Iterator[Action]:
    closed = "the game is over" if state.over else ""
    stand = "hero" if p.hero else "stand"
    if p.waiting:
        yield Action(
            "enter",
            f"{p.name}: entered (Delayed Entry)",
            "Entered",
            Event("enter", side, p.key, p.waiting),
            ENTRY,
            closed,
        )
    what = f"{p.name}: {'lost' if p.hero else '1 stand lost'}"
    why = closed
    if not why and p.on_table <= 0:
        why = f"{p.name} has not entered yet (Delayed Entry)" if p.waiting else f"{p.name} has no {stand} left to lose"
    yield Action(
        "lost", what, f"−1 {stand}" + f" ({_points(p.each)})", Event("lost", side, p.key, 1), army.victory, why
    )
    if p.general and not army.general_lost:
        yield Action(
            "general",
            f"{p.name}: the general's stand lost",
            "General lost",
            Event("general", side, p.key, 1),
            army.victory,
            why,
        )
    if p.unreliable:
        top = max((q.each for q in army.parts if q.unreliable and q.on_table > 0), default=None)
        cheaper = top is not None and p.each < top
        yield Action(
            "unreliable",
            f"Unreliable roll of 1: {p.name} stand lost" + (" (the most expensive)" if not cheaper else ""),
            "Roll of 1",
            Event("unreliable", side, p.key, 1),
            UNRELIABLE,
            why,
        )
    if p.regenerate is not None:
        cp = f"{p.regenerate} command point{'s' * (p.regenerate != 1)}"
        yield Action(
            "returned",
            f"{p.name}: 1 stand returns (Regenerate, {cp})",
            "+1 returns",
            Event("returned", side, p.key, 1),
            RETURN,
            closed or ("" if p.lost else f"{p.name} has no lost stand to return"),
        )
    if p.hold:
        yield Action(
            "hold",
            f"{p.name}: Hold the Line played",
            "Hold the Line",
            Event("hold", side, p.key, 1),
            HOLD,
            closed or ("" if p.held < p.hold else f"{p.name} has no Hold the Line card left"),
        )


def _side_actions(state: State, side: int, army: Army) -> Iterator[Action]:
    closed = "the game is over" if state.over else ""
    if army.illusions:
        none = "" if army.fakes + army.disguised < army.illusions else "every Illusion has been revealed"
        yield Action(
            "fake",
            "Illusion revealed: a fake (removed, counts nothing)",
            "Fake revealed",
            Event("fake", side, None, 1),
            FAKE,
            closed or none,
        )
        yield Action(
            "disguised",
            "Illusion revealed: a disguised stand (exchanged with the real one)",
            "Disguise revealed",
            Event("disguised", side, None, 1),
            DISGUISED,
            closed or none,
        )
    if army.camp is not None:
        yield Action(
            "sacked",
            f"Heavily fortified camp sacked (+{army.camp} points lost)",
            "Camp sacked",
            Event("sacked", side, None, 1),
            CAMP,
            closed or ("the camp has been sacked" if army.sacked else ""),
        )
    yield note_action(side)


def offered(state: State, event: Event | None = None) -> Iterator[Action]:
    """The taps offered now (with ``event``: only those that could record it, for a replay)."""
    return offered_taps(
        event,
        state.armies,
        lambda side, army: _side_actions(state, side, army),
        lambda army: army.parts,
        lambda side, army, p: _part_actions(state, side, army, p),
        over=state.over,
    )


def apply(state: State, event: Event) -> str:
    if event.kind == "end":
        state.over = state.ended = True
        return "The game was ended"
    army = state.armies[event.side or 0]
    if event.kind == NOTE:
        return noted(army.name, army.notes, event.note)
    p = army.part(event.part)
    said = ""
    if event.kind == "fake":
        army.fakes += 1
        said = f"{army.name}: an Illusion revealed as a fake: removed, counts nothing"
    elif event.kind == "disguised":
        army.disguised += 1
        said = f"{army.name}: an Illusion revealed as a disguised stand"
    elif event.kind == "sacked":
        army.sacked = True
        said = f"{army.name}: the heavily fortified camp sacked"
    elif p is not None and event.kind == "enter":
        p.entered += event.value
        said = f"Delayed Entry: {p.name} entered" + (
            "" if p.hero else f" ({event.value} stand{'s' * (event.value != 1)})"
        )
    elif p is not None and event.kind in ("lost", "general", "unreliable"):
        p.lost += 1
        said = f"{p.name}: {'lost' if p.hero else '1 stand lost'}"
        if event.kind == "general":
            army.general_lost = True
            said = f"{p.name}: the general's stand lost"
        elif event.kind == "unreliable":
            said = f"Unreliable roll of 1: {p.name} lost a stand"
    elif p is not None and event.kind == "returned":
        p.lost -= 1
        said = f"{p.name}: 1 stand returned (Regenerate)"
    elif p is not None and event.kind == "hold":
        p.held += 1
        said = f"{p.name}: Hold the Line played"
    if p is not None and len(state.armies) > 1:
        said += f" ({army.name})"
    if any(a.broken for a in state.armies):
        state.over = True
    if event.note:
        said += f" ({event.note})"
    return said


def _state(army: Army, p: Part) -> str:
    bits = []
    if p.hero:
        bits.append("lost" if p.lost else ("waiting to enter: counts ½" if p.waiting else "in the battle"))
    else:
        bits.append(f"{p.lost} of {p.count} stand{'s' * (p.count != 1)} lost")
        if p.waiting:
            bits.append(f"{p.waiting} waiting to enter: count{'s' * (p.waiting == 1)} ½")
    if p.general:
        bits.append("general lost" if army.general_lost else "general")
    if p.hold:
        left = p.hold - p.held
        bits.append(f"{left} Hold the Line card{'s' * (left != 1)} left")
    return " · ".join(bits)


def _subtitle(p: Part) -> str:
    if p.hero:
        return f"hero · {_points(p.each)}"
    return f"{p.troop} · {p.count} stand{'s' * (p.count != 1)} · {_points(p.each)} a stand"


def _lines(army: Army, winner_name: str | None) -> list[Line]:
    loss, at, value = army.loss(), army.break_loss, army.victory_value
    out: list[Line] = []
    if army.broken:
        out.append(
            Line(
                f"{army.name} has lost {_pts(loss)} of {_pts(value)} points: it breaks at {_pts(at)}"
                + (f"; {winner_name} wins" if winner_name else ""),
                army.victory,
                VERDICT,
            )
        )
    else:
        out.append(
            Line(f"{army.name} has lost {_pts(loss)} of {_pts(value)} points: it breaks at {_pts(at)}", army.victory)
        )
        left = at - loss
        cheapest = min((p.each for p in army.parts if p.on_table > 0), default=None)
        if cheapest is not None and left <= cheapest:
            out.append(Line(f"One more loss breaks {army.name}: {_margin(left)} to go", army.victory, WARNING))
    waiting = [p for p in army.parts if p.waiting]
    if waiting:
        half = sum((p.each * p.waiting * army.delayed_fraction for p in waiting), Fraction(0))
        names = ", ".join(p.name for p in waiting)
        out.append(Line(f"Not entered yet ({names}): {_points(half)} counted as lost", DELAYED))
    if army.fakes:
        out.append(
            Line(f"{army.fakes} Illusion{'s' * (army.fakes != 1)} revealed as fake: removed, counted as nothing", FAKE)
        )
    if army.sacked and army.camp is not None:
        out.append(Line(f"The heavily fortified camp was sacked: {army.camp} points lost", CAMP))
    if army.general_lost:
        out.append(Line("The general is lost (a Regenerate stand's return does not bring the general back)", GENERAL))
    if army.incomplete:
        out.append(
            Line("The army's victory value is incomplete: a name in the list is not known", army.victory, WARNING)
        )
    return out


def play(starts: Sequence[dict[str, Any]], names: Sequence[str], events: Sequence[Event]) -> Tracker:
    armies = [_army(s, str(n)) for s, n in zip(starts, names, strict=True)]
    state, said = replay(State(armies), events, offered, apply)
    broken = [i for i, a in enumerate(state.armies) if a.broken]
    winner: int | None = None
    if len(state.armies) == 2 and len(broken) == 1:
        winner = 1 - broken[0]
    sides = []
    for side, army in enumerate(state.armies):
        rows = tuple(
            Row(
                p.key,
                p.name,
                _state(army, p),
                tuple(_part_actions(state, side, army, p)),
                subtitle=_subtitle(p),
                boxes=p.count,
                gone=p.lost >= p.count,
                rule=DELAYED if p.delayed else None,
            )
            for p in army.parts
        )
        loss = army.loss()
        figures = (
            Figure("lost", "Lost", f"{_pts(loss)} of {_pts(army.victory_value)} points", float(loss), army.victory),
            Figure("breaks", "Breaks at", _points(army.break_loss), float(army.break_loss), army.victory),
            Figure(
                "left",
                "Before it breaks",
                _margin(max(army.break_loss - loss, Fraction(0))),
                float(max(army.break_loss - loss, Fraction(0))),
                army.victory,
            ),
        )
        winner_name = state.armies[winner].name if winner is not None and winner != side else None
        sides.append(
            Side(army.name, rows, tuple(_side_actions(state, side, army)), figures, tuple(_lines(army, winner_name)))
        )
    lines: list[Line] = []
    if winner is not None:
        lines.append(
            Line(
                f"{state.armies[1 - winner].name} breaks: {state.armies[winner].name} wins",
                state.armies[0].victory,
                VERDICT,
            )
        )
    elif broken:
        lines.append(
            Line(" and ".join(state.armies[i].name for i in broken) + " breaks", state.armies[0].victory, VERDICT)
        )
    elif state.ended:
        lines.append(Line("The game was ended before an army broke", None, INFO))
    game_actions = tuple(a for a in offered(state) if a.key == "end")
    rules = (armies[0].victory, DELAYED, CAMP, FAKE, HOLD, RETURN, GENERAL, UNRELIABLE) if armies else ()
    return Tracker(sides, game_actions, tuple(lines), state.over, winner, said, rules)
