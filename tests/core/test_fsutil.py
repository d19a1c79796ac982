"""atomic_write: all or nothing, and no overwrite without force."""

from __future__ import annotations

import os
import stat

import pytest

from armybuilder.fsutil import OverwriteRefused, atomic_write


def test_writes_a_new_file(tmp_path):
    target = tmp_path / "out.bin"
    atomic_write(target, b"\x00abc")
    assert target.read_bytes() == b"\x00abc"
    assert os.listdir(tmp_path) == ["out.bin"]


def test_refuses_an_existing_file_without_force(tmp_path):
    target = tmp_path / "out.txt"
    target.write_bytes(b"old")
    with pytest.raises(OverwriteRefused) as exc:
        atomic_write(target, b"new")
    assert isinstance(exc.value, FileExistsError)
    assert "use --force to overwrite it" in str(exc.value)
    assert target.read_bytes() == b"old"
    assert os.listdir(tmp_path) == ["out.txt"]


def test_force_replaces_and_keeps_the_mode(tmp_path):
    target = tmp_path / "out.txt"
    target.write_bytes(b"old")
    target.chmod(0o640)
    atomic_write(target, b"new", force=True)
    assert target.read_bytes() == b"new"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert os.listdir(tmp_path) == ["out.txt"]


def test_new_file_mode_follows_the_umask(tmp_path):
    old = os.umask(0o027)
    try:
        atomic_write(tmp_path / "f", b"x")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "f").stat().st_mode) == 0o640


def test_a_directory_or_a_missing_directory_is_an_error(tmp_path):
    with pytest.raises(IsADirectoryError):
        atomic_write(tmp_path, b"x", force=True)
    with pytest.raises(FileNotFoundError):
        atomic_write(tmp_path / "missing" / "f", b"x")


def test_a_failed_write_leaves_nothing_behind(tmp_path, monkeypatch):
    target = tmp_path / "out.txt"
    target.write_bytes(b"old")

    def boom(*_):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", boom)
    with pytest.raises(OSError):
        atomic_write(target, b"new", force=True)
    assert target.read_bytes() == b"old"
    assert os.listdir(tmp_path) == ["out.txt"]


def test_without_hard_links_it_still_refuses_and_writes(tmp_path, monkeypatch):
    def no_link(*_):
        raise OSError(1, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_link)
    target = tmp_path / "out.txt"
    atomic_write(target, b"one")
    assert target.read_bytes() == b"one"
    with pytest.raises(OverwriteRefused):
        atomic_write(target, b"two")
    assert target.read_bytes() == b"one"
    assert os.listdir(tmp_path) == ["out.txt"]


def test_a_platform_with_no_link_at_all_writes_and_refuses_the_same(tmp_path, monkeypatch):
    """Pyodide's os has no link (the static site): a new file is still written, never over another."""
    monkeypatch.delattr(os, "link")
    target = tmp_path / "out.txt"
    atomic_write(target, b"one")
    with pytest.raises(OverwriteRefused):
        atomic_write(target, b"two")
    assert target.read_bytes() == b"one"
    assert os.listdir(tmp_path) == ["out.txt"]


def test_unsynced_writes_skip_fsync_and_are_still_whole(tmp_path, monkeypatch):
    """``sync=False`` (an undo history: a change is not held up by it) flushes nothing to the disk,
    and the file is still replaced whole; the default syncs the file and its folder."""
    synced: list[int] = []
    monkeypatch.setattr(os, "fsync", lambda fd: synced.append(fd))
    target = tmp_path / "history.json"
    target.write_bytes(b"old")
    atomic_write(target, b"new", force=True, into=False, sync=False)
    assert target.read_bytes() == b"new" and synced == [] and os.listdir(tmp_path) == ["history.json"]
    atomic_write(target, b"newer", force=True)
    assert target.read_bytes() == b"newer" and len(synced) == 2  # the file, then its folder


def test_the_undo_history_is_never_written_through_a_link(tmp_path):
    from armybuilder import history

    lst = tmp_path / "army.yaml"
    lst.write_text("system: token-terrors\nname: A\n", encoding="utf-8")
    outside = tmp_path / "outside.txt"
    outside.write_bytes(b"keep me")
    where = history.place(lst, make=True)  # (its folder made)
    where.symlink_to(outside)
    history.record(lst, b"system: token-terrors\nname: A\n", b"system: token-terrors\nname: B\n", "Name: B")
    assert outside.read_bytes() == b"keep me" and not where.is_symlink()
    assert history.load(lst).undo[-1].said == "Name: B"
