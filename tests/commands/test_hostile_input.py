"""Issue 12: no traceback, hang or lost edit on any input or fault we know of.

Each test carries the reproducer the stress test found (the issue's item in its name): before
the fix each gave a traceback (exit 1, like "list invalid"), a hang, or a lost or silent result.
Bad input exits 1 with a finding (a position included) or 2 with a message; a bug exits 2.
"""

from __future__ import annotations

import builtins
import io
import json
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from armybuilder import cli, fsutil
from armybuilder.check import check_path
from armybuilder.edit import engine as edit
from armybuilder.yamlio import MAX_BYTES, MAX_INT, LoadError, loads, read_bytes

ROOT = Path(__file__).resolve().parents[2]
GREENWOOD = ROOT / "examples/fantasy-triumph/greenwood-host.yaml"
GREENWOOD_BYTES = GREENWOOD.read_bytes()  # as the tests started: what each test writes and compares with
WREN = ROOT / "examples/token-terrors/wrens-host.yaml"
OZZY = ROOT / "examples/token-terrors/ozzys-muster.yaml"
HOMM3 = ROOT / "examples/homm3-battlefield/skirmish-medium.yaml"
AUTUMN = ROOT / "examples/events/autumn-clash.yaml"
HEX = "0x" + "f" * 3600  # over 4,300 digits as a decimal: str() of it raises ValueError
BIG = "1" + "0" * 400  # too large for a float: multipleOf raised OverflowError
ESCAPE = "\x1b]0;PWNED\x07\x1b[2J"  # retitles the window and clears the screen
ESCAPE_YAML = '"\\e]0;PWNED\\a\\e[2J"'
POSIX = pytest.mark.skipif(os.name != "posix", reason="POSIX file types and signals")


def no_traceback(r) -> None:
    assert "Traceback" not in r.stdout + r.stderr


def findings_of(r) -> list[dict]:
    return [f for res in json.loads(r.stdout)["results"] for f in res["findings"]]


def greenwood(tmp_path: Path, name: str = "army.yaml", text: str | None = None) -> Path:
    path = tmp_path / name
    if text is None:
        path.write_bytes(GREENWOOD_BYTES)
    else:
        path.write_text(text, encoding="utf-8")
    return path


# -- traceback 1: huge integers get past the loader -----------------------------------------------


HUGE = {
    "tt-token-count": (f"system: token-terrors\nname: x\ntokens: {{Goblins: {HEX}}}\n", 3, 19),
    "only-a-number": (f"{HEX}\n", 1, 1),
    "system-key": (f"system: {HEX}\n", 1, 9),
    "ft-points": (f"system: fantasy-triumph\nname: X\npoints: {BIG}\nclasses: []\n", 3, 9),
    "homm3-extra": (HOMM3.read_text(encoding="utf-8") + f"extra: {HEX}\n", None, 8),
    "just-over-2^53": (f"system: fantasy-triumph\nname: X\npoints: {MAX_INT + 1}\nclasses: []\n", 3, 9),
    "sexagesimal": ("system: fantasy-triumph\nname: X\npoints: 1" + ":1" * 60_000 + "\n", 3, 9),
}


@pytest.mark.parametrize("case", sorted(HUGE))
def test_t1_huge_integers_are_refused_when_the_file_is_read(run, tmp_path, case):
    text, line, column = HUGE[case]
    path = tmp_path / f"{case}.yaml"
    path.write_text(text, encoding="utf-8")
    line = line or text.count("\n")
    for command in (["validate", "--format", "json"], ["cost", "--format", "json"]):
        r = run(*command, path)
        no_traceback(r)
        assert r.exit_code == 1
        (f,) = findings_of(r)
        assert (f["code"], f["line"], f["column"]) == ("ABL010", line, column), f
    r = run("fingerprint", path)
    assert r.exit_code == 1 and "ABL010" in r.stderr and f"{path}:{line}:{column}" in r.stderr
    for to in ("markdown", "json", "pdf"):
        r = run("export", path, "--to", to, "-o", tmp_path / f"{case}.{to}")
        no_traceback(r)
        assert r.exit_code == 1


def test_t1_the_largest_whole_number_still_reads():
    assert loads(f"a: {MAX_INT}\nb: -{MAX_INT}\n").data == {"a": MAX_INT, "b": -MAX_INT}
    assert loads("a: 0x1f\nb: 1_000\nc: 1.0e+300\n").data == {"a": 31, "b": 1000, "c": 1e300}


@pytest.mark.parametrize(
    "key, value",
    [("data_version", HEX), ("points", BIG), ("ban", f"[{HEX}]")],
)
def test_t1_huge_integers_in_an_event_pack(run, tmp_path, key, value):
    lines = [line for line in AUTUMN.read_text(encoding="utf-8").splitlines() if not line.startswith(f"{key}:")]
    pack = tmp_path / "pack.yaml"
    pack.write_text("\n".join(lines) + f"\n{key}: {value}\n", encoding="utf-8")
    r = run("validate", GREENWOOD, "--event", pack)
    no_traceback(r)
    assert r.exit_code == 2 and "ABL010" in r.stderr and f"{pack}:{len(lines) + 1}:" in r.stderr
    r = run("tournament", pack, GREENWOOD)
    no_traceback(r)
    assert r.exit_code == 2 and "no list was checked" in r.stderr


# -- traceback 2: an empty explicit tag ------------------------------------------------------------


@pytest.mark.parametrize("value", ["!!int", '!!float ""', "!!bool maybe", "!!int _", '!!int "-"'])
def test_t2_an_explicit_tag_without_a_value_it_can_read(run, tmp_path, value):
    path = tmp_path / "tag.yaml"
    path.write_text(f"system: fantasy-triumph\nname: X\npoints: {value}\nclasses: []\n", encoding="utf-8")
    r = run("validate", "--format", "json", path)
    no_traceback(r)
    (f,) = findings_of(r)
    assert (f["code"], f["line"], f["column"]) == ("ABL010", 3, 9)
    assert "cannot be read as" in f["message"]


