"""Uniform sampling of hidden hands under "who may hold what" constraints.

Given the unseen cards, how many each hidden seat holds, and for each seat a mask of the cards
it may hold (voids shown, what a forced play proved), :func:`sample_hands` returns one of the
consistent deals, each with equal probability. A greedy card-by-card draw is not uniform once
voids are shown: it over-weights the seats with more options. Here the cards are grouped by
the set of seats that may hold them, the number of consistent deals is counted exactly
(a product of multinomials summed over how each group splits), and each group's split is
drawn in proportion to the deals it leaves.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache
from math import comb

__all__ = ["sample_hands"]


def _splits(total: int, caps: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Every way to share ``total`` cards among seats holding at most ``caps`` more each."""
    if len(caps) == 1:
        if total <= caps[0]:
            yield (total,)
        return
    rest = sum(caps[1:])
    for first in range(max(0, total - rest), min(total, caps[0]) + 1):
        for tail in _splits(total - first, caps[1:]):
            yield (first, *tail)


def _ways(total: int, split: tuple[int, ...]) -> int:
    """The number of ways to deal ``total`` distinct cards in hands of these sizes."""
    ways, left = 1, total
    for k in split:
        ways *= comb(left, k)
        left -= k
    return ways


def sample_hands(
    cards: list[int],
    seats: list[int],
    need: dict[int, int],
    allowed: dict[int, int],
    rng: random.Random,
) -> dict[int, int] | None:
    """Deal ``cards`` to ``seats`` (``need[s]`` each, only cards in ``allowed[s]``) uniformly
    among all deals that respect the constraints; ``None`` if there is none."""
    groups: dict[tuple[int, ...], list[int]] = {}
    for card in cards:
        who = tuple(s for s in seats if allowed[s] >> card & 1)
        if not who:
            return None
        groups.setdefault(who, []).append(card)
    # Small groups first: the last (largest) group's split is forced by what is left.
    order = sorted(groups, key=lambda who: len(groups[who]))
    index = {s: i for i, s in enumerate(seats)}

    @cache
    def count(i: int, caps: tuple[int, ...]) -> int:
        if i == len(order):
            return 1 if not any(caps) else 0
        who = order[i]
        size = len(groups[who])
        if i == len(order) - 1:  # the rest must fill exactly the seats that may take it
            if sum(caps) != size or any(caps[index[s]] for s in seats if s not in who):
                return 0
            return _ways(size, tuple(caps[index[s]] for s in who))
        total = 0
        for split in _splits(size, tuple(caps[index[s]] for s in who)):
            total += _ways(size, split) * count(i + 1, _take(caps, who, split, index))
        return total

    caps = tuple(need[s] for s in seats)
    if sum(caps) != len(cards) or count(0, caps) == 0:
        return None
    hands = dict.fromkeys(seats, 0)
    for i, who in enumerate(order):
        group = groups[who]
        splits = list(_splits(len(group), tuple(caps[index[s]] for s in who)))
        weights = [
            _ways(len(group), sp) * count(i + 1, _take(caps, who, sp, index)) for sp in splits
        ]
        split = rng.choices(splits, weights)[0] if len(splits) > 1 else splits[0]
        rng.shuffle(group)
        start = 0
        for seat, k in zip(who, split, strict=True):
            for card in group[start : start + k]:
                hands[seat] |= 1 << card
            start += k
        caps = _take(caps, who, split, index)
    return hands


def _take(
    caps: tuple[int, ...], who: tuple[int, ...], split: tuple[int, ...], index: dict[int, int]
) -> tuple[int, ...]:
    left = list(caps)
    for seat, k in zip(who, split, strict=True):
        left[index[seat]] -= k
    return tuple(left)
