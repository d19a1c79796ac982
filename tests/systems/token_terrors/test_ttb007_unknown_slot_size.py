"""TTB007: Tyrannical and Titanic slot sizes are unknown; a list that uses one is told so."""

from armybuilder.resources import load_data

from .helpers import army, codes, draft, findings, with_catalog


def test_the_data_leaves_tyrannical_and_titanic_unknown():
    sizes = {r["name"]: r["slots"] for r in load_data("token-terrors", "rules")["rarities"]}
    assert sizes == {"Typical": 1, "Tyrannical": None, "Titanic": None}


def test_typical_tokens_pass():
    assert "TTB007" not in codes(army(Wyverns=5, Goblins=5))


def _tyrannical_goblins(monkeypatch):
    def change(factions):
        factions["Goblins"]["rarity"] = "Tyrannical"

    with_catalog(monkeypatch, change)


def test_a_tyrannical_faction_is_a_warning_and_the_total_is_not_checked(monkeypatch):
    _tyrannical_goblins(monkeypatch)
    r = army(Wyverns=5, Goblins=3)
    [f] = findings(r, "TTB007")
    assert f.severity.value == "warning"
    assert f.message == (
        "Goblins are Tyrannical: the rulebook does not say how many army slots a Tyrannical "
        "token uses, so the 10-slot total cannot be checked"
    )
    assert "TTB006" not in codes(r)
    assert r.valid
    assert r.measure.total is None
    assert r.sections[0].rows[1][-2:] == ["?", "?"]
    assert r.details["army"]["unknown_slot_sizes"] == ["Goblins"]


def test_a_tyrannical_faction_in_a_draft(monkeypatch):
    _tyrannical_goblins(monkeypatch)
    r = draft(["Ozzy", "Wren"], [("Ozzy", "Soldiers", 6), ("Wren", "Goblins", 2), ("Ozzy", "Elves", 4)])
    [f] = findings(r, "TTB007")
    assert f.message.startswith("Wren: Goblins are Tyrannical")
    assert f.path == ("draft", "picks", 1)
    assert codes(r, "error") == []  # Wren's total is unknown, Ozzy has 10