# -- traceback 3: matchup with a list for a system -----------------------------------------------------


def test_t3_matchup_with_a_system_that_is_a_list(run, tmp_path):
    odd = tmp_path / "odd.yaml"
    odd.write_text("system: [token-terrors]\nname: x\ntokens: {Goblins: 5, Wyverns: 5}\n", encoding="utf-8")
    for pair in ((odd, WREN), (WREN, odd), (odd, odd)):
        r = run("matchup", *pair)
        no_traceback(r)
        assert r.exit_code == 1 and "matchup not checked" in r.stderr


# -- traceback 4: remove the pick of a draft whose picks are not mappings ------------------------------


def test_t4_remove_a_pick_that_is_not_a_mapping(run, tmp_path):
    draft = tmp_path / "d.yaml"
    draft.write_text("system: token-terrors\nname: d\ndraft:\n  players: [A, B]\n  picks: [5]\n", encoding="utf-8")
    r = run("remove", draft, "pick")
    no_traceback(r)
    assert r.exit_code == 0 and r.stdout.startswith("removed pick 1 (5)")
    assert "picks: []" in draft.read_text(encoding="utf-8")


def test_t4_add_a_pick_when_players_is_not_a_list(run, tmp_path):
    """Found by the long fuzz run (seed 103): ``players: 1`` made ``add pick`` raise TypeError."""
    draft = tmp_path / "d.yaml"
    draft.write_text("system: token-terrors\nname: d\ndraft:\n  players: 1\n  picks: []\n", encoding="utf-8")
    before = draft.read_bytes()
    r = run("add", draft, "pick", "Ozzy", "Warband", "1")
    no_traceback(r)
    assert r.exit_code == 2 and "'Ozzy' is not a player of this draft" in r.stderr
    assert draft.read_bytes() == before


# -- traceback 5: overflowing points ------------------------------------------------------------------


def test_t5_points_that_overflow_are_refused(run, tmp_path):
    army = greenwood(tmp_path)
    r = run("set", army, "points", "1e308")
    assert r.exit_code == 2 and "points must be from 0.5 to 1000, not '1e308'" in r.stderr
    assert army.read_bytes() == GREENWOOD_BYTES
    r = run("new", "fantasy-triumph", tmp_path / "x.yaml", "--points", "1e308")
    assert r.exit_code == 2 and "--points must be from 0.5 to 1000" in r.stderr
    assert not (tmp_path / "x.yaml").exists()


# -- traceback 6: a file name that is not UTF-8 ----------------------------------------------------------

BAD_NAME = "bad\udcff.yaml"  # the name b"bad\xff.yaml", as Python decodes it


@pytest.fixture
def bad_name(tmp_path):
    path = tmp_path / BAD_NAME
    try:
        shutil.copyfile(GREENWOOD, path)
    except (UnicodeEncodeError, OSError):  # pragma: no cover - a file system that takes only UTF-8 names
        pytest.skip("this file system refuses names that are not UTF-8")
    return path


@pytest.mark.parametrize("to", ["markdown", "json"])
def test_t6_export_to_stdout_from_a_file_whose_name_is_not_utf8(run, bad_name, to):
    r = run("export", bad_name, "--to", to, "-o", "-")
    assert r.exit_code == 0
    assert "bad\ufffd.yaml" in r.stdout


def test_t6_export_to_a_file_from_a_file_whose_name_is_not_utf8(run, bad_name, tmp_path):
    r = run("export", bad_name, "--to", "json", "-o", tmp_path / "roster.json")
    assert r.exit_code == 0
    assert json.loads((tmp_path / "roster.json").read_text(encoding="utf-8"))["file"] == "bad\ufffd.yaml"


def test_t6_new_list_whose_name_is_not_utf8(run, tmp_path):
    path = tmp_path / "new\udcff.yaml"
    r = run("new", "fantasy-triumph", path)
    assert r.exit_code == 0, r.stderr
    text = path.read_text(encoding="utf-8")  # UTF-8 all through: the name shows as U+FFFD
    assert "name: New\ufffd" in text and "new\ufffd.yaml" in text


def test_t6_a_name_that_is_not_utf8_is_refused_as_a_list_name(run, tmp_path):
    army = greenwood(tmp_path)
    r = run("add", army, "class", "bad\udcff", "--troop", "Light Foot")
    assert r.exit_code == 2 and "is not UTF-8 text" in r.stderr and "bad\\xff" in r.stderr
    assert army.read_bytes() == GREENWOOD_BYTES
    r = run("new", "fantasy-triumph", tmp_path / "n.yaml", "--name", "bad\udcff")
    assert r.exit_code == 2 and "--name is not UTF-8 text" in r.stderr


def test_t6_tournament_reports_with_a_file_whose_name_is_not_utf8(run, bad_name, tmp_path):
    reports = [tmp_path / f"r.{k}" for k in ("md", "json", "csv", "xml")]
    r = run("tournament", AUTUMN, bad_name.parent, *[a for p in reports for a in ("--report", p)])
    assert r.exit_code == 0 and all(p.exists() for p in reports), r.stderr  # the Greenwood Host: legal there
    for p in reports:
        assert "bad\ufffd.yaml" in p.read_text(encoding="utf-8"), p
    r = run("tournament", AUTUMN, bad_name.parent, "--format", "json")
    assert json.loads(r.stdout)["lists"][0]["file"].endswith("bad\ufffd.yaml")


# -- traceback 7: stdout that cannot be written --------------------------------------------------------


