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
    fields = state.__dict__
    for key, value in fields.items():
        if isinstance(value, list):
            value = [list(v) if isinstance(v, list) else v for v in value]
        elif isinstance(value, (dict, set)):
            value = type(value)(value)
        elif isinstance(value, random.Random) and key != _STORE:
            copied = random.Random()
            copied.setstate(value.getstate())
            value = copied
        new.__dict__[key] = value
    if fields.get(_STORE) is not None:  # a SharedShuffler's: both share it until one draws
        fields[_SHARED] = new.__dict__[_SHARED] = True
    return new


_STORE, _SHARED = "_rng_store", "_rng_shared"


class SharedShuffler:
    """A state whose seeded shuffler, ``_rng``, its copies share until one of them draws.

    Reading ``_rng`` while it is shared takes a copy first (with its position), so no state
    ever moves another's shuffler; :func:`copy_fields` does the sharing.
    """

    @property
    def _rng(self) -> random.Random | None:
        fields = self.__dict__
        rng: random.Random | None = fields.get(_STORE)
        if fields.get(_SHARED):
            if rng is not None:
                own = random.Random()
                own.setstate(rng.getstate())
                fields[_STORE] = rng = own
            fields[_SHARED] = False
        return rng

    @_rng.setter
    def _rng(self, rng: random.Random | None) -> None:
        self.__dict__[_STORE] = rng
        self.__dict__[_SHARED] = False
