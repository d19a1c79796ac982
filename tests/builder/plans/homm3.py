"""How a player builds the Heroes III Battlefield examples on the builder board
(armybuilder/systems/homm3/board.py): the settings first (mode, length or opponent, faction,
hero; a Skirmish sets the hero's level by its length), then one click per card (a typed name for
a card the data does not know) and one per unit, its side chosen by the catalog entry."""

from tests.builder.driver import Plan

SETTINGS = "Game mode", "Game length", "Faction", "Hero"
ARTIFACT, SPELL = "Add an Artifact card by name", "Add a Spell card by name"


def _skirmish(length: str, faction: str, hero: str) -> tuple[tuple[str, ...], ...]:
    return tuple(
        ("choose", label, value) for label, value in zip(SETTINGS, ("skirmish", length, faction, hero), strict=True)
    )


def _abilities(*names: str) -> tuple[tuple[str, ...], ...]:
    return tuple(("click", f"Add the {n} Ability card") for n in names)


def _typed(label: str, *names: str) -> tuple[tuple[str, ...], ...]:
    return tuple(("type", label, n) for n in names)


def _units(side: str, *names: str) -> tuple[tuple[str, ...], ...]:
    return tuple(("click", f"Add {n}, {side} side") for n in names)


PLANS = [
    Plan(
        example="homm3-battlefield/skirmish-short.yaml",
        steps=(
            *_skirmish("short", "Necropolis", "Sandro"),
            ("click", "Add Specialty card I (Cloak of the Undead King)"),
            *_abilities("Wisdom", "Tactics"),
            *_typed(ARTIFACT, "Sword of Judgement"),
            ("click", "Add the Fire Wall Spell card"),
            *_typed(SPELL, "Haste"),
            *_units("Few", "Skeletons", "Zombies", "Wraiths", "Vampires", "Liches"),
        ),
    ),
    Plan(
        example="homm3-battlefield/skirmish-medium.yaml",
        steps=(
            *_skirmish("medium", "Castle", "Catherine"),
            ("click", "Add Specialty cards I and IV (Crusaders)"),
            *_abilities("Archery", "Offense", "Wisdom"),
            *_typed(ARTIFACT, "Helm of Heavenly Enlightenment", "Sword of Judgement"),
            *_typed(SPELL, "Bless", "Haste", "Magic Arrow"),
            *_units("Pack", "Halberdiers", "Marksmen", "Griffins", "Crusaders", "Zealots", "Champions", "Archangels"),
        ),
    ),
    Plan(
        example="homm3-battlefield/skirmish-large.yaml",
        steps=(
            *_skirmish("large", "Dungeon", "Mutare"),
            ("click", "Add Specialty cards I, IV and VI (Dragons)"),
            *_abilities("Offense", "Leadership", "Archery", "Armorer"),
            *_typed(ARTIFACT, "Helm of Heavenly Enlightenment", "Sword of Judgement", "Centaur's Axe"),
            ("click", "Add the Fire Wall Spell card"),
            *_typed(SPELL, "Haste", "Bless", "Magic Arrow"),
            *_units("Pack", "Troglodytes", "Harpies", "Evil Eyes", "Medusas", "Minotaurs"),
            ("click", "Add Manticores, Pack side, alternate card"),
            *_units("Pack", "Black Dragons"),
        ),
    ),
    Plan(
        example="homm3-battlefield/adventure-medium.yaml",
        steps=(
            ("choose", "Game mode", "adventure"),
            ("choose", "Game length", "medium"),
            ("choose", "Faction", "Tower"),
            ("choose", "Hero", "Solmyr"),
            ("choose", "Hero level", "III"),
            ("click", "Add Specialty card I (Chain Lightning)"),
            *_abilities("Wisdom", "Intelligence"),
            ("click", "Add the Fire Wall Spell card"),
            *_units("Pack", "Gremlins", "Gargoyles"),
            *_units("Few", "Iron Golems", "Magi", "Genies"),
        ),
    ),
    Plan(
        example="homm3-battlefield/board-neutral.yaml",
        steps=(
            ("choose", "Game mode", "board"),
            ("choose", "Opponent", "neutral"),
            ("choose", "Faction", "Rampart"),
            ("choose", "Hero", "Gelu"),
            ("choose", "Hero level", "II"),
            ("click", "Add Specialty card I (Sharpshooters)"),
            *_abilities("Archery"),
            *_units("Pack", "Centaurs", "Dwarves", "Elves"),
            *_units("Few", "Pegasi"),
            ("click", "Add the neutral Sharpshooters"),
        ),
    ),
]
