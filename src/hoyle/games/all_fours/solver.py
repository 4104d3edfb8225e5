"""The exact solver for the last tricks of an All Fours hand, with every hand known.

Search plays its sampled worlds out with a fast heuristic; near the end of a hand that can be
replaced by perfect play. Each player plays the card that leaves its side the most points from
here on, given that every later player does the same (ties go to the card that leaves the
other sides the fewest, then to the lowest card): minimax between two sides, max^n among
more. A hand's points are counted exactly as the engine counts them, by the engine's own
:func:`~hoyle.games.all_fours.scoring.score_hand` and :func:`~hoyle.games.all_fours.scoring.
counted` on a scratch copy of the state (High, Low held or captured, Jack and a hung Jack,
Game and its tie, a pitcher set back, the game won as the points count), and All Fives' trumps
score as each trick is won. The cards that may be played are the engine's
:func:`~hoyle.games.all_fours.state.playable`.

The search walks card by card with the hands as bitmasks, drops a card when the next lower
card of the same hand is certain to do the same (nothing another player holds or has played
to this trick lies between them, they count alike, and neither is the jack of trumps or a
captured Low), and remembers every position reached at the start of a trick.
"""

from __future__ import annotations

import copy

from hoyle.core.endings import distinct_cards, prefers
from hoyle.core.protocol import State
from hoyle.games.all_fours.rules import Low, Stock
from hoyle.games.all_fours.scoring import counted, score_hand
from hoyle.games.all_fours.state import (
    _POINTS,
    PLAY,
    SUIT_MASK,
    AllFoursState,
    playable,
    winning_place,
)

__all__ = ["MAX_CARDS", "PLAYOUT_CARDS", "in_trick", "solve", "tricks_left"]

MAX_CARDS = 8
"""The most cards left in the hands for which :func:`solve` answers where a playout starts:
four tricks at two players, two at four. A whole two-handed hand costs up to 25 ms, three
tricks at four up to 4 ms (95th percentiles, ``benchmarks/solver_speed.py``): too much to pay
in every world."""

PLAYOUT_CARDS = 4
"""The most cards left for which it answers further along a playout, where it is asked in
every simulation: the last two tricks at two players, about the cost of playing them."""

_JACK = 9  # rank index of a jack
_FIVE = 3  # rank index of a five
_CARD_POINTS = tuple(_POINTS[card % 13] for card in range(52))
_Value = tuple[float, ...]


def solve(state: State, first: bool = True, max_cards: int | None = None) -> list[float] | None:
    """Each seat's points (its side's) from ``state`` to the end of the hand when it is
    played perfectly; ``None`` outside what it solves.

    It solves the card play once trumps are fixed and the stock (California Jack) is empty,
    with at most ``max_cards`` cards left in the hands (by default :data:`MAX_CARDS` where a
    playout starts, ``first``, and :data:`PLAYOUT_CARDS` along it), in games without the
    throw-in; everything else is left to playouts.
    """
    if type(state) is not AllFoursState or state._phase != PLAY or state._trump < 0:
        return None
    rules = state.rules
    if rules.throw_in or any(state._out):
        return None
    if rules.stock is not Stock.NONE and (state._top >= 0 or state._undealt):
        return None
    if max_cards is None:
        max_cards = MAX_CARDS if first else PLAYOUT_CARDS
    if sum(hand.bit_count() for hand in state._hands) > max_cards:
        return None
    return list(_Solver(state).run())


def tricks_left(state: AllFoursState) -> int:
    """Tricks not yet finished in the hand, the one under way included."""
    held = sum(hand.bit_count() for hand in state._hands)
    return (held + len(state._trick)) // state._in_play


def in_trick(state: AllFoursState) -> int:
    """Cards played to the trick under way."""
    return len(state._trick)


