"""The README's systems table is made from the systems' declarations (tools/gen_docs.py)."""

from __future__ import annotations

import subprocess
import sys

from armybuilder import systems


def test_readme_systems_table_is_current(root):
    r = subprocess.run([sys.executable, str(root / "tools" / "gen_docs.py"), "--check"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


def test_the_table_names_every_system(root):
    text = (root / "README.md").read_text(encoding="utf-8")
    for m in systems.manifests():
        assert f"| `{m.id}` | {m.measure}" in text
