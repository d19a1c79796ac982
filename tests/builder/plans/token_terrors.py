"""Token Terrors: each bundled example built by its board, a faction (or a pick) with its tokens
typed in one action, the draft's players named one at a time."""

from tests.builder.driver import Plan

PLANS = [
    Plan(
        example="token-terrors/flying-squadron.yaml",
        steps=(
            ("type", "Add Flying Machines tokens", "6"),
            ("type", "Add Swamplins tokens", "4"),
        ),
    ),
    Plan(
        example="token-terrors/friday-night-draft.yaml",
        steps=(
            ("type", "First player's name", "Ozzy"),
            ("type", "Second player's name", "Wren"),
            ("type", "Ozzy drafts Soldiers tokens", "6"),
            ("type", "Wren drafts Wyverns tokens", "5"),
            ("type", "Ozzy drafts Elves tokens", "4"),
            ("type", "Wren drafts Goblins tokens", "5"),
        ),
    ),
    Plan(
        example="token-terrors/ozzys-muster.yaml",
        steps=(
            ("type", "Add Soldiers tokens", "6"),
            ("type", "Add Elves tokens", "4"),
        ),
    ),
    Plan(
        example="token-terrors/three-faction-challenge.yaml",
        steps=(
            ("type", "Add Zombies tokens", "3"),
            ("type", "Add Soldiers tokens", "3"),
            ("type", "Add Elves tokens", "4"),
        ),
    ),
    Plan(
        example="token-terrors/wrens-host.yaml",
        steps=(
            ("type", "Add Wyverns tokens", "5"),
            ("type", "Add Goblins tokens", "5"),
        ),
    ),
]
