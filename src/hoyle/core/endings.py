"""What the exact ending solvers of the trick games share: the cards worth trying, and which
of two outcomes a seat prefers.

Both are for max^n over full states (every hand known): each seat picks the outcome best for
itself, ties going to the one that leaves the other seats least.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["distinct_cards", "prefers"]


def distinct_cards(cand: int, live: int, worth: Sequence[int], special: int) -> list[int]:
    """The cards of the mask ``cand`` worth trying, lowest first (card ids suit-major, 13 to a
    suit, rank order within it).

    A card is left out when the card just below it in ``cand`` is of its suit, counts alike
    (``worth``), neither is in ``special`` (cards with a power beyond their count), and no card
    of ``live`` (what other players may still play, or have played to this trick) lies between
    them: whatever the other hands hold, the two win and lose the same tricks.
    """
    tried: list[int] = []
    last = -1
    while cand:
        bit = cand & -cand
        cand ^= bit
        c = bit.bit_length() - 1
        if not (
            last >= 0
            and c // 13 == last // 13
            and worth[c] == worth[last]
            and not (bit | 1 << last) & special
            and not live & (bit - (2 << last))
        ):
            tried.append(c)
        last = c
    return tried


def prefers(value: Sequence[float], best: Sequence[float] | None, seat: int) -> bool:
    """Whether ``seat`` prefers the outcome ``value`` (each seat's value) to ``best``: more for
    itself, or as much and less for the others (``best`` ``None``: nothing yet)."""
    if best is None:
        return True
    mine, theirs = value[seat], best[seat]
    return mine > theirs or (mine == theirs and sum(value) < sum(best))
