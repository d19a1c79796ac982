"""The Token Terrors rules: one module per finding code, in these explicit registries.

``REGISTRY`` checks a list file (an army or a draft record); ``MATCHUP`` checks two armies
set against each other (``armybuilder matchup``).
"""

from . import (
    army_slots,
    beginner_mix,
    box_supply,
    challenging_mix,
    draft_faction_closed,
    draft_pick_size,
    draft_players,
    draft_turn_order,
    duplicate_faction,
    faction_advice,
    faction_cap,
    grudges_live,
    list_kind,
    shared_faction,
    tactics_in_reach,
    token_count,
    unknown_faction,
    unknown_slot_size,
    zero_tokens,
)

REGISTRY = [
    list_kind,  # TTB001
    unknown_faction,  # TTB002
    duplicate_faction,  # TTB003
    faction_cap,  # TTB005
    army_slots,  # TTB006
    unknown_slot_size,  # TTB007
    zero_tokens,  # TTB008 (TTB004, retired: a faction with 0 tokens was an error)
    draft_players,  # TTB010
    draft_turn_order,  # TTB011
    draft_pick_size,  # TTB012
    draft_faction_closed,  # TTB013
    box_supply,  # TTB014
    beginner_mix,  # TTB020
    challenging_mix,  # TTB021
    faction_advice,  # TTB022
    tactics_in_reach,  # TTB023
    grudges_live,  # TTB031 (draft records)
]

MATCHUP = [
    shared_faction,  # TTB030
    box_supply,  # TTB014 (with --allow-shared-factions)
    grudges_live,  # TTB031
]

ALL = [
    list_kind,
    unknown_faction,
    duplicate_faction,
    token_count,  # TTB004, retired (issue 46, item 17): TTB008
    faction_cap,
    army_slots,
    unknown_slot_size,
    zero_tokens,
    draft_players,
    draft_turn_order,
    draft_pick_size,
    draft_faction_closed,
    box_supply,
    beginner_mix,
    challenging_mix,
    faction_advice,
    tactics_in_reach,
    shared_faction,
    grudges_live,
]
