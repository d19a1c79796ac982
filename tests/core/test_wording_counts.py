"""Wording (issue 41 item 8): what a message counts, in the words of what it counts."""

from __future__ import annotations

ROOT_EXAMPLES = "examples/token-terrors"


def test_an_event_limit_on_a_card_says_it_counts_stands(run, write):
    pack = write("pack.yaml", "event: Test Cup\nsystem: fantasy-triumph\nlimit: {Deadly: 4, Illusion: 1}\n")
    army = write(
        "army.yaml",
        "system: fantasy-triumph\nname: D\nclasses:\n"
        "  - {name: A, troop: Spear, stands: 4, general: true, cards: [Deadly]}\n"
        "  - {name: B, troop: Spear, stands: 2, cards: [Deadly]}\n"
        "army_cards:\n  - Illusion: 2\n",
    )
    r = run("validate", army, "--event", pack)
    assert "Test Cup allows at most 4 stands with card 'Deadly'; the list has 6 (list lines 4, 5)" in r.stdout
    assert "Test Cup allows at most 1 card 'Illusion'; the list has 2 (list line 7)" in r.stdout
    assert "4 card 'Deadly'" not in r.stdout


def test_rule_prints_no_code_marks(run):
    r = run("rule", "FTR021")
    assert r.exit_code == 0 and "``" not in r.stdout and "data/fantasy-triumph/army.yaml" in r.stdout


def test_matchup_counts_every_finding_it_printed(run):
    r = run("matchup", f"{ROOT_EXAMPLES}/wrens-host.yaml", f"{ROOT_EXAMPLES}/ozzys-muster.yaml")
    infos = sum(1 for line in r.stdout.splitlines() if " [info] " in line)
    assert infos == 6
    assert r.stdout.rstrip().endswith(f"(0 errors, 0 warnings, {infos} info in both armies and the matchup)")


def test_a_faction_is_named_in_the_singular_or_the_plural(run, tmp_path):
    f = tmp_path / "tt.yaml"
    run("new", "token-terrors", f)
    for word in ("Zombie", "elf"):
        r = run("add", f, "tokens", word, "5")
        assert r.exit_code == 0, r.stderr
    assert "Zombies: 5" in r.stdout + f.read_text(encoding="utf-8") and "Elves: 5" in f.read_text(encoding="utf-8")
    f.write_text("system: token-terrors\nname: X\ntokens: {Zombie: 5, Elf: 5}\n", encoding="utf-8")
    assert run("validate", f).exit_code == 0


def test_a_roster_with_info_notes_only_heads_them_notes(run, tmp_path):
    """A VALID Token Terrors roster put its info notes under "Warnings and notes", in amber."""
    out = tmp_path / "wren.md"
    assert run("export", f"{ROOT_EXAMPLES}/wrens-host.yaml", "-o", out).exit_code == 0
    text = out.read_text(encoding="utf-8")
    assert "\n## Notes\n" in text and "Warnings and notes" not in text
    assert run("verify", out).exit_code == 0  # a roster with the new heading still verifies
    md = tmp_path / "warned.md"  # a faction and a hero from outside the Core Game: HMB022 warnings
    run("export", "examples/homm3-battlefield/adventure-medium.yaml", "-o", md)
    assert "\n## Warnings and notes\n" in md.read_text(encoding="utf-8")


def test_a_roster_does_not_say_the_tactics_in_reach_twice(run, tmp_path):
    """A VALID Token Terrors roster repeated its "Terrible Tactics in reach" table as info notes (TTB023)."""
    out = tmp_path / "wren.md"
    run("export", f"{ROOT_EXAMPLES}/wrens-host.yaml", "-o", out)
    text = out.read_text(encoding="utf-8")
    assert "## Terrible Tactics in reach" in text and "Death from Above" in text
    assert "TTB023" not in text and text.count("Death from Above") == 1
    assert "- Status: **VALID** (0 errors, 0 warnings, 3 info)" in text  # the counts stay the list's
    r = run("validate", f"{ROOT_EXAMPLES}/wrens-host.yaml")
    assert "TTB023" in r.stdout  # validate still lists every finding
