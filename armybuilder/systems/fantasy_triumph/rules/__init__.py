"""The Fantasy Triumph rules: one module per finding code, in this explicit registry."""

from . import (
    army_card_cap,
    card_notes,
    card_number,
    card_placement,
    cards_exclude,
    class_cap,
    duplicate_card,
    duplicate_name,
    general,
    hero_points,
    listed_twice,
    marks_nothing,
    not_general,
    once_per_army,
    option_invalid,
    option_not_chosen,
    over_limit,
    stand_floor,
    stand_hero_cap,
    too_few_stands,
    too_many_heroes,
    topography,
    troop_restriction,
    unknown_card,
    unknown_troop,
    unspent_points,
    wasted_points,
)

REGISTRY = [
    unknown_troop,  # FTR001
    unknown_card,  # FTR002
    card_placement,  # FTR003
    duplicate_card,  # FTR004
    option_invalid,  # FTR005
    option_not_chosen,  # FTR006
    troop_restriction,  # FTR007
    cards_exclude,  # FTR008
    card_number,  # FTR009
    army_card_cap,  # FTR010
    once_per_army,  # FTR011
    stand_hero_cap,  # FTR012
    class_cap,  # FTR013
    not_general,  # FTR014
    duplicate_name,  # FTR015
    listed_twice,  # FTR016 (was FTR004's: a card bought in numbers in two entries)
    marks_nothing,  # FTR017 (was FTR003's: a marking card under army_cards, no number)
    over_limit,  # FTR020
    too_few_stands,  # FTR021
    general,  # FTR022
    too_many_heroes,  # FTR023
    hero_points,  # FTR024
    unspent_points,  # FTR025
    stand_floor,  # FTR026
    topography,  # FTR027
    wasted_points,  # FTR030
    card_notes,  # FTR031
]

ALL = REGISTRY  # every rule module: the codes the system reports (armybuilder rule)
