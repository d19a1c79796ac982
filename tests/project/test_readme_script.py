"""The README's command lines, run as a script (issue 41: "the README's examples are run by a test,
so they cannot drift from the program again").

``test_readme.py`` runs the commands that name only files of the repository and write none. This
runs every ``armybuilder`` line of the README's ``sh`` blocks, in order, in a folder that holds
a file for each placeholder it names (``LIST.yaml``, ``PACK.yaml``, ``A.yaml``, ``lists/``,
``ROSTER.pdf``, ``CODE``...), so that the edits (``new``, ``add``, ``set``, ``remove``), the
exports, ``import`` and ``tournament --packet`` run too. A line must not be a usage error (exit 2)
nor a bug, but for refusing to write over a file an earlier line of the README made. The servers
(``serve``, ``collect`` without ``--export``, ``site``) are not started.
"""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
SH_BLOCKS = [m.group(1) for m in re.finditer(r"^```sh\n(.*?)^```", README, re.S | re.M)]
SERVERS = {"serve", "site", "collect"}


def _lines() -> list[str]:
    out = []
    for block in SH_BLOCKS:
        lines = block.splitlines()
        prompted = any(line.startswith("$ ") for line in lines)  # then the other lines are its output
        for line in lines:
            if prompted and not line.startswith("$ "):
                continue
            text = line.strip().removeprefix("$ ")
            if text.startswith("armybuilder "):
                out.append(text)
    return out


def _words(line: str, code: str) -> list[str] | None:
    """The line's arguments after ``armybuilder``, placeholders made real; None for one not to run."""
    line = re.sub(r"\[(--[^\]]+)\]", r"\1", line)  # [--anonymous]: the option taken
    words = shlex.split(line, comments=True)[1:]
    if not words or words[0] in SERVERS or "--link" in words:
        return None
    return [code if w == "CODE" else w.removesuffix("...") for w in words]


@pytest.fixture
def folder(tmp_path, run):
    """A folder holding what the README's placeholders name."""
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    greenwood = ROOT / "examples/fantasy-triumph/greenwood-host.yaml"
    for name in ("LIST.yaml", "OLD.yaml"):
        shutil.copyfile(greenwood, tmp_path / name)
    shutil.copyfile(ROOT / "tests/core/fixtures/diff/new.yaml", tmp_path / "NEW.yaml")
    shutil.copyfile(ROOT / "tests/core/fixtures/diff/old.yaml", tmp_path / "OLD.yaml")
    shutil.copyfile(ROOT / "examples/token-terrors/wrens-host.yaml", tmp_path / "A.yaml")
    shutil.copyfile(ROOT / "examples/token-terrors/ozzys-muster.yaml", tmp_path / "B.yaml")
    for pack in ("PACK.yaml", "autumn-clash.yaml"):
        shutil.copyfile(ROOT / "examples/events/autumn-clash.yaml", tmp_path / pack)
    for where in ("lists", "submissions"):
        shutil.copytree(ROOT / "examples/fantasy-triumph", tmp_path / where)
    assert run("export", greenwood, "-o", tmp_path / "ROSTER.pdf").exit_code == 0
    assert run("export", greenwood, "--event", tmp_path / "PACK.yaml", "-o", tmp_path / "alice.pdf").exit_code in (0, 1)
    assert run("tournament", tmp_path / "PACK.yaml", tmp_path / "lists", "--packet", tmp_path / "PACKET.pdf").exit_code
    return tmp_path


def test_every_readme_command_runs(folder, run, monkeypatch):
    from typer.testing import CliRunner

    from armybuilder.cli import app

    code = run("share", folder / "LIST.yaml").stdout.strip()
    monkeypatch.chdir(folder)
    runner = CliRunner()
    ran = []
    for line in _lines():
        words = _words(line, code)
        if words is None:
            continue
        r = runner.invoke(app, words, catch_exceptions=False)
        said = f"README: {line}\nexit {r.exit_code}\n{r.stderr}"
        assert "internal error" not in r.stderr, said
        assert r.exit_code in (0, 1) or "already exists; use --force" in r.stderr, said
        ran.append(words[0])
    # the edits, the exports, import and the packet were run, not only the read-only commands
    for verb in ("new", "add", "set", "remove", "export", "import", "tournament", "verify", "diff", "matchup"):
        assert verb in ran, verb
    from armybuilder.yamlio import load_file

    built = load_file(folder / "army.yaml").data  # new, add class, add card, set points, remove card
    assert built["points"] == 48 and [c["name"] for c in built["classes"]] == ["Wardens"]
    assert not built["classes"][0].get("cards")
    assert (folder / "PACKET-list-3.yaml").exists()  # import PACKET.pdf --list 3
