"""Golden outputs of `armybuilder validate` and `armybuilder cost` for one example (text, no colour).

After a deliberate change of the output, rewrite them with
``UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/small_world/test_golden.py`` and review the diff.
"""

import os

import pytest

from .helpers import GOLDEN

EXAMPLE = "examples/small-world-of-warcraft/thrall-turn-4.yaml"


@pytest.mark.parametrize("command", ["validate", "cost"])
def test_golden(run, command):
    r = run(command, EXAMPLE)
    assert r.exit_code == 0
    golden = GOLDEN / f"thrall-turn-4.{command}.txt"
    if os.environ.get("UPDATE_GOLDEN"):
        golden.write_text(r.stdout, encoding="utf-8")
    assert r.stdout == golden.read_text(encoding="utf-8")
