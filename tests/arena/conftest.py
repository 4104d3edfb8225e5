"""A small match the chart, database and report tests share (played once per session)."""

from __future__ import annotations

import pytest

from hoyle import arena
from hoyle.arena import MatchResult


@pytest.fixture(scope="session")
def small_match() -> MatchResult:
    """Eight duplicate deals of one-deal Hearts, easy against random, from seed 3."""
    return arena.match("hearts(deals=1)", ["easy", "random"], deals=8, seed=3)
