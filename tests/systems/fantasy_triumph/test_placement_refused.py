"""Placements that can never be legal, and cards without a choice they need (issue 41 item 5).

``add army.yaml card Champion --to Riders`` wrote a hero-only card on a class, then reported
FTR003, while the builder refused it; ``add card Ambush --army`` was written without its required
option. Both are refused now, with the builder's reason and where the card can go (or its
choices); ``--as-written`` still writes them.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from armybuilder.check import check_path
from armybuilder.edit.engine import run_edit
from armybuilder.edit.offer import board_of

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def army(tmp_path):
    f = tmp_path / "army.yaml"
    shutil.copyfile(ROOT / "examples/fantasy-triumph/greenwood-host.yaml", f)
    return f


def _builder_reason(path: Path, focus: str, card: str) -> str:
    board = board_of(check_path(path), focus)
    assert board is not None
    for group in board.catalog:
        for entry in group.entries:
            if entry.name == card:
                return entry.add.why_not
    raise AssertionError(f"{card} is not in the builder's catalog for {focus}")


def test_a_hero_card_on_a_class_is_refused_with_the_builders_reason(run, army):
    before = army.read_bytes()
    r = run("add", army, "card", "Champion", "--to", "Rangers")
    assert r.exit_code == 2 and army.read_bytes() == before
    said = "Champion is a hero card: only a hero takes it (FT 28)"
    assert said in r.stderr and "add it with --hero HERO (heroes: Archmage)" in r.stderr
    made = run_edit(army, "add", "card", ["Champion", "--to", "Rangers"]).detail
    assert made.kind == "refused" and made.player == said
    assert _builder_reason(army, "classes-2", "Champion") == said  # the same words in the browser


@pytest.mark.parametrize(
    "words, said, where",
    [
        (
            ["Regenerate", "--hero", "Archmage"],
            "Regenerate cannot be applied to heroes (FT 52)",
            "--to CLASS (classes:",
        ),
        (["Illusion", "--to", "Wardens"], "Illusion is an army card: only the army takes it (FT 39)", "--army"),
        (["Hold the Line", "--hero", "Archmage"], "Hold the Line is bought for one class", "--to CLASS"),
    ],
)
def test_other_placements_that_can_never_be_legal(run, army, words, said, where):
    r = run("add", army, "card", *words)
    assert r.exit_code == 2 and said in r.stderr and f"add it with {where}" in r.stderr


def test_as_written_still_writes_it(run, army):
    r = run("add", army, "card", "Champion", "--to", "Rangers", "--as-written")
    assert r.exit_code == 0 and "FTR003" in r.stdout and "Champion" in army.read_text(encoding="utf-8")


def test_a_card_added_without_a_choice_it_needs_is_refused_with_its_choices(run, army):
    text = army.read_text(encoding="utf-8").replace(
        "  - Ambush: home                    # 1 (home topography only, not Dense)\n", ""
    )
    army.write_text(text, encoding="utf-8")
    r = run("add", army, "card", "Ambush", "--army")
    assert r.exit_code == 2 and "Ambush needs its reach: home or any" in r.stderr
    assert "for example: --option home" in r.stderr
    assert run("add", army, "card", "Ambush", "--army", "--option", "any").exit_code == 0
    r = run("add", army, "card", "Spellblast", "--hero", "Archmage", "--option", "limited", "--as-written")
    assert r.exit_code == 2 and "has Spellblast already" in r.stderr  # the card it holds is said first
    run("add", army, "hero", "Sage")
    r = run("add", army, "card", "Spellblast", "--hero", "Sage", "--option", "limited")
    assert r.exit_code == 2 and "Spellblast needs its effect: physical or magical" in r.stderr
    assert "--option limited --option physical" in r.stderr
    r = run("add", army, "card", "Spellblast", "--hero", "Sage", "--option", "limited", "--as-written")
    assert r.exit_code == 0 and "FTR006" in r.stdout


def test_ambush_in_a_dense_home_topography_needs_no_reach(run, army):
    text = army.read_text(encoding="utf-8").replace(
        "  - Ambush: home                    # 1 (home topography only, not Dense)\n", ""
    )
    army.write_text(text.replace("topography: Forest", "topography: Dense Forest"), encoding="utf-8")
    r = run("add", army, "card", "Ambush", "--army")
    assert r.exit_code == 0, r.stderr  # FT 24: a Dense home topography prices Ambush without a reach
