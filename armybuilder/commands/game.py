"""``armybuilder play LIST``, ``armybuilder tap GAME TAP`` and ``armybuilder game GAME``: a game
day tracked from the command line (issue 48), for scripts and for a table with a laptop.

``play`` starts a game file beside the list (``NAME.game.json``, the next free name; the list is
never written), with the opponent's list from a file or a share code (``--against``). ``tap``
records one tap, named by its words as ``game`` lists them ("Wardens: 1 stand lost"; ``--side``
picks the side when both have a tap of those words, ``--value`` is a typed number), or undoes or
redoes the last one (``--undo``, ``--redo``). ``game`` checks a game file and prints its totals,
its verdict at that point and its taps (``--format json``: JSON only on stdout).

Exit codes: 0 done; 1 a game file that cannot be played (damaged, or a tap in it the rules do not
offer at its point: ``game`` says which); 2 nothing done (a usage error, a tap refused, a file in
the way).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from armybuilder.outcome import ExitCode, Outcome
from armybuilder.text import one_line

if TYPE_CHECKING:  # pragma: no cover
    from armybuilder.games.model import Player


def play(
    file: Path,
    against: str | None = None,
    name: str = "",
    against_name: str = "",
    output: Path | None = None,
    fmt: str = "text",
) -> Outcome:
    """Start a game of the list at ``file`` (and the opponent's list ``against``: a file or a share code)."""
    from dataclasses import replace

    from armybuilder.games import model, report, store

    try:
        players = [store.player_of_file(file, name)]
        if against is not None:
            opponent = _opponent(against, against_name)
            beside = (output.parent if output is not None else file.parent).resolve()
            there = Path(against)
            if _is_file(against) and there.resolve().parent != beside:
                # not beside the game: never compared with a file of the same name there
                opponent = replace(opponent, source=f"{there.name} (from another folder)")
            players.append(opponent)
        if players[-1].data.get("system") != players[0].data.get("system"):
            return Outcome.usage("armybuilder play: the two lists are not of the same game")
        system = str(players[0].data.get("system"))
        if not model.has_tracker(system):
            return Outcome.usage(f"armybuilder play: lists of {one_line(system)} cannot be played as a game yet")
        path, game = store.start(players, system, file, output)
        tracker = model.tracker(game)
    except model.GameError as exc:
        return Outcome.usage(f"armybuilder play: {one_line(exc.message)}")
    said = f"{one_line(path)}: a new game of {' and '.join(one_line(p.name) for p in players)}"
    if fmt == "json":
        return Outcome(report.json_text(game, tracker), [said], done=said)
    return Outcome(report.text(game, tracker, taps=False), [said], done=said)


def _is_file(source: str) -> bool:
    """Whether ``source`` names a file here (a share code is far longer than a file's name may be)."""
    from armybuilder.sharecode import looks_like_code

    if looks_like_code(source):
        return False
    try:
        return Path(source).is_file()
    except (OSError, ValueError):
        return False


def _opponent(source: str, name: str) -> Player:
    from armybuilder.games import model, store
    from armybuilder.sources import read_source

    if _is_file(source):
        return store.player_of_file(Path(source), name)
    try:
        data, what = read_source(source, code=True)
    except ValueError as exc:
        raise model.GameError(f"--against: {exc}") from None
    return store.player_of_data(data, what, name)


def tap(
    file: Path,
    words: str | None,
    side: int | None = None,
    value: int | None = None,
    note: str = "",
    undo: bool = False,
    redo: bool = False,
    revision: int | None = None,
    fmt: str = "text",
) -> Outcome:
    """Record one tap in the game file (or undo or redo the last one) and print the game as it is then."""
    from dataclasses import replace

    from armybuilder.games import model, report, store
    from armybuilder.suggest import did_you_mean, fold

    shown = one_line(file)
    if sum([bool(words), undo, redo]) != 1:
        return Outcome.usage("armybuilder tap: give the tap's words, or --undo, or --redo")
    try:
        if undo or redo:
            game = (store.back if undo else store.forward)(file, revision)
            said = f"{shown}: {'undone' if undo else 'redone'}"
        else:
            assert words is not None
            current = store.load(file)
            now = model.tracker(current)
            taps = [
                (s, a)
                for s, a in report.offered(now)
                if fold(a.label) == fold(words) and (side is None or s == side - 1)
            ]
            if not taps:
                every = [a.label for _, a in report.offered(now)]
                blocked = next((a for a in now.all_actions() if fold(a.label) == fold(words) and a.why_not), None)
                why = f": {one_line(blocked.why_not)}" if blocked else did_you_mean(words, every)
                return Outcome.usage(f"armybuilder tap: {shown}: no tap {one_line(words)!r} now{why}")
            if len(taps) > 1:
                return Outcome.usage(
                    f"armybuilder tap: {shown}: both sides have the tap {one_line(words)!r}: give --side 1 or --side 2"
                )
            action = taps[0][1]
            assert action.event is not None  # offered: enabled
            event = action.event
            if action.number:
                if value is None:
                    return Outcome.usage(
                        f"armybuilder tap: {one_line(action.label)} takes a number: --value {action.low}..{action.high}"
                    )
                event = replace(event, value=value)
            elif value is not None:
                return Outcome.usage(f"armybuilder tap: {one_line(action.label)} takes no --value")
            if note:
                event = replace(event, note=note)
            game = store.tap(file, event, current.revision if revision is None else revision)
            said = f"{shown}: {one_line(action.label)}"
        tracker = model.tracker(game)
    except model.GameError as exc:
        return Outcome.usage(f"armybuilder tap: {shown}: {one_line(exc.message)}")
    said += f" (revision {game.revision}); {one_line(report.verdict(tracker))}"
    if fmt == "json":
        return Outcome(report.json_text(game, tracker), [said], done=said)
    return Outcome(report.text(game, tracker), [said], done=said)


def game(file: Path, fmt: str = "text") -> Outcome:
    """Check a game file: its totals, its verdict at that point and its taps."""
    from armybuilder.games import model, report, store

    shown = one_line(file)
    if not file.exists():
        return Outcome.usage(f"armybuilder game: there is no file {shown}")
    if file.is_dir():
        return Outcome.usage(f"armybuilder game: {shown} is a folder, not a game")
    try:
        current = store.load(file)
        tracker = model.tracker(current)
    except model.GameError as exc:
        return Outcome("", [f"{shown}: {one_line(exc.message)}"], ExitCode.INVALID)
    changed = store.list_changed(file, current)
    lines = [f"{shown}: {one_line(report.verdict(tracker))}"]
    for i, c in enumerate(changed):
        if c:
            lines.append(
                f"{shown}: {one_line(current.sides[i].source)} changed since the game began; "
                "the game keeps the list as it was"
            )
    if fmt == "json":
        return Outcome(report.json_text(current, tracker, changed), lines)
    return Outcome(report.text(current, tracker, changed, offer=True), lines)
