"""Invasion and maneuver ratings, and the victory value (model.py, system.py; army.yaml).

The seeds are silent. ../shared/reference/README.md: "Invasion and maneuver ratings 0 to 4, rating
2 free. ... A public third-party Fantasy Triumph builder ... prices them ... encode them as data
marked 'secondary source':" (its minus signs written here as hyphens)

    | rating        | 0  | 1  | 2 | 3  | 4  |
    | invasion cost | +1 | +½ | 0 | -½ | -1 |
    | maneuver cost | -3 | -1 | 0 | +1 | +3 |

"An army without ratings in its list has 2 and 2 (free). The same builder shows a 'victory value'
(stands and heroes at full cost, army-card refunds ignored) and a victory threshold of one third of
it; treat that as secondary too."
"""

import json

import pytest
import yaml

from armybuilder.check import check_text
from armybuilder.resources import data_dir, schema_dir

from .conftest import ft_yaml

INVASION = {0: 1, 1: 0.5, 2: 0, 3: -0.5, 4: -1}
MANEUVER = {0: -3, 1: -1, 2: 0, 3: 1, 4: 3}


def army(**ratings) -> str:
    # Elite Foot 4 x 2 = 8 (general) + Light Foot 3 x 6 = 18: 26 points, 8 stands (CSV).
    text = ft_yaml(
        classes=[
            {"name": "Wardens", "troop": "Elite Foot", "stands": 2, "general": True},
            {"name": "Rangers", "troop": "Light Foot", "stands": 6},
        ],
        filler=False,
    )
    return text + "".join(f"{k}: {v}\n" for k, v in ratings.items())


def test_no_ratings_means_two_and_two_free():
    r = check_text(army())
    assert r.measure.total == 26 and r.valid
    assert r.details["ratings"] == {
        "invasion": {
            "rating": 2,
            "default": True,
            "points": 0,
            "rule": "invasion rating (secondary source, unverified)",
        },
        "maneuver": {
            "rating": 2,
            "default": True,
            "points": 0,
            "rule": "maneuver rating (secondary source, unverified)",
        },
    }
    (ratings,) = [s for s in r.sections if s.title == "Army ratings"]
    assert ratings.rows == [["Invasion", "2 (default)", "0"], ["Maneuver", "2 (default)", "0"]]


@pytest.mark.parametrize("value", range(5))
def test_each_rating_costs_the_secondary_sources_figure(value):
    r = check_text(army(invasion=value))
    assert r.details["ratings"]["invasion"]["points"] == INVASION[value]
    assert r.measure.total == 26 + INVASION[value]
    r = check_text(army(maneuver=value))
    assert r.details["ratings"]["maneuver"]["points"] == MANEUVER[value]
    assert r.measure.total == 26 + MANEUVER[value]


def test_the_issues_example_invasion_0_maneuver_4(run, tmp_path):
    # "armybuilder cost on a list with invasion: 0 and maneuver: 4 shows +1 and +3 and adds them to
    # the total": 26 + 1 + 3 = 30.
    path = tmp_path / "rated.yaml"
    path.write_text(army(invasion=0, maneuver=4), encoding="utf-8")
    r = run("cost", path)
    assert r.exit_code == 0
    rows = [line for line in r.stdout.splitlines() if "Invasion" in line or "Maneuver" in line]
    assert [line.split("│")[1:4] for line in rows] == [
        [" Invasion ", " 0     ", " +1     "],
        [" Maneuver ", " 4     ", " +3     "],
    ]
    assert "│ Points      │ 30    │ 51" in r.stdout
    r = run("cost", path, "--format", "json")
    (res,) = json.loads(r.stdout)["results"]
    assert res["points"]["total"] == 30
    assert res["breakdown"]["ratings"]["invasion"]["points"] == 1
    assert res["breakdown"]["ratings"]["maneuver"]["points"] == 3


@pytest.mark.parametrize(
    ("key", "value", "code"), [("invasion", 5, "ABL023"), ("maneuver", -1, "ABL023"), ("invasion", 2.5, "ABL020")]
)
def test_out_of_range_is_an_error_with_its_position(key, value, code):
    text = army(**{key: value})
    r = check_text(text, "rated.yaml")
    (f,) = r.findings
    last = len(text.splitlines())  # the rating is the list's last line
    assert (f.code, f.severity.value, f.line, f.column) == (code, "error", last, len(key) + 3)
    assert key in f.message and not r.valid


