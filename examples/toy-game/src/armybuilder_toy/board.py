"""Toy Skirmish's builder board (:mod:`armybuilder.compose.board`): the warband's units as rows
(− / +, the count typed, remove), the points limit as a setting, and the catalog of units with
their cost. A unit that would take the warband over its limit (TOY002), or one the warband has
already (``add unit`` refuses it: its count is on its row), is shown but cannot be added."""

from __future__ import annotations

from typing import Any

from armybuilder.compose.board import (
    BUTTON,
    NUMBER,
    Board,
    Control,
    Edit,
    Entry,
    Group,
    Row,
    Section,
    edit,
    signed,
    typed,
)
from armybuilder.resources import load_data
from armybuilder.suggest import fold
from armybuilder.text import fmt_points

from . import MANIFEST

MINUS = "\u2212"
MOST = 50  # the list schema's most of one unit


def _points(n: Any) -> str:
    return f"{fmt_points(n)} point{'' if n == 1 else 's'}"


def board(data: dict[str, Any], result: Any, focus: str | None) -> Board:
    units = {u["name"]: u for u in load_data(MANIFEST.id, "units")["units"]}
    band = result.model
    total = band.total if band is not None else 0
    limit = result.measure.limit if result.measure.limit is not None else data.get("points", 0)
    left = limit - total
    written = [e for e in data.get("warband") or [] if isinstance(e, dict)]
    rows = []
    for i, e in enumerate(written):
        name = str(e.get("unit"))
        count = e.get("count", 1)
        unit = next((u for n, u in units.items() if fold(n) == fold(name)), None)
        cost = unit["cost"] if unit else None
        twins = sum(fold(str(x.get("unit"))) == fold(name) for x in written) > 1
        entry = i + 1 if twins else None
        shown = f"{name} (entry {i + 1})" if twins else name
        over = cost is not None and cost > left
        minus = (
            edit("set", "unit", name, entry=entry, count=count - 1)
            if count > 1
            else edit("remove", "unit", name, entry=entry)
        )
        plus_why = (
            f"at most {MOST} of a unit"
            if count >= MOST
            else (f"{_points(total + cost)} would be over the {_points(limit)} limit (Toy 2)" if over else "")
        )
        base = edit("set", "unit", name, entry=entry)
        rows.append(
            Row(
                key=f"warband-{i + 1}",
                title=shown,
                path=("warband", i),
                subtitle=f"{count} × {_points(cost)}" if cost is not None else "not a Toy Skirmish unit",
                cost=_points(cost * count) if cost is not None else "? points",
                controls=(
                    Control(
                        BUTTON,
                        f"One {shown} fewer" + (" (removes it)" if count == 1 else ""),
                        MINUS,
                        minus,
                        cost=signed(-cost, "point") if cost is not None else "",
                        key="minus",
                    ),
                    Control(
                        BUTTON,
                        f"One more {shown}",
                        "+",
                        None if plus_why else edit("set", "unit", name, entry=entry, count=count + 1),
                        cost=signed(cost, "point") if cost is not None else "",
                        why_not=plus_why,
                        key="plus",
                    ),
                    Control(
                        NUMBER,
                        f"Number of {shown}",
                        "count",
                        Edit("set", "unit", ("--count", *base.words), value_at=1),
                        cost=f"{_points(cost)} each" if cost is not None else "",
                        value=str(count),
                        low=1,
                        high=MOST,
                        key="count",
                    ),
                    Control(
                        BUTTON,
                        f"Remove {shown}",
                        "Remove",
                        edit("remove", "unit", name, entry=entry),
                        cost=signed(-cost * count, "point") if cost is not None else "",
                        key="remove",
                    ),
                ),
                explain=("units", unit["name"]) if unit else None,
            )
        )
    entries = []
    have = {fold(str(e.get("unit"))) for e in written}
    for name, u in units.items():
        if fold(name) in have:
            why = f"the warband has {name} already: change its number on its row"
        elif u["cost"] > left:
            why = f"{_points(u['cost'])}, and {_points(max(left, 0))} of the {_points(limit)} are left (Toy 2)"
        else:
            why = ""
        add = Control(
            BUTTON,
            f"Add {name}, {signed(u['cost'], 'point')}",
            "Add",
            None if why else edit("add", "unit", name),
            cost=signed(u["cost"], "point"),
            why_not=why,
            key=f"add-{name}",
        )
        entries.append(
            Entry(name, add, summary=u["summary"], cost=f"{_points(u['cost'])} each", explain=("units", name))
        )
    points = Control(
        NUMBER,
        "Points limit",
        "points",
        typed("set", "points"),
        value=fmt_points(data.get("points", limit)),
        low=1,
        high=1000,
        key="points",
    )
    return Board(
        settings=[points],
        sections=[
            Section(
                "warband",
                f"Warband ({fmt_points(total)} of {_points(limit)})",
                tuple(rows),
                empty="No units yet: add them from the catalog",
            )
        ],
        catalog=[Group("units", "Units", tuple(entries), note=f"{_points(max(left, 0))} left")],
    )
