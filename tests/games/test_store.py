"""The game engine (issue 48): a game file beside the list, taps recorded, undone and redone under
the file's lock, two tabs merged by revision, the list never written, a hostile game file refused
in a player's words.

The list is examples/fantasy-triumph/greenwood-host.yaml; its figures are worked in
tests/systems/fantasy_triumph/test_game.py (victory value 50, breaks at 16⅔).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from armybuilder.compose.game import Event, Refused, replay
from armybuilder.games import model, store

ROOT = Path(__file__).resolve().parents[2]
HOST = ROOT / "examples" / "fantasy-triumph" / "greenwood-host.yaml"
LOST_WARDENS = Event("lost", 0, "classes-0", 1)  # Wardens: 6½ a stand


@pytest.fixture
def game(tmp_path: Path) -> tuple[Path, Path]:
    listed = tmp_path / "host.yaml"
    shutil.copy(HOST, listed)
    path, _ = store.start([store.player_of_file(listed, "Wren")], "fantasy-triumph", listed)
    return listed, path


def lost(path: Path) -> float | None:
    figures = model.tracker(store.load(path)).sides[0].figures
    return next(f.amount for f in figures if f.key == "lost")


def test_a_game_is_its_own_file_beside_the_list_and_the_list_is_never_written(game):
    listed, path = game
    before = listed.read_bytes()
    assert path == listed.with_name("host.game.json")
    store.tap(path, LOST_WARDENS)
    store.tap(path, LOST_WARDENS)
    store.back(path)
    store.forward(path)
    assert listed.read_bytes() == before
    # a second game of the same list goes in a file of its own
    assert store.place(listed) == listed.with_name("host.2.game.json")
    assert store.games_of(listed) == [path]


def test_undo_and_redo(game):
    _, path = game
    # Rangers' Delayed Entry stand waits: 3½ × ½ = 1¾ lost (FT 32.3) before any tap
    assert lost(path) == 1.75
    store.tap(path, LOST_WARDENS)  # + 6½ = 8¼
    assert lost(path) == 8.25
    g = store.back(path)
    assert (g.position, len(g.events), g.revision) == (0, 1, 2)
    assert lost(path) == 1.75
    store.forward(path)
    assert lost(path) == 8.25
    with pytest.raises(model.GameError, match="no tap to redo"):
        store.forward(path)
    # a new tap after an undo drops the tap undone
    store.back(path)
    g = store.tap(path, Event("lost", 0, "classes-1", 1))  # Eagles: 6 a stand
    assert len(g.events) == 1 and lost(path) == 7.75


def test_two_tabs_keep_each_others_taps(game):
    _, path = game
    shown = store.load(path).revision  # both tabs show revision 0
    store.tap(path, LOST_WARDENS, revision=shown)  # tab A
    store.tap(path, Event("lost", 0, "classes-1", 1), revision=shown)  # tab B, on the older revision: merged
    g = store.load(path)
    assert [e.part for e in g.events] == ["classes-0", "classes-1"] and g.revision == 2
    assert lost(path) == 1.75 + 6.5 + 6
    # an undo made on an older revision would undo the other tab's tap: refused
    with pytest.raises(model.GameError, match="another tab") as refused:
        store.back(path, revision=1)
    assert refused.value.stale
    # a tap no longer offered on the game as it is now is refused, said as stale
    store.tap(path, LOST_WARDENS)  # 14¼ + 6½ = 20¾: at least 16⅔, the army breaks and the game is over
    with pytest.raises(model.GameError, match="another tab, and Wardens: 1 stand lost: the game is over") as stale:
        store.tap(path, LOST_WARDENS, revision=2)
    assert stale.value.stale


def test_the_list_changed_since_the_game_began(game):
    listed, path = game
    assert store.list_changed(path, store.load(path)) == [False]
    listed.write_text(listed.read_text().replace("stands: 3", "stands: 2"))
    assert store.list_changed(path, store.load(path)) == [True]
    # the game goes on with the list as it was: Rangers still has 3 stands
    rangers = next(r for r in model.tracker(store.load(path)).sides[0].rows if r.label == "Rangers")
    assert rangers.state.startswith("0 of 3 stands lost")


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda d: d.update(form=9), "another version"),
        (lambda d: d.update(extra=1), "holds extra"),
        (lambda d: d.update(position=5), "how many of its taps count"),
        (lambda d: d.update(revision=-1), "revision"),
        (lambda d: d["events"].append({"kind": "lost", "side": 1, "part": "classes-0", "value": 1}), "a side the game"),
        (
            lambda d: d["events"].append({"kind": "lost", "side": 0, "part": "classes-0", "value": 10**9}),
            "whole number",
        ),
        (lambda d: d["events"].append({"kind": "lost", "side": 0, "part": "nowhere", "value": 1}), "not one the game"),
        # three Wardens stands lost: it has two
        (
            lambda d: d["events"].extend([{"kind": "lost", "side": 0, "part": "classes-0", "value": 1}] * 3),
            "no stand left",
        ),
        (lambda d: d["sides"][0].update(fingerprint="x"), "fingerprint"),
        (lambda d: d["sides"][0]["start"].update(victory_value="lots"), "victory value"),
        (lambda d: d["sides"].clear(), "one or 2 sides"),
    ],
)
def test_a_hostile_game_file_is_refused_in_words(game, change, said):
    _, path = game
    data = json.loads(path.read_text())
    change(data)
    data["position"] = data.get("position", 0) if said == "how many of its taps count" else len(data["events"])
    path.write_text(json.dumps(data))
    with pytest.raises(model.GameError, match=said):
        store.load(path)


@pytest.mark.parametrize("text", ["", "[", "NaN", '{"armybuilder": "game", "form": 1, "revision": NaN}', "\x00\xff"])
def test_a_file_that_is_not_a_game(tmp_path, text):
    path = tmp_path / "x.game.json"
    path.write_bytes(text.encode("utf-8", "surrogateescape") if isinstance(text, str) else text)
    with pytest.raises(model.GameError):
        store.load(path)


def test_a_new_game_never_overwrites_one(game):
    listed, path = game
    with pytest.raises(model.GameError, match="there already"):
        store.start([store.player_of_file(listed)], "fantasy-triumph", listed, output=path)


def test_replay_refuses_a_tap_not_offered_with_its_reason():
    from armybuilder.compose.game import Action

    def offered(n: list[int], e: Event):
        yield Action("up", "Up", event=Event("up", 0), why_not="" if n[0] < 1 else "only once")

    def apply(n: list[int], e: Event) -> str:
        n[0] += 1
        return "up"

    assert replay([0], [Event("up", 0)], offered, apply)[1] == ("up",)
    with pytest.raises(Refused, match="tap 2: Up: only once"):
        replay([0], [Event("up", 0), Event("up", 0)], offered, apply)


def test_an_event_round_trips_and_a_bad_one_is_said():
    e = Event("lost", 1, "classes-2", 1, "behind the wood")
    assert Event.from_dict(e.to_dict()) == e
    for bad, said in [
        ([], "not a set"),
        ({"kind": "x" * 41}, "no kind"),
        ({"kind": "lost", "side": True}, "side"),
        ({"kind": "lost", "value": 1.5}, "whole number"),
        ({"kind": "lost", "note": "x" * 201}, "note"),
        ({"kind": "lost", "hack": 1}, "holds hack"),
    ]:
        with pytest.raises(ValueError, match=said):
            Event.from_dict(bad)
