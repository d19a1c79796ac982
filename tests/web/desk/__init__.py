"""tests.web.desk."""
