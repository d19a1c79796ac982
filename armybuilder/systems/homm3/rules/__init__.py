"""The HoMM3 Battlefield rules, one module per finding code, in code order.

Each module has CODE, NAME, SEVERITY, RULE, a docstring (its documentation, shown by
``armybuilder rule CODE``) and ``check(army)`` yielding findings.
"""

from . import (
    ability_count,
    artifact_count,
    duplicate_card,
    duplicate_unit,
    expansion_content,
    hero_faction,
    hero_level,
    mode_keys,
    neutral_unit,
    own_ability_card,
    removed_ability,
    skirmish_all_units,
    specialties,
    spell_count,
    starting_ability,
    unit_limit,
    unit_side,
    unit_tier,
    unknown_card,
    unknown_faction,
    unknown_hero,
    unknown_unit,
)

REGISTRY = [
    mode_keys,  # HMB001
    unknown_faction,  # HMB002
    unknown_hero,  # HMB003
    hero_faction,  # HMB004
    hero_level,  # HMB005
    specialties,  # HMB006
    ability_count,  # HMB007
    removed_ability,  # HMB008
    starting_ability,  # HMB009
    artifact_count,  # HMB010
    spell_count,  # HMB011
    unknown_card,  # HMB012
    duplicate_card,  # HMB013
    unknown_unit,  # HMB014
    neutral_unit,  # HMB015
    duplicate_unit,  # HMB016
    unit_tier,  # HMB017
    unit_side,  # HMB018
    unit_limit,  # HMB019
    skirmish_all_units,  # HMB020
    own_ability_card,  # HMB021
    expansion_content,  # HMB022
]

ALL = REGISTRY  # every rule module: the codes the system reports (armybuilder rule)
