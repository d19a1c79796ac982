"""Small World of Warcraft: each bundled example built by clicking its board, from a new list.

The common path is one click a part: a race from the catalog, a region typed into the catalog
entry of its token count (a Magic one for the Blood Elves), the conquest of the region just added
from the catalog entry of its defender (its cost committed), a bomb typed into the entry of its
opponent. A defence beyond the entry's (a second defending token, a Mountain) is one more click on
the conquest's row, and the tokens committed follow the cost.
"""

from __future__ import annotations

from tests.builder.driver import Plan

PLANS = [
    Plan(
        example="small-world-of-warcraft/blood-elves-magic.yaml",
        steps=(
            ("click", "Play the Blood Elves as your active race"),
            ("type", "Type the active race's name", "blood elves"),  # the example keeps its own spelling
            ("type", "Tokens in hand", "1"),
            ("type", "Add a Magic region of the Blood Elves with 3 tokens", "Silvermoon"),
            ("type", "Add a Magic region of the Blood Elves with 2 tokens", "Sunstrider Isle"),
            ("click", "Add the conquest of Sunstrider Isle from the Naga (1 token): costs 3 tokens, 3 committed"),
            ("type", "Add a region of the Blood Elves with 2 tokens", "Eversong Woods"),
            ("click", "Put the Tauren in decline"),
            ("type", "Add a region of the declined Tauren with 2 tokens", "Mulgore"),
            ("type", "Add a region of the declined Tauren with 2 tokens", "Thunder Bluff"),
        ),
    ),
    Plan(
        example="small-world-of-warcraft/forsaken-enlist.yaml",
        steps=(
            ("click", "Play the Forsaken as your active race"),
            ("type", "Add a region of the Forsaken with 5 tokens", "Tirisfal Glades"),
            ("type", "Add a region of the Forsaken with 3 tokens", "Silverpine"),
            ("click", "Add the conquest of Silverpine from the Worgen (1 token): costs 3 tokens, 3 committed"),
            ("click", "One more defending token in Silverpine (costs 4 tokens, 4 committed)"),
            ("type", "Add a region of the Forsaken with 3 tokens", "Hillsbrad"),
            ("click", "Add the conquest of Hillsbrad from the Humans (1 token): costs 3 tokens, 3 committed"),
            ("click", "Hillsbrad is a Mountain (costs 4 tokens, 4 committed)"),
            ("type", "Tokens the Forsaken enlisted this turn", "2"),
            ("click", "Put the Blood Elves in decline"),
            ("type", "Add a region of the declined Blood Elves with 1 token", "Eversong Woods"),
            ("click", "Eversong Woods is a Magic region"),
            ("type", "Add a region of the declined Blood Elves with 1 token", "Ghostlands"),
        ),
    ),
    Plan(
        example="small-world-of-warcraft/goblins-bombs.yaml",
        steps=(
            ("click", "Play the Goblins as your active race"),
            ("type", "Tokens in hand", "2"),
            ("type", "Add a region of the Goblins with 3 tokens", "Booty Bay"),
            ("type", "Add a region of the Goblins with 2 tokens", "Ratchet"),
            ("type", "Add a region of the Goblins with 2 tokens", "Gadgetzan"),
            ("click", "Add the conquest of Gadgetzan, an empty region: costs 2 tokens, 2 committed"),
            ("click", "Add a conquest of Ratchet"),
            ("click", "Add the conquest of Ratchet from the Kobolds (1 token): costs 3 tokens, 3 committed"),
            ("type", "Drop a bomb in a region of the Humans (type the region)", "Stormwind"),
            ("type", "Drop a bomb in a region of the Dwarves (type the region)", "Ironforge"),
            ("type", "Bombs the Goblins have spent", "3"),
            ("click", "Put the Trolls in decline"),
            ("type", "Add a region of the declined Trolls with 1 token", "Zul'Aman"),
            ("type", "Add a region of the declined Trolls with 1 token", "Echo Isles"),
        ),
    ),
    Plan(
        example="small-world-of-warcraft/thrall-turn-4.yaml",
        steps=(
            ("click", "Play the Orcs as your active race"),
            ("type", "Special power of the active race", "Blacksmith"),
            ("type", "Tokens in hand", "3"),
            ("type", "Add a region of the Orcs with 3 tokens", "Durotar"),
            ("type", "Add a region of the Orcs with 2 tokens", "Crossroads"),
            ("click", "Crossroads is a Magic region"),
            ("click", "Add the conquest of Crossroads from the Humans (1 token): costs 3 tokens, 3 committed"),
            # the example leaves out the tokens committed, and writes the faction and "no Mountain" out
            ("click", "Check the tokens committed to Crossroads"),
            ("choose", "Faction of the defender of Crossroads", "Alliance"),
            ("click", "Crossroads is a Mountain"),
            ("click", "Crossroads is a Mountain"),
            ("click", "Put the Tauren in decline"),
            ("type", "Add a region of the declined Tauren with 2 tokens", "Mulgore"),
        ),
    ),
    Plan(
        example="small-world-of-warcraft/trolls-discount.yaml",
        steps=(
            ("click", "Play the Trolls as your active race"),
            ("type", "Tokens in hand", "1"),
            ("type", "Add a region of the Trolls with 4 tokens", "Stranglethorn"),
            ("click", "Add the conquest of Stranglethorn from the Night Elves (1 token): costs 2 tokens, 2 committed"),
            ("click", "One more defending token in Stranglethorn (costs 3 tokens, 3 committed)"),
            ("click", "Stranglethorn is a Mountain (costs 4 tokens, 4 committed)"),
            ("type", "Add a region of the Trolls with 1 token", "Zul'Gurub"),
            ("click", "Add the conquest of Zul'Gurub, an empty region: costs 2 tokens, 2 committed"),
            ("click", "Zul'Gurub was tried with the reinforcement die"),
            ("type", "Tokens committed to Zul'Gurub", "1"),
            ("click", "Put the Orcs in decline"),
            ("type", "Add a region of the declined Orcs with 1 token", "Durotar"),
            ("type", "Add a region of the declined Orcs with 1 token", "Orgrimmar"),
        ),
    ),
]
