"""Every snippet in the README works as written (issue 16 item 6).

- Every ``yaml`` block is checked: a list must be valid (exit 0: info findings are fine), an event
  pack must load as one.
- Every command of a ``sh`` block that is cheap to run is run: one that names only files that
  exist and writes none (no ``-o``/``--report``/``--packet`` to a file, no ``new``/``add``/``set``/
  ``remove``, no ``serve``, no installs). It must not be a usage error (exit 0 or 1) nor a bug.
  A block that shows a command's output (``$ armybuilder ...`` then its lines) must print that
  output's first line.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
BLOCK = re.compile(r"^```(\w+)\n(.*?)^```", re.S | re.M)
YAML_BLOCKS = [m.group(2) for m in BLOCK.finditer(README) if m.group(1) == "yaml"]
SH_BLOCKS = [m.group(2) for m in BLOCK.finditer(README) if m.group(1) == "sh"]
WRITES = {"-o", "--output", "--report", "-r", "--packet", "--write"}
EDITS = {"new", "add", "remove", "set", "serve", "import"}


def _commands() -> list[tuple[list[str], str | None]]:
    """(arguments after ``armybuilder``, the first line of the shown output or None) of each command
    line in the sh blocks."""
    out: list[tuple[list[str], str | None]] = []
    for block in SH_BLOCKS:
        lines = block.splitlines()
        prompted = any(line.startswith("$ ") for line in lines)  # then the other lines are output
        for i, line in enumerate(lines):
            shown = line.startswith("$ ")
            if prompted and not shown:
                continue
            text = line[2:] if shown else line
            if not text.startswith("armybuilder "):
                continue
            try:
                words = shlex.split(text, comments=True)
            except ValueError:  # pragma: no cover - a README line shlex cannot read
                continue
            following = lines[i + 1] if shown and i + 1 < len(lines) else None
            out.append((words[1:], following if following and not following.startswith("$ ") else None))
    return out


COMMANDS = _commands()


def _runnable(args: list[str]) -> bool:
    if not args or args[0] in EDITS:
        return False
    for i, a in enumerate(args):
        if a in WRITES and (i + 1 >= len(args) or args[i + 1] != "-"):
            return False
        if a.startswith("[") or re.fullmatch(r"[A-Z]+", a) or re.fullmatch(r"[A-Z]+\.\w+\.?\.?\.?", a):  # a placeholder
            return False
        looks_like_a_path = "/" in a or re.search(r"\.(ya?ml|pdf|md|json|txt)$", a)
        if looks_like_a_path and not a.startswith("-") and not (ROOT / a).exists():
            return False
    return True


def test_the_readme_has_snippets_of_every_system():
    systems = {m.group(1) for block in YAML_BLOCKS for m in re.finditer(r"^system: (\S+)", block, re.M)}
    assert {"fantasy-triumph", "token-terrors", "small-world-of-warcraft", "homm3-battlefield"} <= systems
    assert sum(1 for args, _ in COMMANDS if _runnable(args)) >= 3  # some commands are run below


@pytest.mark.parametrize("n", range(len(YAML_BLOCKS)))
def test_every_yaml_snippet_is_valid(run, write, n):
    snippet = YAML_BLOCKS[n]
    path = write(f"snippet-{n}.yaml", snippet)
    if re.search(r"^event:", snippet, re.M):  # an event pack
        from armybuilder import events

        pack = events.load(path)
        assert pack.event
        r = run("validate", "examples/fantasy-triumph/greenwood-host.yaml", "--event", path)
        assert r.exit_code in (0, 1), r.stderr  # the pack reads; the list may break its rules
        return
    r = run("validate", path)
    assert r.exit_code == 0, f"README snippet {n} does not validate:\n{snippet}\n{r.stdout}{r.stderr}"


@pytest.mark.parametrize("args, shown", [c for c in COMMANDS if _runnable(c[0])], ids=lambda v: str(v)[:60])
def test_every_cheap_shell_snippet_runs(run, args, shown):
    r = run(*args)
    assert r.exit_code in (0, 1), f"armybuilder {' '.join(args)}: exit {r.exit_code}\n{r.stderr}"
    assert "internal error" not in r.stderr
    if shown is not None:
        assert shown in (r.stdout + r.stderr).splitlines(), f"armybuilder {' '.join(args)} no longer prints {shown!r}"


def test_ci_runs_the_readme_s_test_command():
    """CI (``.ci/run``) runs the test command the README gives, as it is written there."""
    second = SH_BLOCKS[0].splitlines()[1]
    command = second.split(" && ")[-1]
    assert command.startswith(".venv/bin/python -m pytest")
    assert f'echo "== pytest"; {command}\n' in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
