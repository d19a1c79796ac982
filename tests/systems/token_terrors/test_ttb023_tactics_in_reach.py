"""TTB023: the Terrible Tactics an army's factions can use, and the challenge that unlocks each."""

from .helpers import army, findings


def _names(r):
    return sorted(t["name"] for t in r.details["army"]["tactics"])


def test_no_tactic_pairs_soldiers_and_zombies():
    # Zombies and Soldiers are a Grudge pair, not a Tactic pair
    r = army(Soldiers=5, Zombies=5)
    assert findings(r, "TTB023") == []
    assert _names(r) == []


def test_goblins_and_wyverns():
    r = army(Wyverns=5, Goblins=5)
    assert _names(r) == ["Big Bad Bird Bait", "Death from Above"]
    known, unknown = sorted(findings(r, "TTB023"), key=lambda f: "???" in f.message)
    assert known.message == (
        "this army can use the Terrible Tactic 'Death from Above' (Goblins and Wyverns) with Mastery of Tactics and "
        "a token of each on the Battleground; unlocked by: Win a game with at least 1 Goblin and 1 Wyvern remaining "
        "on the Battleground."
    )
    assert unknown.message.startswith(
        "Wyverns share the Terrible Tactic 'Big Bad Bird Bait' with a faction the rulebook leaves unnamed ('???')"
    )
    tactic = next(t for t in r.details["army"]["tactics"] if t["name"] == "Big Bad Bird Bait")
    assert tactic["factions"] == ["Wyverns", None] and tactic["partner_unknown"] is True


def test_three_factions_reach_two_tactics():
    # Zombies 3, Soldiers 3, Elves 4: Corpse Cover (Elves & Zombies), The Alliance of Elves and Men (Elves & Soldiers)
    assert _names(army(Zombies=3, Soldiers=3, Elves=4)) == ["Corpse Cover", "The Alliance of Elves and Men"]


def test_swamplins_goblins():
    assert _names(army(Swamplins=4, Goblins=6)) == ["Goblin War Frenzy", "Treacherous Scum"]