class _Solver:
    """One solve: a scratch copy of the root to score hands on, and the position searched."""

    def __init__(self, state: AllFoursState) -> None:
        g, rules = state.g, state.rules
        self.root = state
        self.rules = rules
        self.n = g.n
        self.step = g.step
        self.trump = state._trump
        self.side = [rules.side_of(seat) for seat in range(g.n)]
        self.sides = rules.sides
        self.at_once = rules.trick_points_at_once
        self.target = None if rules.deals else rules.target
        # Scoring reads the state and changes nothing: a shallow copy with its own cards
        # played and won is enough, and costs a tenth of a clone.
        scratch = copy.copy(state)
        scratch._played_by = list(state._played_by)
        for seat, hand in enumerate(state._hands):
            rest = hand
            while rest:  # every card still held will be played by its holder
                bit = rest & -rest
                rest ^= bit
                scratch._played_by[bit.bit_length() - 1] = seat
        self.scratch = scratch
        self.points = list(_CARD_POINTS)
        if rules.five_value:
            self.points[self.trump * 13 + _FIVE] = rules.five_value
        trumps = SUIT_MASK[self.trump]
        special = 1 << (self.trump * 13 + _JACK)
        if rules.low is Low.CAPTURED:
            in_play = 0
            for hand in state._hands:
                in_play |= hand
            for side_won in state._won:
                in_play |= side_won
            for card in state._trick:
                in_play |= 1 << card
            low = in_play & trumps
            special |= low & -low
        self.special = special
        self.hands = list(state._hands)
        self.won = list(state._won)
        self.scores = list(state._scores)
        self.start = [float(self.scores[self.side[seat]]) for seat in range(g.n)]
        self.memo: dict[tuple[int, ...], _Value] = {}
        self.leaves: dict[tuple[int, ...], _Value] = {}

    def run(self) -> _Value:
        """The value of the root position."""
        root = self.root
        return self.card(root._leader, list(root._trick), list(root._trick_seats))

    def _next(self, seat: int) -> int:
        return (seat + self.step) % self.n

    def trick(self, leader: int) -> _Value:
        """The value at the start of a trick led by ``leader``."""
        if not self.hands[leader]:
            return self.leaf()
        key = (*self.hands, *self.won, *self.scores, leader)
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = self.card(leader, [], [])
        return found

    def card(self, leader: int, trick: list[int], seats: list[int]) -> _Value:
        """The value when the next card of ``trick`` (played so far by ``seats``) is due."""
        if len(trick) == self.n:
            return self.end_trick(trick, seats)
        seat = self._next(seats[-1]) if seats else leader
        hands = self.hands
        hand = hands[seat]
        cand = playable(self.rules, self.trump, hand, trick)
        # Cards another seat may still play, or has played to this trick: one lying between
        # two of this hand's cards separates them.
        live = 0
        for card in trick:
            live |= 1 << card
        for other, cards in enumerate(hands):
            if other != seat:
                live |= cards
        best: _Value | None = None
        for c in distinct_cards(cand, live, self.points, self.special):
            bit = 1 << c
            hands[seat] = hand ^ bit
            trick.append(c)
            seats.append(seat)
            value = self.card(leader, trick, seats)
            trick.pop()
            seats.pop()
            if prefers(value, best, seat):
                best = value
        hands[seat] = hand
        assert best is not None  # a hand with cards has a playable card
        return best

    def end_trick(self, trick: list[int], seats: list[int]) -> _Value:
        """The value once the full ``trick`` has gone to its winner."""
        winner = seats[winning_place(self.trump, trick)]
        side = self.side[winner]
        won, scores = self.won, self.scores
        before_won, before_score = won[side], scores[side]
        for card in trick:
            won[side] |= 1 << card
        value: _Value | None = None
        if self.at_once:
            # All Fives: the trumps in the trick score for its winner at once, and may end
            # the game there.
            trump = self.trump
            gained = sum(self.points[c] for c in trick if c // 13 == trump)
            scores[side] += gained
            if gained and self.target is not None and scores[side] >= self.target:
                value = self.gains(scores)
        if value is None:
            value = self.trick(winner)
        won[side], scores[side] = before_won, before_score
        return value

    def gains(self, totals: list[int]) -> _Value:
        """Each seat's side's points gained since the root."""
        return tuple(totals[self.side[s]] - self.start[s] for s in range(self.n))

    def leaf(self) -> _Value:
        """The value of the hand played out: the engine's own count of it."""
        key = (*self.won, *self.scores)
        found = self.leaves.get(key)
        if found is None:
            scratch = self.scratch
            scratch._won = list(self.won)
            totals, _, _ = counted(self.rules, self.scores, score_hand(scratch))
            found = self.leaves[key] = self.gains(totals)
        return found
