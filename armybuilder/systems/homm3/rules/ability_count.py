"""The number of Ability cards is not what the Skirmish length keeps.

A Short skirmish draws 3 Ability cards and keeps 2, a Medium one draws 4 and keeps 3, a Large
one draws 6 and keeps 4 (4. Skirmish Mode). ``abilities`` lists the cards kept; the hero's own
starting Ability card (2. Setup, step 2: "3 Specialty cards and 1 Ability card") is not one of
the drawn cards, so it is not counted when the list names it (HMB021 says so). The seed gives
might and magic heroes the same numbers. Adventure and the board have no fixed number.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from armybuilder.findings import Severity

from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Iterator

    from armybuilder.findings import Finding

    from ..model import Army

CODE = "HMB007"
NAME = "ability-count"
SEVERITY = Severity.ERROR
RULE = "HoMM3 Battlefield 4. Skirmish Mode"
KIND = "abilities"


def check(army: Army) -> Iterator[Finding]:
    yield from count_check(__name__, army, KIND)


def count_check(module: str, army: Army, kind: str) -> Iterator[Finding]:
    from ..model import KIND_WORDS

    s = army.skirmish
    if s is None:
        return
    rule = s[kind]
    own = army.own_ability_uses() if kind == "abilities" else []
    have = len(army.cards[kind]) - len(own)
    one, many = KIND_WORDS[kind]
    if have != rule["keep"]:
        besides = f" besides {own[0].name}, the hero's own card" if own else ""
        yield finding(
            module,
            f"a {army.length_title} draws {rule['draw']} {one} cards and keeps {rule['keep']}; "
            f"the list has {have} {one if have == 1 else many}{besides}",
            (kind,),
        )
