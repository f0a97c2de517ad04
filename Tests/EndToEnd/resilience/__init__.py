"""End-to-end tests: resilience (see ../__init__.py)."""
