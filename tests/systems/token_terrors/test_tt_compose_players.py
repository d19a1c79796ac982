"""``set first-player NAME`` and ``set second-player NAME``: a draft record's players named one at a
time (the builder's two name fields), and ``--entry N`` for two keys of ``tokens`` that name one
faction (TTB003)."""

from __future__ import annotations

import shutil

import yaml

from .helpers import EXAMPLES, army_text


def data(path):
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def refused(r, *words):
    assert r.exit_code == 2, r.stdout + r.stderr
    for w in words:
        assert w in r.stderr, r.stderr


def test_a_new_army_becomes_a_draft_record_one_player_at_a_time(run, tmp_path):
    f = tmp_path / "draft.yaml"
    assert run("new", "token-terrors", f, "--name", "Friday").exit_code == 0
    refused(run("set", f, "second-player", "Wren"), "name the first player first")
    r = run("set", f, "first-player", "Ozzy")
    assert "Ozzy is the first player; name the second player next" in r.stdout
    assert "draft.players needs at least 2 entries" in r.stdout  # one name: not a draft record yet
    assert data(f)["draft"] == {"players": ["Ozzy"], "picks": []} and "tokens" not in data(f)
    r = run("set", f, "second-player", "Mary", "Jane")  # a name of two words needs no quotes
    assert "Mary Jane is the second player" in r.stdout
    assert data(f)["draft"]["players"] == ["Ozzy", "Mary Jane"]
    assert "ABL023" not in run("validate", f).stdout


def test_renaming_a_player_renames_their_picks(run, tmp_path):
    f = tmp_path / "draft.yaml"
    shutil.copy(EXAMPLES / "friday-night-draft.yaml", f)
    r = run("set", f, "second-player", "Robin")
    assert r.exit_code == 0, r.stdout + r.stderr
    assert "the second player Wren is now Robin (and 2 picks)" in r.stdout
    draft = data(f)["draft"]
    assert draft["players"] == ["Ozzy", "Robin"]
    assert [p["player"] for p in draft["picks"]] == ["Ozzy", "Robin", "Ozzy", "Robin"]
    assert "# the first player first" in f.read_text(encoding="utf-8")  # comments are kept
    r = run("set", f, "first-player", "ozzy")  # the same player, written otherwise
    assert r.exit_code == 0 and data(f)["draft"]["picks"][0]["player"] == "ozzy"


def test_what_naming_a_player_refuses(run, tmp_path):
    f = tmp_path / "draft.yaml"
    shutil.copy(EXAMPLES / "friday-night-draft.yaml", f)
    refused(run("set", f, "first-player", "wren"), "a draft has two different players")
    refused(run("set", f, "second-player", "x" * 61), "limited to 60 characters")
    refused(run("set", f, "first-player"), "needs the first player's NAME")
    army = tmp_path / "army.yaml"
    shutil.copy(EXAMPLES / "wrens-host.yaml", army)
    refused(run("set", army, "first-player", "Ozzy"), "this file is an army (it has tokens)")
    assert "first-player NAME" in run("set", "--help").stdout


def test_entry_says_which_of_two_keys_of_one_faction(run, tmp_path):
    f = tmp_path / "army.yaml"
    f.write_text(army_text({"Wyverns": 3, "wyverns": 4, "Goblins": 3}), encoding="utf-8")
    r = run("remove", f, "tokens", "Wyverns", "--entry", "2")
    assert "removed Wyverns (all 4 tokens)" in r.stdout, r.stdout + r.stderr
    assert data(f)["tokens"] == {"Wyverns": 3, "Goblins": 3}
    f.write_text(army_text({"wyverns": 3, "WYVERNS": 4}), encoding="utf-8")
    refused(run("set", f, "tokens", "Wyverns", "5"), "more than one faction", "--entry N")
    run("set", f, "tokens", "Wyverns", "5", "--entry", "1")
    assert data(f)["tokens"] == {"wyverns": 5, "WYVERNS": 4}
    refused(run("add", f, "tokens", "Wyverns", "1", "--entry", "3"), "entry 3 of the army's factions is not")
    f.write_text(army_text({"Wyverns": 3, "wyverns": 4}), encoding="utf-8")
    run("add", f, "tokens", "Wyverns")  # the key written exactly so
    assert data(f)["tokens"] == {"Wyverns": 4, "wyverns": 4}
