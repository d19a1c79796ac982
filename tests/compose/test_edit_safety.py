"""Edits keep the file: comments, layout, an interrupted write, files that do not parse."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from armybuilder.edit import engine as edit
from armybuilder.yamlio import load_file

from .helpers import ROOT, examples

GREENWOOD = ROOT / "examples" / "fantasy-triumph" / "greenwood-host.yaml"


@pytest.fixture
def host(tmp_path) -> Path:
    target = tmp_path / "host.yaml"
    shutil.copyfile(GREENWOOD, target)
    return target


def comments(text: str) -> list[str]:
    return [line[line.index("#") :] for line in text.splitlines() if "#" in line]


# ---------------------------------------------------------------------------
# Comments, key order and layout


@pytest.mark.parametrize("example", examples(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_round_trip_changes_nothing(example):
    text = example.read_text(encoding="utf-8")
    assert edit.roundtrip(text).dump() == text


def test_comments_survive_an_edit(run, host):
    before = host.read_text(encoding="utf-8")
    r = run("add", host, "card", "Hearten", "--to", "Wardens")
    assert r.exit_code == 0 and "FTR020" in r.stdout  # 52 of 51 points: written, and the findings say so
    after = host.read_text(encoding="utf-8")
    assert comments(after) == comments(before)
    changed = [(a, b) for a, b in zip(before.splitlines(), after.splitlines(), strict=False) if a != b]
    assert changed == [
        (
            "    cards: [Deadly, Armored]          # 4 + 2 + ½ = 6½ a stand",
            "    cards: [Deadly, Armored, Hearten] # 4 + 2 + ½ = 6½ a stand",
        )
    ]
    assert len(after.splitlines()) == len(before.splitlines())


def test_key_order_and_layout_kept(run, host):
    run("set", host, "points", "48")
    run("add", host, "hero", "Sage")
    data = load_file(host).data
    assert list(data) == ["system", "name", "points", "topography", "classes", "heroes", "army_cards"]
    text = host.read_text(encoding="utf-8")
    assert "  - name: Sage\n" in text and "\n  - Ambush: home" in text  # the file's own indentation


def test_closing_comment_stays_last(run, host):
    run("add", host, "card", "Illusion", "--number", "2")
    run("remove", host, "card", "Prepared Defenses")
    run("remove", host, "card", "Illusion")
    lines = host.read_text(encoding="utf-8").splitlines()
    assert lines[-1].startswith("# Total: 13 + 12")
    assert lines[-2] == "  - Ambush: home                    # 1 (home topography only, not Dense)"


def test_comment_about_the_next_part_stays_above_it(run, tmp_path):
    f = tmp_path / "c.yaml"
    f.write_text(
        textwrap.dedent("""\
        system: fantasy-triumph
        name: Test   # the name
        # --- the classes ---
        classes:
          - name: A          # first
            troop: Knights
            stands: 4
        # --- army cards ---
        army_cards:
          - Illusion: 2   # two
        """),
        encoding="utf-8",
    )
    run("set", f, "topography", "Steppe")
    run("add", f, "hero", "H")
    text = f.read_text(encoding="utf-8")
    assert "name: Test   # the name\ntopography: Steppe\n# --- the classes ---\nclasses:" in text
    assert "heroes:\n  - name: H\n# --- army cards ---\narmy_cards:" in text


def test_replacing_a_card_keeps_its_comment(run, host):
    r = run("set", host, "card", "prepared defenses", "--number", "2")
    assert r.exit_code == 0 and "FTR020" in r.stdout  # ½ point over: written, and said
    assert "  - Prepared Defenses: 2            # ½ (Forest is not Dense)" in host.read_text(encoding="utf-8")


def test_crlf_file_stays_crlf(run, host):
    host.write_bytes(GREENWOOD.read_bytes().replace(b"\n", b"\r\n"))
    run("set", host, "points", "50")
    raw = host.read_bytes()
    assert raw.count(b"\r\n") == raw.count(b"\n") and b"points: 50\r\n" in raw


def test_edit_through_a_symbolic_link_keeps_the_link(run, tmp_path, host):
    link = tmp_path / "link.yaml"
    link.symlink_to(host)
    assert run("set", link, "points", "52").exit_code == 0
    assert link.is_symlink() and "points: 52\n" in host.read_text(encoding="utf-8")


@pytest.mark.parametrize("name", ["no", "on", "1.5", "~", "null", "2024-01-01", "0x10", "[x]", "a: b", "#hash"])
def test_names_that_look_like_other_values_are_quoted(run, host, name):
    r = run("add", host, "class", name, "--troop", "Spear")
    assert r.exit_code in (0, 1), r.stderr
    assert load_file(host).data["classes"][-1]["name"] == name


def test_no_change_is_not_written(run, host):
    mtime = host.stat().st_mtime_ns
    r = run("set", host, "points", "51")
    assert r.exit_code == 0 and "no change" in r.stdout
    assert host.stat().st_mtime_ns == mtime and host.read_bytes() == GREENWOOD.read_bytes()


# ---------------------------------------------------------------------------
# An interrupted write leaves the old file whole


@pytest.mark.parametrize("failure", [KeyboardInterrupt, OSError])
def test_crash_at_rename_leaves_the_old_file(run, host, monkeypatch, failure):
    def boom(*args, **kwargs):
        raise failure("simulated crash")

    monkeypatch.setattr(os, "replace", boom)
    if failure is KeyboardInterrupt:  # Ctrl-C (the CLI turns it into "Aborted!")
        with pytest.raises(KeyboardInterrupt):
            edit.run_edit(host, "add", "hero", ["Sage"])
    else:
        r = run("add", host, "hero", "Sage")
        assert r.exit_code == 2 and "was not changed" in r.stderr
    assert host.read_bytes() == GREENWOOD.read_bytes()
    assert [p.name for p in host.parent.iterdir()] == ["host.yaml"]  # no temporary file left


def test_crash_while_writing_leaves_the_old_file(run, host, monkeypatch):
    def boom(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", boom)
    r = run("add", host, "hero", "Sage")
    assert r.exit_code == 2
    assert host.read_bytes() == GREENWOOD.read_bytes()
    assert [p.name for p in host.parent.iterdir()] == ["host.yaml"]


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL")
def test_killed_mid_write_leaves_the_old_file(host):
    """A real edit process, killed (SIGKILL) after it wrote the new text to its temporary file."""
    child = textwrap.dedent(f"""
        import os, sys, time
        real_fsync = os.fsync
        def fsync_then_hang(fd):
            real_fsync(fd)
            print("written", flush=True)
            time.sleep(3600)
        os.fsync = fsync_then_hang
        from armybuilder.edit.engine import run_edit
        run_edit({str(host)!r}, "add", "hero", ["Sage"])
    """)
    proc = subprocess.Popen([sys.executable, "-c", child], stdout=subprocess.PIPE, cwd=ROOT)
    try:
        assert proc.stdout.readline().strip() == b"written"  # blocks until the temporary file is written
        temps = [p for p in host.parent.iterdir() if p.name.endswith(".tmp")]  # not the edit's .host.yaml.lock
        assert temps and b"name: Sage" in temps[0].read_bytes()
    finally:
        proc.send_signal(signal.SIGKILL)  # also when an assertion failed: never wait for the hour-long sleep
        proc.wait()
        proc.stdout.close()
    assert proc.returncode == -signal.SIGKILL
    assert host.read_bytes() == GREENWOOD.read_bytes()
    # The next edit removes what the killed one left (its temporary file and its lock file).
    assert edit.run_edit(host, "add", "hero", ["Sage"]).code == 0
    assert [p.name for p in host.parent.iterdir()] == ["host.yaml"]
    assert "name: Sage" in host.read_text(encoding="utf-8")


def test_file_changed_during_the_edit_is_not_overwritten(run, host, monkeypatch):
    real = edit.ensure_readable

    def meddle(text):
        real(text)
        host.write_text(GREENWOOD.read_text(encoding="utf-8") + "# someone else's edit\n", encoding="utf-8")

    monkeypatch.setattr(edit, "ensure_readable", meddle)
    r = run("add", host, "hero", "Sage")
    assert r.exit_code == 2 and "changed while it was being edited" in r.stderr
    assert host.read_text(encoding="utf-8").endswith("# someone else's edit\n")


# ---------------------------------------------------------------------------
# Files that do not parse are never rewritten; edits that would break a file are refused


BROKEN = {
    "syntax": "system: fantasy-triumph\nname: [unclosed\n",
    "alias": "system: fantasy-triumph\nname: &n Host\nplayer: *n\nclasses: []\n",
    "duplicate": "system: fantasy-triumph\nname: A\nname: B\nclasses: []\n",
    "python-tag": "system: fantasy-triumph\nname: !!python/object:os.system x\nclasses: []\n",
    "two-documents": "system: fantasy-triumph\nname: A\n---\nsystem: x\n",
    "a-list": "- system: fantasy-triumph\n",
    "empty": "",
}


@pytest.mark.parametrize("kind", sorted(BROKEN))
def test_unparseable_file_is_never_rewritten(run, tmp_path, kind):
    f = tmp_path / "broken.yaml"
    f.write_text(BROKEN[kind], encoding="utf-8")
    mtime = f.stat().st_mtime_ns
    r = run("add", f, "hero", "Sage")
    assert r.exit_code == 2
    assert "not changed" in r.stderr or "not a list file" in r.stderr
    assert f.read_text(encoding="utf-8") == BROKEN[kind] and f.stat().st_mtime_ns == mtime
    assert [p.name for p in tmp_path.iterdir()] == ["broken.yaml"]


def test_not_utf8_is_never_rewritten(run, tmp_path):
    f = tmp_path / "latin1.yaml"
    raw = "system: fantasy-triumph\nname: Forêt\nclasses: []\n".encode("latin-1")
    f.write_bytes(raw)
    r = run("set", f, "points", "48")
    assert r.exit_code == 2 and "ABL003" in r.stderr
    assert f.read_bytes() == raw


def test_edit_that_would_make_the_file_unreadable_is_refused(run, host, monkeypatch):
    """An adapter that put one value in two places would make ruamel.yaml write an alias."""
    import dataclasses

    from armybuilder.systems.fantasy_triumph import compose as fantasy_triumph

    def shared(doc, req):
        req.take("NAME")
        entry = doc.tree["classes"][0]
        doc.tree["heroes"].append(entry)
        return "added a shared entry"

    parts = [
        dataclasses.replace(p, func=shared) if (p.verb, p.name) == ("add", "hero") else p for p in fantasy_triumph.PARTS
    ]
    monkeypatch.setattr(fantasy_triumph, "PARTS", parts)
    r = run("add", host, "hero", "Sage")
    assert r.exit_code == 2 and "unreadable" in r.stderr and "ABL007" in r.stderr
    assert host.read_bytes() == GREENWOOD.read_bytes()


def test_missing_file_and_unknown_system(run, tmp_path):
    r = run("add", tmp_path / "nope.yaml", "hero", "X")
    assert r.exit_code == 2 and "armybuilder new SYSTEM" in r.stderr
    f = tmp_path / "odd.yaml"
    f.write_text("system: fantasy-triumf\nname: X\n", encoding="utf-8")
    r = run("add", f, "hero", "X")
    assert r.exit_code == 2 and "did you mean 'fantasy-triumph'" in r.stderr


def test_document_markers_directives_and_bom_survive(run, tmp_path):
    f = tmp_path / "framed.yaml"
    body = GREENWOOD.read_text(encoding="utf-8")
    text = "\ufeff# before\n%YAML 1.1\n--- # the list\n" + body + "...\n# after the end\n"
    f.write_text(text, encoding="utf-8")
    assert run("set", f, "points", "52").exit_code == 0
    assert f.read_text(encoding="utf-8") == text.replace("points: 51\n", "points: 52\n")


def test_layout_ruamel_cannot_keep_is_noted(run, tmp_path):
    f = tmp_path / "plus.yaml"
    f.write_text(GREENWOOD.read_text(encoding="utf-8").replace("stands: 3", "stands: +3"), encoding="utf-8")
    r = run("set", f, "points", "52")
    assert r.exit_code == 0
    assert "could not keep" in r.stderr and "the data is the same" in r.stderr
    assert load_file(f).data["classes"][2]["stands"] == 3
