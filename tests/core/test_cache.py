"""The per-user cache is distrusted (issue 45, item 6): whatever is found in an entry's place, a
FIFO, a link to ``/dev/zero``, a huge file, a truncated entry or one with flipped bytes, every
command works as without it and the entry is made again.

Each command runs in its own process with a timeout: a command that waits on a FIFO fails the test
(``subprocess.TimeoutExpired``) instead of stopping the suite, and one that crashes (SIGSEGV from a
damaged compiled validator run as code) shows as its signal.
"""

from __future__ import annotations

import dis
import marshal
import os
import stat
import subprocess
import sys
import textwrap
import types
from pathlib import Path

import pytest

from armybuilder import cache

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = [
    ROOT / "examples" / "fantasy-triumph" / "greenwood-host.yaml",
    ROOT / "examples" / "fantasy-triumph" / "broken-horde.yaml",  # not legal: exit 1, its findings
    ROOT / "examples" / "token-terrors" / "ozzys-muster.yaml",
]
TIMEOUT = 60  # seconds: a command that waits on a FIFO is killed, and the test fails
KINDS = {"data": "data-*.marshal", "validator": "validator-*.code"}
DAMAGES = ["fifo", "dev-zero", "huge", "truncated", "flipped", "bytecode", "empty", "folder"]


