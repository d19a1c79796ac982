"""Fantasy Triumph: each valid example built by clicking its board, from a new 51-point list.

A player adds a class from the troop types (one click: a class of 1 stand named after its troop
type; the first class takes the general, the army having none), renames it and sets its stands by
typing, then clicks its cards in the catalog (the class just added is where they go, one click a
card with its option or number); heroes the same way; army cards from their own group.
"""

from __future__ import annotations

from tests.builder.driver import Plan

GREENWOOD = (
    ("choose", "Home topography", "Forest"),
    ("click", "Add a class of Elite Foot, +4 points a stand"),
    ("type", "Rename Elite Foot", "Wardens"),
    ("click", "One more stand of Wardens, +4 points"),
    ("click", "Add Deadly to Wardens, +2 points a stand"),
    ("click", "Add Armored to Wardens, +½ point a stand"),
    ("click", "Add a class of Javelin Cavalry, +4 points a stand"),
    ("type", "Rename Javelin Cavalry", "Eagles"),
    ("click", "One more stand of Eagles, +4 points"),
    ("click", "Add Flying (zoom) to Eagles, +2 points a stand"),
    ("click", "Add a class of Light Foot, +3 points a stand"),
    ("type", "Rename Light Foot", "Rangers"),
    ("type", "Stands of Rangers", "3"),
    ("click", "Add Fast to Rangers, +½ point a stand"),
    ("click", "Add Mobile Infantry (ground) to Rangers, +½ point a stand carried"),
    ("click", "Add Delayed Entry (1 stand) to Rangers, −2 points a stand marked"),
    ("click", "Add a class of Shooters, +4 points a stand"),
    ("type", "Rename Shooters", "Archers of the Eaves"),
    ("click", "One more stand of Archers of the Eaves, +4 points"),
    ("click", "Add Terrain Affinity to Archers of the Eaves, +½ point a stand"),
    ("type", "Terrain of Terrain Affinity on Archers of the Eaves (2 separated by commas)", "Woods, Wooded Hills"),
    ("click", "Add a hero, +1 point"),
    ("type", "Rename Hero", "Archmage"),
    ("click", "Add Spellblast (unlimited, magical) to Archmage, +4½ points"),
    ("click", "Add Ambush (home) to the army, +1 point"),
    ("click", "Add Prepared Defenses (1 card) to the army, +½ point a card"),
)

IRON_MARCHES = (
    ("choose", "Home topography", "Forest"),
    ("choose", "Invasion rating", "4"),
    ("choose", "Maneuver rating", "3"),
    ("click", "Add a class of Elite Foot, +4 points a stand"),
    ("type", "Rename Elite Foot", "Guard"),
    ("click", "One more stand of Guard, +4 points"),
    ("click", "Add Deadly to Guard, +2 points a stand"),
    ("click", "Add Armored to Guard, +½ point a stand"),
    ("click", "Add a class of Knights, +4 points a stand"),
    ("type", "Rename Knights", "Sellswords"),
    ("click", "One more stand of Sellswords, +4 points"),
    ("click", "Add Fierce to Sellswords, 0 points a stand"),
    ("click", "Add Unreliable to Sellswords, −2 points a stand"),
    ("click", "Add Delayed Entry (1 stand) to Sellswords, −2 points a stand marked"),
    ("click", "Add a class of Shooters, +4 points a stand"),
    ("type", "Rename Shooters", "Crossbows"),
    ("type", "Stands of Crossbows", "3"),
    ("click", "Add Marksman to Crossbows, +1 point a stand"),
    ("click", "Add Craven to Crossbows, −½ point a stand"),
    ("click", "Add a class of Horde, +2 points a stand"),
    ("type", "Rename Horde", "Levy"),
    ("type", "Stands of Levy", "3"),
    ("click", "Add Brittle to Levy, −2 points a stand"),
    ("click", "Add a class of Spear, +4 points a stand"),
    ("type", "Rename Spear", "Spears"),
    ("click", "One more stand of Spears, +4 points"),
    ("click", "Add Hold the Line (2 cards) to Spears, +½ point a card"),
    ("click", "Add a hero, +1 point"),
    ("type", "Rename Hero", "Battle Priest"),
    ("click", "Add Hearten to Battle Priest, +1 point"),
    ("click", "Add Negate Magic (zone) to Battle Priest, +2 points"),
    ("click", "Add Illusion (2 cards) to the army, +1 point a card"),
    ("click", "Add No Camp to the army, +4 points"),
    ("click", "Add Prepared Defenses (1 card) to the army, +½ point a card"),
)

MIRE_COURT = (
    ("choose", "Home topography", "Dense Marsh"),
    ("click", "Add a class of Spear, +4 points a stand"),
    ("type", "Rename Spear", "Saurian Guard"),
    ("click", "One more stand of Saurian Guard, +4 points"),
    ("click", "Add Supporting Shooters to Saurian Guard, +1 point a stand"),
    ("click", "Add Terror to Saurian Guard, +2 points a stand"),
    ("click", "Add a class of Bad Horse, +3 points a stand"),
    ("type", "Rename Bad Horse", "Swamp Riders"),
    ("click", "One more stand of Swamp Riders, +3 points"),
    ("click", "Add Terrain Affinity to Swamp Riders, +1 point a stand"),
    ("type", "Terrain of Terrain Affinity on Swamp Riders (2 separated by commas)", "Marsh, Stream"),
    ("click", "Add a class of Horde, +2 points a stand"),
    ("type", "Rename Horde", "Bog Dead"),
    ("type", "Stands of Bog Dead", "3"),
    ("click", "Add Regenerate to Bog Dead, +1 point a stand"),
    ("click", "Add Weaken to Bog Dead, −½ point a stand"),
    ("click", "Add Slow to Bog Dead, −½ point a stand"),
    ("click", "Add a class of Skirmishers, +3 points a stand"),
    ("type", "Rename Skirmishers", "Skink Runners"),
    ("click", "One more stand of Skink Runners, +3 points"),
    ("click", "Add Fast to Skink Runners, +½ point a stand"),
    ("click", "Add Mobile Infantry (flying) to Skink Runners, +1 point a stand carried"),
    ("click", "Add a hero, +1 point"),
    ("type", "Rename Hero", "Oracle of the Deep"),
    ("click", "Add Mindblast to Oracle of the Deep, +4 points"),
    ("click", "Add a hero, +1 point"),
    ("type", "Rename Hero", "Warlord"),
    ("click", "Add Subcommander to Warlord, +2 points"),
    ("click", "Add Ambush to the army, +2 points"),
    ("click", "Add Prepared Defenses (2 cards) to the army, +1 point a card"),
    ("click", "Add Fortified Camp (fortified) to the army, +1 point"),
    ("click", "Add Illusion (1 card) to the army, +1 point a card"),
)

PLANS = [
    Plan(example="fantasy-triumph/greenwood-host.yaml", steps=GREENWOOD, points=51),
    Plan(example="fantasy-triumph/iron-marches.yaml", steps=IRON_MARCHES, points=51),
    Plan(example="fantasy-triumph/mire-court.yaml", steps=MIRE_COURT, points=51),
]