def program(*args: object, stdout: object = None, shell_redirect: str = "") -> subprocess.CompletedProcess[str]:
    """The installed program (cli.main) in a real process, from the repository root."""
    cmd = [sys.executable, "-c", "from armybuilder.cli import main; main()", *map(str, args)]
    if shell_redirect:
        quoted = " ".join("'" + c.replace("'", "'\\''") + "'" for c in cmd)
        return subprocess.run(
            ["sh", "-c", f"exec {quoted} {shell_redirect}"], capture_output=True, text=True, cwd=ROOT, timeout=60
        )
    return subprocess.run(
        cmd, stdout=stdout or subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT, timeout=60
    )


@POSIX
@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
@pytest.mark.parametrize("command", [["validate", "--format", "json"], ["cost"]])
def test_t7_stdout_on_a_full_disk(command):
    with open("/dev/full", "w") as full:
        p = program(*command, GREENWOOD, stdout=full)
    assert p.returncode == 2, p.stderr
    assert "cannot write to standard output (No space left on device)" in p.stderr
    assert "Traceback" not in p.stderr and "Exception ignored" not in p.stderr


@POSIX
@pytest.mark.parametrize("command", [["validate", "--format", "json"], ["cost"]])
def test_t7_stdout_closed(command):
    p = program(*command, GREENWOOD, shell_redirect=">&-")
    assert p.returncode == 2, p.stderr
    assert "cannot write to standard output" in p.stderr and "Traceback" not in p.stderr


@POSIX
@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
def test_t7_an_edit_into_a_full_disk_is_written_and_says_so(tmp_path):
    army = greenwood(tmp_path)
    with open("/dev/full", "w") as full:
        p = program("set", army, "points", "52", stdout=full)
    assert p.returncode == 2 and "Traceback" not in p.stderr
    assert f"the edit was made: {army} was written" in p.stderr
    assert "points: 52\n" in army.read_text(encoding="utf-8")


@POSIX
@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
@pytest.mark.parametrize("args", [["--help"], ["--version"], ["add", "--help"]])
def test_t7_help_into_a_full_disk(args):
    with open("/dev/full", "w") as full:
        p = program(*args, stdout=full)
    assert p.returncode == 2 and p.stderr == "armybuilder: cannot write the output (No space left on device)\n"


class _Full:
    """A stdout whose disk is full."""

    def write(self, text: str) -> int:
        raise OSError(28, "No space left on device")

    def flush(self) -> None:
        raise OSError(28, "No space left on device")

    def isatty(self) -> bool:
        return False


def test_t7_finish_reports_a_stdout_it_cannot_write(monkeypatch, capsys, tmp_path):
    """The same path in-process: finish() turns the failed write into exit 2 and one line."""
    import typer

    from armybuilder.cli.terminal import finish

    army = greenwood(tmp_path)
    done = edit.run_edit(army, "set", "points", ["52"])
    monkeypatch.setattr(sys, "stdout", _Full())
    with pytest.raises(typer.Exit) as info:
        finish(done)
    assert info.value.exit_code == 2
    err = capsys.readouterr().err.splitlines()
    assert err == [
        "armybuilder: cannot write to standard output (No space left on device); the report was not printed",
        f"armybuilder: the edit was made: {army} was written",
    ]
    monkeypatch.setattr(sys, "stdout", None)  # started with stdout closed
    with pytest.raises(typer.Exit) as info:
        finish(done)
    assert info.value.exit_code == 2 and "(it is closed)" in capsys.readouterr().err

    class Gone(_Full):  # `armybuilder ... | head -1`: the reader stopped; no message but the edit's
        def write(self, text: str) -> int:
            raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr(sys, "stdout", Gone())
    with pytest.raises(typer.Exit) as info:
        finish(done)
    assert info.value.exit_code == 2
    assert capsys.readouterr().err == f"armybuilder: the edit was made: {army} was written\n"


def test_main_turns_a_bug_into_one_line_and_exit_2(monkeypatch, capsys):
    from armybuilder.commands import validate as commands

    def bug(*args, **kwargs):
        raise RuntimeError("a bug\x1b[2J with\nlines")

    monkeypatch.setattr(commands, "validate", bug)
    monkeypatch.setattr(sys, "argv", ["armybuilder", "validate", str(GREENWOOD)])
    monkeypatch.delenv("ARMYBUILDER_DEBUG", raising=False)
    with pytest.raises(SystemExit) as info:
        cli.main()
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "\x1b" not in err
    assert err.startswith("armybuilder: internal error (RuntimeError: a bug\ufffd[2J with lines); this is a bug")
    monkeypatch.setenv("ARMYBUILDER_DEBUG", "1")  # the traceback, for whoever debugs it
    with pytest.raises(RuntimeError):
        cli.main()


# -- fault 1: concurrent edits lose updates -----------------------------------------------------------------


@POSIX
def test_f1_twenty_parallel_adds_all_land(tmp_path):
    army = greenwood(tmp_path)
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "armybuilder", "add", str(army), "class", f"C{i}", "--troop", "Light Foot"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
        for i in range(20)
    ]
    outputs = []
    for p in procs:
        out, err = p.communicate(timeout=120)
        outputs.append((p.returncode, out, err))
    added = [f"C{i}" for i, (code, out, _) in enumerate(outputs) if out.startswith(f"added class 'C{i}'")]
    names = [c["name"] for c in edit.read_list(army)[2]["classes"]]
    assert all(name in names for name in added), (added, names)  # a reported success is never lost
    refused = [err for code, out, err in outputs if code == 2]
    assert all("another edit" in err for err in refused), refused  # or refused, with a message
    assert len(added) == 20  # with a 30 s wait, none is refused here
    assert [p.name for p in tmp_path.iterdir()] == ["army.yaml"]  # no lock or temporary file left


