"""The command line of the parts the builder board needs: ``set conquest`` (a listed conquest
changed in place), ``set region --rename`` and a race kept as typed with ``--as-written``."""

from __future__ import annotations

import shutil
from pathlib import Path

from armybuilder.yamlio import load_file

from .helpers import EXAMPLES


def copy(tmp_path: Path, name: str) -> Path:
    target = tmp_path / name
    shutil.copyfile(EXAMPLES / name, target)
    return target


def data(f: Path) -> dict:
    return load_file(f).data


def refused(r, *words: str) -> None:
    assert r.exit_code == 2, r.stdout
    for w in words:
        assert w in r.stderr, r.stderr


def test_set_conquest_changes_a_conquest_in_place(run, tmp_path):
    f = copy(tmp_path, "trolls-discount.yaml")
    # Stranglethorn: 2 + 2 Night Elf tokens + Mountain = 5, the Trolls 1 less: 4 (seed 001, SWoW Trolls)
    r = run("set", f, "conquest", "stranglethorn", "--defender-tokens", "3", "--tokens", "5")
    assert r.exit_code == 0, r.stdout + r.stderr
    assert "conquest of Stranglethorn: from 3 tokens of the Night Elves, 5 tokens committed" in r.stdout
    first = data(f)["conquests"][0]
    assert first == {
        "region": "Stranglethorn",
        "defender": "Night Elves",
        "defender_tokens": 3,
        "mountain": True,
        "tokens": 5,
    }
    run("set", f, "conquest", "Stranglethorn", "--no-mountain", "--defences", "2", "--defender", "humans")
    first = data(f)["conquests"][0]
    assert first["mountain"] is False and first["defences"] == 2 and first["defender"] == "Humans"
    assert list(first) == ["region", "defender", "defender_tokens", "mountain", "defences", "tokens"]  # schema order
    run("set", f, "conquest", "Stranglethorn", "--defences", "0", "--tokens", "0")  # 0: dropped, not said
    assert data(f)["conquests"][0] == {
        "region": "Stranglethorn",
        "defender": "Humans",
        "defender_tokens": 3,
        "mountain": False,
    }
    # an empty region: no defender, no faction, no defending tokens
    run("set", f, "conquest", "Stranglethorn", "--defender-tokens", "0")
    assert data(f)["conquests"][0] == {"region": "Stranglethorn", "mountain": False}
    # without the die, the 1 token committed to Zul'Gurub no longer covers its cost of 2 (SWW008)
    r = run("set", f, "conquest", "Zul'Gurub", "--no-die")
    assert r.exit_code == 0 and data(f)["conquests"][1]["die"] is False and "SWW008" in r.stdout


def test_set_conquest_refusals(run, tmp_path):
    f = copy(tmp_path, "goblins-bombs.yaml")
    before = f.read_bytes()
    refused(run("set", f, "conquest", "Gadgetzan"), "say what to change", "--defender RACE")
    refused(run("set", f, "conquest", "Gadgetzan", "--defender", "Humans"), "--defender-tokens N")
    refused(
        run("set", f, "conquest", "Ratchet", "--defender-tokens", "0", "--defender", "Humans"),
        "an empty region",
    )
    refused(run("set", f, "conquest", "Gadgetzn", "--tokens", "3"), "did you mean 'Gadgetzan'?")
    refused(run("set", f, "conquest", "Ratchet", "--defender", "Kobolts"), "did you mean 'Kobolds'?")
    refused(run("set", f, "conquest", "Ratchet", "--tokens", "101"), "from 0 to 100")
    assert f.read_bytes() == before
    # a defender given to an empty region with its tokens is fine
    r = run("set", f, "conquest", "Gadgetzan", "--defender", "Humans", "--defender-tokens", "1", "--tokens", "3")
    assert r.exit_code == 0
    assert data(f)["conquests"][0] == {"region": "Gadgetzan", "defender": "Humans", "defender_tokens": 1, "tokens": 3}


def test_set_conquest_names_the_entry_of_two_that_share_a_region(run, tmp_path):
    f = tmp_path / "twice.yaml"
    f.write_text(
        "system: small-world-of-warcraft\nname: Twice\nactive:\n  race: Orcs\n  regions:\n"
        "    - {name: Crossroads, tokens: 6}\nconquests:\n"
        "  - {region: Crossroads, defender: Humans, defender_tokens: 1, tokens: 3}\n"
        "  - {region: Crossroads, tokens: 2}\n",
        encoding="utf-8",
    )
    refused(run("set", f, "conquest", "Crossroads", "--tokens", "4"), "more than one conquest of region", "entry 2")
    # written, and the list is still refused: a region conquered twice in one turn (SWW018)
    r = run("set", f, "conquest", "Crossroads", "--entry", "2", "--mountain", "--tokens", "3")
    assert r.exit_code == 0 and "list INVALID (1 error" in r.stdout
    assert data(f)["conquests"] == [
        {"region": "Crossroads", "defender": "Humans", "defender_tokens": 1, "tokens": 3},
        {"region": "Crossroads", "mountain": True, "tokens": 3},
    ]
    assert run("remove", f, "conquest", "Crossroads", "--entry", "1").exit_code == 0  # one conquest: valid
    assert data(f)["conquests"] == [{"region": "Crossroads", "mountain": True, "tokens": 3}]


def test_set_region_rename(run, tmp_path):
    f = copy(tmp_path, "thrall-turn-4.yaml")
    r = run("set", f, "region", "durotar", "--rename", "Orgrimmar  Gate")
    assert r.exit_code == 0 and "region Orgrimmar Gate, 3 tokens" in r.stdout
    assert data(f)["active"]["regions"][0] == {"name": "Orgrimmar Gate", "tokens": 3}
    run("set", f, "region", "Mulgore", "--decline", "--rename", "Thunder Bluff", "--tokens", "2")
    assert data(f)["decline"]["regions"] == [{"name": "Thunder Bluff", "tokens": 2}]
    run("set", f, "region", "Crossroads", "--rename", "CROSSROADS")  # its own name in other letters
    assert data(f)["active"]["regions"][1]["name"] == "CROSSROADS"
    before = f.read_bytes()
    # a region is listed once (SWW005), under either race
    refused(run("set", f, "region", "Orgrimmar Gate", "--rename", "thunder bluff"), "already lists Thunder Bluff")
    refused(run("set", f, "region", "Orgrimmar Gate", "--rename", " "), "cannot be empty")
    refused(run("set", f, "region", "Orgrimmar Gate"), "--rename NEW")
    assert f.read_bytes() == before


def test_a_race_as_written_keeps_its_spelling(run, tmp_path):
    f = copy(tmp_path, "thrall-turn-4.yaml")
    run("set", f, "active", "blood elves")
    assert data(f)["active"]["race"] == "Blood Elves"  # the data's spelling
    run("set", f, "active", "blood  elves", "--as-written")
    assert data(f)["active"]["race"] == "blood elves"  # as typed (race names match without regard to case)
    r = run("validate", f)
    assert r.exit_code == 0, r.stdout  # the same race
    run("set", f, "decline", "TAUREN", "--as-written")
    assert data(f)["decline"]["race"] == "TAUREN"
    refused(run("set", f, "active", "Orks"), "did you mean 'Orcs'?")
    assert run("set", f, "active", "Orks", "--as-written").exit_code == 0  # kept, and SWW001 says so
