"""The seed's own card names are accepted and written back canonical: "Flight" for Flying.

Seed 003, FT 55 (Spiked Carts): "Stands that have the Spiked Carts battle card may not have Flight
or Mobile Infantry." FT 59 (Terror): "Bow Levy with Flight and Terror". The card is FT 35, Flying.
"""

from .conftest import codes, ft_list, of


def test_a_list_saying_flight_is_priced_as_flying():
    # Bad Horse 3 (CSV) + hover Flying 1 = 4 (the publisher's example stand, reference README)
    r = ft_list(classes=[{"troop": "Bad Horse", "cards": [{"Flight": "hover"}]}])
    assert "FTR002" not in codes(r) and r.valid
    assert r.details["classes"][0]["per_stand"] == 4
    assert r.details["classes"][0]["cards"] == [{"card": "Flying (hover)", "points": 1}]


def test_flight_keeps_the_flying_rules():
    # FT 55: Spiked Carts excludes Flying, whatever it is called.
    r = ft_list(classes=[{"troop": "Heavy Foot", "cards": ["Spiked Carts", {"Flight": "zoom"}]}])
    assert of(r, "FTR008") and not r.valid


def test_add_flight_writes_flying(run, tmp_path):
    path = tmp_path / "host.yaml"
    path.write_text(
        "system: fantasy-triumph\nname: Host\nclasses:\n"
        "  - {name: Riders, troop: Bad Horse, stands: 8, general: true}\n",
        encoding="utf-8",
    )
    r = run("add", path, "card", "Flight", "--to", "Riders", "--option", "hover")
    assert r.exit_code == 0, r.stderr
    assert r.stdout.startswith("added Flying (hover) to class 'Riders'")
    assert "cards: [{Flying: hover}]" in path.read_text(encoding="utf-8")


def test_remove_flying_finds_a_card_written_flight(run, tmp_path):
    path = tmp_path / "host.yaml"
    path.write_text(
        "system: fantasy-triumph\nname: Host\nclasses:\n"
        "  - {name: Riders, troop: Bad Horse, stands: 8, general: true, cards: [{Flight: hover}]}\n",
        encoding="utf-8",
    )
    r = run("remove", path, "card", "Flying", "--from", "Riders")
    assert r.exit_code == 0, r.stderr
    assert "Flight" not in path.read_text(encoding="utf-8")


def test_explain_finds_flying_by_flight(run):
    r = run("explain", "fantasy-triumph", "Flight")
    assert r.exit_code == 0 and r.stdout.startswith("Flying  (card, FT 35)")
    assert "also written: Flight" in r.stdout
