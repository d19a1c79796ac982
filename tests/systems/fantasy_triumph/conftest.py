"""Helpers for the Fantasy Triumph tests: build a list from Python data and check it.

Every expectation in this package is worked out by hand from the rulebook (seed 003, battle cards
FT 24 to FT 62, /work/shared/seeds/003_a869a1ce4dbec61f.txt), the seeds README (card names) and the
reference README + triumph-troop-types.csv (troop base costs, the army rules marked unverified).
The code under test is never the source of an expected value.

``ft_list(...)`` writes the list as YAML text (``yaml.safe_dump``) and checks it with the public
API (``armybuilder.check.check_text``). Unless ``filler=False``, it appends a class of plain Horde
stands (2 points each, no cards) holding the general (when no class of the test holds it) and
enough stands to reach the army's minimum (floor(points / 6): 8 at 51 points), so that the
general, too-few-stands and over-limit rules stay quiet unless a test is about them. The filler
always comes last, so ``details["classes"][0]`` is the test's first class.
"""

from __future__ import annotations

from typing import Any

import yaml

from armybuilder.check import check_text

FILLER_TROOP = "Horde"  # base 2 points (CSV), close-order foot
FILLER_NAME = "Filler"
POINTS_PER_STAND = 6  # reference README: at least one stand per 6 points of army size


class _NoAliasDumper(yaml.SafeDumper):
    """Never write anchors/aliases (the checker refuses them, ABL007), even for a reused object."""

    def ignore_aliases(self, data):
        return True


def _class(entry: dict, i: int) -> dict:
    c = dict(entry)
    c.setdefault("name", f"Class {i + 1}")
    c.setdefault("stands", 1)
    # put the keys in the order a person writes them
    order = ["name", "troop", "stands", "general", "cards"]
    return {k: c[k] for k in order if k in c} | {k: v for k, v in c.items() if k not in order}


def ft_yaml(
    classes: list[dict] | None = None,
    heroes: list[dict] | None = None,
    army_cards: list[Any] | None = None,
    points: float | None = 51,
    topography: str | None = None,
    filler: bool = True,
    name: str = "Test army",
) -> str:
    """The list as YAML text. ``points=None`` leaves the key out (the army size defaults to 51)."""
    classes = [_class(c, i) for i, c in enumerate(classes or [])]
    if filler:
        limit = 51 if points is None else points
        need = int(limit // POINTS_PER_STAND)
        have = sum(c["stands"] for c in classes)
        holds_general = any(c.get("general") for c in classes)
        n = max(need - have, 0 if holds_general else 1)
        if n:
            filler_class = {"name": FILLER_NAME, "troop": FILLER_TROOP, "stands": n}
            if not holds_general:
                filler_class["general"] = True
            classes.append(filler_class)
    doc: dict[str, Any] = {"system": "fantasy-triumph", "name": name}
    if points is not None:
        doc["points"] = points
    if topography is not None:
        doc["topography"] = topography
    doc["classes"] = classes
    if heroes:
        doc["heroes"] = [dict({"name": f"Hero {i + 1}"}, **h) for i, h in enumerate(heroes)]
    if army_cards:
        doc["army_cards"] = list(army_cards)
    return yaml.dump(doc, Dumper=_NoAliasDumper, sort_keys=False, allow_unicode=True)


def ft_list(**kwargs):
    """Check a list built from Python data; returns the Result."""
    return check_text(ft_yaml(**kwargs))


def codes(result) -> list[str]:
    return [f.code for f in result.findings]


def of(result, code: str) -> list:
    """The findings of one code."""
    return [f for f in result.findings if f.code == code]


def one_class(
    troop: str, cards: list | None = None, stands: int = 1, topography: str | None = None, points: float = 51, **extra
) -> tuple[dict, Any]:
    """Check a list whose first class is ``stands`` stands of ``troop`` with ``cards``.

    Returns (details of that class, the result).
    """
    c = {"name": "Tested", "troop": troop, "stands": stands}
    if cards:
        c["cards"] = cards
    c.update(extra)
    result = ft_list(classes=[c], topography=topography, points=points)
    return result.details["classes"][0], result


def stand_cost(troop: str, cards: list | None = None, topography: str | None = None):
    """The cost of one stand of ``troop`` with ``cards``, after the 1-point floor."""
    return one_class(troop, cards, topography=topography)[0]["per_stand"]


def raw_stand_cost(troop: str, cards: list | None = None, topography: str | None = None):
    """The cost of one stand before the 1-point floor."""
    return one_class(troop, cards, topography=topography)[0]["per_stand_raw"]


def hero_cost(cards: list, topography: str | None = None):
    result = ft_list(heroes=[{"name": "H", "cards": cards}], topography=topography)
    return result.details["heroes"][0]["total"]


def army_line(result, card: str) -> list:
    """The army-card lines of one card (points of each)."""
    return [line["points"] for line in result.details["army_cards"] if line["card"] == card]


def move_mu(troop: str, cards: list | None = None) -> int:
    """The move in MU the details give for one stand of ``troop`` with ``cards``."""
    text = one_class(troop, cards)[0]["move"]
    return int(text.split()[0])
