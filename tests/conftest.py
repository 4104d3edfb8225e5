"""Test-wide settings: property tests are reproducible in CI and explore freely elsewhere."""

from __future__ import annotations

import os

from hypothesis import settings

# In CI every run must give the same verdict, so the examples are derived from the test's
# name; locally each run draws new examples (and keeps failures in .hypothesis/).
settings.register_profile("ci", derandomize=True, database=None)
if os.environ.get("CI"):
    settings.load_profile("ci")
