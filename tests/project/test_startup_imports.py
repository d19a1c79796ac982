"""A check loads only what it uses: no `fractions` (with `decimal`'s regexes) for a game that
makes no fraction, no OpenSSL through `hashlib` for the cache keys; and `validate FILE` and
`validate FOLDER` no other command, no event-pack engine and no other face. Not timed: it looks at
which modules a `validate` run has loaded."""

from __future__ import annotations

import json
import shutil
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


# What a ``validate`` run may not load (issue 44): another command, the event-pack engine, a face
# other than the command line that runs it, or an engine family it has no use for. The package
# ``armybuilder.export`` alone is the command line's own (its option enums, ExportFormat and Paper,
# at start-up): no exporter of it is loaded.
NOT_FOR_VALIDATE = ("armybuilder.events", "armybuilder.web", "armybuilder.desk", "armybuilder.edit")
VALIDATE_CODE = """
import json, sys
from armybuilder.cli import main
sys.argv = ["armybuilder", "validate", *sys.argv[1:]]
try:
    main()
except SystemExit as exit:
    code = exit.code
print("MODULES", json.dumps([sorted(m for m in sys.modules if m.startswith("armybuilder")), code]))
"""


def _validate_loads(*args: str) -> tuple[list[str], int]:
    out = subprocess.run(
        [sys.executable, "-c", VALIDATE_CODE, *args], capture_output=True, text=True, cwd=ROOT, check=True
    ).stdout
    line = next(x for x in out.splitlines() if x.startswith("MODULES "))
    loaded, code = json.loads(line.removeprefix("MODULES "))
    return loaded, code


def _not_for_validate(loaded: list[str]) -> list[str]:
    return [
        m
        for m in loaded
        if any(m == p or m.startswith(p + ".") for p in NOT_FOR_VALIDATE)
        or (m.startswith("armybuilder.commands.") and m != "armybuilder.commands.validate")
        or m.startswith("armybuilder.export.")
    ]


def test_validate_file_loads_no_other_command_no_event_pack_engine_and_no_other_face():
    loaded, code = _validate_loads("examples/token-terrors/wrens-host.yaml")
    assert code == 0 and "armybuilder.commands.validate" in loaded
    assert _not_for_validate(loaded) == []


def test_validate_folder_loads_no_other_command_no_event_pack_engine_and_no_other_face(tmp_path):
    """Finding the lists of a folder tells an event pack from a list by the head of the file
    (armybuilder.lists.is_event_pack): no pack is loaded to tell, nor the tournament command."""
    shutil.copyfile(ROOT / "examples/token-terrors/wrens-host.yaml", tmp_path / "wrens-host.yaml")
    shutil.copyfile(ROOT / "examples/events/autumn-clash.yaml", tmp_path / "autumn-clash.yaml")
    (tmp_path / "notes.txt").write_text("bring dice\n", encoding="utf-8")
    loaded, code = _validate_loads(str(tmp_path))
    assert _not_for_validate(loaded) == []
    assert code == 0 and "armybuilder.lists" in loaded
