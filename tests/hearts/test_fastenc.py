"""The compiled Hearts encoder (``hoyle/games/hearts/_fastenc.c``) against the Python one.

Issue 9 asks that an observation tensor cost at most 1.5 plain steps; for Hearts that takes
compiled code (benchmarks/encoding_speed.py). The compiled encoder writes the pass and the play
of every game but those that count revokes (``HeartsEncoder.fast``); the Python encoder stays
the reference, and is what runs where hoyle was installed without a C compiler. So: at every
position of random deals of every preset (and of the options that change what the compiled
code writes), for every seat, the two write the same vector, entry for entry. The
information contract (a state and its resamples encode alike) is checked on the encoder in use
by tests/core/test_encoding_contract.py.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np
import pytest

import hoyle
from hoyle.core.compiled import compiled_allowed
from hoyle.games.hearts import encode
from hoyle.games.hearts.encode import HeartsEncoder
from hoyle.games.hearts.state import PASS, PLAY, HeartsGame, HeartsState

PRESETS = [v.name for v in hoyle.variants("hearts")]

# HOYLE_COMPILED=0 (the test run without compiled parts): nothing compiled to compare.
pytestmark = pytest.mark.skipif(not compiled_allowed(), reason="HOYLE_COMPILED=0")


def test_the_compiled_encoder_was_built() -> None:
    # run.sh installs gcc and the Python headers, so a test run always has it; a user's
    # install without a compiler falls back to Python (setup.py, optional=True).
    assert encode._compiled is not None, (
        "hoyle.games.hearts._fastenc was not built: install a C compiler and the Python "
        "headers (Debian: apt install gcc python3-dev), then pip install -e . again"
    )


def test_the_compiled_encoder_takes_every_preset_and_leaves_revoke_counts_to_python() -> None:
    for preset in PRESETS:
        assert HeartsEncoder(hoyle.load("hearts", variant=preset)).fast, preset
    # Revokes counted (a penalty for each): a seat's revokes change within a trick and are
    # written by Python only.
    assert not HeartsEncoder(hoyle.load("hearts(variant=double-game,revoke_penalty=5)")).fast


# Options beyond the presets whose fields the compiled code writes differently: the widow laid
# away from the hand, two jokers, other table sizes, two packs with a kitty, a stock game of
# three.
OPTIONS = [
    "variant=heartsette,widow=to_hand",
    "variant=joker,jokers=2",
    # A joker passed (both of them, with four cards passed): the compiled code once refused it.
    "variant=joker,jokers=2,pass_cycle=left,pass_count=4",
    "players=3",
    "players=6",
    "variant=black-maria,players=5",
    "variant=cancellation,players=7",
    "variant=domino,players=3",
]


def _pairs(preset: str) -> tuple[HeartsEncoder, HeartsEncoder]:
    spec = preset if "=" in preset else f"variant={preset}"
    game = hoyle.load(f"hearts({spec},deals=2)")
    fast, slow = HeartsEncoder(game), HeartsEncoder(game)
    slow.fast = False
    return fast, slow


@pytest.mark.parametrize("preset", PRESETS + OPTIONS)
def test_the_compiled_encoder_writes_what_the_python_one_does(preset: str) -> None:
    fast, slow = _pairs(preset)
    assert fast.fast
    game = fast.g
    a, b = fast.new_buffer(), slow.new_buffer()
    rng = random.Random(preset)
    phases: set[int] = set()
    for seed in range(3):
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            phases.add(state._phase)
            for seat in range(game.n):
                a.fill(np.nan)  # every entry must be written
                fast.encode(state, seat, a)
                slow.encode(state, seat, b)
                if not np.array_equal(a, b):
                    wrong = [
                        f.name
                        for f in fast.fields
                        if not np.array_equal(
                            a[f.start : f.start + f.size], b[f.start : f.start + f.size]
                        )
                    ]
                    pytest.fail(f"seat {seat}, phase {state._phase}: fields {wrong} differ")
            state.apply_action(rng.choice(state.legal_actions()))
    assert PLAY in phases
    if any(game.plans):
        assert PASS in phases  # the pass was written by the compiled code too


def _play_until(state: HeartsState, rng: random.Random, stop: Callable[[], bool]) -> None:
    """Random moves (chance by its outcomes) until ``stop()`` or the end of the game."""
    while not state.is_terminal() and not stop():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def _in_the_play(state: HeartsState) -> Callable[[], bool]:
    return lambda: not state.is_chance_node() and state._phase == PLAY


def _into_the_play(game: HeartsGame, seed: int) -> HeartsState:
    """A seeded deal played at random up to its first card of the play."""
    state = game.new_initial_state(seed=seed)
    _play_until(state, random.Random(seed), _in_the_play(state))
    return state


def test_a_clone_and_a_second_deal_are_encoded_afresh() -> None:
    # The deal's fixed part is kept per deal (keyed by the state's own trick list): a clone
    # that goes another way, and the next deal, must not reuse another's.
    fast, slow = _pairs("black-lady")
    game = fast.g
    rng = random.Random(3)
    state = _into_the_play(game, 11)
    a, b = fast.new_buffer(), slow.new_buffer()
    fast.encode(state, 0, a)
    other = state.clone()
    for _ in range(9):
        other.apply_action(rng.choice(other.legal_actions()))
    for s in (state, other):
        for seat in range(4):
            fast.encode(s, seat, a)
            slow.encode(s, seat, b)
            assert np.array_equal(a, b)
    _play_until(other, rng, lambda: other._deal_no != state._deal_no)
    _play_until(other, rng, _in_the_play(other))
    assert not other.is_terminal()
    fast.encode(other, 1, a)
    slow.encode(other, 1, b)
    assert np.array_equal(a, b)


def test_a_buffer_the_compiled_code_cannot_take_is_written_by_python() -> None:
    # A strided float32 view (every other entry of a larger array) passes the protocol's
    # dtype and shape checks; the compiled code declines it and Python writes it.
    fast, slow = _pairs("black-lady")
    state = _into_the_play(fast.g, 2)
    wide = np.full(2 * fast.size, np.nan, dtype=np.float32)
    strided = wide[::2]
    state.observation_tensor(2, out=strided)
    expected = slow.new_buffer()
    slow.encode(state, 2, expected)
    assert np.array_equal(strided, expected)
    assert np.isnan(wide[1::2]).all()  # nothing written between


def test_a_seat_that_does_not_exist_is_refused() -> None:
    fast, _ = _pairs("black-lady")
    state = _into_the_play(fast.g, 4)
    with pytest.raises((ValueError, IndexError)):
        fast.encode(state, 7, fast.new_buffer())
