"""``armybuilder validate FOLDER`` checks every list file in it (issue 26 point 9).

It was refused ("is a directory", exit 2), though ``tournament`` takes folders. The files are found
as ``tournament`` finds them (``*.yaml`` and ``*.yml``, recursively, not hidden, not an event pack),
and every file found and not checked is said on stderr, with the reason.
"""

from __future__ import annotations

import shutil
from pathlib import Path

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
    assert f"{tmp_path / 'notes.txt'}: not checked: not a .yaml or .yml file" in r.stderr
    assert f"{tmp_path / 'pack.yaml'}: not checked: an event pack (it reads as one), not a list" in r.stderr
    assert "2 lists checked: 2 valid" in r.stderr


def test_a_folder_without_lists_is_a_usage_error(run, tmp_path):
    r = run("validate", tmp_path)
    assert r.exit_code == 2
    assert f"armybuilder validate: {tmp_path} holds no list file (*.yaml, *.yml)" in r.stderr
