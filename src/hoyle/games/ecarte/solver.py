"""The exact card-play solver for the trick phase of Écarté, with both hands known.

Five tricks of two cards are small: plain minimax over the remaining cards, with a memo on
(hands, trick, tricks taken), solves any trick-phase position in a few milliseconds. The value
is what each seat gains from the position on, in score units: the hand's points (law 48, the
vulnerability of law 49, doubling and a refused offer of the point) and a king of trumps its
holder may still announce (laws 23–24). The search agents use it through the family's
:class:`~hoyle.core.hooks.SearchHooks` in place of a random playout.

>>> import hoyle
>>> state = hoyle.load("ecarte").deal_state(
...     ["KH QH JH AH TH", "7C 8C 9C TC JC"], turn_up="8H", stock="")
>>> state.apply_action(state.string_to_action("play"))
>>> solve(state)
[3.0, 0.0]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hoyle.core.protocol import State
from hoyle.games.ecarte.scoring import score_hand
from hoyle.games.ecarte.state import PLAY, SUIT_MASK, EcarteState, cards_of, suit_of

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["best_cards", "solve", "solve_hand"]


def _legal(state: EcarteState, hand: int, led: int) -> int:
    """The cards of ``hand`` that may answer ``led`` (-1: a lead), as the engine rules."""
    if led < 0:
        return hand
    follow = hand & SUIT_MASK[suit_of(led)]
    rules = state.rules
    if follow:
        above = state.g.above[led]
        if rules.must_win_trick and follow & above:
            return follow & above
        return follow
    trumps = hand & SUIT_MASK[state._trump]
    if trumps and rules.must_trump_when_void:
        return trumps
    return hand


def _beats(state: EcarteState, card: int, led: int) -> bool:
    if suit_of(card) == suit_of(led):
        return state.g.strength[card] > state.g.strength[led]
    return suit_of(card) == state._trump


def _searcher(state: EcarteState) -> Callable[[int, int, int, int, int, int], int]:
    """The minimax of ``state``'s hand: value to elder minus value to the dealer."""
    elder, dealer = state._elder, state._dealer
    memo: dict[tuple[int, int, int, int, int, int], int] = {}

    def outcome(won_e: int) -> int:
        result = score_hand(
            elder=elder,
            dealer=dealer,
            tricks={elder: won_e, dealer: 5 - won_e},
            elder_vulnerable=state._elder_vulnerable,
            dealer_vulnerable=state._dealer_vulnerable,
            multiplier=state._multiplier,
            offerer=state._offerer,
        )
        return result.points if result.winner == elder else -result.points

    def value(he: int, hd: int, to_move: int, led: int, led_by: int, won_e: int) -> int:
        """``to_move`` 0 elder, 1 dealer; ``led`` the card on the table (-1: none)."""
        if not he and not hd:
            return outcome(won_e)
        key = (he, hd, to_move, led, led_by, won_e)
        hit = memo.get(key)
        if hit is not None:
            return hit
        hand = he if to_move == 0 else hd
        best = -99 if to_move == 0 else 99
        for card in cards_of(_legal(state, hand, led)):
            bit = 1 << card
            ne, nd = (he & ~bit, hd) if to_move == 0 else (he, hd & ~bit)
            if led < 0:
                v = value(ne, nd, 1 - to_move, card, to_move, won_e)
            else:
                winner = to_move if _beats(state, card, led) else led_by
                v = value(ne, nd, winner, -1, -1, won_e + (winner == 0))
            if (to_move == 0 and v > best) or (to_move == 1 and v < best):
                best = v
        memo[key] = best
        return best

    return value


def _root(state: EcarteState) -> tuple[int, int, int, int, int, int]:
    elder = state._elder
    trick = state._trick
    led, led_by = (-1, -1) if not trick else (trick[0][1], 0 if trick[0][0] == elder else 1)
    return (
        state._hands[elder],
        state._hands[state._dealer],
        0 if state._cur == elder else 1,
        led,
        led_by,
        state._won[elder],
    )


def solve_hand(state: EcarteState) -> int:
    """The card play's value to elder minus the dealer's, both playing perfectly."""
    return _searcher(state)(*_root(state))


def best_cards(state: EcarteState) -> list[int]:
    """The cards the player to move may play that keep the perfect-play value."""
    search = _searcher(state)
    he, hd, to_move, led, led_by, won_e = _root(state)
    hand = he if to_move == 0 else hd
    scored = []
    for card in cards_of(_legal(state, hand, led)):
        bit = 1 << card
        ne, nd = (he & ~bit, hd) if to_move == 0 else (he, hd & ~bit)
        if led < 0:
            v = search(ne, nd, 1 - to_move, card, to_move, won_e)
        else:
            winner = to_move if _beats(state, card, led) else led_by
            v = search(ne, nd, winner, -1, -1, won_e + (winner == 0))
        scored.append((v if to_move == 0 else -v, card))
    top = max(v for v, _ in scored)
    return [card for v, card in scored if v == top]


def _king_due(state: EcarteState) -> list[float]:
    """A king of trumps its holder may still announce: 1 to that seat (laws 23–24)."""
    due = [0.0] * state.g.n
    for seat in state._pair:
        if state.may_mark_king(seat) or (
            state._marked < 0
            and not state._king_turned
            and not state._played[seat]
            and state._hands[seat] >> state._king_card() & 1
        ):
            due[seat] = 1.0
    return due


def solve(state: State, first: bool = True) -> list[float] | None:
    """Each seat's gain from ``state`` to the end of the hand, played perfectly; ``None``
    outside the trick phase (the exchange, or an answer to a double or an offer). Five tricks
    are cheap to solve, so it answers wherever it is asked (``first`` does not matter)."""
    if not isinstance(state, EcarteState) or state._phase != PLAY:
        return None
    diff = solve_hand(state)
    gains = _king_due(state)
    if diff > 0:
        gains[state._elder] += diff
    elif diff < 0:
        gains[state._dealer] -= diff
    return gains
