"""Observation tensors: what a seat may see, as a fixed-length vector for learning agents.

Each family registers an :class:`Encoder` factory. An encoder is built once per game (its
length follows the rule options and the table size, never the position) and writes one seat's
view into a float32 buffer the caller keeps, so an environment stepping millions of times
allocates nothing::

    game = hoyle.load("hearts", deals=1)
    enc = encoder(game)                 # the layout: enc.fields, enc.layout()
    buf = enc.new_buffer()
    state = game.new_initial_state(seed=1)
    state.observation_tensor(0, out=buf)  # fills buf in place and returns it

An encoder may read the state's internals for speed, but it must write only what
``observation(player)`` tells that seat: two states the seat cannot tell apart (a state and any
``resample_from_infostate`` of it) encode to the same vector. The tests check exactly that.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from hoyle.core.compiled import load_compiled

if TYPE_CHECKING:
    from hoyle.core.protocol import Game, State

# Installed without a C compiler (or HOYLE_COMPILED=0): numpy writes the vectors.
_fastwrite: Any = load_compiled("hoyle.core._fastwrite")

__all__ = [
    "BitsWriter",
    "Encoder",
    "Field",
    "encoder",
    "has_encoder",
    "write_scaled",
]

Vector = npt.NDArray[np.float32]
"""A one-dimensional float32 array."""


@dataclass(frozen=True)
class Field:
    """One named slice of an encoding: ``vector[start:start + size]``.

    Attributes:
        name: a short identifier, e.g. ``"hand"`` or ``"trick_seat1"``.
        start: its first index in the vector.
        size: how many entries it takes.
        doc: what each entry means, in one line (e.g. "1 if the card is in the hand, by card
            index 2C…AS").
    """

    name: str
    start: int
    size: int
    doc: str


class Encoder(ABC):
    """A game's observation layout and the code that fills it.

    Subclasses declare their fields in ``__init__`` with :meth:`add` and implement
    :meth:`encode`. ``size`` and ``fields`` never change after construction.
    """

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.fields: list[Field] = []
        self.size = 0

    def add(self, name: str, size: int, doc: str) -> Field:
        """Append a field of ``size`` entries and return it (its ``start`` is assigned here)."""
        if size < 0:
            raise ValueError(f"field {name!r}: size must be at least 0, not {size}")
        if any(f.name == name for f in self.fields):
            raise ValueError(f"field {name!r} declared twice")
        new = Field(name, self.size, size, doc)
        self.fields.append(new)
        self.size += size
        return new

    def field(self, name: str) -> Field:
        """The field called ``name`` (``KeyError`` naming the fields there are)."""
        for f in self.fields:
            if f.name == name:
                return f
        raise KeyError(f"no field {name!r}; fields: {', '.join(f.name for f in self.fields)}")

    def new_buffer(self) -> Vector:
        """A zeroed buffer of the right length for :meth:`encode`."""
        return np.zeros(self.size, dtype=np.float32)

    @abstractmethod
    def encode(self, state: State, player: int | None, out: Vector) -> None:
        """Write what ``player`` (``None``: a spectator) may see of ``state`` into ``out``.

        ``out`` has length :attr:`size`; every entry is overwritten (the encoder zeroes it
        first), so a buffer can be reused from step to step.
        """

    def __reduce__(self) -> tuple[Callable[[Game[Any]], Encoder], tuple[Game[Any]]]:
        """A pickle (or a deep copy) rebuilds the encoder from its game: caches, staging
        arrays and buffer views stay behind."""
        return encoder, (self.game,)

    def layout(self) -> str:
        """The layout as a Markdown table (name, indices, meaning), for the docs."""
        rows = ["| field | indices | meaning |", "|---|---|---|"]
        for f in self.fields:
            span = f"{f.start}" if f.size == 1 else f"{f.start}–{f.start + f.size - 1}"
            rows.append(f"| `{f.name}` | {span} | {f.doc} |")
        return "\n".join(rows)


class BitsWriter:
    """Writes a vector of 0/1 entries followed by float32 scalars with few numpy calls.

    An encoder builds its 0/1 entries as one Python int (bit ``i`` is entry ``i``, so a card
    mask lands in a field with one shift) and its scalars as packed little-endian float32 bytes
    (``struct``), and :meth:`write` puts both into the caller's buffer: the int goes through a
    staging byte array and one ``numpy.unpackbits``, the scalars are copied as bytes. numpy's
    fixed cost per call is about a Hearts step, so the number of numpy calls is what counts.

    Not thread-safe: the staging array is shared by every call of one encoder.
    """

    def __init__(self, nbits: int, size: int) -> None:
        self.nbits = nbits
        self.size = size
        self.nbytes = (nbits + 7) // 8
        self._stage = np.zeros(self.nbytes, dtype=np.uint8)
        self._stage_bytes = self._stage.data
        # Views of the last buffer written (an RL loop reuses one): its 0/1 part, and its
        # scalar part as raw bytes (None when the buffer is not a plain contiguous float32).
        self._out: Vector | None = None
        self._head: Vector = self._stage[:0].astype(np.float32)
        self._tail: memoryview | None = None

    def __getstate__(self) -> tuple[int, int]:
        """A pickle keeps the sizes only (memoryviews do not pickle; the views are rebuilt)."""
        return self.nbits, self.size

    def __setstate__(self, state: tuple[int, int]) -> None:
        self.__init__(*state)  # type: ignore[misc]

    def _views(self, out: Vector) -> None:
        self._out = out
        self._head = out[: self.nbits]
        tail = out[self.nbits :]
        plain = tail.flags.c_contiguous and tail.dtype == np.dtype("<f4")
        self._tail = tail.data.cast("B") if plain and tail.size else None

    def write(self, out: Vector, bits: int, tail: bytes) -> None:
        """Fill ``out``: entries ``[0, nbits)`` from ``bits``, the rest from ``tail`` (packed
        float32, ``4 * (size - nbits)`` bytes)."""
        # The compiled writer does it in one call; it declines a buffer that is not a plain
        # contiguous float32 one, which numpy then writes.
        if _fastwrite is not None and _fastwrite.write_bits(out, bits, self.nbits, tail):
            return
        if out is not self._out:
            self._views(out)
        self._stage_bytes[:] = bits.to_bytes(self.nbytes, "little")
        self._head[...] = np.unpackbits(self._stage, None, self.nbits, "little")
        if self._tail is not None:
            self._tail[:] = tail
        elif self.size > self.nbits:
            out[self.nbits :] = np.frombuffer(tail, dtype="<f4")


def write_scaled(out: Vector, values: list[float], scales: Vector, ones: list[int]) -> None:
    """Fill ``out``: zeros, then ``values[i] * scales[i]`` at the first ``len(values)``
    entries (float32 arithmetic) and 1.0 at every index of ``ones``.

    The encoders that list their scalars and the indices of their 0/1 entries (Écarté, Bourré,
    Spite and Malice) end with this. The compiled writer does it in one call (an index out of
    range raises ``IndexError`` before anything is written); numpy, in four, where it is not
    built or for a buffer that is not a plain contiguous float32 one.
    """
    if _fastwrite is not None and _fastwrite.write_scaled(out, values, scales, ones):
        return
    out.fill(0.0)
    head = out[: len(values)]
    head[:] = values
    head *= scales
    out.put(ones, 1.0)


EncoderFactory = Callable[["Game[Any]"], Encoder]

_CACHE: dict[Any, Encoder] = {}


def has_encoder(family: str) -> bool:
    """True when ``family``'s record gives an encoder."""
    from hoyle.core.registry import family as family_record  # the registry imports protocol

    return family_record(family).encoder is not None


def encoder(game: Game[Any]) -> Encoder:
    """The encoder of ``game`` (built once per game and kept)."""
    # Kept on the game object too: hashing a rules dataclass on every observation_tensor
    # call would cost more than a Hearts step.
    cached: Encoder | None = game.__dict__.get("_encoder")
    if cached is not None:
        return cached
    key = (game.family, game.rules, game.variant, game.num_players)
    cached = _CACHE.get(key)
    if cached is None:
        from hoyle.core.registry import families, family

        factory = family(game.family).encoder
        if factory is None:
            known = ", ".join(f for f in families() if has_encoder(f)) or "none"
            raise NotImplementedError(
                f"the {game.family} family has no observation encoder (families with one: {known})"
            )
        cached = _CACHE[key] = factory(game)
    game.__dict__["_encoder"] = cached
    return cached
