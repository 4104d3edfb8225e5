"""The compiled vector writer (``hoyle/core/_fastwrite.c``) against the numpy code it stands for.

``BitsWriter.write`` (Hearts, All Fours) and ``write_scaled`` (Écarté, Bourré, Spite and
Malice) end every ``observation_tensor`` call; the compiled writer does each in one call instead
of three or four numpy calls (benchmarks/encoding_speed.py). What must hold: the same vector,
entry for entry, as numpy writes (the numpy code is the reference, and what runs where hoyle
was installed without a C compiler); a buffer it cannot take goes to numpy; bad input raises
before anything is written. Whole encoders are compared by tests/core/test_encoding_contract.py,
which runs on the writer in use, and by the check below over random playouts.
"""

from __future__ import annotations

import random
import struct
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np
import pytest

import hoyle
from hoyle.core import encoding
from hoyle.core.compiled import compiled_allowed
from hoyle.core.encoding import BitsWriter, Encoder, encoder, write_scaled
from hoyle.core.protocol import Game
from hoyle.games.hearts.encode import HeartsEncoder

# HOYLE_COMPILED=0 (the test run without compiled parts): nothing compiled to compare.
pytestmark = pytest.mark.skipif(not compiled_allowed(), reason="HOYLE_COMPILED=0")


@contextmanager
def numpy_only() -> Iterator[None]:
    """The numpy code alone, as on an install without a compiler."""
    saved = encoding._fastwrite
    encoding._fastwrite = None  # type: ignore[assignment]
    try:
        yield
    finally:
        encoding._fastwrite = saved


def test_the_compiled_writer_was_built() -> None:
    assert encoding._fastwrite is not None, (
        "hoyle.core._fastwrite was not built: install a C compiler and the Python headers "
        "(Debian: apt install gcc python3-dev), then pip install -e . again"
    )


def _bits_case(rng: random.Random, nbits: int, nscalars: int) -> tuple[int, bytes]:
    bits = rng.getrandbits(nbits) if nbits else 0
    tail = struct.pack(f"<{nscalars}f", *(rng.uniform(-3, 3) for _ in range(nscalars)))
    return bits, tail


@pytest.mark.parametrize(("nbits", "nscalars"), [(0, 3), (1, 0), (7, 1), (8, 2), (1269, 16)])
def test_write_bits_writes_what_numpy_does(nbits: int, nscalars: int) -> None:
    rng = random.Random(nbits)
    for _ in range(20):
        bits, tail = _bits_case(rng, nbits, nscalars)
        compiled = np.full(nbits + nscalars, np.nan, dtype=np.float32)
        assert encoding._fastwrite.write_bits(compiled, bits, nbits, tail)
        reference = np.full(nbits + nscalars, np.nan, dtype=np.float32)
        with numpy_only():
            BitsWriter(nbits, nbits + nscalars).write(reference, bits, tail)
        assert np.array_equal(compiled, reference)


def test_write_bits_refuses_more_bits_than_the_vector_holds_and_writes_nothing() -> None:
    out = np.full(12, 7.0, dtype=np.float32)
    with pytest.raises(OverflowError):
        encoding._fastwrite.write_bits(out, 1 << 10, 10, struct.pack("<2f", 1, 2))
    with pytest.raises((OverflowError, ValueError)):  # (ValueError from Python 3.13 on)
        encoding._fastwrite.write_bits(out, -1, 10, struct.pack("<2f", 1, 2))
    assert (out == 7.0).all()


def test_a_strided_or_float64_buffer_is_left_to_numpy() -> None:
    wide = np.zeros(40, dtype=np.float32)
    assert not encoding._fastwrite.write_bits(wide[::2], 5, 10, struct.pack("<10f", *[1] * 10))
    assert not encoding._fastwrite.write_scaled(
        np.zeros(4), [1.0], np.ones(1, dtype=np.float32), [2]
    )
    # ... and BitsWriter then writes it with numpy, as before.
    BitsWriter(10, 20).write(wide[::2], 5, struct.pack("<10f", *[1] * 10))
    assert wide[::2][:3].tolist() == [1.0, 0.0, 1.0] and not wide[1::2].any()


