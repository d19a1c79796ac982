"""Every bundled example list, built from nothing with new / add / set, checks the same as the example.

The commands come from the example's own data (helpers.py), so an example added later is built
too. Each step must be accepted (exit 0 or 1, never 2; a name an invalid example misspells on
purpose is refused with a suggestion, then kept with --as-written, as a player would), and the built
list must read back as the
same data (names compared without regard to case) with the same validation: valid flag, total and
finding codes.
"""

from __future__ import annotations

import pytest

from armybuilder import systems
from armybuilder.yamlio import load_file

from .helpers import examples, folded, script_for, verdict

EXAMPLES = examples()


def test_every_system_has_examples():
    systems = {p.parent.name for p in EXAMPLES}
    assert systems == {"fantasy-triumph", "token-terrors", "homm3-battlefield", "small-world-of-warcraft"}


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_build_example_from_nothing(run, tmp_path, example):
    target = tmp_path / example.name
    for cmd in script_for(example, target):
        r = run(*cmd)
        if r.exit_code == 2 and "--as-written" in r.stderr:  # a name misspelled on purpose (an invalid example)
            r = run(*cmd, "--as-written")
        assert r.exit_code in (0, 1), f"{cmd}: exit {r.exit_code}\n{r.stdout}\n{r.stderr}"
        assert r.stdout.splitlines()[1].startswith("total:"), r.stdout
    built, wanted = load_file(target).data, load_file(example).data
    # new pins the installed data (issue 15); the examples do not
    assert built.pop("data_version") == systems.get(built["system"]).data_version
    assert folded(built) == folded(wanted)
    assert verdict(run, target) == verdict(run, example)
    assert target.read_text(encoding="utf-8").startswith("# yaml-language-server: $schema=")
