"""What the command line has loaded once it has started, the one way the tests ask it.

``loaded_at_start(*prefixes)`` runs ``import armybuilder.cli`` in a fresh interpreter and gives the
names of the modules then loaded that are one of ``prefixes`` or start with one followed by a dot
(``"rich"`` is ``rich`` and ``rich.console``). Importable from every test folder as ``startup``
(the root ``conftest.py`` puts ``tests/`` on ``sys.path``). Not timed: it looks at what is loaded.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_CODE = "import json, sys, armybuilder.cli; print(json.dumps(sorted(sys.modules)))"


def loaded_at_start(*prefixes: str) -> list[str]:
    out = subprocess.run([sys.executable, "-c", _CODE], capture_output=True, text=True, cwd=ROOT, check=True)
    return [m for m in json.loads(out.stdout) if any(m == p or m.startswith(p + ".") for p in prefixes)]
