"""A shape error hides no other finding (issue 26 point 6).

"With ``stand: 2``, validate reports ABL022 alone; six more errors appear only after it is fixed."
Every shape error is reported at once, and the game's rules check the entries that fit the list
format: each entry of a top-level list with a shape error is left out, and what the rules find
about the other entries is reported. What they find about the list as a whole (its total, its
size) waits until the shape is right, since the entries left out count in it.
"""

from __future__ import annotations

from armybuilder.check import check_text

FT = """system: fantasy-triumph
name: Test
classes:
  - name: Wardens
    troop: Elite Foot
    stand: 2
    general: true
  - name: Knights
    troop: Knigts
    stands: 2
    cards: [Flying, Spellblast]
  - name: Rangers
    troop: Light Foot
    stands: two
heroes:
  - name: Seer
    cards: [Regenerate, Deadlyy]
"""


def _codes(result) -> list[tuple[str, tuple]]:
    return sorted((f.code, tuple(f.path)) for f in result.findings)


def test_every_shape_error_and_the_findings_of_the_well_formed_entries():
    r = check_text(FT, "army.yaml")
    assert _codes(r) == [
        ("ABL020", ("classes", 2, "stands")),  # stands: two
        ("ABL021", ("classes", 0)),  # no stands
        ("ABL022", ("classes", 0, "stand")),  # stand: 2
        ("FTR001", ("classes", 1, "troop")),  # Knigts
        ("FTR002", ("heroes", 0, "cards", 1)),  # Deadlyy
        ("FTR003", ("heroes", 0, "cards", 0)),  # Regenerate "cannot be applied to heroes" (FT 52)
        ("FTR005", ("classes", 1, "cards", 0)),  # Flying needs its mode
        ("FTR005", ("classes", 1, "cards", 1)),  # Spellblast needs its level
        ("FTR006", ("classes", 1, "cards", 1)),  # and its effect
    ]
    lines = {(f.code, f.line) for f in r.findings}
    assert ("FTR001", 9) in lines and ("FTR002", 17) in lines  # each where it is in the file
    assert r.measure.total is None  # no total: the entries left out count in it
    assert not r.valid


def test_nothing_about_the_list_as_a_whole_while_entries_are_left_out():
    # Two stands of 51 points are too few (FTR021), the general is in the entry left out (FTR022),
    # points are unspent (FTR025): none of it is said until the shape is right.
    r = check_text(FT, "army.yaml")
    assert not {"FTR020", "FTR021", "FTR022", "FTR025"} & {f.code for f in r.findings}
    fixed = check_text(FT.replace("stand: 2", "stands: 2").replace("stands: two", "stands: 2"), "army.yaml")
    assert {"FTR001", "FTR002", "FTR003", "FTR005", "FTR006", "FTR021"} <= {f.code for f in fixed.findings}


def test_a_shape_error_outside_an_entry_leaves_nothing_to_check():
    r = check_text(FT.replace("name: Test\n", "name: Test\npoints: lots\n"), "army.yaml")
    assert {f.code for f in r.findings} == {"ABL020", "ABL021", "ABL022"}


def test_the_other_systems_too():
    homm3 = (
        "system: homm3-battlefield\nname: X\nmode: skirmish\nlength: short\nfaction: Necropolis\n"
        "hero: {name: Sandro, level: III}\nspecialties: [I]\nabilities: [Wisdom, Tactics]\n"
        "artifacts: [Sword of Judgement]\nspells: [Fire Wall]\n"
        "units:\n  - {name: Skeletons, side: Few, colour: red}\n  - {name: Zombies, side: Pack}\n"
    )
    r = check_text(homm3, "army.yaml")
    codes = {f.code for f in r.findings}
    assert "ABL022" in codes  # colour
    assert any(f.path[:2] == ("units", 1) and f.code.startswith("HMB") for f in r.findings), codes  # Pack side
