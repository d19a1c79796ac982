"""A game at one point, as text and as JSON: how it stands (or who won), each side's totals and
consequences with their rules, each part's state, and the taps in order. The command line's
``game`` prints these, and the result page downloads the same.
"""

from __future__ import annotations

import json
from typing import Any

from armybuilder.compose.game import Action, Cite, Tracker
from armybuilder.games.model import Game

FORM = 1


def cite(rule: Cite | None) -> str:
    """A rule as a report cites it: ``[FT 32.3]``, ``[victory value (secondary source, unverified)]``."""
    if rule is None:
        return ""
    unverified = rule.unverified and "unverified" not in rule.rule
    return f" [{rule.rule}{', unverified' if unverified else ''}]"


def verdict(tracker: Tracker) -> str:
    """The game's verdict in one line: its first consequence, or how it stands."""
    if tracker.lines:
        return tracker.lines[0].text
    return "The game is over" if tracker.over else "The game goes on"


def offered(tracker: Tracker) -> list[tuple[int | None, Action]]:
    """Every tap offered now, with its side (None: the game's), as ``tap`` takes them."""
    out: list[tuple[int | None, Action]] = [(None, a) for a in tracker.actions if a.enabled]
    for i, side in enumerate(tracker.sides):
        out += [(i, a) for a in side.actions if a.enabled]
        for row in side.rows:
            out += [(i, a) for a in row.actions if a.enabled]
    return out


def text(
    game: Game, tracker: Tracker, changed: list[bool | None] | None = None, taps: bool = True, offer: bool = False
) -> str:
    from armybuilder.text import one_line

    names = " vs ".join(s.name for s in tracker.sides)
    out = [f"{one_line(names)}: {game.system}, after {game.position} tap{'s' * (game.position != 1)}"]
    out.append(one_line(verdict(tracker)) + cite(tracker.lines[0].rule if tracker.lines else None))
    for line in tracker.lines[1:]:
        out.append(one_line(line.text) + cite(line.rule))
    for i, side in enumerate(tracker.sides):
        player = game.sides[i]
        out.append("")
        out.append(f"{one_line(side.name)} ({one_line(player.source)})")
        if changed is not None and i < len(changed) and changed[i]:
            out.append("  The list changed since the game began: the game goes on with the list as it was then")
        for f in side.figures:
            out.append(f"  {one_line(f.label)}: {one_line(f.value)}{cite(f.rule)}")
        for line in side.lines:
            out.append(f"  {one_line(line.text)}{cite(line.rule)}")
        for row in side.rows:
            state = f": {one_line(row.state)}" if row.state else ""
            out.append(f"  - {one_line(row.label)}{state}")
    if taps:
        out.append("")
        out.append("Taps:" if tracker.said else "Taps: none yet")
        out += [f"  {n}. {one_line(s)}" for n, s in enumerate(tracker.said, 1)]
        if game.can_redo:
            undone = len(game.events) - game.position
            out.append(f"  ({undone} undone tap{'s' * (undone != 1)} can be redone)")
    if offer:
        now = offered(tracker)
        both = len(tracker.sides) > 1
        out.append("")
        out.append("Taps offered now:" if now else "Taps offered now: none")
        for index, a in now:
            whose = f" (side {index + 1})" if both and index is not None else ""
            number = f" (a number {a.low} to {a.high})" if a.number else ""
            out.append(f"  {one_line(a.label)}{whose}{number}{cite(a.rule)}")
    return "\n".join(out) + "\n"


def to_dict(game: Game, tracker: Tracker, changed: list[bool | None] | None = None) -> dict[str, Any]:
    return {
        "armybuilder": "game report",
        "form": FORM,
        "system": game.system,
        "revision": game.revision,
        "position": game.position,
        "taps": len(game.events),
        "can_undo": game.can_undo,
        "can_redo": game.can_redo,
        "verdict": verdict(tracker),
        "over": tracker.over,
        "winner": tracker.winner,
        "players": [
            {
                "name": s.name,
                "list": s.source,
                "fingerprint": s.fingerprint,
                "list_changed": changed[i] if changed is not None and i < len(changed) else None,
            }
            for i, s in enumerate(game.sides)
        ],
        "events": [e.to_dict() for e in game.played],
        "tracker": tracker.to_dict(),
    }


def json_text(game: Game, tracker: Tracker, changed: list[bool | None] | None = None) -> str:
    return json.dumps(to_dict(game, tracker, changed), ensure_ascii=False, indent=2) + "\n"
