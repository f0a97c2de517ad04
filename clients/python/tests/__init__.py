"""Tests of breeze_client."""
