"""The verb grammar of ``add``, ``remove`` and ``set``, as their ``--help`` prints it.

Plain strings, so the CLI can import this at start-up without loading the adapters.
tests/compose/test_grammar.py checks that every part an adapter offers is listed here.
"""

from __future__ import annotations

_COMMON = """

The file is edited in place: its comments, key order and layout are kept, and the new file is
written atomically (a temporary file renamed over the old one), so an interrupted edit leaves the
old file whole. A file that does not parse is never rewritten, and an edit that would make it
unreadable is refused. An edit that makes the list invalid is written, and its findings shown.

After the edit: what changed, the new total against the limit, then each finding the edit caused
(path:line:col: CODE [severity] message) and each it fixed, one line each.

Names (cards, troop types, factions, races, units, heroes, and the classes, heroes and regions in
the file) match without regard to case; a near miss is refused with a suggestion. --as-written
keeps a name the data does not know. Names of more than one word may need quotes for the shell:
--troop 'Elite Foot'; a trailing name (spell Fire Wall) does not.

Exit codes: 0 done and the list is valid, 1 done and the list is invalid, 2 refused (nothing
written).
"""

_GRAMMAR = {
    "add": """\b
fantasy-triumph:
  add FILE class NAME --troop TROOP [--stands N] [--general]
  add FILE hero NAME
  add FILE stands CLASS N
  add FILE card CARD [--to CLASS | --hero HERO | --army] [--option OPT]... [--number N]
token-terrors:
  add FILE tokens FACTION [N]
  add FILE pick PLAYER FACTION N
homm3-battlefield:
  add FILE unit NAME [--side Few|Pack] [--alternate] [--neutral]
  add FILE ability NAME
  add FILE artifact NAME
  add FILE spell NAME
  add FILE specialty LEVEL...
small-world-of-warcraft:
  add FILE region NAME --tokens N [--magic] [--decline]
  add FILE bomb REGION [--opponent RACE]
  add FILE conquest REGION [--defender RACE --defender-tokens N] [--defender-faction FACTION] [--mountain | --no-mountain] [--defences N] [--tokens N] [--die]""",
    "remove": """\b
fantasy-triumph:
  remove FILE class NAME
  remove FILE hero NAME
  remove FILE stands CLASS N
  remove FILE card CARD [--from CLASS | --hero HERO | --army]
  remove FILE points | topography | player | note
token-terrors:
  remove FILE tokens FACTION [N]
  remove FILE pick [NUMBER]
homm3-battlefield:
  remove FILE unit NAME
  remove FILE ability NAME
  remove FILE artifact NAME
  remove FILE spell NAME
  remove FILE specialty LEVEL...
  remove FILE length | opponent | name
small-world-of-warcraft:
  remove FILE region NAME [--decline]
  remove FILE bomb REGION
  remove FILE conquest REGION
  remove FILE decline | in-hand | bombs-spent | name
  remove FILE power [--decline]
  remove FILE enlisted [--decline]""",
    "set": """\b
fantasy-triumph:
  set FILE name TEXT | player TEXT | note TEXT
  set FILE points N
  set FILE topography TOPOGRAPHY
  set FILE general CLASS
  set FILE stands CLASS N
  set FILE troop CLASS TROOP
  set FILE card CARD [--to CLASS | --hero HERO | --army] [--option OPT]... [--number N]
token-terrors:
  set FILE name TEXT
  set FILE tokens FACTION N
  set FILE players FIRST SECOND
homm3-battlefield:
  set FILE name TEXT
  set FILE mode skirmish|adventure|board
  set FILE length short|medium|large
  set FILE opponent player|neutral
  set FILE faction FACTION
  set FILE hero NAME [--level LEVEL]
  set FILE level LEVEL
  set FILE unit NAME [--side Few|Pack] [--alternate | --no-alternate]
small-world-of-warcraft:
  set FILE name TEXT
  set FILE active RACE [--power POWER]
  set FILE decline RACE [--power POWER]
  set FILE power POWER [--decline]
  set FILE in-hand N | bombs-spent N
  set FILE enlisted N [--decline]
  set FILE region NAME [--tokens N] [--magic | --no-magic] [--decline]""",
}

_FIRST = {
    "add": "Add a part to a list: a class, stands, a hero or a card (Fantasy Triumph); tokens of a "
           "faction or a draft pick (Token Terrors); a unit, ability, artifact, spell or specialty "
           "(Heroes III); a region, a bomb or a conquest (Small World).",
    "remove": "Remove a part from a list: a class, stands, a hero or a card (Fantasy Triumph); tokens "
              "or a pick (Token Terrors); a unit or a card (Heroes III); a region, a bomb, a conquest "
              "or the race in decline (Small World).",
    "set": "Change a setting or a part in place: the army size, topography, general, stands, troop "
           "type or a card's options (Fantasy Triumph); tokens or the draft's players (Token Terrors); "
           "mode, length, faction, hero, level or a unit's side (Heroes III); the active race, the race "
           "in decline, tokens in hand or a region (Small World).",
}

HELP = {verb: _FIRST[verb] + "\n\n" + _GRAMMAR[verb] + _COMMON for verb in _GRAMMAR}

NEW_HELP = """Start a new list file for a game system.

The file gets a header that lets editors check it against the list schema
(# yaml-language-server: $schema=...), a short comment on how to fill it in, and the keys every
list starts with. It is never written over an existing file without --force. The findings it
prints are what is left to fill in (the command exits 0 when the file was created).

\b
  armybuilder new fantasy-triumph host.yaml --name "The Greenwood Host" --points 51
  armybuilder new token-terrors muster.yaml
"""

CATALOG_HELP = """A table of a game system's cards, troop types, factions, races or units, with costs and
the rule each comes from.

\b
KIND per system:
  fantasy-triumph          cards, troops, topographies
  token-terrors            factions, talents, tactics, grudges
  homm3-battlefield        units, neutral, heroes, factions, abilities, spells
  small-world-of-warcraft  races
Without KIND: every kind. --filter keeps the rows that contain the text (any column, any case).
"""

EXPLAIN_HELP = """One entry in full: its cost rule, who may take it, caps, exclusions, the rule it comes
from and a summary. NAME matches without regard to case (cards, troop types, factions, races,
units, heroes, talents, tactics...); a near miss gets a suggestion.

\b
  armybuilder explain fantasy-triumph "Mobile Infantry"
  armybuilder explain homm3-battlefield Manticores --format json
"""
