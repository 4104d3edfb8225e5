"""The exact solver for the last tricks of a Hearts deal, with every hand known.

Search plays its sampled worlds out with a fast heuristic; near the end of a deal that
heuristic can be replaced by perfect play. With more than two players "perfect" means max^n:
at each turn the player to act picks the card that leaves it the best deal score, given that
every later player does the same (ties go to the card that leaves the others worst off, then
to the lowest card). The value of a position is each seat's deal score so reached, exactly as
the engine would score it: every leaf is settled by :meth:`HeartsState.settle`, so the moon,
the bonus cards, the chip settlement and the queens of Royal Hearts count as in play.

The search walks card by card with the cards held as bitmasks, drops a card when the card
below it in the same hand is certain to do the same (nothing another player holds or has
played to this trick lies between them, and they score alike), and remembers every position
reached at the start of a trick (hands, cards taken, tricks won, leader, hearts broken).

>>> import hoyle
>>> from hoyle.games.hearts.solver import solve
>>> state = hoyle.load("hearts", deals=1).new_initial_state(seed=3)
>>> while len(state._tricks) < 11:
...     state.apply_action(state.legal_actions()[0])
>>> len(solve(state))
4
"""

from __future__ import annotations

from hoyle.core.endings import distinct_cards, prefers
from hoyle.core.protocol import State
from hoyle.games.hearts.rules import Moon
from hoyle.games.hearts.search import SPECIAL
from hoyle.games.hearts.state import HEARTS, JOKERS, PLAY, QS_BIT, SUIT_MASK, HeartsState

__all__ = ["MAX_CARDS", "PLAYOUT_CARDS", "in_trick", "solve", "tricks_left"]

MAX_CARDS = 12
"""The most cards left in the hands for which :func:`solve` answers where a playout starts:
the last three tricks at four players, four at three. A fourth trick at four costs some 15
times a third (``benchmarks/solver_speed.py``)."""

PLAYOUT_CARDS = 8
"""The most cards left for which it answers further along a playout, where it is asked once
in every simulation: the last two tricks at four, which cost about what playing them does,
whereas three would make every simulation of an early move several times slower."""

_SPECIAL = sum(1 << card for card in SPECIAL)
_Value = tuple[float, ...]


def solve(state: State, first: bool = True, max_cards: int | None = None) -> list[float] | None:
    """Each seat's deal score (times the search's sign: penalty points count against) when
    the rest of the deal is played perfectly; ``None`` outside what it solves.

    It solves the card play of the one-pack engine after the first trick, with at most
    ``max_cards`` cards left in the hands (by default :data:`MAX_CARDS` where a playout
    starts, ``first``, and :data:`PLAYOUT_CARDS` along it) and no joker among them; the
    two-pack, stock and revoke games, the first trick's restrictions and every other phase
    are left to playouts.
    """
    if max_cards is None:
        max_cards = MAX_CARDS if first else PLAYOUT_CARDS
    if type(state) is not HeartsState or state._phase != PLAY or not state._tricks:
        return None
    g = state.g
    if (g.hand_size - len(state._tricks)) * g.n > max_cards:
        return None
    held = 0
    for hand in state._hands:
        held |= hand
    if held & JOKERS or any(card >= 52 for card in state._trick):
        return None
    return list(_Solver(state).run())


def tricks_left(state: HeartsState) -> int:
    """Tricks not yet finished in the deal, the one under way included."""
    return state.g.hand_size - len(state._tricks)


def in_trick(state: HeartsState) -> int:
    """Cards played to the trick under way."""
    return len(state._trick)


