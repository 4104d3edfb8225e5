"""What each Écarté action did, as events a player reads (see :mod:`hoyle.core.narrate`).

Public: the cut, the packets, the bets, every proposal and answer, how many cards each player
discards and draws (law 27), the turn-up, the king marked, doubles and offers, every card
played and who takes each trick. Private: a player's hand once dealt, the cards it discards
(law 28) and the cards it draws — told to that player alone, and to a backer who may look at
its hand (``advice``, French Écarté); the others read the count. A discard round is told once
it ends, a draw once its last card has come.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hoyle.cards import TOKENS
from hoyle.core.narrate import Event, pretty, pretty_cards
from hoyle.games.ecarte.state import (
    ACCEPT,
    ANSWER,
    BACK,
    BET,
    CONCEDE,
    CUT,
    DEAL,
    DISCARD,
    DOUBLE,
    DOUBLE_ANSWER,
    DRAW,
    EXCHANGE,
    MARK_KING,
    OFFER_ANSWER,
    OFFER_POINT,
    PACKETS,
    PACKETS_23,
    PLAY,
    PLAY_ON,
    PROPOSE,
    PROPOSE_OPEN,
    PROPOSE_PHASE,
    TURN,
    suit_of,
)

if TYPE_CHECKING:
    from hoyle.games.ecarte.state import EcarteState

__all__ = ["narrate"]

SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")


def _s(seat: int) -> str:
    return f"{{{seat}}}"


def _v(seat: int, verb: str) -> str:
    return f"{{{seat}:{verb}}}"


def _cards(count: int) -> str:
    return f"{count} card{'s' if count != 1 else ''}"


def _viewers(state: EcarteState, seat: int) -> frozenset[int]:
    """``seat`` and whoever may look at its hand: a backer with ``advice``."""
    if not state.rules.advice:
        return frozenset({seat})
    return frozenset({seat, *(b for b, backed in state._bets.items() if backed == seat)})


def _private(
    state: EcarteState, seat: int, kind: str, own: str, others: str, cards: list[int]
) -> list[Event]:
    """A hidden move: its cards for ``seat`` (and a backer looking on), the count for the
    others."""
    viewers = _viewers(state, seat)
    tokens = [TOKENS[c] for c in cards]
    return [
        Event(seat, kind, own, {"cards": tokens, "count": len(cards)}, only=viewers),
        Event(seat, kind, others, {"count": len(cards)}, hidden_from=viewers),
    ]


def narrate(before: EcarteState, action: int, after: EcarteState) -> list[Event]:
    """The events ``action`` made, ``before`` being the state it was applied to."""
    phase = before._phase
    seat = before._cur
    if phase == CUT:
        return _cut(before, action, after)
    if phase == DEAL:
        return _dealt(before, action)
    if action == DOUBLE:
        return [Event(seat, "double", f"{_s(seat)} {_v(seat, 'offers')} to double.")]
    if phase == BET:
        if action >= BACK and action - BACK < before.g.n:
            backed = action - BACK
            text = f"{_s(seat)} {_v(seat, 'backs')} {_s(backed)}."
            return [Event(seat, "bet", text, {"backed": backed})]
        return [Event(seat, "bet", f"{_s(seat)} {_v(seat, 'makes')} no bet.")]
    if phase == PACKETS:
        first, second = (2, 3) if action == PACKETS_23 else (3, 2)
        text = f"{_s(seat)} {_v(seat, 'deals')} in packets of {first} then {second}."
        return [Event(seat, "packets", text, {"packets": [first, second]})]
    if phase == PROPOSE_PHASE:
        return _propose(before, action)
    if phase == ANSWER:
        verb = "accepts" if action == ACCEPT else "refuses"
        return [Event(seat, "answer", f"{_s(seat)} {_v(seat, verb)}.", {"answer": verb[:-1]})]
    if phase in (DISCARD, EXCHANGE):
        return _discards(before, action, after)
    if phase == DOUBLE_ANSWER:
        if action == ACCEPT:
            mult = before._multiplier * 2
            text = f"{_s(seat)} {_v(seat, 'accepts')} the double: the hand counts ×{mult}."
            return [Event(seat, "double", text, {"multiplier": mult})]
        return [Event(seat, "double", f"{_s(seat)} {_v(seat, 'declines')} the double.")]
    if phase == OFFER_ANSWER:
        if action == ACCEPT:
            return [Event(seat, "offer", f"{_s(seat)} {_v(seat, 'accepts')} the point.")]
        text = f"{_s(seat)} {_v(seat, 'refuses')} the point and must take all five tricks."
        return [Event(seat, "offer", text)]
    if phase == PLAY:
        return _play(before, action)
    return []


def _cut(before: EcarteState, card: int, after: EcarteState) -> list[Event]:
    seat = before._cutters[len(before._cut_round)]
    events = [
        Event(
            seat,
            "cut",
            f"{_s(seat)} {_v(seat, 'cuts')} {pretty(TOKENS[card])}.",
            {"card": TOKENS[card]},
        )
    ]
    if after._phase == CUT:
        if not after._cut_round:
            events.append(Event(None, "cut", "A tie: everyone cuts again."))
        return events
    dealer, elder = after._dealer, after._elder
    text = (
        f"{_s(dealer)} {_v(dealer, 'cuts')} highest and {_v(dealer, 'deals')}; "
        f"{_s(elder)} {_v(elder, 'plays')} against {_s(dealer)}"
    )
    if after._waiting:
        who = " and ".join(_s(w) for w in after._waiting)
        text += f"; {who} {_v(after._waiting[0], 'waits') if len(after._waiting) == 1 else 'wait'}"
    events.append(Event(None, "seats", text + ".", {"dealer": dealer, "elder": elder}))
    return events


def _dealt(before: EcarteState, card: int) -> list[Event]:
    """A card dealt, turned or drawn: the deal is told when its last card, the turn-up, is
    turned; a draw when its last card comes."""
    target = before._queue[0]
    if len(before._queue) > 1:
        return []
    if before._after == "deal":
        assert target == TURN
        events = []
        for seat in (before._elder, before._dealer):
            hand = pretty_cards(TOKENS[c] for c in _sorted(before._hands[seat]))
            text = f"{{{seat}'s}} hand: {hand}."
            events.append(Event(None, "hand", text, {"seat": seat}, only=_viewers(before, seat)))
        suit = SUIT_NAMES[suit_of(card)]
        text = f"Turned up: {pretty(TOKENS[card])} — {suit} are trumps."
        events.append(Event(None, "turn_up", text, {"card": TOKENS[card]}))
        if card % 13 == before.g.bonus_rank:
            dealer = before._dealer
            text = f"The king turned scores 1 to {_s(dealer)}."
            events.append(Event(dealer, "king", text, {"card": TOKENS[card]}))
        return events
    # The last card of a draw: the drawer's cards, this one included (as many as it threw).
    took = before._proposals[-1][3 if target == before._elder else 2]
    cards = [c for _, c in before._chance_log[len(before._chance_log) - took + 1 :]] + [card]
    own = f"{_s(target)} {_v(target, 'draws')} {pretty_cards(TOKENS[c] for c in cards)}."
    others = f"{_s(target)} {_v(target, 'draws')} {_cards(len(cards))}."
    return _private(before, target, "draw", own, others, cards)


def _sorted(mask: int) -> list[int]:
    return [c for c in range(52) if mask >> c & 1]


def _propose(before: EcarteState, action: int) -> list[Event]:
    elder = before._elder
    if action == PLAY_ON:
        if not before._proposals:
            text = f"{_s(elder)} {_v(elder, 'plays')} without proposing."
        else:
            text = f"{_s(elder)} {_v(elder, 'plays')} on."
        return [Event(elder, "propose", text, {"proposed": None})]
    if action == PROPOSE_OPEN:
        return [Event(elder, "propose", f"{_s(elder)} {_v(elder, 'proposes')} an exchange.")]
    count = action - PROPOSE
    text = f"{_s(elder)} {_v(elder, 'proposes')} {_cards(count)}."
    return [Event(elder, "propose", text, {"proposed": count})]


def _discards(before: EcarteState, action: int, after: EcarteState) -> list[Event]:
    """A discard round is told once it ends (the count is public, law 27; the cards are
    not, law 28)."""
    seat = before._cur
    ended = after._phase != before._phase or after._cur != seat or action == DRAW
    if not ended:
        return []
    cards = []
    for who, past in reversed(before._hand_actions):
        if who != seat or past >= 52:
            break
        cards.append(past)
    cards.reverse()
    if action < 52:
        cards.append(action)
    if not cards:
        return [Event(seat, "discard", f"{_s(seat)} {_v(seat, 'takes')} no cards.", {"count": 0})]
    shown = pretty_cards(TOKENS[c] for c in cards)
    own = f"{_s(seat)} {_v(seat, 'discards')} {_cards(len(cards))}: {shown}."
    others = f"{_s(seat)} {_v(seat, 'discards')} {_cards(len(cards))}."
    return _private(before, seat, "discard", own, others, cards)


def _play(before: EcarteState, action: int) -> list[Event]:
    seat = before._cur
    if action == MARK_KING:
        king = TOKENS[before._king_card()]
        text = f"{_s(seat)} {_v(seat, 'marks')} the king, {pretty(king)}: 1 point."
        return [Event(seat, "king", text, {"card": king})]
    if action == CONCEDE:
        return [Event(seat, "abandon", f"{_s(seat)} {_v(seat, 'abandons')} the hand.")]
    if action == OFFER_POINT:
        other = before._other(seat)
        text = f"{_s(seat)} {_v(seat, 'offers')} {_s(other)} the point."
        return [Event(seat, "offer", text)]
    card = TOKENS[action]
    if not before._trick:
        return [
            Event(seat, "play", f"{_s(seat)} {_v(seat, 'leads')} {pretty(card)}.", {"card": card})
        ]
    led_by, led = before._trick[0]
    winner = seat if before._beats(action, led) else led_by
    best = action if winner == seat else led
    return [
        Event(seat, "play", f"{_s(seat)} {_v(seat, 'plays')} {pretty(card)}.", {"card": card}),
        Event(
            winner,
            "trick",
            f"{_s(winner)} {_v(winner, 'takes')} the trick with {pretty(TOKENS[best])}.",
            {
                "winner": winner,
                "plays": [{"seat": led_by, "card": TOKENS[led]}, {"seat": seat, "card": card}],
                "card": TOKENS[best],
                "cards": [TOKENS[led], card],
            },
        ),
    ]
