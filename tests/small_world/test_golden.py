"""Golden outputs of `validate` and `cost` for one example (text, no colour, 100 columns).

After a deliberate change of the output, rewrite them with
``UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/small_world/test_sww_golden.py`` and review the diff.
"""

import os

import pytest

from armybuilder import app as core

from .helpers import GOLDEN, ROOT

EXAMPLE = "examples/small-world-of-warcraft/thrall-turn-4.yaml"


@pytest.mark.parametrize("command", ["validate", "cost"])
def test_golden(command, monkeypatch):
    monkeypatch.chdir(ROOT)  # file names in the output are relative
    run = core.validate if command == "validate" else core.cost
    out, _, code = run([EXAMPLE], "text")
    assert code == 0
    golden = GOLDEN / f"thrall-turn-4.{command}.txt"
    if os.environ.get("UPDATE_GOLDEN"):
        golden.write_text(out, encoding="utf-8")
    assert out == golden.read_text(encoding="utf-8")
