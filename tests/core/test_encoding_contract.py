"""The observation-tensor contract, for every preset of every family with an encoder (issue 9).

"``State.observation_tensor(player)`` into a reusable numpy buffer … fixed shape per game string,
documented layout". What it must hold (hoyle.core.encoding):

* the vector has the encoder's size at every state, is float32, and ``out`` is filled in place,
  every entry overwritten;
* it tells a seat nothing ``observation(player)`` does not: a state and any
  ``resample_from_infostate`` of it encode alike for that seat (and for a spectator, who knows
  less than any seat);
* it does tell apart what the seat can tell apart (another deal, another seat's hand);
* the fields tile the vector: ``[0, size)`` with no gap and no overlap.

Families without an encoder are not in the parameter list; every other preset is.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import numpy as np
import pytest

import hoyle
from hoyle.core.encoding import Encoder, encoder, has_encoder
from hoyle.core.protocol import Game, State

PRESETS = [
    (fam, preset.name)
    for fam in hoyle.families()
    if has_encoder(fam)
    for preset in hoyle.variants(fam)
]
MAX_STEPS = 260  # enough for a deal of every family, short enough for CI


def load(fam: str, preset: str) -> Game:  # type: ignore[type-arg]
    return hoyle.load(fam, variant=preset)


def walk(game: Game, seed: int, dealt: bool) -> Iterator[State]:  # type: ignore[type-arg]
    """The states of a random playout (seeded deal, or chance nodes), at most MAX_STEPS."""
    rng = random.Random(seed)
    state = game.new_initial_state(seed=seed) if dealt else game.new_initial_state()
    for _ in range(MAX_STEPS):
        yield state
        if state.is_terminal():
            return
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def seats(game: Game) -> list[int | None]:  # type: ignore[type-arg]
    return [None, *range(game.num_players)]


@pytest.mark.parametrize(("fam", "preset"), PRESETS)
def test_fields_tile_the_vector(fam: str, preset: str) -> None:
    enc = encoder(load(fam, preset))
    assert isinstance(enc, Encoder)
    at = 0
    for f in enc.fields:
        assert f.start == at, f"{f.name} starts at {f.start}, not {at}"
        assert f.size > 0 and f.doc
        at += f.size
    assert at == enc.size
    assert len({f.name for f in enc.fields}) == len(enc.fields)
    assert enc.layout().count("\n") == len(enc.fields) + 1


@pytest.mark.parametrize(("fam", "preset"), PRESETS)
def test_fixed_size_float32_filled_in_place(fam: str, preset: str) -> None:
    game = load(fam, preset)
    enc = encoder(game)
    fresh = type(enc)(game)  # no cache: what the cached encoder writes must not depend on it
    buf = enc.new_buffer()
    other = fresh.new_buffer()
    for dealt, seed in ((True, 1), (False, 2)):
        for i, state in enumerate(walk(game, seed, dealt)):
            cur = state.current_player()
            who = seats(game) if i % 7 == 0 else [cur if cur >= 0 else None]
            for p in who:
                buf.fill(np.nan)
                got = state.observation_tensor(p, out=buf)
                assert got is buf
                assert buf.dtype == np.float32 and buf.shape == (enc.size,)
                assert not np.isnan(buf).any(), f"entries left unwritten for seat {p}"
                assert np.isfinite(buf).all()
                other.fill(np.nan)
                fresh.encode(state, p, other)
                np.testing.assert_array_equal(buf, other)
    with pytest.raises(ValueError, match="shape"):
        game.new_initial_state(seed=1).observation_tensor(0, out=np.zeros(enc.size + 1, "f4"))


@pytest.mark.parametrize(("fam", "preset"), PRESETS)
def test_resampled_states_encode_alike(fam: str, preset: str) -> None:
    """The leak test: a seat cannot tell a state from its resamples, nor can its vector."""
    game = load(fam, preset)
    rng = random.Random(5)
    checked = 0
    for dealt, seed in ((True, 3), (False, 4)):
        for i, state in enumerate(walk(game, seed, dealt)):
            if i % 11 != 5 or state.is_terminal():
                continue
            spectator = state.observation_tensor(None)
            for p in range(game.num_players):
                mine = state.observation_tensor(p)
                for _ in range(2):
                    other = state.resample_from_infostate(p, rng)
                    np.testing.assert_array_equal(
                        other.observation_tensor(p), mine, err_msg=f"seat {p}, step {i}"
                    )
                    np.testing.assert_array_equal(
                        other.observation_tensor(None), spectator, err_msg=f"spectator, step {i}"
                    )
                    checked += 1
    assert checked > 0


@pytest.mark.parametrize(("fam", "preset"), PRESETS)
def test_what_a_seat_can_tell_apart_differs(fam: str, preset: str) -> None:
    game = load(fam, preset)
    a = game.new_initial_state(seed=11)
    b = game.new_initial_state(seed=12)
    rng = random.Random(0)
    while a.is_chance_node():  # a family that deals at chance nodes even when seeded
        a.apply_action(rng.choice(a.chance_outcomes())[0])
    while b.is_chance_node():
        b.apply_action(rng.choice(b.chance_outcomes())[0])
    assert a.observation(0) != b.observation(0)  # two deals: seat 0's own cards differ
    va, vb = a.observation_tensor(0), b.observation_tensor(0)
    assert va.any() and not np.array_equal(va, vb)
    assert not np.array_equal(a.observation_tensor(0), a.observation_tensor(1))
