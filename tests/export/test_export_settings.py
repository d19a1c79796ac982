"""Every list-level setting that changes a cost or a verdict is on the roster (issue 26 point 3).

Fantasy Triumph rosters left out the home topography (Markdown, PDF and text), though it prices
Ambush (home), Prepared Defenses and Terrain Affinity (FT 24, FT 49, FT 58): the Dense ones cost
more. The points limit (Totals) and the invasion and maneuver ratings (Army ratings) were there.
"""

from __future__ import annotations

import pytest

from armybuilder.export import render
from armybuilder.export.roster import build

from .helpers import FT_EXAMPLE, pdf_text

pytest.importorskip("reportlab")


@pytest.mark.parametrize("topography, dense", [("Forest", "no"), ("Dense Forest", "yes")])
def test_the_home_topography_is_on_every_roster(write, topography, dense):
    text = FT_EXAMPLE.read_text(encoding="utf-8").replace("topography: Forest", f"topography: {topography}")
    roster, _ = build(write("host.yaml", text))
    prices = "Terrain Affinity (FT 58), Ambush (FT 24), Prepared Defenses (FT 49)"
    md = render(roster, "markdown").decode("utf-8")
    assert "## Home topography" in md
    assert f"| {topography} " in md and f"| {dense} " in md and prices in md
    plain = render(roster, "text").decode("utf-8")
    assert f"Home topography\n- {topography} · Dense: {dense} · Prices: {prices}\n" in plain
    pdf = pdf_text(render(roster, "pdf"))
    assert f"Home topography Topography Dense Prices {topography} {dense}" in pdf


def test_a_list_without_a_topography_says_how_it_is_priced(write):
    text = FT_EXAMPLE.read_text(encoding="utf-8").replace("topography: Forest\n", "")
    roster, _ = build(write("host.yaml", text))
    md = render(roster, "markdown").decode("utf-8")
    assert "| not given  | no    |" in md
    # Issue 46, item 16: a price that waits for the topography is not guessed (it was priced as for
    # one that is not Dense): the cards whose price depends on it are left out, and the total says so.
    assert "- The list gives no home topography: what a card costs with it is left out of the total." in md
    assert "(incomplete) of 51" in md
    for card, rule in (("Terrain Affinity", "FT 58"), ("Ambush", "FT 24"), ("Prepared Defenses", "FT 49")):
        assert f"Not in the total: {card} on " in md and f"its price needs the home topography ({rule})" in md


def test_the_other_settings_are_there_too():
    md = render(build(FT_EXAMPLE)[0], "markdown").decode("utf-8")
    for needle in ("| Invasion ", "| Maneuver ", "| Points      |    51 | 51 "):
        assert needle in md, needle
