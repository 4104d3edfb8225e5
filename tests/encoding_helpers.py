"""What the observation-tensor tests of every family check alike (hoyle.core.encoding)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from hoyle.cards import TOKENS, parse_cards
from hoyle.core.encoding import Encoder, encoder
from hoyle.core.protocol import State

Vec = npt.NDArray[np.float32]


def check_fields(enc: Encoder) -> None:
    """The fields tile [0, size) in order, with no gap, no overlap and no nameless entry."""
    at = 0
    for f in enc.fields:
        assert f.start == at, f"{f.name} starts at {f.start}, not {at}"
        assert f.size > 0 and f.doc
        at += f.size
    assert at == enc.size


def vector(state: State, player: int | None) -> Vec:
    """The vector written into a NaN-filled buffer: every entry must be overwritten."""
    buf = np.full(encoder(state.game).size, np.nan, dtype=np.float32)
    out = state.observation_tensor(player, out=buf)
    assert out is buf and out.dtype == np.float32
    assert np.isfinite(out).all(), "an entry was left unwritten"
    return out


def part(enc: Encoder, vec: Vec, name: str) -> Vec:
    """The entries of field ``name``."""
    f = enc.field(name)
    return vec[f.start : f.start + f.size]


def cards(enc: Encoder, vec: Vec, name: str) -> set[str]:
    """The cards a 52-card set field holds (its first plane)."""
    bits = part(enc, vec, name)
    return {TOKENS[c] for c in range(52) if bits[c] == 1.0}


def tokens(text: str) -> set[str]:
    """The card tokens of ``text`` (``"QS TH"``), as a set."""
    return {c.token for c in parse_cards(text)}
