"""The Small World of Warcraft rules: one module per finding code, in this explicit registry.

Each module has ``CODE``, ``NAME``, ``SEVERITY``, ``RULE``, a docstring (its documentation,
``armybuilder rule CODE``) and ``check(ctx)``, where ``ctx`` is the position
(:class:`armybuilder.systems.small_world.model.Position`).
"""

from . import (
    coins_left_out,
    conquered_from_itself,
    conquered_twice,
    conquest_not_held,
    conquest_tokens,
    conquest_tokens_free,
    conquest_tokens_held,
    decline_tokens,
    faction_mismatch,
    forsaken_enlist,
    goblin_bombs,
    lone_defender,
    not_playable,
    orcs_region_minimum,
    power_misplaced,
    region_twice,
    same_race,
    supply,
    tauren_alone,
    unknown_race,
)

REGISTRY = [
    unknown_race,  # SWW001
    not_playable,  # SWW002
    same_race,  # SWW003
    supply,  # SWW004
    region_twice,  # SWW005
    decline_tokens,  # SWW006
    power_misplaced,  # SWW007
    conquest_tokens,  # SWW008
    faction_mismatch,  # SWW009
    tauren_alone,  # SWW011
    goblin_bombs,  # SWW012
    forsaken_enlist,  # SWW013
    conquest_tokens_held,  # SWW015
    lone_defender,  # SWW016
    conquest_tokens_free,  # SWW017
    conquered_twice,  # SWW018
    conquest_not_held,  # SWW019
    conquered_from_itself,  # SWW020
    coins_left_out,  # SWW014 (the note, last)
]

# Every rule module, in code order: the codes the system reports (armybuilder rule), and the
# retired ones it no longer reports (SWW010: the Orcs' region minimum, a misreading of seed 001).
ALL = sorted([*REGISTRY, orcs_region_minimum], key=lambda m: str(m.CODE))
