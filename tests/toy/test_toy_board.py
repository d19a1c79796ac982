"""A fifth system's builder board is one more module of its folder: Toy Skirmish's ``board.py``
(units with their cost, rows with − / + and remove, the points limit) drives the builder, as a
player clicks it (:class:`tests.builder.driver.Driver`), with nothing in armybuilder naming it.

The toy system is registered by the fixture below only, as in ``test_toy_system.py``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from armybuilder import systems
from armybuilder.edit.engine import run_edit
from armybuilder.edit.offer import board_for, has_board
from armybuilder.outcome import ExitCode
from tests.builder.driver import Driver, PlanError

TOY_GAME = Path(__file__).resolve().parents[2] / "examples" / "toy-game" / "src"

CLI = re.compile(r"--\w|\bFILE\b|armybuilder |usage:")


@pytest.fixture(autouse=True)
def toy(monkeypatch):
    monkeypatch.syspath_prepend(str(TOY_GAME))  # the example package, installed or not
    monkeypatch.setitem(systems.REGISTRY, "toy-skirmish", "armybuilder_toy")  # the one registry line
    systems.reset()
    yield
    monkeypatch.undo()
    systems.reset()


def band(path):
    return yaml.safe_load(path.read_text(encoding="utf-8"))["warband"]


def test_a_warband_built_by_clicking(tmp_path):
    assert has_board("toy-skirmish")
    f = tmp_path / "tide.yaml"
    d = Driver.new(f, "toy-skirmish", "Green Tide", 12)
    b = d.board()
    goblin = next(e for g in b.catalog for e in g.entries if e.name == "Goblin")
    assert goblin.cost == "3 points each" and goblin.add.label == "Add Goblin, +3 points"
    d.click("Add Goblin, +3 points")
    d.type("Number of Goblin", "3")  # 9 of 12 points
    b = d.board()
    (row,) = b.rows()
    assert (row.cost, row.path, row.subtitle) == ("9 points", ("warband", 0), "3 × 3 points")
    troll = next(e for g in b.catalog for e in g.entries if e.name == "Troll").add
    assert not troll.enabled and troll.why_not == "7 points, and 3 points of the 12 points are left (Toy 2)"
    with pytest.raises(PlanError, match="disabled"):
        d.click("Add Troll, +7 points")
    assert d.control("Add Goblin, +3 points").why_not.startswith("the warband has Goblin already")
    d.type("Points limit", "20")
    d.click("Add Troll, +7 points")  # 16 of 20
    d.click("One Goblin fewer")  # 13
    assert d.control("One more Goblin").enabled
    d.click("Remove Troll")
    assert band(f) == [{"unit": "Goblin", "count": 2}]
    assert yaml.safe_load(f.read_text(encoding="utf-8"))["points"] == 20
    assert d.clicks == 6


def test_a_duplicated_unit_is_removed_by_its_entry_and_every_edit_is_taken(tmp_path):
    f = tmp_path / "band.yaml"
    text = "system: toy-skirmish\nname: Twins\npoints: 20\nwarband:\n  - {unit: Goblin}\n  - {unit: goblin, count: 2}\n"
    f.write_text(text, encoding="utf-8")
    b, _ = board_for(f)
    assert b is not None
    labels = [c.label for c in b.controls()]
    assert len(labels) == len(set(labels))
    for c in b.controls():
        for word in (c.label, c.face, c.cost, c.why_not):
            assert not CLI.search(word), word
        if c.edit is None:
            continue
        f.write_text(text, encoding="utf-8")
        e = c.edit.with_value(c.value or "1")
        assert run_edit(f, e.verb, e.part, list(e.words)).code != ExitCode.USAGE, c.label
    f.write_text(text, encoding="utf-8")
    Driver(f).click("Remove goblin (entry 2)")
    assert band(f) == [{"unit": "Goblin"}]


def test_a_warband_built_by_clicking_in_the_browser(browser, tmp_path):
    """The same builder in Chromium: the toy system gets every page with no web code of its own."""
    from armybuilder.web.server import Background
    from tests.builder.browser import Player

    folder = tmp_path / "lists"
    folder.mkdir()
    with Background(folder) as url:
        context = browser.new_context(viewport={"width": 390, "height": 844})
        page = context.new_page()
        page.set_default_timeout(10_000)
        try:
            player = Player(page, True)
            player.start(url)
            player.new_list("toy-skirmish", "Green Tide", 12)
            player.click("Add Goblin, +3 points")
            player.type("Number of Goblin", "3")
            assert page.locator("#total").inner_text().startswith("9")
            troll = page.locator('button[aria-label="Add Troll, +7 points"]')
            assert troll.is_disabled()  # 7 points, and 3 are left
            player.type("Points limit", "20")
            player.click("Add Troll, +7 points")
            player.click("One Goblin fewer")
            player.click("Remove Troll")
            assert player.loads == 0
            assert page.evaluate("document.documentElement.scrollWidth") <= 390
        finally:
            context.close()
    (made,) = folder.glob("*.yaml")
    assert band(made) == [{"unit": "Goblin", "count": 2}]
