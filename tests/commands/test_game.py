"""``armybuilder play``, ``tap`` and ``game`` (issue 48): a game scripted from the command line.

The figures are those of tests/systems/fantasy_triumph/test_game.py: The Greenwood Host's victory
value is 50 and it breaks at 16⅔; its Rangers' Delayed Entry stand (3½) counts ½ until it enters:
1¾ (FT 32.3); The Iron Marches' Sellswords' delayed stand (2) counts 1.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FT = ROOT / "examples" / "fantasy-triumph"


def lost(out: str, side: int) -> float:
    data = json.loads(out)
    return next(f["amount"] for f in data["tracker"]["sides"][side]["figures"] if f["key"] == "lost")


def test_a_game_scripted_from_the_command_line(run, tmp_path):
    host = tmp_path / "host.yaml"
    shutil.copy(FT / "greenwood-host.yaml", host)
    before = host.read_bytes()
    code = json.loads(run("share", FT / "iron-marches.yaml", "--format", "json").stdout)["share_code"]
    r = run("play", host, "--against", code, "--name", "Wren", "--against-name", "Ozzy")
    assert r.exit_code == 0, r.output
    game = tmp_path / "host.game.json"
    assert game.is_file()
    # a second game of the same list goes beside it, never over the first
    assert run("play", host).exit_code == 0 and (tmp_path / "host.2.game.json").is_file()

    r = run("tap", game, "Wardens: 1 stand lost", "--format", "json")  # 1¾ + 6½ = 8¼
    assert r.exit_code == 0, r.output
    assert lost(r.stdout, 0) == 8.25 and lost(r.stdout, 1) == 1
    # a tap both sides have needs its side
    r = run("tap", game, "Add a note", "--note", "rain")
    assert r.exit_code == 2 and "give --side 1 or --side 2" in r.output
    assert run("tap", game, "Add a note", "--side", "2", "--note", "rain").exit_code == 0
    # a typo is answered with the tap it meant; a tap not offered now, with why
    r = run("tap", game, "Wardens: 1 stand losst")
    assert r.exit_code == 2 and "did you mean 'Wardens: 1 stand lost'" in r.output
    run("tap", game, "Wardens: 1 stand lost")
    r = run("tap", game, "Wardens: 1 stand lost")
    assert r.exit_code == 2 and "Wardens has no stand left to lose" in r.output
    # undo and redo: 14¾ → 8¼ → 14¾
    assert lost(run("tap", game, "--undo", "-f", "json").stdout, 0) == 8.25
    assert lost(run("tap", game, "--redo", "-f", "json").stdout, 0) == 14.75
    assert run("tap", game, "--redo").exit_code == 2

    r = run("game", game)
    assert r.exit_code == 0
    assert "Wren has lost 14¾ of 50 points: it breaks at 16⅔ [victory value (secondary source, unverified)]" in r.stdout
    assert "  3. Wardens: 1 stand lost (Wren)" in r.stdout
    assert "Rangers: entered (Delayed Entry) (side 1) [FT 32.1]" in r.stdout
    data = json.loads(run("game", game, "--format", "json").stdout)  # JSON only on stdout
    assert (
        data["verdict"] == "The game goes on" and data["position"] == 3 and data["players"][0]["list_changed"] is False
    )
    assert [e["kind"] for e in data["events"]] == ["lost", "note", "lost"]
    # the list was never written; changed now, the game says so and keeps the list as it was
    assert host.read_bytes() == before
    host.write_text(before.decode().replace("stands: 3", "stands: 2"))
    r = run("game", game)
    assert "host.yaml changed since the game began" in r.output
    assert "Rangers: 0 of 3 stands lost" in r.stdout


def test_a_game_file_that_cannot_be_played_exits_1(run, tmp_path):
    bad = tmp_path / "x.game.json"
    bad.write_text('{"armybuilder": "game", "form": 1, "system": "fantasy-triumph", "revision": 0, "sides": []}')
    r = run("game", bad)
    assert r.exit_code == 1 and "one or 2 sides" in r.output and "Traceback" not in r.output
    assert run("game", tmp_path / "none.json").exit_code == 2
    assert run("tap", bad, "x").exit_code == 2
    assert run("tap", bad).exit_code == 2  # neither a tap nor --undo nor --redo


def test_lists_of_two_games_are_not_one_game(run, tmp_path):
    r = run(
        "play",
        FT / "greenwood-host.yaml",
        "--against",
        ROOT / "examples" / "token-terrors" / "wrens-host.yaml",
        "-o",
        tmp_path / "g.json",
    )
    assert r.exit_code == 2 and "not of the same game" in r.output
    assert not (tmp_path / "g.json").exists()
