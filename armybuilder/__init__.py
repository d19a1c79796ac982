"""armybuilder: army-list builder and points validator for tabletop wargames and board games."""

__version__ = "0.1.0"