def test_f1_the_lock_is_exclusive_and_a_waiter_gives_up(tmp_path):
    target = tmp_path / "army.yaml"
    target.write_text("x")
    with fsutil.locked(target):
        assert fsutil.lock_path(target).exists()
        with pytest.raises(fsutil.Busy) as info, fsutil.locked(target, timeout=0.05):
            pass  # pragma: no cover - never reached
        assert "another edit of" in str(info.value)
    assert not fsutil.lock_path(target).exists()
    with fsutil.locked(target):  # free again
        pass


def test_f1_an_edit_waiting_too_long_is_refused(run, tmp_path, monkeypatch):
    army = greenwood(tmp_path)
    before = army.read_bytes()
    monkeypatch.setattr(fsutil, "LOCK_TIMEOUT", 0.05)
    with fsutil.locked(army):  # another edit holds the lock
        r = run("set", army, "points", "52")
    assert r.exit_code == 2 and "another edit of" in r.stderr and "the file was not changed" in r.stderr
    assert army.read_bytes() == before


# -- fault 2: non-regular files -----------------------------------------------------------------------------
# No test here times anything: each checks that the special file is refused on its stat, before it
# is opened (so it is never read and never blocks), and a real process runs under a generous
# timeout that only keeps a hang from stopping the suite. bench/bench_hardening.py measures the
# issue's "within 1 s".


class OpenSpy:
    """Every open of a path in ``refused`` (by ``os.open``, ``open`` or ``io.open``) and the bytes
    each ``os.read`` returned, while it is installed. Such an open fails at once (an AssertionError, which no
    command catches as a file error), so a regression fails the test instead of hanging it."""

    def __init__(self, *refused: str | Path) -> None:
        self.refused = {os.path.abspath(p) for p in refused}
        self.opened: list[str] = []
        self.reads: list[int] = []

    def install(self, monkeypatch: pytest.MonkeyPatch) -> OpenSpy:
        real_os_open, real_read, real_open = os.open, os.read, builtins.open

        def seen(path: object) -> None:
            if isinstance(path, (str, bytes, os.PathLike)):
                name = os.path.abspath(os.fsdecode(path))
                if name in self.refused:
                    self.opened.append(name)
                    raise AssertionError(f"{name} was opened: it should have been refused on its stat")

        def os_open(path, *args, **kwargs):
            seen(path)
            return real_os_open(path, *args, **kwargs)

        def os_read(fd, n):
            got = real_read(fd, n)
            self.reads.append(len(got))
            return got

        def open_(file, *args, **kwargs):
            seen(file)
            return real_open(file, *args, **kwargs)

        monkeypatch.setattr(os, "open", os_open)
        monkeypatch.setattr(os, "read", os_read)
        monkeypatch.setattr(builtins, "open", open_)
        monkeypatch.setattr(io, "open", open_)
        return self


@POSIX
def test_f2_validate_dev_zero_is_refused_before_it_is_opened(run, monkeypatch):
    spy = OpenSpy("/dev/zero").install(monkeypatch)
    r = run("validate", "--format", "json", "/dev/zero")
    (f,) = findings_of(r)
    assert r.exit_code == 1 and f["code"] == "ABL012" and "a character device, not a regular file" in f["message"]
    assert spy.opened == []  # refused on its stat: never opened, so not a byte of it read
    assert all(n <= MAX_BYTES + 1 for n in spy.reads)


@POSIX
def test_f2_a_fifo_is_refused_by_validate_set_and_fingerprint_before_it_is_opened(run, tmp_path, monkeypatch):
    fifo = tmp_path / "army.yaml"
    os.mkfifo(fifo)
    spy = OpenSpy(fifo).install(monkeypatch)  # opening a FIFO to read blocks until a writer comes
    r = run("validate", fifo)
    assert r.exit_code == 1 and "ABL012" in r.stdout and "a FIFO (named pipe), not a regular file" in r.stdout
    r = run("set", fifo, "points", "50")
    assert r.exit_code == 2 and "ABL012" in r.stderr and "the file was not changed" in r.stderr
    r = run("fingerprint", fifo)
    assert r.exit_code == 1 and "ABL012" in r.stderr
    assert spy.opened == []
    assert all(n <= MAX_BYTES + 1 for n in spy.reads)
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


@POSIX
def test_f2_verify_refuses_a_fifo_or_a_device_as_a_roster_before_it_is_opened(run, tmp_path, monkeypatch):
    """verify read the roster with read_bytes() of its own: a FIFO hung it (found end to end)."""
    fifo = tmp_path / "roster.pdf"
    os.mkfifo(fifo)
    spy = OpenSpy(fifo, "/dev/zero").install(monkeypatch)
    r = run("verify", fifo)
    assert r.exit_code == 2 and "is a FIFO (named pipe), not a regular file; a roster is a file on disk" in r.stderr
    r = run("verify", "/dev/zero")
    assert r.exit_code == 2 and "is a character device, not a regular file; a roster is a file on disk" in r.stderr
    assert spy.opened == []


@POSIX
@pytest.mark.parametrize("special", ["fifo", "/dev/zero"])
def test_f2_a_special_file_in_a_real_process_returns(tmp_path, special):
    path = tmp_path / "army.yaml"
    if special == "fifo":
        os.mkfifo(path)
    else:
        path = Path(special)
    p = subprocess.run(  # the timeout only guards against a hang: this test can fail, never hang the suite
        [sys.executable, "-m", "armybuilder", "validate", str(path)], capture_output=True, text=True, timeout=120
    )
    assert p.returncode == 1 and "ABL012" in p.stdout and "not a regular file" in p.stdout


