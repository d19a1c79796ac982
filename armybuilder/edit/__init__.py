"""armybuilder.edit."""
