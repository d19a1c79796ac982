"""One hint gives the whole fix (issue 41 item 4): FTR005 said "write it as {Spellblast: limited}" and
FTR006 "must choose 'physical' ... or 'magical'": following the first alone still failed the second.
Both now give the card with every choice it still needs, and the command that writes it."""

from __future__ import annotations

from armybuilder.check import check_text

LIST = """system: fantasy-triumph
name: Test
classes:
  - {name: Guard, troop: Spear, stands: 8, general: true, cards: [Ranged Attack]}
heroes:
  - name: Shaman
    cards: [Spellblast]
"""


def test_both_findings_give_the_same_whole_yaml():
    r = check_text(LIST)
    on_shaman = [f for f in r.findings if f.code in ("FTR005", "FTR006") and f.path[:2] == ("heroes", 0)]
    assert sorted(f.code for f in on_shaman) == ["FTR005", "FTR006"]
    for f in on_shaman:
        assert f.message.endswith("write it with every choice it needs, for example {Spellblast: [limited, physical]}")
        assert f.fix == ("set", "card", "Spellblast", "--hero", "Shaman", "--option", "limited", "--option", "physical")
    (guard,) = [f for f in r.findings if f.code == "FTR006" and f.path[:2] == ("classes", 0)]
    assert guard.message.endswith("for example {Ranged Attack: physical}")
    assert guard.fix == ("set", "card", "Ranged Attack", "--to", "Guard", "--option", "physical")


def test_a_choice_already_made_is_kept_in_the_fix():
    r = check_text(LIST.replace("cards: [Spellblast]", "cards: [{Spellblast: magical}]"))
    (f,) = [f for f in r.findings if f.code == "FTR005"]
    assert f.message.endswith("for example {Spellblast: [limited, magical]}")
    assert f.fix[-4:] == ("--option", "limited", "--option", "magical")


def test_validate_prints_the_command_and_following_it_fixes_both(run, tmp_path):
    f = tmp_path / "army.yaml"
    f.write_text(LIST, encoding="utf-8")
    r = run("validate", f)
    lines = r.stdout.splitlines()
    fix = f"  fix: armybuilder set {f} card Spellblast --hero Shaman --option limited --option physical"
    assert lines.count(fix) == 2  # after the FTR005 line and after the FTR006 line
    assert lines[lines.index(fix) - 1].split(": ", 2)[1].startswith("FTR00")
    r = run(*fix.split()[2:])  # the command as printed
    assert r.exit_code == 0, r.stderr
    assert "{Spellblast: [limited, physical]}" in f.read_text(encoding="utf-8")
    codes = {line.split()[1] for line in r.stdout.splitlines() if line.startswith("fixed: ")}
    assert codes == {"FTR005", "FTR006"}
    after = run("validate", f).stdout
    assert "Shaman" not in after and "Spellblast" not in after


def test_terrain_affinity_gives_no_made_up_terrains():
    r = check_text(LIST.replace("cards: [Ranged Attack]", "cards: [Terrain Affinity]").replace("Spear", "Light Foot"))
    (f,) = [f for f in r.findings if f.code == "FTR006" and "Terrain Affinity" in f.message]
    assert f.fix == () and "for example {Terrain" not in f.message
