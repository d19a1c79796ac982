"""The words a new user met (issue 26 point 12): each said as a player reads it.

"classs there"; "at most 1 heroes"; "2 Behemoths stands"; the literal word FILE in a hint;
"unknown code 'FTR999'" without the command's name; ``import CODE -o -`` ending "-: VALID"; the
break loss as "16.67 points" in one place and "15½" in another.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from armybuilder.text import plural

ROOT = Path(__file__).resolve().parents[2]
HOST = ROOT / "examples/fantasy-triumph/greenwood-host.yaml"
AUTUMN = ROOT / "examples/events/autumn-clash.yaml"


def _copy(tmp_path: Path) -> Path:
    target = tmp_path / "host.yaml"
    shutil.copyfile(HOST, target)
    return target


def test_plurals_of_words_that_end_in_s_and_o():
    assert [plural(2, "class"), plural(3, "hero"), plural(2, "stand"), plural(1, "class")] == [
        "2 classes",
        "3 heroes",
        "2 stands",
        "1 class",
    ]


def test_the_classes_there(run, tmp_path):
    r = run("remove", _copy(tmp_path), "class", "Nopes")
    assert r.exit_code == 2
    assert "the list has no class 'Nopes' (classes there: 'Wardens', 'Eagles'" in r.stderr


def test_stands_of_a_troop_type(run, tmp_path):
    r = run("add", _copy(tmp_path), "class", "Beasts", "--troop", "Behemoths", "--stands", "2")
    assert r.stdout.startswith("added class 'Beasts': 2 stands of Behemoths\n")


def test_one_hero_at_an_event(run, write):
    text = HOST.read_text(encoding="utf-8").replace("heroes:\n", "heroes:\n  - name: Seer\n")
    r = run("validate", write("two.yaml", text), "--event", AUTUMN)
    assert "Autumn Clash 2026 allows at most 1 hero in a list; the list has 2" in r.stdout


def test_a_hint_names_the_file(run, tmp_path):
    f = _copy(tmp_path)
    r = run("add", f, "class", "Wardens", "--troop", "Spear")
    assert f"armybuilder set {f} stands 'Wardens' N" in r.stderr and " FILE " not in r.stderr
    # both alternatives are whole commands (issue 26: the second read "or set host.yaml troop ...")
    assert f"N, or armybuilder set {f} troop 'Wardens' TROOP" in r.stderr


def test_an_unknown_code_names_the_command(run):
    r = run("rule", "FTR999")
    assert r.exit_code == 2 and r.stderr.startswith("armybuilder rule: unknown code 'FTR999'")


def test_an_imported_list_on_stdout_is_not_called_dash(run):
    code = run("share", HOST).stdout.strip()
    r = run("import", code, "-o", "-")
    assert r.exit_code == 0
    assert "the list from a share code: VALID, 51 of 51 points" in r.stderr and "-: " not in r.stderr


def test_the_break_loss_in_the_systems_number_format(run, write):
    r = run("cost", HOST)  # a victory value of 50: one third is 16⅔
    assert "16⅔ points" in r.stdout and "16.67" not in r.stdout
    r = run("cost", ROOT / "examples/fantasy-triumph/iron-marches.yaml")  # 45½: 15⅙
    assert "15⅙ points" in r.stdout
