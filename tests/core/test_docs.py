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


def test_the_readme_says_what_the_full_test_run_needs_and_how_to_run_it_quickly(root):
    """Issue 26 point 15: the run takes about 4 minutes; without poppler the QR and PDF tests are
    skipped in silence, and without Chromium the browser tests are too."""
    text = (root / "README.md").read_text(encoding="utf-8")
    head = text[: text.index("## Commands")]  # the test section, before the commands
    for needle in (
        "about 4 minutes",
        "sudo apt-get install chromium chromium-driver poppler-utils",
        "brew install poppler",
        "brew install --cask chromium",
        "skipped",
        "ARMYBUILDER_BROWSER_TESTS=required",
        "--no-cov",
        "-x",
        "-k WORDS",
    ):
        assert needle in head, needle
