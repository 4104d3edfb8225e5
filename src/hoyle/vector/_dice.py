"""The dice both backends share: splitmix64 as ``_fastcore.h`` rolls it (``hc_next``,
``hc_below``), so that the compiled table and the Python one deal the same cards and their
seats play the same moves from the same seeds."""

from __future__ import annotations

__all__ = ["Dice", "splitmix_next"]

_M64 = (1 << 64) - 1


def splitmix_next(state: int) -> tuple[int, int]:
    """``hc_next``: the generator's next state and the number it gives."""
    state = (state + 0x9E3779B97F4A7C15) & _M64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
    return state, z ^ (z >> 31)


class Dice:
    """A splitmix64 generator (``uint64_t`` state in C)."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _M64

    def next(self) -> int:
        """A 64-bit number (``hc_next``)."""
        self.state, value = splitmix_next(self.state)
        return value

    def below(self, k: int) -> int:
        """A number in ``0 .. k-1``, each equally likely (``hc_below``: Lemire's multiply)."""
        return (self.next() * k) >> 64
