"""The board's conquests follow SWW017, SWW018 and SWW019 (issue 28): what it offers, a click can
keep legal. Every figure counted by hand.

Small World's base rules (reference, unverified; base-rules.yaml): "A race cannot conquer a region it
already occupies, so no region is conquered twice in one turn"; "A region conquered this turn is
still the race's at its end"; each region held through the turn keeps at least 1 token while the
turn's conquests are made, the Tauren 2 (seed 001: "These large, resilient warriors may never occupy
(nor conquer) a Region with less than 2 Race tokens").
"""

from __future__ import annotations

import yaml

from armybuilder.check import check_text
from armybuilder.compose.board import Board, Control, Edit
from armybuilder.edit.offer import board_for, board_of

from .helpers import EXAMPLES, position

BASE_RULE = "Small World base rules (reference, unverified)"


def example(name: str, focus: str | None = None) -> Board:
    made, _ = board_for(EXAMPLES / name, focus)
    assert made is not None
    return made


def of(data: dict, focus: str | None = None) -> Board:
    made = board_of(check_text(yaml.safe_dump(data, sort_keys=False), file="position.yaml"), focus)
    assert made is not None
    return made


def add(b: Board, name: str) -> Control:
    (g,) = [g for g in b.catalog if g.key == "conquests"]
    (e,) = [e for e in g.entries if e.name == name]
    return e.add


def control(b: Board, label: str) -> Control:
    (c,) = [c for c in b.controls() if c.label == label]
    return c


def test_a_region_conquered_already_is_not_offered_again():
    # Thrall's Crossroads is conquered this turn (SWW018): every entry of its conquest is refused
    b = example("thrall-turn-4.yaml", "active-regions-1")
    for name in ("Empty region", "From the Humans", "From the Tauren", "From the Murlocs"):
        refused = add(b, name)
        assert refused.edit is None
        assert refused.why_not == (
            "Crossroads is already conquered this turn: a race cannot conquer a region it already occupies "
            f"({BASE_RULE})"
        )
    # Durotar is not: its conquest is offered (2 tokens for an empty region, of the 8 free)
    assert add(example("thrall-turn-4.yaml", "active-regions-0"), "Empty region").edit == Edit(
        "add", "conquest", ("--tokens", "2", "--", "Durotar")
    )


def test_a_conquest_of_a_region_not_held_is_not_offered():
    # SWW019: the typed conquest of a region the race does not hold would not be held at the end
    typed = add(example("thrall-turn-4.yaml"), "Another region")
    assert typed.edit is None
    assert typed.why_not == (
        "a region conquered this turn is held at its end: add it to the regions of the Orcs first, then its "
        f"conquest ({BASE_RULE})"
    )
    # ... nor is removing a region conquered this turn while its conquest is listed
    b = example("thrall-turn-4.yaml")
    remove = control(b, "Remove Crossroads")
    assert remove.edit is None and remove.why_not.startswith("Crossroads is conquered this turn")
    assert control(b, "Remove Durotar").edit == Edit("remove", "region", ("--", "Durotar"))


def test_a_tauren_conquest_beyond_the_tokens_free_is_not_offered():
    # Mulgore 2 + The Barrens 2 = 4 Tauren tokens; Mulgore keeps its 2: 2 free for The Barrens.
    tauren = {"race": "Tauren", "regions": [{"name": "Mulgore", "tokens": 2}, {"name": "The Barrens", "tokens": 2}]}
    b = of(position(active=tauren, decline=None, conquests=None), "active-regions-1")
    assert add(b, "Empty region").edit is not None  # 2 tokens
    humans = add(b, "From the Humans")  # 2 + 1 Human token = 3
    assert humans.edit is None
    assert humans.why_not == (
        "it commits 3 tokens, but only 2 of the Tauren can still conquer: each region the Tauren keep through "
        "the turn keeps 2 tokens (SWoW Tauren)"
    )


def test_an_orc_conquest_beyond_the_tokens_free_is_not_offered():
    # Durotar 1 + Crossroads 2 = 3 Orc tokens; Durotar keeps 1: 2 free for Crossroads.
    orcs = {"race": "Orcs", "regions": [{"name": "Durotar", "tokens": 1}, {"name": "Crossroads", "tokens": 2}]}
    b = of(position(active=orcs, conquests=None), "active-regions-1")
    assert add(b, "Empty region").edit is not None
    assert add(b, "From the Humans").why_not == (
        "it commits 3 tokens, but only 2 of the Orcs can still conquer: each region the Orcs keep through the "
        f"turn keeps 1 token ({BASE_RULE})"
    )


def test_the_forsaken_have_one_token_left_to_conquer():
    # 11 Forsaken tokens, 2 enlisted, 8 committed (Silverpine 4, Hillsbrad 4); Tirisfal Glades, if
    # conquered too, keeps nothing: 11 - 2 - 8 = 1 left, and an empty region costs 2.
    empty = add(example("forsaken-enlist.yaml", "active-regions-0"), "Empty region")
    assert empty.edit is None
    assert empty.why_not == (
        "it commits 2 tokens, but only 1 of the Forsaken can still conquer: each region the Forsaken keep "
        "through the turn keeps 1 token; the other conquests commit 8; the 2 tokens enlisted fight only next "
        f"turn ({BASE_RULE})"
    )
