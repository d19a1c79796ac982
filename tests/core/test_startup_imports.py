"""A check loads only what it uses: no `fractions` (with `decimal`'s regexes) for a game that
makes no fraction, no OpenSSL through `hashlib` for the cache keys. Not timed: it looks at which
modules a `validate` run has loaded."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

CODE = """
import sys
from armybuilder.cli import main
sys.argv = ["armybuilder", "validate", *sys.argv[1:]]
try:
    main()
except SystemExit as exit:
    code = exit.code
print("MODULES", sorted(m for m in sys.modules if m in ("fractions", "hashlib", "_hashlib")), code)
"""


@pytest.mark.parametrize(
    ("example", "fractions"),
    [
        ("examples/homm3-battlefield/skirmish-medium.yaml", False),
        ("examples/token-terrors/wrens-host.yaml", False),
        ("examples/small-world-of-warcraft/thrall-turn-4.yaml", False),
        ("examples/fantasy-triumph/greenwood-host.yaml", True),  # its points are fractions
    ],
)
def test_validate_loads_no_fractions_or_openssl_it_does_not_need(example, fractions):
    out = subprocess.run(
        [sys.executable, "-c", CODE, example], capture_output=True, text=True, cwd=ROOT, check=True
    ).stdout
    line = next(x for x in out.splitlines() if x.startswith("MODULES"))
    assert line == ("MODULES ['fractions'] 0" if fractions else "MODULES [] 0")