def test_f2_at_most_the_limit_plus_one_byte_is_read(tmp_path):
    path = tmp_path / "x.yaml"
    path.write_bytes(b"a" * 11)
    with pytest.raises(LoadError) as info:
        read_bytes(path, max_bytes=10)
    assert info.value.code == "ABL002"
    assert read_bytes(path, max_bytes=11) == b"a" * 11
    with pytest.raises(IsADirectoryError):
        read_bytes(tmp_path)


@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="no /proc")
def test_f2_a_file_that_says_it_is_empty_is_still_bounded(monkeypatch):
    """/proc files are regular and report size 0: the read itself stops past the limit."""
    spy = OpenSpy().install(monkeypatch)
    with pytest.raises(LoadError) as info:
        read_bytes("/proc/self/status", max_bytes=16)
    assert info.value.message == "the file is more than 16 bytes; list files are limited to 16 bytes"
    assert sum(spy.reads) == 17  # the limit and one byte: enough to know it is over, and no more


# -- fault 3: PDF layout is quadratic in a text's length -------------------------------------------------------
# The fix cuts every text to MAX_TEXT characters before reportlab lays it out. The tests check the
# cut itself (what reaches reportlab's Paragraph) and that the work, counted in function calls,
# grows no faster than a text; bench/bench_hardening.py measures the "under 2 s".
CUT = 1000  # characters: "texts longer than 1,000 characters were cut short (…) in the PDF"


@pytest.fixture
def laid_out(monkeypatch):
    """The text of every paragraph reportlab is given to lay out, as it prints (markup unescaped).
    A text longer than the cut fails the test there, before its layout (which took minutes)."""
    from xml.sax.saxutils import unescape

    from reportlab.platypus.paragraph import Paragraph

    texts: list[str] = []
    real = Paragraph.__init__

    def init(self, text, *args, **kwargs):
        if isinstance(text, str):  # a split paragraph's halves carry their fragments, not a text
            texts.append(unescape(text))
            assert len(texts[-1]) <= CUT, f"a text of {len(texts[-1]):,} characters reached the layout"
        real(self, text, *args, **kwargs)

    monkeypatch.setattr(Paragraph, "__init__", init)
    return texts


def calls(func, *args) -> int:
    """How many function calls (Python and C) func(*args) makes: its work, whatever the machine."""
    count = 0

    def tally(frame, event, arg):
        nonlocal count
        count += 1

    before = sys.getprofile()
    sys.setprofile(tally)
    try:
        func(*args)
    finally:
        sys.setprofile(before)
    return count


def named(tmp_path: Path, name: str, file: str = "army.yaml") -> Path:
    body = GREENWOOD.read_text(encoding="utf-8").replace("name: The Greenwood Host", "name: PLACEHOLDER")
    return greenwood(tmp_path, file, text=body.replace("PLACEHOLDER", name))


def test_f3_a_megabyte_name_is_cut_before_layout(run, tmp_path, laid_out):
    path = named(tmp_path, "x" * (MAX_BYTES - len(GREENWOOD_BYTES) - 100))
    assert MAX_BYTES - 200 < path.stat().st_size <= MAX_BYTES
    r = run("export", path, "--to", "pdf", "-o", tmp_path / "army.pdf")
    assert r.exit_code == 1  # ABL023: the name is over 200 characters
    assert "longer than 1,000 characters were cut short" in r.stderr
    assert laid_out and max(map(len, laid_out)) <= CUT  # no text past the cut reached the layout
    assert "x" * (CUT - 1) + "…" in laid_out
    from pypdf import PdfReader

    text = "".join(page.extract_text() for page in PdfReader(tmp_path / "army.pdf").pages)
    assert "x" * 900 + "…" in text.replace("\n", "")


def test_f3_pdf_work_does_not_grow_with_a_name_past_the_cut(run, tmp_path):
    """Twice the name, no more than twice the work (without the cut: 2.5 times for 8,000 to 16,000
    characters, and growing; 32,000, the issue's reproducer, took 10.7 s)."""

    def export(n: int) -> None:
        r = run("export", named(tmp_path, "x" * n, f"{n}.yaml"), "--to", "pdf", "-o", tmp_path / f"{n}.pdf")
        assert r.exit_code == 1 and "cut short" in r.stderr

    export(2000)  # imports, data and fonts loaded: not counted below
    short, long = calls(export, 16_000), calls(export, 32_000)
    assert long <= 2 * short, (short, long)


def every_part_at_its_limit(classes: int, heroes: int) -> str:
    """A Fantasy Triumph list of long names, notes and card lists: thousands of findings."""
    cards = ["Deadly", "Armored", "Fast", "Hearten", "Flying", "Unknownish", "Mindblast", "Illusion"]
    lines = ["system: fantasy-triumph", "name: " + "Big " * 49, "note: " + "n" * 1999, "classes:"]
    for i in range(classes):
        cs = ", ".join(cards[(i + j) % 8] + ("x" * 90 if j % 3 == 0 else "") for j in range(60))
        lines.append(
            f"  - name: {'C' * 190}{i}\n    troop: Heavy Foot{'z' * 80}\n    stands: 8\n"
            f"    note: {'w ' * 999}\n    cards: [{cs}]"
        )
    lines.append("heroes:")
    for i in range(heroes):
        cs = ", ".join(cards[(i * j) % 8] for j in range(60))
        lines.append(f"  - name: {'H' * 190}{i}\n    note: {'q' * 1999}\n    cards: [{cs}]")
    return "\n".join(lines) + "\n"


