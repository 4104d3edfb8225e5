"""Fixtures of the card-room tests: one server and one headless Chromium per module."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, sync_playwright
from roomkit import Server, server_thread

CHROMIUM = "/usr/bin/chromium"
"""Debian's chromium: Playwright drives it and never downloads a browser of its own."""


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A card room for the module's tests (bots play at once)."""
    db: Path = tmp_path_factory.mktemp("room") / "room.sqlite3"
    with server_thread(db, hint_seconds=0.05) as server:
        yield server


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Headless Chromium."""
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield chromium
        chromium.close()
