"""Spite and Malice positions in the game's points: what a deal in progress should score.

A deal scores only when it ends, so what a position is worth to a seat is the score it can
expect from the deal. Search cannot play a deal of a hundred turns and more out hundreds of
times a move, so the family estimates that score with a race model (:func:`outlook`), read from
what every player sees:

- Each seat plays goal cards turn by turn, independently of the others. How many in one turn
  follows :data:`GOAL_TURNS` (measured in play), scaled to the rate the seat has kept in this
  deal (its goal cards played over its turns, weighed with :data:`GOAL_RATE` as if it had
  already played :data:`RATE_WEIGHT` turns at that rate).
- The first seat to play its last goal card scores as the rules say: ``GOING_OUT`` plus the
  goal cards left in the other piles.
- Cards pile up in the discard piles, and when the stock runs out and no new one can be made
  the deal is blocked. The drawable cards (stock, completed heap, centre stacks) less those a
  blocked deal typically leaves in the centre (:data:`STUCK_SHARE` of the stacks' room) last as
  many turns as the rate at which this deal has been losing cards to the discard piles (weighed
  with :data:`LOSS_RATE` over :data:`LOSS_WEIGHT` turns) allows. Then a blocked deal is scored by
  the rules: the fewest goal cards score the difference to each other seat's, a tie scores
  nothing, and with ``stalemate=draw`` nobody scores.

The model gives every seat's expected points of the deal, within ``0 … deal_max(rules)``. Where
a player's judgement of a position is worth a fraction of a goal card (a stack close to its
goal card, wilds in hand), the seat counts as that fraction of a goal card further on: with that
chance one card fewer.

Measured (``standard``, two players, deals from seed 3000 on): the planner against itself
plays 0.34 goal cards a turn and its deals are never blocked (120 deals; 12.0 points to the
winner); the planner against ``easy``, 0.29 a turn, 12 of 80 deals blocked; ``easy`` against
itself, 0.21 a turn, 91 of 100 blocked after 93 turns. In the blocked deals the turns left were
best told by the drawable cards less about 37 (``STUCK_SHARE`` of the 44 the stacks can hold)
over the rate of loss, whichever players. Checked on 2,564 positions of 320 other deals (seed
7000 on) in all four pairings of the planner and ``easy``, the model's mean squared error
against the points the deals then gave is 39.8, against 58.2 for the average score; it says
nothing of the players' skill but what their rates show, so it underrates what a deal between
the planner and ``easy`` gives (by 2.4 points a seat) and overrates one of ``easy`` against
itself (by 2.0).
``tests/spite_malice/test_spite_malice_outlook.py`` holds it to the deal's bounds and to the
rules' scoring.
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np

from hoyle.games.spite_malice.rules import SpiteMaliceRules, Stalemate
from hoyle.games.spite_malice.scoring import GOING_OUT
from hoyle.games.spite_malice.state import SpiteMaliceState

__all__ = [
    "GOAL_RATE",
    "GOAL_TURNS",
    "LOSS_RATE",
    "STUCK_SHARE",
    "deal_max",
    "horizon",
    "outlook",
]

GOAL_TURNS = (0.0998, 0.0476, 0.0212, 0.0101, 0.0037, 0.0013, 0.0007, 0.0004, 0.0002, 0.0001)
"""The chance that a turn plays 1, 2, … 10 goal cards (none: the rest, 81%), as the planner
played against itself in 120 deals of ``standard``."""
GOAL_RATE = sum((k + 1) * p for k, p in enumerate(GOAL_TURNS))
"""Goal cards a turn on average by :data:`GOAL_TURNS` (0.34)."""
RATE_WEIGHT = 40.0
"""Turns at :data:`GOAL_RATE` a seat's own rate is weighed with."""
LOSS_RATE = 0.35
"""Cards a turn the deal loses to the discard piles (net of the cards played from them and of
the goal cards that join the stacks), before the deal shows its own rate: the planner against
``easy`` (its median; 0.04 the planner against itself, 0.59 ``easy`` against itself)."""
LOSS_WEIGHT = 20.0
"""Turns at :data:`LOSS_RATE` the deal's own rate is weighed with."""
STUCK_SHARE = 0.8
"""The share of the centre stacks' room (stacks times cards below the top) still filled when a
deal is blocked (about 37 cards of the standard game's 44)."""
UNLIMITED_STACKS = 6
"""Stacks counted for the centre's room where their number is unlimited."""
MAX_TURNS = 1000
"""Turns of each seat the race looks ahead at most."""