def test_f3_a_list_with_every_part_at_its_limit_is_cut_and_capped(run, tmp_path, laid_out):
    """100 classes and 20 heroes of 60 cards, 200-character names and 2,000-character notes:
    11,639 findings. The PDF prints the first 100 errors and 100 warnings, and says how many more."""
    from armybuilder.export.pdf import MAX_FINDINGS

    path = greenwood(tmp_path, text=every_part_at_its_limit(100, 20))
    r = run("export", path, "--to", "pdf", "-o", tmp_path / "army.pdf")
    assert r.exit_code == 1 and "the PDF shows the first 100 of" in r.stderr
    assert max(map(len, laid_out)) <= CUT
    findings = {t for t in laid_out if t.startswith(("FTR", "ABL"))}  # a layout measured, then the one drawn: the same
    assert 0 < len(findings) <= 2 * MAX_FINDINGS  # the first 100 errors and the first 100 others


def test_f3_the_footer_fits_a_long_name_by_halving():
    from armybuilder.export.pdf import PdfExporter

    exp = PdfExporter()
    exp.font = "Helvetica"
    short = exp._fit("x" * 200_000, "Helvetica", 7.5, 300.0)
    assert short.endswith("…") and exp._width(short, "Helvetica", 7.5) <= 300.0
    assert exp._width(short[:-1] + "x…", "Helvetica", 7.5) > 300.0  # the longest that fits
    assert exp._fit("short", "Helvetica", 7.5, 300.0) == "short"


# -- fault 4: set on a 1 MiB file ------------------------------------------------------------------------------


class CountedLines(list):
    """A text's lines, counting every line read: by index, in a slice (each line it copies) or a walk."""

    def __init__(self, lines: list[str]) -> None:
        super().__init__(lines)
        self.reads = 0

    def __getitem__(self, index):
        got = super().__getitem__(index)
        self.reads += len(got) if isinstance(index, slice) else 1
        return got

    def __iter__(self):
        for line in super().__iter__():
            self.reads += 1
            yield line

    def copy(self):
        self.reads += len(self)
        return super().copy()


class CountedText(str):
    """A text whose ``splitlines()`` are :class:`CountedLines`."""

    def splitlines(self, keepends: bool = False) -> CountedLines:  # type: ignore[override]
        self.lines = CountedLines(super().splitlines(keepends))
        return self.lines


def layout_reads(keys: int) -> int:
    """Lines guess_layout reads in the issue's file: ``keys`` keys ``kN:``, then 250 blank lines a key
    (4,000 keys fill the 1 MiB limit)."""
    text = CountedText(
        "system: fantasy-triumph\nname: X\n" + "".join(f"k{i}:\n" for i in range(keys)) + "\n" * 250 * keys
    )
    assert edit.guess_layout(text) == (2, 4, 2)  # no nested block: the project's own layout
    return text.lines.reads


def test_f4_guess_layout_reads_each_line_a_bounded_number_of_times():
    """Copying the rest of the lines for every key (40 s on 4,000 keys) read 4 times the lines for
    twice the keys; now twice the keys is at most twice the reads."""
    small, large = layout_reads(1000), layout_reads(2000)
    assert small >= 1000 * 251  # every line was read: the count is real
    assert large <= 2 * small, (small, large)
    nested = "a:\n\n\n   b: 1\nc:\n\n  -  x\n"
    assert edit.guess_layout(nested) == (3, 5, 2)  # a blank line between a key and its block is skipped


# -- fault 5: terminal escape injection ----------------------------------------------------------------------


@pytest.fixture
def escaped(tmp_path):
    """The Greenwood Host named with the issue's escape sequences (its first class too, with a card
    twice: a finding that names it), a Token Terrors army and a pack named so, and a file name."""
    ft = greenwood(tmp_path, "esc.yaml")
    text = ft.read_text(encoding="utf-8").replace("name: The Greenwood Host", f"name: {ESCAPE_YAML}")
    text = text.replace("  - name: Wardens", f"  - name: {ESCAPE_YAML}")
    ft.write_text(text.replace("cards: [Deadly, Armored]", "cards: [Deadly, Armored, Deadly]", 1))
    tt = tmp_path / "esct.yaml"
    tt.write_text(WREN.read_text(encoding="utf-8").replace("name: Wren's Host", f"name: {ESCAPE_YAML}"))
    pack = tmp_path / "pack.yaml"
    pack.write_text(AUTUMN.read_text(encoding="utf-8").replace("event: Autumn Clash 2026", f"event: {ESCAPE_YAML}"))
    named = tmp_path / f"e{ESCAPE}x.yaml"  # a file name with the escapes in it
    shutil.copyfile(GREENWOOD, named)
    return {"ft": ft, "tt": tt, "pack": pack, "named": named}


COMMANDS = {
    "cost": lambda e: ["cost", e["ft"]],
    "diff": lambda e: ["diff", GREENWOOD, e["ft"]],
    "export-markdown": lambda e: ["export", e["ft"], "--to", "markdown", "-o", "-"],
    "matchup": lambda e: ["matchup", e["tt"], OZZY],
    "tournament": lambda e: ["tournament", e["pack"], e["ft"]],
    "fingerprint": lambda e: ["fingerprint", e["named"]],
    "edit": lambda e: ["add", e["ft"], "card", "Hearten", "--to", ESCAPE],
    "edit-file-name": lambda e: ["set", e["named"], "points", "50"],
    "validate": lambda e: ["validate", e["ft"]],
}


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_f5_no_escape_sequence_reaches_the_terminal(run, escaped, command):
    r = run(*COMMANDS[command](escaped))
    no_traceback(r)
    out = r.stdout + r.stderr
    assert "\x1b" not in out and "\x07" not in out
    assert "PWNED" in out and "\ufffd" in out  # the text was there, cleaned


