"""PettingZoo's own checks on every preset of every family: ``api_test`` (the AEC contract:
spaces, ``last``, dead steps, rewards) and ``seed_test`` (two tables reset with one seed play
alike). Each runs one deal (``max_deals=1``) with random legal actions."""

from __future__ import annotations

import pytest
from pettingzoo.test import api_test, seed_test

import hoyle
from hoyle.envs.pettingzoo import env

# PettingZoo's checker names its own dict-observation games (chess, connect four …) to
# silence these two notes; any other game with an action mask in a dict gets them.
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
]

# Every preset of every family (a family without an observation encoder fails here).
PRESETS = [
    f"{family}(variant={preset.name})"
    for family in hoyle.families()
    for preset in hoyle.variants(family)
]


def test_the_presets_are_every_familys() -> None:
    assert {spec.split("(")[0] for spec in PRESETS} == {
        "hearts",
        "all-fours",
        "spite-malice",
        "ecarte",
        "bourre",
    }
    assert len(PRESETS) == len(set(PRESETS)) >= 56


@pytest.mark.parametrize("spec", PRESETS)
def test_api(spec: str) -> None:
    # 120 cycles end every preset's first deal under random play (the longest, a Spite and
    # Malice deal, takes about 110 decisions of two seats), so the end of an episode and the
    # dead steps that follow are exercised too.
    api_test(env(spec, max_deals=1), num_cycles=120)


@pytest.mark.parametrize("spec", PRESETS)
def test_seed(spec: str) -> None:
    seed_test(lambda: env(spec, max_deals=1), num_cycles=120)
