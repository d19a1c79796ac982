"""An edit's exit code (issue 41 item 1): a list is invalid while it is being built, so an edit
that was written exits 0 whatever the list's verdict (and prints the findings); ``--check`` makes
it exit 1 when the list it wrote is invalid; a refused edit exits 2 and writes nothing."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_shell_chain_builds_a_list_to_the_end(tmp_path):
    """``new && add && add && set``: the chain stopped after the first add (exit 1, the list still
    invalid) and the second class was never added."""
    f = tmp_path / "chain.yaml"
    ab = f"{shlex.quote(sys.executable)} -m armybuilder"
    q = shlex.quote(str(f))
    chain = " && ".join(
        [
            f"{ab} new fantasy-triumph {q} --points 48",
            f"{ab} add {q} class Guard --troop 'Elite Foot' --stands 2 --general",
            f"{ab} add {q} class Bows --troop Shooters --stands 2",
            f"{ab} set {q} topography Forest",
            "echo CHAIN-DONE",
        ]
    )
    env = {**os.environ, "NO_COLOR": "1"}
    done = subprocess.run(["sh", "-c", chain], capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "CHAIN-DONE" in done.stdout
    text = f.read_text(encoding="utf-8")
    assert "name: Guard" in text and "name: Bows" in text and "topography: Forest" in text
    # the list is still invalid (too few stands for 48 points) and every edit said so
    assert "list INVALID" in done.stdout


def test_check_makes_an_invalid_result_exit_1(run, tmp_path):
    f = tmp_path / "host.yaml"
    assert run("new", "fantasy-triumph", f, "--points", "48").exit_code == 0
    r = run("add", f, "class", "Guard", "--troop", "Elite Foot", "--stands", "2", "--general", "--check")
    assert r.exit_code == 1 and "list INVALID" in r.stdout  # written, and --check says it is invalid
    assert "name: Guard" in f.read_text(encoding="utf-8")
    r = run("add", f, "class", "Bows", "--troop", "Shooters", "--stands", "2")
    assert r.exit_code == 0 and "list INVALID" in r.stdout  # the same verdict, without --check: 0
    # nothing to change exits as a change would
    r = run("set", f, "points", "48", "--check")
    assert r.exit_code == 1 and "no change" in r.stdout
    assert run("set", f, "points", "48").exit_code == 0


def test_check_on_a_valid_result_exits_0(run, tmp_path):
    f = tmp_path / "host.yaml"
    f.write_bytes((ROOT / "examples/fantasy-triumph/greenwood-host.yaml").read_bytes())
    r = run("set", f, "name", "The Greenwood Host II", "--check")
    assert r.exit_code == 0 and "list valid" in r.stdout


def test_a_refused_edit_exits_2_with_or_without_check(run, tmp_path):
    f = tmp_path / "host.yaml"
    f.write_bytes((ROOT / "examples/fantasy-triumph/greenwood-host.yaml").read_bytes())
    before = f.read_bytes()
    for extra in ([], ["--check"]):
        r = run("add", f, "card", "Dedly", "--to", "Wardens", *extra)
        assert r.exit_code == 2 and r.stdout == "" and "did you mean 'Deadly'" in r.stderr
    assert f.read_bytes() == before


def test_the_readme_says_so():
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert "An edit (`new`, `add`, `remove`, `set`) that was written exits `0` whatever the list's verdict" in readme
    assert "`--check` makes an edit exit `1` when the list it wrote is invalid" in readme
