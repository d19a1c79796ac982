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
    """Issue 26 point 15: how long the run takes (the issue measured 4 minutes; CI's fresh clone, on
    two cores with coverage, 16); without poppler the QR and PDF tests are skipped in silence, and
    without Chromium the browser tests are too."""
    text = (root / "README.md").read_text(encoding="utf-8")
    head = text[: text.index("## Commands")]  # the test section, before the commands
    for needle in (
        "minutes on two cores",
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


def test_the_event_packs_readme_shows_what_its_command_prints(run, root):
    """Issue 26: examples/events/README.md quoted a stale line (``autumn-clash.yaml:7:7: EVT011 ...
    (list line 13)``) of a pack whose Mindblast ban is on line 16 and a list whose Mindblast is on
    line 31. The excerpt is the command's output, as it prints it."""
    import re
    import shlex

    text = (root / "examples" / "events" / "README.md").read_text(encoding="utf-8")
    m = re.search(r"`(armybuilder validate [^`]+)`\nprints:\n\n```text\n(.*?)\n```", text, re.S)
    assert m, "the README shows a command and what it prints"
    r = run(*shlex.split(m.group(1))[1:])
    assert r.exit_code == 1
    assert r.stdout.splitlines() == m.group(2).splitlines()


def test_the_changelog_gives_the_codes_a_repeated_army_card_is_refused_with(run, root, tmp_path):
    """Issue 26: the changelog said a repeated army card gets FTR011, but adding Ambush again says
    FTR004 (a card bought twice); FTR011 is for a card an army buys only once (Fortified Camp, FT 36).
    Issue 39: No Camp (FT 47) says no such thing; a second one buys nothing (FTR030)."""
    host = tmp_path / "host.yaml"
    host.write_text((root / "examples" / "fantasy-triumph" / "greenwood-host.yaml").read_text(encoding="utf-8"))
    ambush = run("add", host, "card", "Ambush", "--option", "home")
    assert ambush.exit_code == 2 and "(FTR004)" in ambush.stderr
    run("add", host, "card", "No Camp")
    no_camp = run("add", host, "card", "No Camp")
    assert no_camp.exit_code == 2 and "(FTR030)" in no_camp.stderr
    run("add", host, "card", "Fortified Camp", "--option", "fortified")
    camp = run("add", host, "card", "Fortified Camp", "--option", "fortified")
    assert camp.exit_code == 2 and "(FTR011)" in camp.stderr
    text = (root / "CHANGELOG.md").read_text(encoding="utf-8")
    said = " ".join(text[text.index("- `add card` refuses") :].split("\n- ")[0].split())
    assert "(FTR004, an army card such as Ambush too; FTR011 for a card an army buys only once" in said
