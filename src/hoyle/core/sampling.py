"""Uniform sampling of hidden cards under "who may hold what" constraints, for every family.

:func:`sample_by_seat` deals items (cards, or copies of cards) to seats, ``need[s]`` each and
only items in ``allowed[s]``, each consistent deal equally likely. Determinization uses it to
redeal what a player cannot see: the other hands (bounded by the suits their holders showed
void in), and pseudo-seats such as a widow, discards or the stock.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from math import comb
from typing import TypeVar

from hoyle.core.errors import IllegalActionError

__all__ = ["MAX_SPLITS", "Splits", "redraw", "sample_by_seat", "splits_by_seat"]

W = TypeVar("W")
S = TypeVar("S")


def redraw(
    draw: Callable[[], W | None],
    replay: Callable[[W], S | None],
    accept: Callable[[S], bool] = lambda _: True,
    tries: int = 500,
) -> S:
    """Determinization's loop: ``draw`` the hidden cards (``None``: none fit), ``replay`` the
    public actions with them (raising :class:`IllegalActionError` or returning ``None`` when a
    rule breaks), and keep the first result ``accept`` takes; otherwise draw again."""
    for _ in range(tries):
        world = draw()
        if world is None:
            continue
        try:
            new = replay(world)
        except (IllegalActionError, StopIteration):
            continue
        if new is not None and accept(new):
            return new
    raise RuntimeError("could not draw hidden cards consistent with the public play")


def sample_by_seat(
    items: list[int],
    seats: list[int],
    need: dict[int, int],
    allowed: dict[int, int],
    rng: random.Random,
) -> dict[int, int] | None:
    """Deal ``items`` to ``seats`` (``need[s]`` each, only items in ``allowed[s]``), uniformly
    among every deal that respects the constraints; ``None`` if there is none.

    Items are grouped by the seats that may hold them (a handful of groups: voids
    are shown by suit), and the deals are counted seat by seat over how many items each seat
    takes from each group. That count stays small with ten hidden seats, where sharing each
    group among the seats would enumerate billions of splits.
    """
    groups: dict[tuple[int, ...], list[int]] = {}
    for item in items:
        who = tuple(s for s in seats if allowed[s] >> item & 1)
        if not who:
            return None
        groups.setdefault(who, []).append(item)
    keys = list(groups)
    every = tuple(range(len(keys)))
    # Seats that have shown voids first: once only seats open to every group are left, the
    # deals of the rest are a plain multinomial and need no search.
    seats = sorted(seats, key=lambda s: sum(s in who for who in keys))
    open_to = [tuple(g for g, who in enumerate(keys) if s in who) for s in seats]
    free = next(i for i in range(len(seats) + 1) if all(o == every for o in open_to[i:]))
    tail = [0] * (len(seats) + 1)  # the multinomial of dealing seats i… from a shuffled rest
    tail[len(seats)] = 1
    for i in range(len(seats) - 1, -1, -1):
        after = sum(need[s] for s in seats[i + 1 :])
        tail[i] = tail[i + 1] * comb(after + need[seats[i]], need[seats[i]])

    @cache
    def count(i: int, left: tuple[int, ...]) -> int:
        if i >= free:
            return tail[i]  # the sums agree: every layer takes exactly its seat's need
        total = 0
        for take in _takes(need[seats[i]], open_to[i], left):
            ways = 1
            for g, k in zip(open_to[i], take, strict=True):
                ways *= comb(left[g], k)
            total += ways * count(i + 1, _less(left, open_to[i], take))
        return total

    left = tuple(len(groups[who]) for who in keys)
    if sum(left) != sum(need[s] for s in seats) or count(0, left) == 0:
        return None
    pools = [groups[who][:] for who in keys]
    hands = dict.fromkeys(seats, 0)
    for i, seat in enumerate(seats[:free]):
        takes = list(_takes(need[seat], open_to[i], left))
        weights = []
        for take in takes:
            ways = 1
            for g, k in zip(open_to[i], take, strict=True):
                ways *= comb(left[g], k)
            weights.append(ways * count(i + 1, _less(left, open_to[i], take)))
        take = rng.choices(takes, weights)[0] if len(takes) > 1 else takes[0]
        for g, k in zip(open_to[i], take, strict=True):
            pool = pools[g]
            rng.shuffle(pool)
            for item in pool[len(pool) - k :]:
                hands[seat] |= 1 << item
            del pool[len(pool) - k :]
        left = _less(left, open_to[i], take)
    rest = [item for pool in pools for item in pool]
    rng.shuffle(rest)
    start = 0
    for seat in seats[free:]:
        for item in rest[start : start + need[seat]]:
            hands[seat] |= 1 << item
        start += need[seat]
    return hands


def _takes(total: int, groups: tuple[int, ...], left: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Every way to take ``total`` items from these groups, at most what each has left."""
    if not groups:
        if total == 0:
            yield ()
        return
    rest = sum(left[g] for g in groups[1:])
    for first in range(max(0, total - rest), min(total, left[groups[0]]) + 1):
        for tail in _takes(total - first, groups[1:], left):
            yield (first, *tail)


