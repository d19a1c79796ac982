"""A troop type's explanation shows the figures a player plays with (issue 36, "rules at hand"),
read against triumph-troop-types.csv (its transcription in test_data_vs_seed.py) and the reference
README: a move only a third-party builder gives is marked unverified, never shown as fact, and the
data holds no combat factors, which the explanation says once."""

from __future__ import annotations

import pytest

from armybuilder.compose.catalog import Figures, explain_entries
from armybuilder.resources import load_data

from .test_data_vs_seed import CSV_ROWS as TROOP_ROWS

FT = "fantasy-triumph"


def _one(system: str, name: str, kind: str):
    (entry,) = [e for e in explain_entries(system, name) if e.kind == kind]
    return entry


def _cells(figures: Figures) -> dict[str, list[str]]:
    return {label: cells for label, cells in figures.rows}


# ../shared/reference/README.md: "move_mu: ... Confirmed by the publisher's own army write-ups for
# Light Foot, Warband, Heavy Foot, Bad Horse, Elephants, Knights, Horse Bow; the rest come from a
# third-party builder's data (unverified)." (Elephants are Fantasy Triumph's Behemoths.)
MOVE_CONFIRMED = {"Light Foot", "Warband", "Heavy Foot", "Bad Horse", "Behemoths", "Knights", "Horse Bow"}


@pytest.mark.parametrize("row", TROOP_ROWS, ids=[r["code"] for r in TROOP_ROWS])
def test_a_troop_type_shows_the_reference_figures_and_marks_an_unverified_move(row):
    e = _one(FT, row["fantasy_triumph_name"], "troop type")
    assert e.figures is not None and e.figures.columns == []
    confirmed = row["fantasy_triumph_name"] in MOVE_CONFIRMED
    assert _cells(e.figures) == {
        "points": [row["points"]],
        "foot or mounted": [row["foot_or_mounted"]],
        "order": [row["order"]],
        "move": [f"{row['move_mu']} MU" + ("" if confirmed else " (unverified)")],
        "shoots": [row["shoots"]],
        "shooting factor": [row["shooting_factor"]],
        "extra command point": [row["extra_command_point"]],
    }
    # the data holds no combat factors: said once; the unverified mark is explained once
    assert e.figures.notes.count("the data does not hold combat factors") == 1
    explained = [n for n in e.figures.notes if n.startswith("unverified:")]
    assert len(explained) == (0 if confirmed else 1)


def test_every_troop_type_s_move_mark_follows_the_data():
    troops = load_data(FT, "troops")["troops"]
    assert {t["name"] for t in troops if t["move_verified"]} == MOVE_CONFIRMED
    for t in troops:
        e = _one(FT, t["name"], "troop type")
        (move,) = _cells(e.figures)["move"]
        assert move.endswith("(unverified)") is (not t["move_verified"]), t["name"]
        assert e.row["move"] == move  # the catalog's table marks it the same way (it showed a bare '3*')


def test_the_builder_s_catalog_and_army_lines_mark_an_unverified_move():
    from pathlib import Path

    from armybuilder.edit.offer import board_for

    greenwood = Path(__file__).resolve().parents[3] / "examples" / "fantasy-triumph" / "greenwood-host.yaml"
    made, _ = board_for(greenwood, None)
    assert made is not None
    troops = {t["name"]: t for t in load_data(FT, "troops")["troops"]}
    [group] = [g for g in made.catalog if g.key == "troops"]
    for e in group.entries:
        t = troops[e.name]
        marked = f"moves {t['move']} MU (unverified)" in e.summary
        assert marked is (not t["move_verified"]), e.summary
        assert f"{t['order']} order" in e.summary
    # the class of Shooters (an unverified move) and of Light Foot (a confirmed one) in the army view
    rows = {r.title: r.subtitle for r in made.rows()}
    shooters = next(s for s in rows.values() if s.startswith("Shooters"))
    assert "open order · 3 MU (unverified) · shooting factor 3" in shooters
    light = next(s for s in rows.values() if s.startswith("Light Foot"))
    assert "open order" in light and "unverified" not in light and "shooting" not in light
