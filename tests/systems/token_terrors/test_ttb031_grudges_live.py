"""TTB031: the Gruesome Grudges live between two armies (rivals split between the players)."""

import pytest

from armybuilder.systems.token_terrors.matchup import matchup

from .helpers import GOOD_DRAFT, army_text, draft, findings


def _live(tmp_path, a, b):
    pa, pb = tmp_path / "a.yaml", tmp_path / "b.yaml"
    pa.write_text(army_text(a, "A"), encoding="utf-8")
    pb.write_text(army_text(b, "B"), encoding="utf-8")
    import json

    out = matchup(pa, pb, "json")
    return [g["name"] for g in json.loads(out.stdout)["matchup"]["breakdown"]["grudges_live"]]


@pytest.mark.parametrize(
    "a, b, grudges",
    [
        ({"Goblins": 5, "Wyverns": 5}, {"Elves": 4, "Soldiers": 6}, ["Haughty Hatred"]),
        ({"Zombies": 5, "Goblins": 5}, {"Soldiers": 6, "Elves": 4}, ["Haughty Hatred", "Return to Dead"]),
        ({"Flying Machines": 6, "Swamplins": 4}, {"Wyverns": 5, "Goblins": 5}, ["Airborne Animosity"]),
        # sworn enemies in one army are no Grudge: both rivals must face each other
        ({"Goblins": 5, "Elves": 5}, {"Soldiers": 6, "Swamplins": 4}, []),
    ],
)
def test_grudges_live_in_a_matchup(tmp_path, a, b, grudges):
    assert _live(tmp_path, a, b) == grudges


def test_grudge_in_a_draft():
    r = draft(["Ozzy", "Wren"], GOOD_DRAFT)
    [f] = findings(r, "TTB031")
    assert f.message.startswith("the Gruesome Grudge 'Haughty Hatred' is live: Ozzy has Elves and Wren has Goblins")
    assert r.details["grudges_live"] == [
        {
            "name": "Haughty Hatred",
            "factions": ["Elves", "Goblins"],
            "challenge": "Play 3 or more games where Goblins and Elves battle each other.",
        }
    ]


def test_no_grudge_in_a_draft_without_rivals():
    r = draft(
        ["Ozzy", "Wren"],
        [("Ozzy", "Soldiers", 6), ("Wren", "Wyverns", 5), ("Ozzy", "Swamplins", 4), ("Wren", "Goblins", 5)],
    )
    assert findings(r, "TTB031") == []


def test_a_grudge_inside_one_army_is_not_in_reach_and_says_why(run, write):
    """Issue 26 point 13: cost and the roster listed a Gruesome Grudge "in reach" when both rival
    factions were in the same army. "Grudges are active if 2 players each control a faction that
    are sworn enemies" (seed 000), and a drafted faction is closed to the opponent: such a Grudge
    can be live only if both players agree to share factions."""
    from armybuilder.check import check_text

    r = check_text("system: token-terrors\nname: Feud\ntokens: {Goblins: 5, Elves: 5}\n")
    grudges = next(s for s in r.sections if s.title == "Gruesome Grudges in reach")
    assert grudges.rows == []
    assert any(
        n.startswith("Haughty Hatred: Goblins and Elves, its rivals, are both in this army")
        and "only if both players agree to share factions" in n
        for n in grudges.notes
    )
    assert r.details["army"]["grudges"] == []
    assert [g["name"] for g in r.details["army"]["grudges_only_with_shared_factions"]] == ["Haughty Hatred"]
    md = run(
        "export",
        write("feud.yaml", "system: token-terrors\nname: Feud\ntokens: {Goblins: 5, Elves: 5}\n"),
        "--to",
        "markdown",
        "-o",
        "-",
    ).stdout
    assert "| Haughty Hatred" not in md and "its rivals, are both in this army" in md
    one = check_text("system: token-terrors\nname: Host\ntokens: {Goblins: 5, Wyverns: 5}\n")
    reach = next(s for s in one.sections if s.title == "Gruesome Grudges in reach")
    assert [row[0] for row in reach.rows] == ["Haughty Hatred", "Airborne Animosity"]  # a rival outside it


def test_no_grudge_in_reach_shows_no_empty_table(run, write):
    """Zombies and Soldiers: Return to Dead pairs them, and both are in this army, so no Grudge is in
    reach (seed 000: "2 players each control a faction"); nor does a Terrible Tactic pair them. cost
    and the Markdown roster print each title and its notes, not a header row over no rows."""
    path = write("zs.yaml", "system: token-terrors\nname: ZS\ntokens: {Zombies: 5, Soldiers: 5}\n")
    cost = run("cost", path).stdout
    for title, note in (
        ("Gruesome Grudges in reach", "none: no faction here has a sworn enemy outside this army"),
        ("Terrible Tactics in reach", "none: no Tactic pairs two of these factions"),
    ):
        lines = cost.splitlines()
        at = lines.index(title)
        assert lines[at + 1] == f"  {note}", lines[at : at + 3]
    assert "┃ Grudge" not in cost and "┃ Tactic" not in cost
    md = run("export", path, "--to", "markdown", "-o", "-").stdout
    assert "## Gruesome Grudges in reach\n\n- none: no faction here has a sworn enemy outside this army\n" in md
    assert "| Grudge" not in md and "| Tactic" not in md
