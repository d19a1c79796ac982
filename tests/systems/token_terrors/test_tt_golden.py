"""Golden outputs of `armybuilder validate` and `armybuilder cost` for one example (text, no colour).

After a deliberate change of the output, rewrite them with
``ARMYBUILDER_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/systems/token_terrors/test_tt_golden.py``
and review the diff.
"""

import pytest

from tests.support.golden import compare

from .helpers import GOLDEN

EXAMPLE = "examples/token-terrors/wrens-host.yaml"


@pytest.mark.parametrize("command", ["validate", "cost"])
def test_golden(run, command):
    r = run(command, EXAMPLE)
    assert r.exit_code == 0
    compare(GOLDEN / f"wrens-host.{command}.txt", r.stdout)
