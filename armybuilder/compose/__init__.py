"""Composing lists from the command line, and browsing the rules.

``armybuilder new / add / remove / set`` edit a list file in place, keeping its comments, key order
and layout (ruamel.yaml round trip, imported only by the edit commands); ``catalog`` and
``explain`` show what the data says about cards, troop types, factions, races and units.

* :mod:`armybuilder.edit.engine` - the edit engine: safe load, round trip, re-parse, atomic
  write, re-check, report.
* :mod:`armybuilder.compose.parts` - what a part declares (its usage, options and completion),
  and the parser that reads an edit's words with it.
* :mod:`armybuilder.compose.base` - what the systems' compose modules share: the request, name
  matching with suggestions, ruamel helpers.
* :mod:`armybuilder.compose.catalog` - catalog tables and explain entries, from each system's
  ``catalog`` module.
* :mod:`armybuilder.cli.completion` - shell completion (names from the declarations, the data
  and the file).
* :mod:`armybuilder.cli.help` - the help texts, made from the declarations.

Each system's own parts are in ``armybuilder/systems/<package>/compose.py``. This package's
``__init__`` stays empty: the CLI imports :mod:`grammar` at start-up.
"""
