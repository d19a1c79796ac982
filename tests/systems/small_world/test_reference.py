"""The race data matches the reference CSV (reference/smallworld-wow-races.csv)."""

import csv
import io

import pytest
import yaml

from armybuilder.resources import data_dir
from tests.support.shared import shared

# A frozen copy of reference/smallworld-wow-races.csv (a maintainers' check compares the live file too:
# ARMYBUILDER_SHARED=DIR, tests/support/shared.py).
CSV = """\
race,faction,tokens_in_box,faction_source
Blood Elves,Horde,10,inferred
Forsaken,Horde,20,inferred
Goblins,Horde,11,inferred
Orcs,Horde,11,inferred
Tauren,Horde,16,inferred
Trolls,Horde,11,inferred
Draenei,Alliance,12,inferred
Dwarves,Alliance,10,inferred
Gnomes,Alliance,10,inferred
Humans,Alliance,10,inferred
Night Elves,Alliance,9,inferred
Worgen,Alliance,10,inferred
Ethereals,Neutral,10,inferred
Kobolds,Neutral,11,inferred
Naga,Neutral,11,inferred
Pandaren,Neutral,10,inferred
Murlocs,not playable (start In Decline),15,rulebook
"""


def load_races():
    with open(data_dir() / "small-world-of-warcraft" / "races.yaml", encoding="utf-8") as fh:
        return yaml.safe_load(fh)["races"]


def rows(text):
    return list(csv.DictReader(io.StringIO(text)))


@pytest.mark.parametrize("source", ["frozen", pytest.param("live", marks=pytest.mark.maintainer)])
def test_races_match_the_reference_csv(source):
    text = shared("reference", "smallworld-wow-races.csv").read_text(encoding="utf-8") if source == "live" else CSV
    races = {r["name"]: r for r in load_races()}
    expected = rows(text)
    assert [r["race"] for r in expected] == list(races)
    for row in expected:
        race = races[row["race"]]
        assert race["tokens_in_box"] == int(row["tokens_in_box"])
        assert race["faction_source"] == row["faction_source"]
        if row["faction"] in ("Horde", "Alliance", "Neutral"):
            assert race["faction"] == row["faction"] and race["playable"]
        else:
            assert race["faction"] is None and not race["playable"]
            assert race["faction_note"] == row["faction"]
    assert sum(r["tokens_in_box"] for r in races.values() if r["playable"]) == 182  # reference README
