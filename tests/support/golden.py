"""Golden files: an output compared byte for byte with the file that holds it, the one way.

A test folder keeps its golden files in ``golden/`` beside its tests and calls :func:`compare`.
After a deliberate change of an output, rewrite every golden file with

    ARMYBUILDER_UPDATE_GOLDEN=1 .venv/bin/python -m pytest

and review the diff before committing. Without the variable a difference fails the test, naming the
file and the variable. This module is importable from every test folder as ``golden``: the root
``conftest.py`` puts ``tests/`` on ``sys.path``.
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

UPDATE = "ARMYBUILDER_UPDATE_GOLDEN"
ROOT = Path(__file__).resolve().parent.parent


def updating() -> bool:
    """Whether this run rewrites the golden files (the variable set, and not to 0)."""
    return os.environ.get(UPDATE, "") not in ("", "0")


def compare(path: Path, actual: str | bytes) -> None:
    """Assert that ``actual`` (text, written as UTF-8, or bytes) is the content of ``path``.

    With ``ARMYBUILDER_UPDATE_GOLDEN=1`` the file is written instead.
    """
    data = actual.encode("utf-8") if isinstance(actual, str) else actual
    if updating():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        return
    name = _shown(path)
    if not path.exists():
        raise AssertionError(f"golden file {name} does not exist; write it with {UPDATE}=1 and review it")
    expected = path.read_bytes()
    if data == expected:
        return
    raise AssertionError(
        f"the output differs from the golden file {name}; if the change is meant, "
        f"rewrite it with {UPDATE}=1 and review the diff\n{_diff(expected, data, name)}"
    )


def _shown(path: Path) -> str:
    """The path from the repository root when it is inside it."""
    try:
        return Path(path).resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return str(path)


def _diff(expected: bytes, actual: bytes, name: str, limit: int = 60) -> str:
    """A unified diff of the two (the first ``limit`` lines), or where bytes that are not text differ."""
    try:
        old, new = expected.decode("utf-8"), actual.decode("utf-8")
    except UnicodeDecodeError:
        at = next(
            (i for i, (a, b) in enumerate(zip(expected, actual, strict=False)) if a != b),
            min(len(expected), len(actual)),
        )
        return f"first difference at byte {at} ({len(expected)} bytes expected, {len(actual)} given)"
    lines = list(
        difflib.unified_diff(
            old.splitlines(keepends=True), new.splitlines(keepends=True), f"{name} (golden)", f"{name} (output)"
        )
    )
    shown = "".join(line if line.endswith("\n") else line + "\n" for line in lines[:limit])
    return shown + (f"... {len(lines) - limit} more diff lines\n" if len(lines) > limit else "")