def test_the_list_schema_range_is_the_priced_ratings():
    schema = json.loads((schema_dir() / "fantasy-triumph.list.schema.json").read_text(encoding="utf-8"))
    data = yaml.safe_load((data_dir() / "fantasy-triumph" / "army.yaml").read_text(encoding="utf-8"))
    for kind, table in (("invasion", INVASION), ("maneuver", MANEUVER)):
        prop = schema["properties"][kind]
        entry = data[f"{kind}_rating"]
        assert {c["rating"]: c["points"] for c in entry["costs"]} == table
        assert (prop["minimum"], prop["maximum"]) == (min(table), max(table))
        assert entry["default"] == 2 and table[2] == 0  # free
        assert entry["unverified"] is True and entry["source"].startswith("secondary source")


def test_victory_value_and_break_loss():
    # Stands and heroes at full cost: Wardens 2 x 4 + Rangers 6 x 3 = 26; a hero with Mindblast
    # (1 + 4) = 5; army cards (No Camp -1... here Illusion x2, 2 points) and the ratings left out:
    # 31. One third: 10⅓, shown as 10.33.
    text = ft_yaml(
        classes=[
            {"name": "Wardens", "troop": "Elite Foot", "stands": 2, "general": True},
            {"name": "Rangers", "troop": "Light Foot", "stands": 6},
        ],
        heroes=[{"name": "Seer", "cards": ["Mindblast"]}],
        army_cards=[{"Illusion": 2}],
        filler=False,
    )
    r = check_text(text + "maneuver: 4\n")
    assert r.measure.total == 26 + 5 + 2 + 3
    v = r.details["victory"]
    assert v["value"] == 31 and v["break_fraction"] == "1/3"
    assert v["break_loss"] == pytest.approx(31 / 3)
    assert v["rule"] == "victory value (secondary source, unverified)"
    note = r.details["at_the_table"][-1]
    assert note.startswith("Victory value: 31 points (stands and heroes at full cost, refunds ignored);")
    assert "the army breaks when it has lost one third of it, 10⅓ points (secondary source, unverified)" in note
    (table,) = [s for s in r.sections if s.title == "At the table"]
    assert table.rows[-1] == [note]


def test_delayed_entry_refunds_do_not_lower_the_victory_value():
    # Rangers 6 x 3 with Delayed Entry on 2 stands: the refund (2 x 2 = 4, FT 32) comes off the
    # army's cost but not its victory value: 8 + 18 = 26.
    text = ft_yaml(
        classes=[
            {"name": "Wardens", "troop": "Elite Foot", "stands": 2, "general": True},
            {"name": "Rangers", "troop": "Light Foot", "stands": 6, "cards": [{"Delayed Entry": 2}]},
        ],
        filler=False,
    )
    r = check_text(text)
    assert r.measure.total == 22
    assert r.details["victory"]["value"] == 26


def test_victory_value_in_the_roster(tmp_path):
    from armybuilder.export.roster import build

    path = tmp_path / "rated.yaml"
    path.write_text(army(invasion=0, maneuver=4), encoding="utf-8")
    roster, _ = build(path)
    (table,) = [t for t in roster.tables if t.title == "At the table"]
    assert table.rows[-1][0].startswith("Victory value: 26 points")
    (ratings,) = [t for t in roster.tables if t.title == "Army ratings"]
    assert ratings.rows == [["Invasion", 0, "+1"], ["Maneuver", 4, "+3"]]
    assert roster.details["victory"]["value"] == 26


def test_ratings_from_the_command_line(run, tmp_path):
    path = tmp_path / "rated.yaml"
    path.write_text(army(), encoding="utf-8")
    r = run("set", path, "invasion", "0")
    assert r.exit_code == 0 and r.stdout.startswith("invasion rating: 0 (+1 point;")
    r = run("set", path, "maneuver", "5")
    assert r.exit_code == 2 and "from 0 to 4" in r.stderr
    assert "maneuver" not in path.read_text(encoding="utf-8")
    r = run("remove", path, "invasion")
    assert r.exit_code == 0 and "invasion" not in path.read_text(encoding="utf-8")
