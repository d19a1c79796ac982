"""tests.commands."""
