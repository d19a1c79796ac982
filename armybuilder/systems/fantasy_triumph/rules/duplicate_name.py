"""Two classes, two heroes, or a class and a hero with the same name (matched without regard to
case, spaces, hyphens or underscores).

A name is how the list, the roster and the commands tell its parts apart: `add card Deadly --to
Legion`, an event pack's `ban: [Legion]`, a roster's tables and a diff all find a class or a
hero by its name, so two of one name would make them edit, ban or compare the wrong one. Give
each class and each hero a name of its own (FT 38.2.a asks the same at the table: "battle cards
purchased for different classes of the same army must be differentiated clearly"). This is
armybuilder's list format, not a cost rule of the seed.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.findings import Finding, Severity
from armybuilder.suggest import fold

from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.systems.fantasy_triumph.model import Army, Unit

CODE = "FTR015"
NAME = "duplicate-name"
SEVERITY = Severity.ERROR
RULE = "list format"


def check(army: Army) -> Iterator[Finding]:
    seen: dict[str, Unit] = {}
    for unit in army.units():
        key = fold(unit.name)
        first = seen.get(key)
        if first is None:
            seen[key] = unit
            continue
        yield finding(
            __name__,
            f"{first.kind} {first.index + 1} and {unit.kind} {unit.index + 1} are both called '{unit.name}'; "
            "give each class and hero a name of its own",
            (*unit.path, "name"),
        )
