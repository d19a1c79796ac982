"""armybuilder.commands."""
