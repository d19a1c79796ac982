"""A faction or hero from outside the Core Game, in Adventure or Skirmish.

"Both game modes were designed for the Core Game only. As a result, the official rules do not
address many interactions, particularly those involving expansion content." (1. Overview). The
data gives each faction's and hero's box (``box`` in units.yaml and heroes.yaml, from the
reference CSVs); one that is not from the Core Game (``core_game`` in rules.yaml) gets this
warning in the modes it names. The board in a regular game is not one of those modes. The
Ability, Artifact and Spell cards carry no box in the data and are not checked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from armybuilder.findings import Severity

from ._base import finding

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Iterator

    from armybuilder.findings import Finding

    from ..model import Army

CODE = "HMB022"
NAME = "expansion-content"
SEVERITY = Severity.WARNING
RULE = "HoMM3 Battlefield 1. Overview"


def check(army: Army) -> Iterator[Finding]:
    core = army.rules["core_game"]
    if army.mode not in core["modes"]:
        return
    mode = army.mode.capitalize()
    found: list[tuple[str, Any, tuple[str, ...]]] = []  # (what, its box, its path)
    if army.faction is not None:
        found.append((f"the {army.faction['name']} faction", army.faction.get("box"), ("faction",)))
    if army.hero is not None:
        found.append((f"the hero {army.hero['name']}", army.hero.get("box"), ("hero", "name")))
    for what, box, path in found:
        if box is None or box == core["box"]:
            continue
        yield finding(
            __name__,
            f"{what} is from the {box}, not the {core['box']}: {mode} was designed for the "
            f"{core['box']} only, and the official rules do not address many interactions with "
            "expansion content",
            path,
            core["rule"],
        )