def _less(left: tuple[int, ...], groups: tuple[int, ...], take: tuple[int, ...]) -> tuple[int, ...]:
    out = list(left)
    for g, k in zip(groups, take, strict=True):
        out[g] -= k
    return tuple(out)


MAX_SPLITS = 20_000
"""The most splits :func:`splits_by_seat` lists; past it (a rare tangle of voids) the caller
draws in Python."""


@dataclass(frozen=True)
class Splits:
    """The deals of :func:`sample_by_seat` as a compiled core draws them: pick a split by its
    weight, deal each group's share of it to each constrained seat at random, then share what
    is left at random among the free seats. Every fitting deal is then equally likely."""

    groups: list[int]
    """The items as masks, grouped by the seats that may hold them."""
    constrained: list[int]
    """The seats some group is closed to (a void shown), in the order the splits list them."""
    splits: list[list[int]]
    """Each split: how many items of each group each constrained seat takes, seat by seat."""
    weights: list[float]
    """Each split's number of deals (the product of the binomials of its takes)."""
    free: list[int]
    """The seats open to every group."""
    free_need: list[int]
    """How many items each free seat takes."""


def splits_by_seat(
    items: list[int],
    seats: list[int],
    need: dict[int, int],
    allowed: dict[int, int],
    limit: int = MAX_SPLITS,
) -> Splits | None:
    """The deals of ``items`` to ``seats`` that :func:`sample_by_seat` draws from, as
    :class:`Splits`; ``None`` when no deal fits or there are more than ``limit`` splits."""
    by_who: dict[tuple[int, ...], int] = {}
    for item in items:
        who = tuple(s for s in seats if allowed[s] >> item & 1)
        if not who:
            return None
        by_who[who] = by_who.get(who, 0) | 1 << item
    if sum(need[s] for s in seats) != len(items):
        return None
    keys = list(by_who)
    every = set(range(len(keys)))
    open_to = {s: tuple(g for g, who in enumerate(keys) if s in who) for s in seats}
    constrained = [s for s in seats if set(open_to[s]) != every]
    free = [s for s in seats if set(open_to[s]) == every]
    splits: list[list[int]] = []
    weights: list[float] = []
    width = len(keys)

    def walk(i: int, left: tuple[int, ...], takes: list[int], weight: int) -> bool:
        if i == len(constrained):
            splits.append(takes)
            weights.append(float(weight))
            return len(splits) <= limit
        groups = open_to[constrained[i]]
        for take in _takes(need[constrained[i]], groups, left):
            ways = weight
            row = [0] * width
            for g, k in zip(groups, take, strict=True):
                ways *= comb(left[g], k)
                row[g] = k
            if not walk(i + 1, _less(left, groups, take), takes + row, ways):
                return False
        return True

    sizes = tuple(by_who[k].bit_count() for k in keys)
    if not walk(0, sizes, [], 1) or not splits:
        return None
    return Splits(
        [by_who[k] for k in keys], constrained, splits, weights, free, [need[s] for s in free]
    )