class _Solver:
    """One solve: the root state and the position being searched, changed and restored."""

    def __init__(self, state: HeartsState) -> None:
        g = state.g
        self.root = state
        self.n = g.n
        self.values = state._values
        self.sign = -1.0 if g.info.scores_are_penalties else 1.0  # penalty points, or chips
        self.choose = g.rules.moon is Moon.CHOOSE
        self.queen_breaks = g.queen_breaks
        self.hearts_for_queen = g.hearts_for_queen
        self.hands = list(state._hands)
        self.taken = list(state._taken)
        self.ntricks = list(state._ntricks)
        self.points = list(state._points)
        self.memo: dict[tuple[int | bool, ...], _Value] = {}
        self.leaves: dict[tuple[int, ...], _Value] = {}

    def run(self) -> _Value:
        """The value of the root position."""
        root = self.root
        trick = root._trick
        if not trick:
            return self.trick(root._leader, root._broken)
        played = 0
        for card in trick:
            played |= 1 << card
        return self.card(
            root._leader,
            len(trick),
            root._lead_suit,
            root._win_card,
            root._win_pos,
            root._trick_pts,
            root._broken,
            played,
        )

    def trick(self, leader: int, broken: bool) -> _Value:
        """The value of the position at the start of a trick led by ``leader``."""
        if not self.hands[leader]:
            return self.leaf()
        key = (*self.hands, *self.taken, *self.ntricks, leader, broken)
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = self.card(leader, 0, -1, -1, 0, 0, broken, 0)
        return found

    def card(
        self,
        leader: int,
        k: int,
        suit: int,
        win_card: int,
        win_pos: int,
        pts: int,
        broken: bool,
        played: int,
    ) -> _Value:
        """The value when the ``k``-th card of the trick is to be played (``played`` holds
        the cards already in it, ``suit`` the suit led, ``win_card`` the card winning)."""
        n = self.n
        if k == n:
            return self.end_trick((leader + win_pos) % n, pts, broken, played)
        seat = leader + k
        if seat >= n:
            seat -= n
        hands = self.hands
        hand = hands[seat]
        if k == 0:
            cand = hand
            if not broken:
                plain = hand & ~HEARTS
                if plain and not (self.hearts_for_queen and plain == QS_BIT):
                    cand = plain
        else:
            cand = hand & SUIT_MASK[suit] or hand
        # Cards another seat may still play to a trick, or has played to this one: a card
        # lying between two of this hand's cards separates them.
        live = played
        for other, cards in enumerate(hands):
            if other != seat:
                live |= cards
        values = self.values
        best: _Value | None = None
        for c in distinct_cards(cand, live, values, _SPECIAL):
            bit = 1 << c
            hands[seat] = hand ^ bit
            now_broken = broken or bool(bit & HEARTS) or (bit == QS_BIT and self.queen_breaks)
            if k == 0:
                value = self.card(leader, 1, c // 13, c, 0, values[c], now_broken, bit)
            elif c // 13 == suit and c > win_card:
                value = self.card(
                    leader, k + 1, suit, c, k, pts + values[c], now_broken, played | bit
                )
            else:
                value = self.card(
                    leader,
                    k + 1,
                    suit,
                    win_card,
                    win_pos,
                    pts + values[c],
                    now_broken,
                    played | bit,
                )
            if prefers(value, best, seat):
                best = value
        hands[seat] = hand
        assert best is not None  # a hand with cards has a legal card
        return best

    def end_trick(self, winner: int, pts: int, broken: bool, played: int) -> _Value:
        """The value once the trick of ``played`` cards has gone to ``winner``."""
        taken, ntricks, points = self.taken, self.ntricks, self.points
        before = taken[winner]
        taken[winner] = before | played
        ntricks[winner] += 1
        points[winner] += pts
        value = self.trick(winner, broken)
        taken[winner] = before
        ntricks[winner] -= 1
        points[winner] -= pts
        return value

    def leaf(self) -> _Value:
        """The value of the deal played out: the engine's own settlement of it."""
        key = (*self.taken, *self.ntricks)
        found = self.leaves.get(key)
        if found is not None:
            return found
        root, sign = self.root, self.sign
        shooter = root._moon_shooter(self.taken)
        choices: tuple[Moon | None, ...] = (None,)
        if shooter >= 0 and self.choose:
            choices = (Moon.ADD, Moon.SUBTRACT)  # the shooter's choice, in the engine's order
        best: _Value | None = None
        for choice in choices:
            scores, _ = root.settle(self.taken, self.ntricks, self.points, shooter, choice)
            value = tuple(sign * s for s in scores)
            if prefers(value, best, shooter):
                best = value
        assert best is not None
        self.leaves[key] = best
        return best
