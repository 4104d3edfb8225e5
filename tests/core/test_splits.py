"""``splits_by_seat``: the deals ``sample_by_seat`` draws from, as the compiled cores draw them.

A core picks a split by its weight and deals each group's share at random, then shares the
rest among the free seats; that is uniform over the fitting deals only if every fitting deal
belongs to exactly one split and each split's weight is its number of deals. Checked here by
listing every deal of small cases.
"""

from __future__ import annotations

import itertools
from collections import Counter

from hoyle.core.sampling import Splits, splits_by_seat


def _deals(items: list[int], need: dict[int, int], allowed: dict[int, int]) -> list[dict[int, int]]:
    """Every deal of ``items`` to the seats, ``need[s]`` each, only items in ``allowed[s]``."""
    seats = list(need)
    found = []
    for owners in itertools.product(seats, repeat=len(items)):
        counts = Counter(owners)
        if any(counts[s] != need[s] for s in seats):
            continue
        if any(not allowed[s] >> item & 1 for item, s in zip(items, owners, strict=True)):
            continue
        hands = dict.fromkeys(seats, 0)
        for item, s in zip(items, owners, strict=True):
            hands[s] |= 1 << item
        found.append(hands)
    return found


def _split_of(splits: Splits, hands: dict[int, int]) -> list[int]:
    return [
        (hands[seat] & group).bit_count() for seat in splits.constrained for group in splits.groups
    ]


def test_each_split_weighs_its_deals() -> None:
    # Seat 0 void in items 0–2 ("a suit"), seat 1 may not hold item 7, seat 2 open to all.
    items = list(range(9))
    need = {0: 3, 1: 3, 2: 3}
    allowed = {0: 0b111111000, 1: 0b101111111, 2: 0b111111111}
    splits = splits_by_seat(items, list(need), need, allowed)
    assert splits is not None
    assert splits.free == [2] and splits.free_need == [3]
    deals = _deals(items, need, allowed)
    by_split = Counter(tuple(_split_of(splits, hands)) for hands in deals)
    # Free seats' shares are the rest, dealt at random: the weight counts the constrained
    # seats' choices, the multinomial of the rest being the same for every split.
    rest = 1  # three items left to one free seat: one way
    assert {tuple(s): w * rest for s, w in zip(splits.splits, splits.weights, strict=True)} == {
        split: float(count) for split, count in by_split.items()
    }


def test_no_fitting_deal_and_too_many_splits_give_none() -> None:
    assert splits_by_seat([0, 1], [0, 1], {0: 1, 1: 1}, {0: 0b01, 1: 0b01}) is None
    items = list(range(12))
    need = {0: 4, 1: 4, 2: 4}
    allowed = {0: 0b000011111111, 1: 0b111111110000, 2: 0b111100001111}
    assert splits_by_seat(items, list(need), need, allowed) is not None
    assert splits_by_seat(items, list(need), need, allowed, limit=1) is None
