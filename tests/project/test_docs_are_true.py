"""Docs that were not true (issue 41 items 9 and 10), and the README's examples kept to the program.

- The pre-commit example named a tag (v0.2.0) the repository does not have, at another version.
- "CI runs exactly it": ``.ci/run`` also runs ruff and mypy, with ARMYBUILDER_BROWSER_TESTS=required.
- The README's "The Greenwood Host" (46½ points) was not the bundled example of that name (51).
- A second POST for the same player told an API client to use "its private link".
- The Heroes III card data is the Battlefield expansion's; nothing said so, and the README's own
  Heroes III example got 5 "not in armybuilder's card data" notes.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
YAML_BLOCKS = [m.group(1) for m in re.finditer(r"^```yaml\n(.*?)^```", README, re.S | re.M)]
EXAMPLES = sorted(p for p in (ROOT / "examples").glob("*/*.yaml") if p.parent.name != "events")


def test_the_pre_commit_example_names_no_tag_that_is_not_there():
    version = re.search(r'^version = "(.+)"', (ROOT / "pyproject.toml").read_text(encoding="utf-8"), re.M).group(1)
    hooks = (ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
    (rev,) = re.findall(r"^#\s+rev: (\S+)", hooks, re.M)
    # a tag would have to be this version's; the repository has none yet, so a commit is asked for
    assert rev in (f"v{version}", "COMMIT"), rev
    assert "full commit hash" in hooks


def test_the_readme_says_what_ci_runs():
    ci = (ROOT / ".ci/run").read_text(encoding="utf-8")
    opening = " ".join(README.split("## ")[0].split())
    assert "CI runs exactly it" not in opening
    for step in ("ruff check .", "ruff format --check .", "mypy", "ARMYBUILDER_BROWSER_TESTS=required"):
        assert step in ci, step  # the README names what .ci/run does
        assert f"`{step}`" in opening, step
    assert ".venv/bin/python -m pytest" in ci and ".venv/bin/python -m pytest" in opening


def _without_schema_line(text: str) -> str:
    return "".join(line for line in text.splitlines(keepends=True) if not line.startswith("# yaml-language-server:"))


def _name(text: str) -> str | None:
    m = re.search(r"^name: (.+?)\s*(#.*)?$", text, re.M)
    return m.group(1).strip("'\"") if m else None


def test_a_readme_list_named_as_a_bundled_example_is_that_example():
    from armybuilder.yamlio import load_file, loads

    bundled = {_name(p.read_text(encoding="utf-8")): p for p in EXAMPLES}
    shown = [(block, bundled[_name(block)]) for block in YAML_BLOCKS if _name(block) in bundled]
    assert len(shown) >= 2, "the README shows bundled examples"
    for block, example in shown:  # the same list (its comments may say more or less)
        assert loads(block).data == load_file(example).data, example.name
    greenwood = next(block for block, example in shown if example.name == "greenwood-host.yaml")
    assert greenwood == _without_schema_line((ROOT / "examples/fantasy-triumph/greenwood-host.yaml").read_text("utf-8"))


@pytest.mark.parametrize("n", range(len(YAML_BLOCKS)))
def test_the_readme_lists_use_cards_the_data_knows(run, write, n):
    if re.search(r"^event:", YAML_BLOCKS[n], re.M):
        return  # an event pack
    r = run("validate", "--format", "json", write(f"readme-{n}.yaml", YAML_BLOCKS[n]))
    (result,) = json.loads(r.stdout)["results"]
    unknown = [f for f in result["findings"] if "not in armybuilder's card data" in f["message"]]
    assert unknown == [], unknown


def test_heroes_iii_says_its_card_data_is_the_battlefield_expansions(run):
    said = "the card data holds the Battlefield expansion's cards, not the base game's decks"
    r = run("systems")
    assert f"  data: {said}" in r.stdout
    r = run("catalog", "homm3-battlefield", "spells")
    assert said in " ".join(r.stdout.split()) and "no Artifact card" in " ".join(r.stdout.split())
    assert r.stdout.index("card data") < r.stdout.index("Fire Wall  ")  # above the table
    r = run("catalog", "homm3-battlefield", "spells", "--format", "json")
    assert json.loads(r.stdout)["data_note"].startswith(said)
    r = run("systems", "--format", "json")
    assert next(s for s in json.loads(r.stdout)["systems"] if s["id"] == "homm3-battlefield")["data_note"]
    assert "The card data is the Battlefield expansion's, not the base game's decks" in " ".join(README.split())
    r = run("catalog", "fantasy-triumph", "troops")
    assert r.stdout.startswith("Fantasy Triumph: troops")  # a system with no note: none


def test_a_second_api_post_for_a_player_names_the_put_route(tmp_path):
    from armybuilder.desk import Desk, Refusal
    from armybuilder.events import load

    desk = Desk(tmp_path / "desk.sqlite", load(ROOT / "examples/events/games-day.yaml"))
    try:
        desk.submit("Alice Archer", (ROOT / "examples/token-terrors/ozzys-muster.yaml").read_text(encoding="utf-8"))
        text = (ROOT / "examples/fantasy-triumph/greenwood-host.yaml").read_text(encoding="utf-8")  # another list
        with pytest.raises(Refusal) as api:
            desk.submit("alice archer", text, "api")
        assert api.value.status == 422
        assert "replace it with PUT /api/submissions/ID and its edit token" in api.value.message
        assert "private link" not in api.value.message
        with pytest.raises(Refusal) as page:
            desk.submit("alice archer", text, "text")
        assert "replace it from its private link" in page.value.message and "PUT" not in page.value.message
    finally:
        desk.close()