def deal_max(rules: SpiteMaliceRules) -> int:
    """The most a deal can score: going out with every other goal pile untouched.

    >>> deal_max(SpiteMaliceRules())
    31
    """
    others = (rules.players - 1) * rules.goal_piles * rules.goal_size
    return GOING_OUT + others


@lru_cache(maxsize=64)
def _race(rate: float, cards: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For a seat playing ``rate`` goal cards a turn: ``played[k, x]``, the chance it has played
    exactly ``x`` goal cards after ``k`` turns (x < ``cards``); ``alive[g, k]``, the chance a
    seat that starts with ``g`` goal cards has not gone out after ``k`` turns; and ``left[g,
    k]``, the goal cards it still holds then (counted only while it has not gone out). The
    tables run until even a full goal pile is as good as played (or :data:`MAX_TURNS`)."""
    scale = rate / GOAL_RATE
    steps = np.array([0.0, *(p * scale for p in GOAL_TURNS)])
    steps[0] = 1.0 - steps[1:].sum()
    rows = [np.zeros(cards)]
    rows[0][0] = 1.0
    while len(rows) <= MAX_TURNS and rows[-1].sum() > 1e-7:
        rows.append(np.convolve(rows[-1], steps)[:cards])
    played = np.array(rows)
    below = np.cumsum(played, axis=1)  # P(played <= x)
    alive = np.zeros((cards + 1, len(rows)))
    alive[1:] = below.T
    alive[:, 0] = 1.0  # (a count of 0 is a seat sure to go out at its next turn)
    left = np.zeros((cards + 1, len(rows)))
    left[1:] = np.cumsum(below, axis=1).T  # the sum over y < g of P(played <= y)
    return played, alive, left


class _Seat:
    """One seat in the race: its chance of still playing and its goal cards left, turn by turn,
    starting from a (fractional) count of goal cards."""

    def __init__(self, count: float, rate: float, cards: int) -> None:
        count = min(max(count, 0.0), float(cards))
        low = math.floor(count)
        high = min(low + 1, cards)
        self.weights = ((low, 1.0 - (count - low)), (high, count - low))
        self.played, alive, left = _race(rate, cards)
        self.last = len(self.played) - 1
        (a, wa), (b, wb) = self.weights
        self.alive: np.ndarray = wa * alive[a] + wb * alive[b]
        self.left: np.ndarray = wa * left[a] + wb * left[b]
        self.cards = cards

    def at(self, turns: np.ndarray) -> np.ndarray:
        """``turns`` as indices into the tables (past their end nothing changes)."""
        found: np.ndarray = np.minimum(turns, self.last)
        return found

    def holding(self, turns: int) -> np.ndarray:
        """``h[x]``: the chance it holds exactly ``x`` goal cards (x ≥ 1) after ``turns`` turns
        without having gone out (``h[0]`` is 0)."""
        h = np.zeros(self.cards + 1)
        row = self.played[min(turns, self.last)]
        for g, w in self.weights:
            if g and w:
                h[1 : g + 1] += w * row[:g][::-1]
        return h


def horizon(state: SpiteMaliceState) -> float:
    """Turns the deal in progress may still last before it is blocked (``inf``: as good as
    never), counted from the turn under way (see the module)."""
    rules = state.rules
    n = state.g.n
    turn = max(state._turn, 1)
    limit = float(rules.turn_limit - turn + 1)
    goal_total = n * rules.goal_piles * rules.goal_size
    discarded = sum(len(p) for piles in state._discards for p in piles)
    lost = discarded - (goal_total - sum(state.goal_counts()))
    rate = (lost + LOSS_RATE * LOSS_WEIGHT) / (turn + LOSS_WEIGHT)
    if rate <= 0.02:
        return limit
    room = (rules.max_stacks or UNLIMITED_STACKS) * (rules.top - 1)
    drawable = state._stock_n + len(state._heap) + sum(len(s) for s in state._stacks)
    return min(limit, max(0.0, drawable - STUCK_SHARE * room) / rate)


def _rates(state: SpiteMaliceState) -> list[float]:
    """Each seat's goal cards a turn so far, weighed with :data:`GOAL_RATE` (rounded, so that
    the race's tables are shared)."""
    rules = state.rules
    n = state.g.n
    start = rules.goal_piles * rules.goal_size
    turns = max(state._turn - 1, 0) / n
    out = []
    for count in state.goal_counts():
        rate = (start - count + GOAL_RATE * RATE_WEIGHT) / (turns + RATE_WEIGHT)
        out.append(round(min(max(rate, 0.1), 1.5) * 50) / 50)
    return out


def outlook(
    state: SpiteMaliceState, ahead: list[float] | None = None, mover: int | None = None
) -> list[float]:
    """Each seat's expected points from the deal in progress in ``state`` (see the module),
    ``ahead[s]`` goal cards' worth further on for seat ``s``, ``mover`` to play the next turn
    (by default the seat whose turn it is). Reads only what every player sees. A deal that
    is over (or a new one begun) is worth nothing more.
    """
    n = state.g.n
    rules = state.rules
    if state.is_terminal():
        return [0.0] * n
    counts = state.goal_counts()
    cards = rules.goal_piles * rules.goal_size
    rates = _rates(state)
    first = state._cur if mover is None else mover
    order = [(first + i) % n for i in range(n)]
    seats = {s: _Seat(counts[s] - (ahead[s] if ahead else 0.0), rates[s], cards) for s in range(n)}
    room = horizon(state)
    turns = MAX_TURNS if math.isinf(room) or room >= n * MAX_TURNS else int(room)
    # Seat at position i has its turns at positions i, i + n, … of the turns to come.
    allowed = [min(MAX_TURNS, max(0, -(-(turns - i) // n))) for i in range(n)]
    blocked = turns < n * MAX_TURNS and rules.stalemate is not Stalemate.DRAW
    values = [0.0] * n
    for i, s in enumerate(order):
        me = seats[s]
        rounds = allowed[i]
        if rounds:
            r = np.arange(1, rounds + 1)
            finish = me.alive[me.at(r - 1)] - me.alive[me.at(r)]
            alive_all = np.ones(rounds)
            lefts = []
            for j, o in enumerate(order):
                if o == s:
                    continue
                at = seats[o].at(r if j < i else r - 1)
                alive_all = alive_all * seats[o].alive[at]
                lefts.append((o, at))
            gained = GOING_OUT * alive_all
            for o, at in lefts:
                others = np.ones(rounds)
                for o2, at2 in lefts:
                    if o2 != o:
                        others = others * seats[o2].alive[at2]
                gained = gained + seats[o].left[at] * others
            values[s] += float(np.dot(finish, gained))
        if blocked:
            values[s] += _blocked(s, order, seats, allowed)
    return values


def _blocked(s: int, order: list[int], seats: dict[int, _Seat], allowed: list[int]) -> float:
    """Seat ``s``'s expected score from a deal blocked after each seat's ``allowed`` turns:
    with strictly the fewest goal cards, the difference to every other seat's."""
    held = {o: seats[o].holding(allowed[i]) for i, o in enumerate(order)}
    mine = held[s]
    size = len(mine)
    x = np.arange(size)
    total = 0.0
    above: dict[int, np.ndarray] = {}
    excess: dict[int, np.ndarray] = {}
    for o, h in held.items():
        if o == s:
            continue
        # above[x] = P(holds more than x); excess[x] = E[(held - x) while more than x].
        tail = np.cumsum(h[::-1])[::-1]
        above[o] = np.append(tail[1:], 0.0)
        weighted = np.cumsum((h * x)[::-1])[::-1]
        excess[o] = np.append(weighted[1:], 0.0) - x * above[o]
    for o in above:
        term = excess[o].copy()
        for o2 in above:
            if o2 != o:
                term = term * above[o2]
        total += float(np.dot(mine, term))
    return total