def test_f5_colour_codes_pass_and_the_list_s_do_not(run, escaped, monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("FORCE_COLOR", "1")
    r = run("cost", escaped["ft"])
    assert "\x1b[1m" in r.stdout  # armybuilder's own bold title
    assert "\x1b]" not in r.stdout and "\x1b[2J" not in r.stdout and "\x07" not in r.stdout


def test_f5_markdown_written_to_a_file_is_clean_too(run, escaped, tmp_path):
    out = tmp_path / "roster.md"
    assert run("export", escaped["ft"], "-o", out).exit_code == 1  # FTR004: Deadly twice
    text = out.read_text(encoding="utf-8")
    assert "\x1b" not in text and "\x07" not in text and "PWNED" in text


def test_f5_json_keeps_the_value_and_escapes_it(run, escaped):
    r = run("validate", "--format", "json", escaped["named"])
    assert "\x1b" not in r.stdout
    assert json.loads(r.stdout)["results"][0]["file"].endswith(f"e{ESCAPE}x.yaml")


# -- fault 6: a tournament silently skipped a submission --------------------------------------------------------


def test_f6_a_list_with_an_event_key_is_reported_and_a_pack_is_listed_as_skipped(run, tmp_path):
    folder = tmp_path / "submissions"
    folder.mkdir()
    sneaky = folder / "sneaky.yaml"
    sneaky.write_text("event: my club\n" + GREENWOOD.read_text(encoding="utf-8"), encoding="utf-8")
    shutil.copyfile(AUTUMN, folder / "pack-copy.yaml")
    (folder / "notes.txt").write_text("bring dice")
    report = tmp_path / "r.json"
    r = run("tournament", AUTUMN, folder, "--report", report)
    assert r.exit_code == 1
    assert "1 list checked: 0 legal, 1 illegal (1 broken file); 2 files skipped" in r.stderr
    assert f"1. {sneaky}: broken" in r.stdout  # reported, with the finding that says why
    assert "not checked (2):" in r.stdout
    assert "pack-copy.yaml: an event pack (it reads as one), not a list" in r.stdout
    assert "notes.txt: not a .yaml or .yml file" in r.stdout
    data = json.loads(report.read_text(encoding="utf-8"))
    assert [Path(x["file"]).name for x in data["lists"]] == ["sneaky.yaml"]
    assert sorted(Path(s["file"]).name for s in data["skipped"]) == ["notes.txt", "pack-copy.yaml"]


@POSIX
def test_f6_what_cannot_be_read_or_followed_is_listed(tmp_path):
    from armybuilder import lists

    (tmp_path / "a.yaml").write_text("system: fantasy-triumph\n")
    os.mkfifo(tmp_path / "pipe.yaml")
    (tmp_path / "sub").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "sub")
    (tmp_path / "alias.yaml").symlink_to(tmp_path / "a.yaml")
    files, skipped = lists.discover([tmp_path])
    assert [f.name for f in files] == ["a.yaml"]
    reasons = {Path(s.file).name: s.reason for s in skipped}
    assert reasons["pipe.yaml"].startswith("not a regular file")
    assert reasons["link"] == "a link to a folder: not followed"
    assert reasons["alias.yaml"].startswith("the same file as ")


# -- fault 7: --report --force over the run's own inputs ---------------------------------------------------------


def test_f7_a_report_never_replaces_the_pack_or_a_list(run, tmp_path):
    pack = tmp_path / "pack.yaml"
    shutil.copyfile(AUTUMN, pack)
    army = greenwood(tmp_path)
    for target, what in ((pack, "the event pack"), (army, "a list of this run")):
        before = target.read_bytes()
        # a .md name is needed for the format: a link to the file with that suffix
        report = tmp_path / f"{target.stem}.md"
        report.symlink_to(target)
        r = run("tournament", pack, army, "--report", report, "--force")
        assert r.exit_code == 2 and f"is {what}" in r.stderr and "write the report somewhere else" in r.stderr
        assert target.read_bytes() == before and report.is_symlink()


def test_f7_a_list_given_by_name_as_the_report(run, tmp_path):
    pack = tmp_path / "pack.yaml"
    shutil.copyfile(AUTUMN, pack)
    army = tmp_path / "army.md"  # a list file may have any name when it is given by name
    army.write_bytes(GREENWOOD_BYTES)
    r = run("tournament", pack, army, "--report", army, "--force")
    assert r.exit_code == 2 and "is a list of this run" in r.stderr
    assert army.read_bytes() == GREENWOOD_BYTES


# -- fault 8: edits and file metadata ------------------------------------------------------------------------------


@POSIX
def test_f8_a_read_only_file_is_edited_only_with_force(run, tmp_path):
    army = greenwood(tmp_path)
    army.chmod(0o444)
    r = run("set", army, "points", "52")
    assert r.exit_code == 2 and "is read-only" in r.stderr and "--force" in r.stderr
    assert army.read_bytes() == GREENWOOD_BYTES
    r = run("set", army, "points", "52", "--force")
    assert r.exit_code == 0 and "written because of --force" in r.stderr
    assert "points: 52\n" in army.read_text(encoding="utf-8")
    assert stat.S_IMODE(army.stat().st_mode) == 0o444


@POSIX
def test_f8_mode_and_owner_are_kept(run, tmp_path):
    army = greenwood(tmp_path)
    army.chmod(0o640)
    other = None
    if os.geteuid() == 0:  # root may give the file to someone else, and the edit must keep it so
        other = (12345, 23456)
        os.chown(army, *other)
    r = run("set", army, "points", "52")
    assert r.exit_code == 0 and r.stderr == ""
    st = army.stat()
    assert stat.S_IMODE(st.st_mode) == 0o640
    if other:
        assert (st.st_uid, st.st_gid) == other


