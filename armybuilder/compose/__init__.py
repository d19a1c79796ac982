"""Composing lists from the command line, and browsing the rules.

``armybuilder new / add / remove / set`` edit a list file in place, keeping its comments, key order
and layout (ruamel.yaml round trip, imported only by the edit commands); ``catalog`` and
``explain`` show what the data says about cards, troop types, factions, races and units.

* :mod:`armybuilder.compose.edit` - the edit engine: safe load, round trip, re-parse, atomic
  write, re-check, report.
* :mod:`armybuilder.compose.base` - what the system adapters share: the request (a verb, a part,
  its arguments and options), name matching with suggestions, ruamel helpers.
* one adapter module per system (``fantasy_triumph``, ``token_terrors``, ``homm3``,
  ``small_world``): the parts a list has and what each verb does to them.
* :mod:`armybuilder.compose.catalog` - catalog tables and explain entries, from the data files.
* :mod:`armybuilder.compose.complete` - shell completion (names from the data and the file).
* :mod:`armybuilder.compose.grammar` - the verb grammar, as the commands' help prints it.

This package's ``__init__`` stays light: the CLI imports :mod:`grammar` at start-up.
"""

from __future__ import annotations

import importlib

ADAPTERS: dict[str, str] = {
    "fantasy-triumph": "armybuilder.compose.fantasy_triumph",
    "token-terrors": "armybuilder.compose.token_terrors",
    "small-world-of-warcraft": "armybuilder.compose.small_world",
    "homm3-battlefield": "armybuilder.compose.homm3",
}

# Exit codes of the edit commands (the same as validate's, plus a refusal).
EXIT_VALID, EXIT_INVALID, EXIT_REFUSED = 0, 1, 2


def adapter(system_id: str):
    """The adapter module of a system (KeyError when there is none)."""
    return importlib.import_module(ADAPTERS[system_id])
