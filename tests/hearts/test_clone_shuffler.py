"""A clone shares its original's seeded shuffler until either uses it (issue 22: ``clone()``
cost 29 µs, most of it copying a Mersenne Twister the clones of a search never draw from).

The contract is unchanged (docs/contract.md: ``clone()`` is an independent copy): a clone and
its original deal the same next deal whichever goes first, and a draw by one never moves the
other's shuffler.
"""

from __future__ import annotations

import random

import hoyle
from hoyle.games.hearts.state import HeartsState


def _to_next_deal(state: HeartsState, rng: random.Random) -> list[int]:
    """Play at random until the next deal is dealt; its hands."""
    deal = state._deal_no
    while state._deal_no == deal and not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    return list(state._hands)


def test_a_clone_and_its_original_deal_the_same_next_deal_whichever_goes_first() -> None:
    game = hoyle.load("hearts")  # a match: the second deal is shuffled by the state itself
    original = game.new_initial_state(seed=11)
    for _ in range(7):
        original.apply_action(original.legal_actions()[0])
    assert isinstance(original, HeartsState)
    first, second = original.clone(), original.clone()
    assert first._rng_store is original._rng_store  # shared, not yet copied
    hands_first = _to_next_deal(first, random.Random(1))  # the first clone draws first
    assert first._rng_store is not original._rng_store  # it drew from a copy of its own
    hands_original = _to_next_deal(original, random.Random(1))
    hands_second = _to_next_deal(second, random.Random(1))
    assert hands_first == hands_original == hands_second
    # And what the original deals was not moved by the clones' draws: a fresh state from the
    # same seed, played the same way, deals the same.
    replay = game.new_initial_state(seed=11)
    for _ in range(7):
        replay.apply_action(replay.legal_actions()[0])
    assert isinstance(replay, HeartsState)
    assert _to_next_deal(replay, random.Random(1)) == hands_original


def test_a_clone_of_a_clone_keeps_its_own_position_in_the_shuffle() -> None:
    game = hoyle.load("hearts")
    a = game.new_initial_state(seed=3)
    assert isinstance(a, HeartsState)
    b = a.clone()
    a_rng = a._rng
    assert a_rng is not None
    a_rng.random()  # a draws (through its own copy): b's shuffler must not move
    c = b.clone()
    b_rng, c_rng = b._rng, c._rng
    assert b_rng is not None and c_rng is not None
    assert b_rng.getstate() == c_rng.getstate() != a_rng.getstate()
    assert b_rng is not c_rng
