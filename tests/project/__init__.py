"""tests.project."""
