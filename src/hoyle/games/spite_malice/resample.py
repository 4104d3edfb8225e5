"""Determinization: a full Spite and Malice state consistent with what one seat can see.

What a seat cannot see is the other hands, the goal cards under the tops (its own too) and the
stock. They are dealt again at random from the cards the seat cannot see, each place keeping its
size. With a separate goal pack (Starturn, the book game) the goal piles are dealt only from that
pack's cards not yet turned up. A seeded state gets a fresh random draw for the future; a state
at chance nodes stays at chance nodes.

Once the completed heap has become the stock (RULINGS S3: only when the stock is empty) the
stock can hold only that heap's cards, less those the seat drew since: the stock is drawn from
them. Which of the other hands' cards came from that heap is not tracked (a simplification: a
hand may be resampled with cards it could not have drawn). With completed stacks shuffled in
at once the stock mixes unknown and known cards and is drawn from all the unseen cards.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from hoyle.games.spite_malice.state import PLAY

if TYPE_CHECKING:
    from hoyle.games.spite_malice.state import SpiteMaliceState

__all__ = ["resample"]


def _expand(counts: list[int]) -> list[int]:
    return [kind for kind, c in enumerate(counts) for _ in range(c)]


def resample(state: SpiteMaliceState, player: int, rng: random.Random) -> SpiteMaliceState:
    """A state that ``player`` cannot tell apart from ``state``."""
    g = state.g
    n = g.n
    if not 0 <= player < n:
        raise ValueError(f"player must be a seat 0…{n - 1}, not {player}")
    new = state.clone()
    if state._phase != PLAY:
        return new  # chance nodes and the end: nothing a decision could use is hidden
    unseen = list(g.total)
    seen: list[int] = list(state._hands[player]) + list(state._heap)
    for stack in state._stacks:
        seen += stack
    for seat in range(n):
        seen += [pile[-1] for pile in state._goals[seat] if pile]
        for pile in state._discards[seat]:
            seen += pile
    for kind in seen:
        unseen[kind] -= 1
    goal_slots = [(seat, i) for seat in range(n) for i in range(len(state._goals[seat]))]
    hidden_goal = {slot: max(0, len(state._goals[slot[0]][slot[1]]) - 1) for slot in goal_slots}
    if g.goal_pack is not None:
        # Goal piles only hold goal-pack cards never turned up.
        goal_unseen = list(g.goal_pack)
        for kind in state._goal_turned:
            goal_unseen[kind] -= 1
        for seat in range(n):
            for pile in state._goals[seat]:
                if pile:
                    goal_unseen[pile[-1]] -= 1
        goal_cards = _expand(goal_unseen)
        unseen = [a - b for a, b in zip(unseen, goal_unseen, strict=True)]
    else:
        goal_cards = []
    box_size = sum(state._box)
    others = [s for s in range(n) if s != player]
    rest = _expand(unseen)
    stock_cards: list[int] | None = None
    if state._generation is not None:
        # The stock is what is left of the heap it was made from: draw it from those cards
        # (less the ones this seat drew since), among the cards the seat cannot see.
        left = list(state._generation)
        for kind in state._drawn_since[player]:
            left[kind] -= 1
        counts = [0] * g.kinds
        for kind in rest:
            counts[kind] += 1
        candidates = _expand([min(a, b) for a, b in zip(left, counts, strict=True)])
        if len(candidates) >= state._stock_n:
            stock_cards = rng.sample(candidates, state._stock_n)
            for kind in stock_cards:
                rest.remove(kind)
    if g.goal_pack is None:
        rng.shuffle(rest)
        for slot in goal_slots:
            size = hidden_goal[slot]
            top = state._goals[slot[0]][slot[1]][-1:]
            new._goals[slot[0]][slot[1]] = rest[:size] + top
            del rest[:size]
    else:
        rng.shuffle(goal_cards)
        for slot in goal_slots:
            size = hidden_goal[slot]
            top = state._goals[slot[0]][slot[1]][-1:]
            new._goals[slot[0]][slot[1]] = goal_cards[:size] + top
            del goal_cards[:size]
        leftover = [0] * g.kinds  # goal-pack cards never dealt: out of play, unseen
        for kind in goal_cards:
            leftover[kind] += 1
        new._goal_pool = leftover
    rng.shuffle(rest)
    for seat in others:
        size = len(state._hands[seat])
        new._hands[seat] = sorted(rest[:size])
        del rest[:size]
    box = [0] * g.kinds
    for kind in rest[:box_size]:
        box[kind] += 1
    del rest[:box_size]
    stock = [0] * g.kinds
    for kind in rest if stock_cards is None else stock_cards:
        stock[kind] += 1
    new._box = box
    new._stock = stock
    new._stock_n = sum(stock)
    # What the other seats drew since is theirs to know: the world does not carry it.
    new._drawn_since = [list(d) if s == player else [] for s, d in enumerate(state._drawn_since)]
    new._forced = []
    new._legal = None
    if state._rng is not None:
        new._rng = random.Random(rng.getrandbits(64))
    return new
