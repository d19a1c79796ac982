"""The number of Ability cards is not what the Skirmish length keeps.

A Short skirmish draws 3 Ability cards and keeps 2, a Medium one draws 4 and keeps 3, a Large
one draws 6 and keeps 4 (4. Skirmish Mode). ``abilities`` lists the cards kept; the hero's own
starting Ability card (2. Setup, step 2: "3 Specialty cards and 1 Ability card") is not one of
the drawn cards, so it is not counted when the list names it (HMB021 says so). Nor is a card that
cannot be drawn: setup removes Diplomacy and Logistics from the Ability Deck (2. Setup, step 3:
"remove the Diplomacy and Logistics Ability cards"), so a Diplomacy in the list is not one of the
cards kept (HMB008 refuses it) and never makes up the count. The seed gives might and magic
heroes the same numbers. Adventure and the board have no fixed number.

Changed in data version 2: a removed card listed used to be counted among the cards kept, so
adding Diplomacy to a Short skirmish of 1 card cleared this error.
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
    from ..model import KIND_WORDS, join

    s = army.skirmish
    if s is None:
        return
    rule = s[kind]
    own = army.own_ability_uses() if kind == "abilities" else []
    removed = army.removed_ability_uses() if kind == "abilities" else []
    removed = [use for use in removed if use not in own]  # (the hero's own card is said as such)
    have = len(army.cards[kind]) - len(own) - len(removed)
    one, many = KIND_WORDS[kind]
    if have != rule["keep"]:
        aside = [f"{own[0].name}, the hero's own card"] if own else []
        if removed:
            names = join([use.name for use in removed])
            aside.append(f"{names}, removed from the Ability Deck (setup step 3)")
        besides = f" besides {', and '.join(aside)}" if aside else ""
        yield finding(
            module,
            f"a {army.length_title} draws {rule['draw']} {one} cards and keeps {rule['keep']}; "
            f"the list has {have} {one if have == 1 else many}{besides}",
            (kind,),
        )
