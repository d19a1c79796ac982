"""Fuzzing the per-user cache (issue 45, item 6): random damage to its entries between commands.

A cache made warm by the commands below is copied for each example; then, before each of a few
commands, some of its entries (parsed game data, compiled schema validators) are damaged: cut
short, emptied, bytes flipped, bytes appended, swapped with another entry, or replaced by a FIFO,
a link (to ``/dev/zero``, to another entry, to nowhere), a folder, a sparse file past the limit,
a file of another user, a file no one may read. Every command (run in-process, with the process's
own memory of the cache forgotten first, so that each reads the entries again) must give exactly
what it gives with the cache off (its exit code and its output), raise nothing, and end in bounded
time (an alarm fails the example instead of hanging on a FIFO); and after it, each damaged entry
is a regular file again or a miss the next command makes again.

Bounded and repeatable as ``test_fuzz_lists``.
"""

from __future__ import annotations

import contextlib
import functools
import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import event, given
from hypothesis import strategies as st
from typer.testing import CliRunner

from armybuilder.cli import app
from tests.fuzz.test_fuzz_lists import MAX_EXAMPLES, ROOT, fuzzing
from tests.support.hangs import alarm

COMMANDS = [
    ["validate", str(ROOT / "examples" / "fantasy-triumph" / "greenwood-host.yaml")],
    ["validate", "--format", "json", str(ROOT / "examples" / "fantasy-triumph" / "broken-horde.yaml")],
    ["validate", str(ROOT / "examples" / "token-terrors" / "ozzys-muster.yaml")],
    ["cost", str(ROOT / "examples" / "homm3-battlefield" / "skirmish-medium.yaml")],
    ["validate", str(ROOT / "examples" / "small-world-of-warcraft" / "goblins-bombs.yaml")],
]
DAMAGES = [
    "cut",
    "empty",
    "flipped",
    "appended",
    "swapped",
    "fifo",
    "dev zero",
    "link to another",
    "dangling link",
    "folder",
    "huge",
    "another user's",
    "no permission",
]
SCRATCH = "/dev/shm" if Path("/dev/shm").is_dir() else None
TIMEOUT = 60  # seconds for one command: a wait on a FIFO fails the example


def forget() -> None:
    """Forget what this process remembers of the cache's entries (the parsed data, the schemas and
    their validators, each game's catalog made of its data), so that the next command reads the
    entries again, as a new process would. The registry of games is kept (other tests' games)."""
    from armybuilder import resources, schema

    resources.clear_caches()
    schema.fast_validator.cache_clear()
    schema.validator.cache_clear()
    for name, module in list(sys.modules.items()):
        if (
            name.startswith("armybuilder.systems.") and name.endswith(".model")
        ) or name == "armybuilder.export.appendix":
            for value in list(vars(module).values()):
                if isinstance(value, functools._lru_cache_wrapper) and value.__module__ == name:
                    value.cache_clear()


@contextlib.contextmanager
def cache_at(folder: Path | None) -> Iterator[None]:
    saved = {k: os.environ.get(k) for k in ("ARMYBUILDER_CACHE_DIR", "ARMYBUILDER_NO_CACHE")}
    if folder is None:
        os.environ["ARMYBUILDER_NO_CACHE"] = "1"
    else:
        os.environ.pop("ARMYBUILDER_NO_CACHE", None)
        os.environ["ARMYBUILDER_CACHE_DIR"] = str(folder)
    forget()
    try:
        yield
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
        forget()


def run(args: list[str]) -> tuple[int, str]:
    forget()
    with alarm(TIMEOUT):
        r = CliRunner().invoke(app, args)
    assert r.exception is None or isinstance(r.exception, SystemExit), (args, repr(r.exception))
    return r.exit_code, r.stdout


@functools.cache
def cold(i: int) -> tuple[int, str]:
    """What command ``i`` gives with the cache off."""
    with cache_at(None):
        return run(COMMANDS[i])


@pytest.fixture(scope="module")
def warm(tmp_path_factory):
    """A cache made warm by every command once."""
    folder = tmp_path_factory.mktemp("warm-cache") / "cache"
    with cache_at(folder):
        for i, args in enumerate(COMMANDS):
            assert run(args) == cold(i)
    entries = sorted(p.name for p in folder.iterdir())
    assert any(n.startswith("data-") for n in entries) and any(n.startswith("validator-") for n in entries)
    return folder


