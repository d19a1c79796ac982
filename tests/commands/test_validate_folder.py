"""``armybuilder validate FOLDER`` checks every list file in it (issue 26 point 9).

It was refused ("is a directory", exit 2), though ``tournament`` takes folders. The files are found
as ``tournament`` finds them (``*.yaml`` and ``*.yml``, recursively, not hidden, not an event pack),
and every file found and not checked is said on stderr, with the reason.
"""

from __future__ import annotations

import gc
import json
import shutil
import weakref
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_validate_a_folder_checks_every_list_in_it(run):
    r = run("validate", "examples/fantasy-triumph")
    assert r.exit_code == 1  # broken-horde.yaml is invalid on purpose
    names = sorted(p.name for p in (ROOT / "examples/fantasy-triumph").glob("*.yaml"))
    for name in names:
        assert f"examples/fantasy-triumph/{name}: " in r.stderr
    assert f"{len(names)} lists checked: {len(names) - 1} valid, 1 invalid" in r.stderr


def test_a_folder_and_files_together_each_list_once(run, tmp_path):
    for name in ("greenwood-host.yaml", "mire-court.yaml"):
        shutil.copy(ROOT / "examples/fantasy-triumph" / name, tmp_path / name)
    (tmp_path / "notes.txt").write_text("not a list\n", encoding="utf-8")
    shutil.copy(ROOT / "examples/events/autumn-clash.yaml", tmp_path / "pack.yaml")
    r = run("validate", tmp_path, tmp_path / "mire-court.yaml", "--format", "json")
    assert r.exit_code == 0, r.stderr
    assert "notes.txt" not in r.stderr  # a file that is no list is counted, not named (issue 41)
    assert "left out 1 file that is not a list (not .yaml or .yml, or hidden): 1 .txt" in r.stderr
    assert f"{tmp_path / 'pack.yaml'}: not checked: an event pack (it reads as one), not a list" in r.stderr
    assert "2 lists checked: 2 valid" in r.stderr


def test_a_folder_without_lists_is_a_usage_error(run, tmp_path):
    r = run("validate", tmp_path)
    assert r.exit_code == 2
    assert f"armybuilder validate: {tmp_path} holds no list file (*.yaml, *.yml)" in r.stderr


# ---------------------------------------------------------------------------
# A folder's report streams (issue 40: 10,000 lists held 309 MB until the end)


def _files_of(folder: Path) -> list[str]:
    from armybuilder.lists import discover

    return [str(p) for p in discover([folder])[0]]


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_a_folder_s_report_is_the_report_of_its_lists_byte_for_byte(run, fmt):
    """Streamed one list at a time, the report is what the same lists named one by one give."""
    folder = ROOT / "examples"
    streamed, whole = run("validate", folder, "--format", fmt), run("validate", *_files_of(folder), "--format", fmt)
    assert streamed.exit_code == whole.exit_code == 1
    assert streamed.stdout == whole.stdout
    if fmt == "json":
        assert len(json.loads(streamed.stdout)["results"]) == len(_files_of(folder))
    assert streamed.stderr.endswith(whole.stderr)  # after the lines of the files passed over


def test_an_empty_report_is_still_json(run, tmp_path):
    (tmp_path / "a.yaml").write_text("just: text\n", encoding="utf-8")
    r = run("validate", tmp_path, "--format", "json")
    assert r.exit_code == 1 and len(json.loads(r.stdout)["results"]) == 1


def test_each_list_is_reported_before_the_next_is_checked_and_then_let_go(monkeypatch):
    """The report of a list is written before the next list is read, and no result is kept: at
    every check, at most the one before it is still alive."""
    from armybuilder.commands import validate as app
    from armybuilder.reporters import Format

    folder = ROOT / "examples"
    real = app.check_path
    alive: list[weakref.ref] = []
    checked_before_output: list[int] = []

    def check(path, *args, **kwargs):
        gc.collect()
        assert sum(ref() is not None for ref in alive) <= 1
        result = real(path, *args, **kwargs)
        alive.append(weakref.ref(result))
        return result

    monkeypatch.setattr(app, "check_path", check)
    for fmt in (Format.text, Format.json):
        alive.clear()
        outcome = app.validate([folder], fmt)
        assert outcome.stream is not None and alive == []  # nothing checked before it is asked for
        for _ in outcome.stream:
            checked_before_output.append(len(alive))
        assert len(alive) == len(_files_of(folder)) and outcome.code == 1
    assert checked_before_output[:2] == [1, 2]  # text: the first list's lines, then the second's


def test_points_and_an_event_pack_given_as_a_list_are_refused_before_anything_is_printed(run, tmp_path):
    shutil.copy(ROOT / "examples/token-terrors/wrens-host.yaml", tmp_path / "wrens.yaml")
    r = run("validate", tmp_path, "--points", "48")
    assert r.exit_code == 2 and r.stdout == "" and "--points does not apply to" in r.stderr
    pack = ROOT / "examples/events/autumn-clash.yaml"
    r = run("validate", tmp_path, pack, "--format", "json")
    assert r.exit_code == 2 and r.stdout == "" and "is an event pack, not a list" in r.stderr


def test_files_that_are_no_lists_are_left_out_in_one_line(run, tmp_path):
    """Issue 41 item 7: `validate .` printed a "not checked" line for every PNG, PDF and JSON in the folder."""
    shutil.copy(ROOT / "examples/fantasy-triumph/greenwood-host.yaml", tmp_path / "army.yaml")
    for name in ("a.png", "b.png", "army.pdf", "army.json", "README", ".hidden.yaml"):
        (tmp_path / name).write_bytes(b"x")
    (tmp_path / ".armybuilder").mkdir()
    r = run("validate", tmp_path)
    assert r.exit_code == 0, r.stderr
    assert r.stderr.count("not checked") == 0 and "a.png" not in r.stderr
    said = "left out 7 files that are not lists (not .yaml or .yml, or hidden): 2 .png, 2 hidden, 1 .json, 1 .pdf, 1 "
    assert said + "without a suffix" in r.stderr.splitlines()
