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

import copy
import pickle
import random
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

import hoyle
from encoding_helpers import check_fields
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
    check_fields(enc)
    assert len({f.name for f in enc.fields}) == len(enc.fields)
    assert enc.layout().count("\n") == len(enc.fields) + 1


@pytest.mark.parametrize(("fam", "preset"), PRESETS)
def test_fixed_size_float32_filled_in_place(fam: str, preset: str) -> None:
    game = load(fam, preset)
    enc = encoder(game)
    buf = enc.new_buffer()
    other = enc.new_buffer()
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
                # A clone has lists of its own: whatever an encoder kept from earlier states
                # of this playout, the clone's vector is built from scratch, and must agree.
                other.fill(np.nan)
                state.clone().observation_tensor(p, out=other)
                np.testing.assert_array_equal(buf, other)
    # A strided view of a larger array is filled alike (an encoder may not assume contiguity).
    state = game.new_initial_state(seed=1)
    strided = np.full(2 * enc.size, np.nan, dtype=np.float32)[::2]
    state.observation_tensor(0, out=strided)
    np.testing.assert_array_equal(strided, state.observation_tensor(0))
    with pytest.raises(ValueError, match="shape"):
        game.new_initial_state(seed=1).observation_tensor(0, out=np.zeros(enc.size + 1, "f4"))
    # A seat the game does not have is refused, naming the seats, before anything is written.
    buf.fill(7.0)
    for wrong in (game.num_players, -1):
        with pytest.raises(ValueError, match="not a seat of this game"):
            state.observation_tensor(wrong, out=buf)
    assert (buf == 7.0).all()


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


def advance(state: State, rng: random.Random) -> None:
    if state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    else:
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(("fam", "preset"), PRESETS)
def test_what_a_seat_can_tell_apart_differs(fam: str, preset: str) -> None:
    """Two deals: once seat 0's observations differ (its own cards, at the latest once dealt,
    after a cut or a guess), so do its vectors; and two seats' views of one deal differ."""
    game = load(fam, preset)
    a = game.new_initial_state(seed=11)
    b = game.new_initial_state(seed=12)
    rng_a, rng_b = random.Random(0), random.Random(0)
    for _ in range(40):
        if a.observation(0).get("hand") != b.observation(0).get("hand"):
            break
        advance(a, rng_a)
        advance(b, rng_b)
    assert a.observation(0).get("hand") != b.observation(0).get("hand")
    va, vb = a.observation_tensor(0), b.observation_tensor(0)
    assert va.any() and not np.array_equal(va, vb)
    assert not np.array_equal(a.observation_tensor(0), a.observation_tensor(1))


@pytest.mark.parametrize(("fam", "title"), [("hearts", "## Hearts"), ("all-fours", "## All Fours")])
def test_the_docs_show_the_layouts_as_they_are(fam: str, title: str) -> None:
    """docs/observation-tensors.md pastes these two layouts: they must not drift from the code."""
    doc = (Path(__file__).parents[2] / "docs" / "observation-tensors.md").read_text()
    section = doc[doc.index(title) :]
    enc = encoder(hoyle.load(fam))
    assert f"{enc.size} entries" in section.splitlines()[0]
    assert enc.layout() in section


@pytest.mark.parametrize(("fam", "preset"), PRESETS)
def test_games_states_and_encoders_still_pickle_and_copy(fam: str, preset: str) -> None:
    """Process pools and RL frameworks pickle games, states and environments: encoding keeps
    its encoder on the game, and neither that nor the encoder's buffers may stop them."""
    game = load(fam, preset)
    state = game.new_initial_state(seed=5)
    vec = state.observation_tensor(0)
    for copied in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        np.testing.assert_array_equal(copied.observation_tensor(0), vec)
    enc = pickle.loads(pickle.dumps(encoder(game)))
    out = enc.new_buffer()
    enc.encode(state, 0, out)
    np.testing.assert_array_equal(out, vec)
    assert pickle.loads(pickle.dumps(game)) == game
