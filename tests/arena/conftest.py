"""What the arena tests share: a small match (played once per session), and the study the kill
tests interrupt with its uninterrupted summary."""

from __future__ import annotations

import json
import subprocess
from typing import Any

import pytest
from studykit import STUDY, hoyle_command, hoyle_env, without_times

from hoyle import arena
from hoyle.arena import MatchResult


@pytest.fixture(scope="session")
def small_match() -> MatchResult:
    """Eight duplicate deals of one-deal Hearts, easy against random, from seed 3."""
    return arena.match("hearts(deals=1)", ["easy", "random"], deals=8, seed=3)


@pytest.fixture(scope="session")
def uninterrupted(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The summary of :data:`STUDY` played through in one process, never stopped."""
    out = tmp_path_factory.mktemp("whole") / "out.json"
    with out.open("w") as stdout:
        subprocess.run(
            [*hoyle_command(), *STUDY, "--quiet"], stdout=stdout, check=True, env=hoyle_env()
        )
    return without_times(json.loads(out.read_text()))
