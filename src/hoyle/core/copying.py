"""Copying a state made of plain fields: what ``clone()`` needs in most families.

A seeded shuffler is the dearest field to copy (a Mersenne Twister's 625 words cost more than
the rest of a state), and the clones of a search play within one deal, so they almost never
draw from it. A state that takes :class:`SharedShuffler` keeps its shuffler as ``_rng``
through a property: :func:`copy_fields` lets the copy share it, and whichever of the two first
draws takes a copy of its own then.
"""

from __future__ import annotations

import random
from typing import TypeVar

__all__ = ["SharedShuffler", "copy_fields"]

T = TypeVar("T")


def copy_fields(state: T) -> T:
    """An independent copy of ``state``: lists (and lists of lists) and dicts copied, everything
    else shared (ints, tuples, frozen rules), and a seeded shuffler (``_rng``) copied with its
    position, so the copy deals what the original would.

    Fields must be immutable, lists of immutables or of such lists, dicts or sets of
    immutables, or the shuffler; a family with deeper structures writes its own ``clone``.
    """
    new = type(state).__new__(type(state))
    for key, value in state.__dict__.items():
        if isinstance(value, list):
            value = [list(v) if isinstance(v, list) else v for v in value]
        elif isinstance(value, (dict, set)):
            value = type(value)(value)
        elif isinstance(value, random.Random) and key != "_rng_store":
            copied = random.Random()
            copied.setstate(value.getstate())
            value = copied
        new.__dict__[key] = value
    if isinstance(state, SharedShuffler):
        state._share_shuffler(new)  # type: ignore[arg-type]
    return new


class SharedShuffler:
    """A state whose seeded shuffler, ``_rng``, its copies share until one of them draws.

    The shuffler is kept in ``_rng_store`` (a slot or a field); reading ``_rng`` while it is
    shared takes a copy first (with its position), so no state ever moves another's. A
    ``clone`` calls :meth:`_share_shuffler` (:func:`copy_fields` does it itself).
    """

    _rng_store: random.Random | int | None
    _rng_shared: bool  # the shuffler may be another state's too: copy it before a draw

    @property
    def _rng(self) -> random.Random | None:
        rng = self._rng_store
        if isinstance(rng, int):  # a seed (_seed_shuffler): the shuffler is made when needed
            rng = self._rng_store = random.Random(rng)
            self._rng_shared = False
            return rng
        if self._rng_shared:
            if rng is not None:
                own = random.Random()
                own.setstate(rng.getstate())
                self._rng_store = rng = own
            self._rng_shared = False
        return rng

    @_rng.setter
    def _rng(self, rng: random.Random | None) -> None:
        self._rng_store = rng
        self._rng_shared = False

    def _seed_shuffler(self, seed: int) -> None:
        """A new shuffler seeded with ``seed``, made only when first drawn from: seeding a
        Mersenne Twister costs more than a whole resampled world, which seldom deals again."""
        self._rng_store = seed
        self._rng_shared = False

    def _share_shuffler(self, copy: SharedShuffler) -> None:
        """Let ``copy`` share this state's shuffler until either of them draws."""
        rng = self._rng_store
        copy._rng_store = rng
        # A seed is shared as it is: each makes its own shuffler from it.
        copy._rng_shared = isinstance(rng, random.Random)
        if isinstance(rng, random.Random):
            self._rng_shared = True  # neither may draw from it now without its own copy
