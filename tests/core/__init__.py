"""tests.core."""
