"""tests.desk."""