@POSIX
@pytest.mark.skipif(os.name == "posix" and os.geteuid() != 0, reason="root gives the file away; others cannot")
def test_f8_an_owner_that_cannot_be_kept_is_said(run, tmp_path, monkeypatch):
    """Someone else's file in a folder the user may write: the new file is the user's, and the
    edit says so (here root gives the file away, then chown is refused as for any other user)."""
    army = greenwood(tmp_path)
    os.chown(army, 12345, 23456)

    def refused(*args):
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(os, "chown", refused)
    r = run("set", army, "points", "52")
    assert r.exit_code == 0 and "points: 52\n" in army.read_text(encoding="utf-8")
    assert f"{army}: its owner and group could not be kept (the new file is yours)" in r.stderr
    assert (army.stat().st_uid, army.stat().st_gid) == (os.getuid(), os.getgid())


@POSIX
def test_f8_a_hard_link_is_said(run, tmp_path):
    army = greenwood(tmp_path)
    twin = tmp_path / "twin.yaml"
    os.link(army, twin)
    r = run("set", army, "points", "52")
    assert r.exit_code == 0
    assert "had 2 hard links: this name now holds the new text, the other names keep the old one" in r.stderr
    assert twin.read_bytes() == GREENWOOD_BYTES and "points: 52" in army.read_text(encoding="utf-8")


def test_f8_a_stale_temporary_file_is_removed_by_the_next_write(tmp_path):
    target = tmp_path / "army.yaml"
    target.write_text("old")
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    stale = tmp_path / f".army.yaml.{dead.stdout.strip()}.abcd1234.tmp"
    stale.write_text("half")
    mine = tmp_path / f".army.yaml.{os.getpid()}.keep0000.tmp"  # a live writer's: kept
    mine.write_text("in flight")
    fsutil.atomic_write(target, b"new", force=True)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["army.yaml", mine.name])


# -- fault 9: name matching -----------------------------------------------------------------------------------------


def two_classes(tmp_path: Path, first: str, second: str) -> Path:
    text = GREENWOOD_BYTES.decode("utf-8")
    text = text.replace("  - name: Wardens", f"  - name: {first}").replace("  - name: Rangers", f"  - name: {second}")
    return greenwood(tmp_path, text=text)


def class_names(path: Path) -> list[str]:
    return [c["name"] for c in edit.read_list(path)[2]["classes"]]


def test_f9_the_exact_name_is_taken(run, tmp_path):
    army = two_classes(tmp_path, "A", "a")
    names = class_names(army)
    assert "A" in names and "a" in names
    r = run("remove", army, "class", "a")
    assert r.exit_code in (0, 1) and class_names(army) == [n for n in names if n != "a"]
    army = two_classes(tmp_path, "A", "a")
    run("remove", army, "class", "A")
    assert class_names(army) == [n for n in names if n != "A"]


def test_f9_a_name_that_matches_two_classes_only_by_case_is_refused(run, tmp_path):
    army = two_classes(tmp_path, "Light Foot", "light foot")
    before = army.read_bytes()
    r = run("remove", army, "class", "LIGHT FOOT")
    assert r.exit_code == 2
    assert "more than one class that 'LIGHT FOOT' names: 'Light Foot' (entry 1), 'light foot' (entry " in r.stderr
    assert army.read_bytes() == before


def test_f9_one_class_still_matches_in_any_case(run, tmp_path):
    army = greenwood(tmp_path)
    r = run("remove", army, "class", "RANGERS")
    assert r.exit_code in (0, 1) and "Rangers" not in class_names(army)


def test_check_path_never_raises_on_what_the_loader_refuses(tmp_path):
    path = tmp_path / "x.yaml"
    path.write_text(f"points: {HEX}\n")
    assert check_path(path).findings[0].code == "ABL010"


# -- found by the fuzz test (tests/fuzz) ------------------------------------------------------------------------


def test_fuzz_a_key_that_is_not_text_where_the_schema_matches_key_patterns(run, tmp_path):
    """`require: {1: x}` in a pack: jsonschema's patternProperties ran re.search on the int (TypeError)."""
    lines = [x for x in AUTUMN.read_text(encoding="utf-8").splitlines() if not x.startswith(("require", "  min_"))]
    pack = tmp_path / "pack.yaml"
    pack.write_text("\n".join(lines) + "\nrequire:\n  1: x\n", encoding="utf-8")
    r = run("validate", GREENWOOD, "--event", pack)
    assert r.exit_code == 2
    assert f"{pack}:{len(lines) + 2}:3: EVT001 [error] the key 1 in require must be text" in r.stderr


def test_fuzz_a_whole_number_written_as_a_float_counts_as_the_whole_number(run, tmp_path):
    """Found by the long fuzz run (seed 405): ``stands: 2.0`` fits the schema (JSON Schema's integer
    takes 2.0), then ``cost`` of a Fantasy Triumph list crashed ('float' object has no attribute
    'denominator') and every system printed "51.0 of 51 points", "6.0 tokens"."""
    for example, spelt in [(GREENWOOD, ("    stands: ", ".0")), (WREN, ("  ", ".0"))]:
        text = example.read_text(encoding="utf-8")
        floats = "\n".join(
            line + spelt[1] if line.startswith(spelt[0]) and line.rstrip()[-1:].isdigit() else line
            for line in text.splitlines()
        )
        floats += "\n"
        assert floats.count(".0\n") >= 2
        path = tmp_path / example.name
        path.write_text(floats, encoding="utf-8")
        for command in (["cost"], ["validate"], ["export", "--to", "text", "-o", "-"]):
            got, want = run(*command, path), run(*command, example)
            assert got.exit_code == want.exit_code and "internal error" not in got.stderr
            assert got.stdout.replace(str(path), "LIST") == want.stdout.replace(str(example), "LIST")
    read = loads("a: 2.0\nb: 1.0e+3\nc: 2.5\nd: -0.0\ne: 1.0e+300\n").data
    assert read == {"a": 2, "b": 1000, "c": 2.5, "d": 0, "e": 1e300}
    assert [type(v) for v in read.values()] == [int, int, float, int, float]  # beyond MAX_INT: a float
