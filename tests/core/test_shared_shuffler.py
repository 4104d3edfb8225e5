"""Copies share a seeded shuffler until one draws (issue 22: a clone cost 40–45 µs in All
Fours, Écarté and Bourré, half of it copying a Mersenne Twister the clones of a search never
draw from).

The contract is unchanged (docs/contract.md: ``clone()`` is an independent copy): a clone and
its original deal the same next hand whichever goes first, and a draw by one never moves the
other's shuffler.
"""

from __future__ import annotations

import random

import pytest

import hoyle
from hoyle.core.copying import SharedShuffler
from hoyle.core.protocol import State


def _to_next_hand(state: State, rng: random.Random) -> list[int]:
    """Play at random until the next hand is dealt (or the game ends); its hands."""
    counter = "_deal_no" if hasattr(state, "_deal_no") else "_hand_no"
    hand = getattr(state, counter)
    while getattr(state, counter) == hand and not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert not state.is_terminal(), "the game ended before a second hand"
    return list(state._hands)


@pytest.mark.parametrize("spec", ["all-fours", "ecarte", "bourre"])
def test_a_clone_and_its_original_deal_the_same_next_hand_whichever_goes_first(
    spec: str,
) -> None:
    game = hoyle.load(spec)
    original = game.new_initial_state(seed=5)
    assert isinstance(original, SharedShuffler)
    walk = random.Random(2)
    for _ in range(3):
        original.apply_action(walk.choice(original.legal_actions()))
    first, second = original.clone(), original.clone()
    assert first.__dict__["_rng_store"] is original.__dict__["_rng_store"]  # shared
    hands_first = _to_next_hand(first, random.Random(1))  # the first clone draws first
    assert first.__dict__["_rng_store"] is not original.__dict__["_rng_store"]
    hands_original = _to_next_hand(original, random.Random(1))
    hands_second = _to_next_hand(second, random.Random(1))
    assert hands_first == hands_original == hands_second
    # The clones' draws did not move the original's shuffler: a fresh state from the same
    # seed, played the same way, deals the same.
    replay = game.new_initial_state(seed=5)
    walk = random.Random(2)
    for _ in range(3):
        replay.apply_action(walk.choice(replay.legal_actions()))
    assert _to_next_hand(replay, random.Random(1)) == hands_original
