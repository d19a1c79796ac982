"""The figures a player plays with, in a part's explanation (issue 36, "rules at hand"): each equals
what the game data holds, which its own tests check against the reference CSVs it was made from
(tests/systems/fantasy_triumph/test_data_vs_seed.py, tests/systems/homm3/test_reference.py); here the
explanation is read against those same rows. A move only a third-party builder gives is marked
unverified, never shown as fact; what the data does not hold (combat factors, a race's starting
tokens) is said once. ``armybuilder explain`` shows the same figures as the page."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from armybuilder.commands.browse import explain_text
from armybuilder.compose.catalog import Figures, explain_entries
from armybuilder.resources import load_data

FT, HM, SW = "fantasy-triumph", "homm3-battlefield", "small-world-of-warcraft"


def _one(system: str, name: str, kind: str):
    (entry,) = [e for e in explain_entries(system, name) if e.kind == kind]
    return entry


def _cells(figures: Figures) -> dict[str, list[str]]:
    return {label: cells for label, cells in figures.rows}


def test_a_small_world_race_shows_its_tokens_and_its_power_s_numbers():
    races = {r["name"]: r for r in load_data(SW, "races")["races"]}
    for name, r in races.items():
        f = _one(SW, name, "race").figures
        assert _cells(f)["race tokens in the box"] == [str(r["tokens_in_box"])]
        assert len([n for n in f.notes if "starts with" in n]) == 1  # not in the data: said once
    tauren = _cells(_one(SW, "Tauren", "race").figures)
    assert tauren["fewest tokens in a region"] == ["2"] == [str(races["Tauren"]["power"]["region_minimum"]["tokens"])]
    goblins = _cells(_one(SW, "Goblins", "race").figures)
    assert goblins["Bomb tokens"] == [str(races["Goblins"]["power"]["bombs"]["stack"])]


def test_a_token_terrors_faction_shows_its_figures_and_its_talents_costs():
    factions = load_data("token-terrors", "factions")
    slots = {r["name"]: r.get("slots") for r in load_data("token-terrors", "rules")["rarities"]}
    assert factions["box_supply_unverified"] is True
    for f in factions["factions"]:
        got = _one("token-terrors", f["name"], "faction").figures
        cells = _cells(got)
        assert cells["battle style"] == [f["battle_style"]] and cells["type"] == [f["type"]]
        assert cells["army slots a token"] == [str(slots[f["rarity"]])]
        assert cells["tokens in the box"] == [f"{f['box_supply']} (unverified)"]
        assert got.notes == ["unverified: the box supply is derived, not printed"]
        for t in f["talents"]:
            if t["kind"] == "trait":
                assert cells[f"trait {t['name']}"] == ["never issued"]
            else:
                n = t["command_cost"]
                assert cells[f"talent {t['name']}"] == [f"{n} command{'' if n == 1 else 's'} a use"]


def test_the_command_line_explains_with_the_same_figures(run):
    r = run("explain", FT, "Shooters")
    assert r.exit_code == 0, r.stderr
    lines = r.stdout.splitlines()
    assert "  figures:   points               4" in lines
    assert "             move                 3 MU (unverified)" in lines
    assert "             shooting factor      3" in lines
    assert sum("the data does not hold combat factors" in line for line in lines) == 1
    j = json.loads(run("explain", FT, "Shooters", "--format", "json").stdout)
    (entry,) = j["entries"]
    assert {"label": "move", "values": ["3 MU (unverified)"]} in entry["figures"]["rows"]
    assert entry["figures"]["columns"] == []
    r = run("explain", HM, "Halberdiers")
    head = next(line for line in r.stdout.splitlines() if line.startswith("  figures:"))
    assert head.split() == ["figures:", "Few", "Pack"]
    assert re.search(r"^ +attack +2 +3$", r.stdout, re.M) and re.search(r"^ +initiative +4 +5$", r.stdout, re.M)
    j = json.loads(run("explain", HM, "Halberdiers", "--format", "json").stdout)
    rows = {row["label"]: row["values"] for row in j["entries"][0]["figures"]["rows"]}
    assert rows["hp"] == ["2", "2"] and j["entries"][0]["figures"]["columns"] == ["Few", "Pack"]
    # an entry the data gives no figures has none (a card: its summary)
    assert json.loads(run("explain", FT, "Deadly", "--format", "json").stdout)["entries"][0]["figures"] is None


def test_the_figures_text_lines_up_wide_characters_and_shows_each_note():
    f = Figures(["Few", "Pack"], [("ア", ["1", "22"]), ("attack", ["333", "4"])], ["a note"])
    assert f.text() == ["        Few  Pack", "ア      1    22", "attack  333  4", "a note"]
    assert f.line() == "Few: ア 1, attack 333; Pack: ア 22, attack 4"
    assert Figures([], [("order", ["close"]), ("move", ["3 MU"])]).line() == "order: close, move: 3 MU"
    text = explain_text(explain_entries(FT, "Heavy Foot"))
    assert "figures:   points" in text and "(unverified)" not in text


def test_the_explain_page_escapes_figures(monkeypatch, tmp_path):
    """Figures come from the data, yet the page escapes them as any text (hostile input rule)."""
    from starlette.testclient import TestClient

    from armybuilder.compose import catalog
    from armybuilder.web.builder import make_app

    real = catalog.explain_entries

    def hostile(system, name):
        hits = real(system, name)
        hits[0].figures = Figures(["<b>Few</b>"], [("<script>x()</script>", ["<img src=x onerror=y()>"])], ["<i>n</i>"])
        return hits

    monkeypatch.setattr(catalog, "explain_entries", hostile)
    with TestClient(make_app(tmp_path), base_url="http://127.0.0.1:8765") as client:
        page = client.get("/explain/fantasy-triumph?name=Shooters").text
    assert "<script>x()" not in page and "<img src=x" not in page and "<b>Few" not in page and "<i>n" not in page
    assert "&lt;script&gt;x()&lt;/script&gt;" in page and "&lt;img src=x onerror=y()&gt;" in page


EXAMPLES = sorted(
    p for p in (Path(__file__).resolve().parents[2] / "examples").glob("*/*.yaml") if p.parent.name != "events"
)


@pytest.mark.parametrize("example", EXAMPLES, ids=[f"{p.parent.name}/{p.stem}" for p in EXAMPLES])
def test_every_question_mark_of_every_example_explains_its_part_in_place(example, tmp_path):
    """Every "?" on an example's list page (a part's row, a card, the catalog) asks for an explanation
    the data has: a part of the page (no second header or main) with the figures where the data
    holds them, never "nothing of that name"."""
    import html
    import shutil

    from starlette.testclient import TestClient

    from armybuilder.web.builder import make_app

    shutil.copyfile(example, tmp_path / "mine.yaml")
    with TestClient(make_app(tmp_path), base_url="http://127.0.0.1:8765") as client:
        page = client.get("/list/mine.yaml").text
        asks = sorted({html.unescape(h) for h in re.findall(r'<a class="explain" href="([^"]+)"', page)})
        assert asks, "no '?' on the page"
        for ask in asks:
            got = client.get(ask, headers={"HX-Request": "true"})
            assert got.status_code == 200, ask
            assert "<main" not in got.text and "<header" not in got.text, ask
            assert "Nothing of that name" not in got.text, ask
            assert "<h2>" in got.text, ask
