"""tests.web.site."""
