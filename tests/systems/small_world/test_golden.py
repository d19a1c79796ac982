"""Golden outputs of `armybuilder validate` and `armybuilder cost` for one example (text, no colour).

After a deliberate change of the output, rewrite them with
``ARMYBUILDER_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/systems/small_world/test_golden.py`` and review the diff.
"""

import pytest

from tests.support.golden import compare

from .helpers import GOLDEN

EXAMPLE = "examples/small-world-of-warcraft/thrall-turn-4.yaml"


@pytest.mark.parametrize("command", ["validate", "cost"])
def test_golden(run, command):
    r = run(command, EXAMPLE)
    assert r.exit_code == 0
    compare(GOLDEN / f"thrall-turn-4.{command}.txt", r.stdout)
