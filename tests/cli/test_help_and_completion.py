"""The commands' help lists every part, names complete in the shell, start-up stays light."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from armybuilder.cli import app
from armybuilder.cli.help import HELP
from armybuilder.edit.engine import adapter, composable
from tests.compose.helpers import ROOT
from tests.support.startup import loaded_at_start

GREENWOOD = "examples/fantasy-triumph/greenwood-host.yaml"


@pytest.mark.parametrize("system", composable())
def test_help_lists_every_part_and_option(system):
    mod = adapter(system)
    for part in mod.PARTS:
        block = HELP[part.verb]().split(f"{system}:\n", 1)[1].split("\n\n", 1)[0]
        lines = [line.strip() for line in block.splitlines()]
        assert f"{part.verb} FILE {part.usage}" in lines, (system, part.usage)
        for o in part.options:
            assert any(line.startswith(o.flag) and o.help in line for line in lines), (system, part.name, o.key)


@pytest.mark.parametrize("system", composable())
def test_every_option_a_usage_shows_is_declared_and_back(system):
    """A part's usage line and its declared options say the same: nothing typed is refused that the help offers."""
    for part in adapter(system).PARTS:
        shown = set(re.findall(r"--[a-z][a-z-]*", part.usage))
        declared = {s for o in part.options for s in o.spellings}
        assert shown <= declared, (system, part.verb, part.name, shown - declared)
        assert all(shown & set(o.spellings) for o in part.options), (system, part.verb, part.name)


@pytest.mark.parametrize("verb", ["add", "remove", "set"])
def test_help_prints_the_grammar(run, verb):
    r = run(verb, "--help")
    assert r.exit_code == 0
    assert all(f"{s}:" in r.stdout for s in composable())
    said = " ".join(r.stdout.split())
    assert "Exit codes: 0 the edit was written (or there was nothing to change), whatever the list's verdict" in said
    # issue 41 item 7: the options every edit takes are in its help, as messages suggest them
    for option in ("--as-written:", "--force:", "--entry N:", "--check:"):
        assert option in said, option


def test_cli_start_up_does_not_load_ruamel_or_the_systems():
    """Start-up reads the manifests only: no compose, catalog, check or data module of any system."""
    heavy = loaded_at_start("ruamel", "jsonschema", "yaml", "rich", "armybuilder.compose", "armybuilder.systems")
    bad = [
        m
        for m in heavy
        if m not in ("armybuilder.compose", "armybuilder.cli.help", "armybuilder.systems")
        and not (m.startswith("armybuilder.systems.") and (m.count(".") <= 2 or m.endswith(".cli")))
    ]
    assert bad == []


def complete(line: str, shell: str = "zsh") -> list[str]:
    if shell == "zsh":
        env = {"_ARMYBUILDER_COMPLETE": "complete_zsh", "_TYPER_COMPLETE_ARGS": line}
    else:
        words = line.split(" ")
        env = {"_ARMYBUILDER_COMPLETE": "complete_bash", "COMP_WORDS": line, "COMP_CWORD": str(len(words) - 1)}
    r = CliRunner().invoke(app, [], env=env, prog_name="armybuilder")
    if shell == "bash":
        return r.stdout.splitlines()
    if "_arguments" not in r.stdout:
        return []
    inner = r.stdout.split("((", 1)[1].rsplit("))", 1)[0]
    return [w.strip('"') for w in inner.split("\n")]


@pytest.fixture
def at_root(monkeypatch):
    monkeypatch.chdir(ROOT)


@pytest.mark.usefixtures("at_root")
@pytest.mark.parametrize(
    "line, wanted",
    [
        ("armybuilder new fan", ["fantasy-triumph"]),
        (f"armybuilder add {GREENWOOD} cl", ["class"]),
        (f"armybuilder add {GREENWOOD} card Fl", ["Flying"]),
        (f"armybuilder add {GREENWOOD} card fl", ["flying"]),  # any case: the typed letters are kept
        (f"armybuilder add {GREENWOOD} card Deadly --to ", ["Wardens", "Eagles", "Rangers", "Archers of the Eaves"]),
        (f"armybuilder add {GREENWOOD} card Deadly --hero ", ["Archmage"]),
        (f"armybuilder add {GREENWOOD} class X --troop elite", ["elite Foot", "elite Cavalry"]),
        (f"armybuilder remove {GREENWOOD} class ", ["Wardens", "Eagles", "Rangers", "Archers of the Eaves"]),
        ("armybuilder remove examples/token-terrors/wrens-host.yaml tokens ", ["Wyverns", "Goblins"]),
        (
            "armybuilder set examples/homm3-battlefield/skirmish-medium.yaml hero ",
            ["Adelaide", "Catherine", "Ingham", "Lord Haart", "Rion", "Tarnum", "Valeska"],
        ),
        ("armybuilder add examples/homm3-battlefield/skirmish-medium.yaml unit G", ["Griffins"]),
        ("armybuilder set examples/small-world-of-warcraft/thrall-turn-4.yaml active Tr", ["Trolls"]),
        ("armybuilder catalog homm3-battlefield ", ["units", "neutral", "heroes", "factions", "abilities", "spells"]),
        ("armybuilder explain small-world-of-warcraft Or", ["Orcs"]),
    ],
)
def test_completion(line, wanted):
    assert complete(line) == wanted


@pytest.mark.usefixtures("at_root")
def test_bash_completion_escapes_spaces():
    got = complete(f"armybuilder add {GREENWOOD} card Deadly --to Arch", shell="bash")
    assert got == ["Archers\\ of\\ the\\ Eaves"]


def test_completion_of_a_broken_file_is_quiet(tmp_path):
    f = tmp_path / "broken.yaml"
    f.write_text("system: [\n", encoding="utf-8")
    assert complete(f"armybuilder add {f} card Deadly --to ") == []