def damage(entry: Path, how: str, others: list[Path], data: st.DataObject) -> None:
    raw = entry.read_bytes() if entry.is_file() and not entry.is_symlink() else b""
    if entry.is_dir() and not entry.is_symlink():
        shutil.rmtree(entry)
    elif os.path.lexists(entry):
        entry.unlink()
    if how == "cut":
        entry.write_bytes(raw[: data.draw(st.integers(0, max(0, len(raw) - 1)), label="cut at")])
    elif how == "empty":
        entry.write_bytes(b"")
    elif how == "flipped":
        out = bytearray(raw or b"\0")
        for at in data.draw(st.lists(st.integers(0, len(out) - 1), min_size=1, max_size=8), label="at"):
            out[at] ^= data.draw(st.integers(1, 255), label="xor")
        entry.write_bytes(bytes(out))
    elif how == "appended":
        entry.write_bytes(raw + data.draw(st.binary(min_size=1, max_size=64), label="tail"))
    elif how == "swapped":  # another entry's bytes, whole: its digest is over its own name
        other = next((o for o in others if o != entry and o.is_file() and not o.is_symlink()), None)
        entry.write_bytes(other.read_bytes() if other is not None else raw[::-1])
    elif how == "fifo":
        os.mkfifo(entry)
    elif how == "dev zero":
        entry.symlink_to("/dev/zero")
    elif how == "link to another":
        entry.symlink_to(next((o for o in others if o != entry), entry.with_name("nowhere")))
    elif how == "dangling link":
        entry.symlink_to(entry.with_name("nowhere"))
    elif how == "folder":
        entry.mkdir()
    elif how == "huge":  # sparse, past any entry's limit
        with open(entry, "wb") as fh:
            fh.truncate(256 * 1024 * 1024)
    elif how == "another user's":
        entry.write_bytes(raw)
        with contextlib.suppress(PermissionError):
            os.chown(entry, os.getuid() + 1, -1)
    elif how == "no permission":
        entry.write_bytes(raw)
        entry.chmod(0)
    else:  # pragma: no cover - a typo in DAMAGES
        raise AssertionError(how)


@fuzzing(MAX_EXAMPLES)
@given(data=st.data())
def test_every_command_gives_what_a_cold_cache_gives(warm, data):
    with tempfile.TemporaryDirectory(prefix="armybuilder-fuzz-cache-", dir=SCRATCH) as tmp:
        folder = Path(tmp) / "cache"
        shutil.copytree(warm, folder, symlinks=True)
        entries = sorted(folder.iterdir())
        with cache_at(folder):
            for _ in range(data.draw(st.integers(1, 3), label="commands")):
                for entry in data.draw(st.lists(st.sampled_from(entries), max_size=4, unique=True), label="hit"):
                    how = data.draw(st.sampled_from(DAMAGES), label="damage")
                    event(f"{entry.name.split('-')[0]}: {how}")
                    damage(entry, how, entries, data)
                i = data.draw(st.integers(0, len(COMMANDS) - 1), label="command")
                assert run(COMMANDS[i]) == cold(i), (COMMANDS[i], "not as with the cache off")
        for entry in folder.iterdir():  # what is left there: no temporary file of a write
            assert not entry.name.endswith(".tmp"), entry.name


def test_the_commands_read_the_cache_again_and_mend_it(warm, tmp_path):
    """The target's own check: after ``forget``, the commands read every entry again (else the
    damage above would reach nothing), and a damaged one is made again as it was."""
    from armybuilder import cache

    folder = tmp_path / "cache"
    shutil.copytree(warm, folder, symlinks=True)
    read: list[str] = []
    real = cache.read

    def counted(target: Path) -> bytes | None:
        read.append(target.name)
        return real(target)

    for entry in folder.iterdir():
        entry.write_bytes(entry.read_bytes()[:-1] + b"\0")  # the last byte changed: its digest fails
    cache.read = counted  # type: ignore[assignment]
    try:
        with cache_at(folder):
            for i, args in enumerate(COMMANDS):
                assert run(args) == cold(i)
    finally:
        cache.read = real  # type: ignore[assignment]
    assert set(read) >= {p.name for p in warm.iterdir()}
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == {p.name: p.read_bytes() for p in warm.iterdir()}
