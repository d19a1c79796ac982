"""Which file is an event pack (:func:`armybuilder.lists.is_event_pack`): one test, read from the
head of the file, that ``validate DIR``, ``tournament`` and the served folder page all use (issue 44:
a list with a stray top-level ``event:`` key was a list to ``validate DIR`` and a pack on the folder
page)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from armybuilder.lists import discover, is_event_pack, top_keys
from armybuilder.web.files import Folder

ROOT = Path(__file__).resolve().parents[2]
LIST = ROOT / "examples/fantasy-triumph/greenwood-host.yaml"
PACK = ROOT / "examples/events/autumn-clash.yaml"


@pytest.mark.parametrize(
    ("text", "pack"),
    [
        (PACK.read_text(encoding="utf-8"), True),
        ((ROOT / "examples/events/games-day.yaml").read_text(encoding="utf-8"), True),
        ("event: A\nsystem: fantasy-triumph\npoints: 0\n", True),  # a broken pack is still a pack
        ('\ufeff"event": A\n# a comment: here\nsystem: token-terrors\n', True),
        ("event: my club\n" + LIST.read_text(encoding="utf-8"), False),  # a list with a stray event: key
        ("event: A\nsystem: fantasy-triumph\nbann: [Mindblast]\n", False),  # no pack has that key
        (LIST.read_text(encoding="utf-8"), False),
        ("system: token-terrors\nname: event: night\n", False),
        ("event:x\nsystem: token-terrors\n", False),  # a plain word, not a key
        ("", False),
    ],
)
def test_an_event_pack_is_told_by_the_top_level_keys_at_its_head(tmp_path, text, pack):
    f = tmp_path / "f.yaml"
    f.write_text(text, encoding="utf-8")
    assert is_event_pack(f) is pack


def test_top_keys_are_the_keys_at_the_start_of_a_line():
    head = "---\n'ban' : [a]\nsystem:\n  name: nested\n- item\n# note: a comment\nurl: http://x:1\n"
    assert top_keys(head) == {"ban", "system", "url"}


def test_validate_dir_and_the_folder_page_take_the_same_files_for_packs(tmp_path):
    shutil.copyfile(PACK, tmp_path / "pack.yaml")
    shutil.copyfile(LIST, tmp_path / "list.yaml")
    (tmp_path / "stray.yaml").write_text("event: my club\n" + LIST.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "broken-pack.yaml").write_text("event: A\nsystem: fantasy-triumph\npoints: 0\n", encoding="utf-8")
    files, skipped = discover([tmp_path])
    lists, packs = Folder(tmp_path).scan()
    assert sorted(f.name for f in files) == sorted(f.name for f in lists) == ["list.yaml", "stray.yaml"]
    assert sorted(Path(s.file).name for s in skipped) == sorted(f.name for f in packs)
    assert sorted(f.name for f in packs) == ["broken-pack.yaml", "pack.yaml"]