def _scaled_case(rng: random.Random, size: int) -> tuple[list[float], np.ndarray, list[int]]:
    k = rng.randint(0, min(size, 30))
    values: list[float] = [rng.choice([rng.randint(0, 40), rng.uniform(-5, 5)]) for _ in range(k)]
    scales = np.array([rng.choice([1.0, 0.1, 1 / 7, 0.25]) for _ in range(k)], dtype=np.float32)
    ones = [rng.randrange(k, size) for _ in range(rng.randint(0, 40))] if size > k else []
    return values, scales, ones


def test_write_scaled_writes_what_numpy_does() -> None:
    rng = random.Random(9)
    for size in (1, 5, 64, 600, 1102):
        for _ in range(30):
            values, scales, ones = _scaled_case(rng, size)
            compiled = np.full(size, np.nan, dtype=np.float32)
            assert encoding._fastwrite.write_scaled(compiled, values, scales, ones)
            reference = np.full(size, np.nan, dtype=np.float32)
            reference.fill(0.0)
            head = reference[: len(values)]
            head[:] = values
            head *= scales
            reference.put(ones, 1.0)
            assert np.array_equal(compiled, reference)


def test_write_scaled_refuses_an_index_out_of_range_and_writes_nothing() -> None:
    out = np.full(8, 3.0, dtype=np.float32)
    with pytest.raises(IndexError, match="out of bounds"):
        write_scaled(out, [1.0], np.ones(1, dtype=np.float32), [2, 8])
    assert (out == 3.0).all()
    with pytest.raises(ValueError, match="one for each value"):
        encoding._fastwrite.write_scaled(out, [1.0, 2.0], np.ones(1, dtype=np.float32), [])
    assert (out == 3.0).all()


FAMILIES = ["hearts", "all-fours", "ecarte", "spite-malice"]


def _games(family: str) -> list[Game[Any]]:
    """The family's default preset (and Bourré, Écarté's other encoder)."""
    games = [hoyle.load(family)]
    if family == "ecarte":
        games.append(hoyle.load("ecarte", variant="bourre"))
    return games


def _python_encoder(game: Game[Any]) -> Encoder:
    """The game's encoder, with Hearts' compiled pass and play turned off."""
    if game.family != "hearts":
        return encoder(game)
    enc = HeartsEncoder(game)
    enc.fast = False
    return enc


@pytest.mark.parametrize("family", FAMILIES)
def test_every_family_encodes_alike_with_and_without_the_compiled_writer(family: str) -> None:
    # Each family's default preset, every seat, along random playouts: the vectors written
    # through the compiled writer equal numpy's. (Bourré shares Écarté's writer call; Hearts'
    # Python encoder is used throughout, since in the pass and the play its compiled encoder
    # would write the vector without the writer.)
    for game in _games(family):
        enc = _python_encoder(game)
        a, b = enc.new_buffer(), enc.new_buffer()
        rng = random.Random(family)
        for seed in range(2):
            state = game.new_initial_state(seed=seed)
            for _ in range(150):
                if state.is_terminal():
                    break
                if state.is_chance_node():
                    state.apply_action(rng.choice(state.chance_outcomes())[0])
                    continue
                for seat in range(game.num_players):
                    enc.encode(state, seat, a)
                    with numpy_only():
                        enc.encode(state, seat, b)
                    assert np.array_equal(a, b), f"{game}: seat {seat} differs"
                state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("family", FAMILIES)
def test_numpy_alone_still_writes_every_family(family: str) -> None:
    # The fallback path, run on its own (as where nothing was compiled).
    for game in _games(family):
        enc = _python_encoder(game)
        state = game.new_initial_state(seed=1)
        while state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        vec = np.full(enc.size, np.nan, dtype=np.float32)
        with numpy_only():
            enc.encode(state, state.current_player(), vec)
        assert not np.isnan(vec).any() and vec.any()
