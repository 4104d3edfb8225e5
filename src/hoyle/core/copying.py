"""Copying a state made of plain fields: what ``clone()`` needs in most families."""

from __future__ import annotations

import random
from typing import TypeVar

__all__ = ["copy_fields"]

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
        elif isinstance(value, random.Random):
            copied = random.Random()
            copied.setstate(value.getstate())
            value = copied
        new.__dict__[key] = value
    return new
