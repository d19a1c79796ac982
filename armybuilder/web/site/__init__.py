"""armybuilder.web.site."""