def run(args: list[str], cache_dir: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "ARMYBUILDER_CACHE_DIR": str(cache_dir), "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    env.pop("ARMYBUILDER_NO_CACHE", None)
    return subprocess.run(
        [sys.executable, "-m", "armybuilder", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=TIMEOUT,
        check=False,
        cwd=ROOT,
    )


def damage(entry: Path, how: str) -> None:
    """Put ``how`` in the place of the entry."""
    data = entry.read_bytes() if entry.is_file() else b""
    entry.unlink()
    if how == "fifo":
        os.mkfifo(entry)
    elif how == "dev-zero":
        entry.symlink_to("/dev/zero")
    elif how == "huge":  # sparse: bigger than any entry, on no disk
        with open(entry, "wb") as fh:
            fh.truncate(256 * 1024 * 1024)  # 4 times cache.MAX_ENTRY
    elif how == "truncated":
        entry.write_bytes(data[: len(data) // 2])
    elif how == "flipped":  # a few bytes of the payload, as a bad disk or a stray write would
        out = bytearray(data)
        for at in range(len(out) // 5, len(out), max(1, len(out) // 7)):
            out[at] ^= 0x5A
        entry.write_bytes(bytes(out))
    elif how == "bytecode":  # flipped bytes that still unmarshal: run unchecked, a SIGSEGV
        entry.write_bytes(bad_bytecode(data))
    elif how == "empty":
        entry.write_bytes(b"")
    elif how == "folder":
        entry.mkdir()
    else:  # pragma: no cover - a typo in DAMAGES
        raise AssertionError(how)


def bad_bytecode(data: bytes) -> bytes:
    """``data`` with each LOAD_CONST of the code object it holds (its payload, after the entry's
    header) loading a constant far past the code's own: flipped bytes that still unmarshal. Data
    that holds no code: flipped bytes, as ``flipped`` has them.

    Only the payload is unmarshalled, never the bytes from some other offset: read from the middle
    of an entry, four bytes of a path can declare a list of 2**31 items, which marshal makes before
    it finds the data short (14 GB in the test's own process, seen in CI)."""
    start = len(cache.MAGIC) + cache.DIGEST
    if data[: len(cache.MAGIC)] == cache.MAGIC:
        try:
            code = marshal.loads(data[start:])
        except (EOFError, ValueError, TypeError):
            code = None
        if isinstance(code, types.CodeType):
            out = bytearray(data)
            at = data.index(code.co_code, start)
            for i in range(0, len(code.co_code), 2):
                if code.co_code[i] == dis.opmap["LOAD_CONST"]:
                    out[at + i + 1] = 0xFF
            return bytes(out)
    out = bytearray(data)
    for at in range(len(out) // 3, len(out), max(1, len(out) // 5)):
        out[at] ^= 0xA5
    return bytes(out)


def is_sound(entry: Path) -> bool:
    """A regular file, no link, whose digest matches: made again."""
    return stat.S_ISREG(os.lstat(entry).st_mode) and cache.read(entry) is not None


@pytest.fixture(scope="module")
def clean(tmp_path_factory):
    """What each example's validate says with a cache made from nothing, and the entries it made."""
    cache_dir = tmp_path_factory.mktemp("clean-cache")
    said = {}
    for example in EXAMPLES:
        done = run(["validate", str(example)], cache_dir)
        said[example] = (done.returncode, done.stdout)
    assert [code for code, _ in said.values()] == [0, 1, 0]
    made = {kind: sorted(p.name for p in cache_dir.glob(glob)) for kind, glob in KINDS.items()}
    assert all(made.values()), made
    return said, made, cache_dir


@pytest.mark.parametrize("how", DAMAGES)
@pytest.mark.parametrize("kind", list(KINDS))
def test_every_command_works_whatever_is_in_an_entrys_place(clean, tmp_path, kind, how):
    said, made, clean_dir = clean
    cache_dir = tmp_path / "cache"
    cache_dir.mkdir()
    for p in clean_dir.iterdir():
        (cache_dir / p.name).write_bytes(p.read_bytes())
    for name in made[kind]:
        damage(cache_dir / name, how)
    for example in EXAMPLES:
        done = run(["validate", str(example)], cache_dir)  # TimeoutExpired: it waited on a FIFO
        assert (done.returncode, done.stdout) == said[example], done.stderr
        assert "Traceback" not in done.stderr and "MemoryError" not in done.stderr
    if how != "folder":  # a folder in its place is left alone (and the work done each time)
        assert all(is_sound(cache_dir / name) for name in made[kind])  # made again, in place


def test_an_entry_under_another_name_is_no_hit(tmp_path, monkeypatch):
    monkeypatch.setenv("ARMYBUILDER_CACHE_DIR", str(tmp_path))
    first, second = tmp_path / "data-a.marshal", tmp_path / "data-b.marshal"
    cache.write(first, b"payload")
    assert cache.read(first) == b"payload"
    second.write_bytes(first.read_bytes())
    assert cache.read(second) is None


def test_an_entry_is_written_as_a_new_file_never_through_a_link(tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_bytes(b"mine")
    entry = tmp_path / "cache" / "data-x.marshal"
    entry.parent.mkdir()
    entry.symlink_to(victim)
    cache.write(entry, b"payload")
    assert victim.read_bytes() == b"mine"  # the link is replaced, not written through
    assert not entry.is_symlink() and cache.read(entry) == b"payload"
    assert not list(entry.parent.glob(".*.tmp"))


def test_another_users_entry_is_no_hit(tmp_path, monkeypatch):
    entry = tmp_path / "data-x.marshal"
    cache.write(entry, b"payload")
    assert cache.read(entry) == b"payload"
    monkeypatch.setattr(os, "getuid", lambda: os.stat(entry).st_uid + 1)
    assert cache.read(entry) is None


LISTS_PAGE = textwrap.dedent(
    """
    import sys
    from armybuilder.web import folderpage
    from armybuilder.web.files import Folder

    model = folderpage.rows(Folder(sys.argv[1]), None, "", "name")
    print(sorted((card.name, card.valid, card.total) for card in model["rows"]))
    """
)


@pytest.mark.parametrize("how", DAMAGES)
def test_the_lists_page_works_whatever_is_in_its_entrys_place(tmp_path, how):
    lists = tmp_path / "lists"
    lists.mkdir()
    for example in EXAMPLES:
        (lists / example.name).write_bytes(example.read_bytes())
        os.utime(lists / example.name, ns=(10**18, 10**18))  # long ago: the cards are kept
    cache_dir = tmp_path / "cache"
    env = {**os.environ, "ARMYBUILDER_CACHE_DIR": str(cache_dir), "PYTHONPATH": str(ROOT)}
    env.pop("ARMYBUILDER_NO_CACHE", None)

    def page() -> str:
        done = subprocess.run(
            [sys.executable, "-c", LISTS_PAGE, str(lists)],
            capture_output=True,
            text=True,
            env=env,
            timeout=TIMEOUT,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    first = page()
    assert "greenwood-host.yaml" in first
    (entry,) = cache_dir.glob("lists-*.marshal")
    damage(entry, how)
    assert page() == first
    if how != "folder":
        assert is_sound(entry)
