"""Game day: a game played with one or two lists, kept as its own small file beside the list.

:mod:`armybuilder.games.model` is the game as plain data and what is done with it, without I/O:
read a game's data (hostile: every value checked), begin one from checked lists, record a tap,
undo and redo, and compute its :class:`~armybuilder.compose.game.Tracker` by the system's own
``game`` module (:mod:`armybuilder.compose.game`). The static site keeps a game in the browser's
storage and uses the same functions. :mod:`armybuilder.games.store` keeps a game in a file
(``NAME.game.json`` beside the list ``NAME.yaml``), every change written atomically under the
file's lock, with a revision number so that two tabs on one game never lose each other's taps.
"""
