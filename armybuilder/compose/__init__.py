"""What a game system is written against (the contract): nothing here imports a game or the engine.

* :mod:`armybuilder.compose.parts` - what a part declares (its usage, options and completion),
  and the parser that reads an edit's words with it.
* :mod:`armybuilder.compose.base` - what the systems' compose modules share: the request, name
  matching with suggestions, ruamel helpers.
* :mod:`armybuilder.compose.catalog` - the catalog's entries (``Entry``, ``Figures``) and finding
  them among each system's kinds (its ``catalog`` module).
* :mod:`armybuilder.compose.board` - what a system's builder board declares.

Each system's own parts are in ``armybuilder/systems/<package>/compose.py``. The users are below
and above: the edit engine (:mod:`armybuilder.edit.engine`), the ``catalog`` and ``explain``
commands (:mod:`armybuilder.commands.browse`), help and completion (:mod:`armybuilder.cli.help`,
:mod:`armybuilder.cli.completion`). This package's ``__init__`` stays empty: the CLI imports
:mod:`armybuilder.cli.help` at start-up.
"""
