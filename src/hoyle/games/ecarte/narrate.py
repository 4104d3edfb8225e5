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
from hoyle.core.narrate import Event, Phrase, Seat, pretty, pretty_cards, say, say_n
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

__all__ = ["SUIT_NAMES", "narrate", "seats_and"]

SUIT_NAMES = (say("clubs"), say("diamonds"), say("hearts"), say("spades"))
"""The suits' names by suit number, said in each reader's language."""


def seats_and(seats: list[int]) -> str:
    """Seats joined with "and" (``{0} and {2} and {3}``), said in each reader's language.

    Unlike :func:`~hoyle.core.narrate.seats_text` every pair is joined with "and", as the
    English has always said it.
    """
    slots = [f"{{{seat}}}" for seat in seats]
    text = slots[0]
    for slot in slots[1:]:
        text = say("{items} and {last}", items=text, last=slot)
    return text


def _viewers(state: EcarteState, seat: int) -> frozenset[int]:
    """``seat`` and whoever may look at its hand: a backer with ``advice``."""
    if not state.rules.advice:
        return frozenset({seat})
    return frozenset({seat, *(b for b, backed in state._bets.items() if backed == seat)})


def _private(
    state: EcarteState, seat: int, kind: str, own: Phrase, others: Phrase, cards: list[int]
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
    s = Seat(seat)
    if phase == CUT:
        return _cut(before, action, after)
    if phase == DEAL:
        return _dealt(before, action)
    if action == DOUBLE:
        return [Event(seat, "double", say("{s} {s:offers} to double.", s=s))]
    if phase == BET:
        if action >= BACK and action - BACK < before.g.n:
            backed = action - BACK
            text = say("{s} {s:backs} {backed}.", s=s, backed=Seat(backed))
            return [Event(seat, "bet", text, {"backed": backed})]
        return [Event(seat, "bet", say("{s} {s:makes} no bet.", s=s))]
    if phase == PACKETS:
        first, second = (2, 3) if action == PACKETS_23 else (3, 2)
        text = say(
            "{s} {s:deals} in packets of {first} then {second}.", s=s, first=first, second=second
        )
        return [Event(seat, "packets", text, {"packets": [first, second]})]
    if phase == PROPOSE_PHASE:
        return _propose(before, action)
    if phase == ANSWER:
        if action == ACCEPT:
            return [Event(seat, "answer", say("{s} {s:accepts}.", s=s), {"answer": "accept"})]
        return [Event(seat, "answer", say("{s} {s:refuses}.", s=s), {"answer": "refuse"})]
    if phase in (DISCARD, EXCHANGE):
        return _discards(before, action, after)
    if phase == DOUBLE_ANSWER:
        if action == ACCEPT:
            mult = before._multiplier * 2
            text = say("{s} {s:accepts} the double: the hand counts ×{mult}.", s=s, mult=mult)
            return [Event(seat, "double", text, {"multiplier": mult})]
        return [Event(seat, "double", say("{s} {s:declines} the double.", s=s))]
    if phase == OFFER_ANSWER:
        if action == ACCEPT:
            return [Event(seat, "offer", say("{s} {s:accepts} the point.", s=s))]
        text = say("{s} {s:refuses} the point and must take all five tricks.", s=s)
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
            say("{s} {s:cuts} {card}.", s=Seat(seat), card=pretty(TOKENS[card])),
            {"card": TOKENS[card]},
        )
    ]
    if after._phase == CUT:
        if not after._cut_round:
            events.append(Event(None, "cut", say("A tie: everyone cuts again.")))
        return events
    dealer, elder = after._dealer, after._elder
    d, e = Seat(dealer), Seat(elder)
    waiting = after._waiting
    text: Phrase
    if not waiting:
        text = say("{d} {d:cuts} highest and {d:deals}; {e} {e:plays} against {d}.", d=d, e=e)
    elif len(waiting) == 1:
        text = say(
            "{d} {d:cuts} highest and {d:deals}; {e} {e:plays} against {d}; {w} {w:waits}.",
            d=d,
            e=e,
            w=Seat(waiting[0]),
        )
    else:
        text = say(
            "{d} {d:cuts} highest and {d:deals}; {e} {e:plays} against {d}; {seats} wait.",
            d=d,
            e=e,
            seats=seats_and(list(waiting)),
        )
    events.append(Event(None, "seats", text, {"dealer": dealer, "elder": elder}))
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
            text = say("{s's} hand: {hand}.", s=Seat(seat), hand=hand)
            events.append(Event(None, "hand", text, {"seat": seat}, only=_viewers(before, seat)))
        suit = SUIT_NAMES[suit_of(card)]
        text = say("Turned up: {card} — {suit} are trumps.", card=pretty(TOKENS[card]), suit=suit)
        events.append(Event(None, "turn_up", text, {"card": TOKENS[card]}))
        if card % 13 == before.g.bonus_rank:
            dealer = before._dealer
            text = say("The king turned scores 1 to {s}.", s=Seat(dealer))
            events.append(Event(dealer, "king", text, {"card": TOKENS[card]}))
        return events
    # The last card of a draw: the drawer's cards, this one included (as many as it threw).
    took = before._proposals[-1][3 if target == before._elder else 2]
    cards = [c for _, c in before._chance_log[len(before._chance_log) - took + 1 :]] + [card]
    s = Seat(target)
    own = say("{s} {s:draws} {cards}.", s=s, cards=pretty_cards(TOKENS[c] for c in cards))
    others = say_n("{s} {s:draws} {n} card.", "{s} {s:draws} {n} cards.", len(cards), s=s)
    return _private(before, target, "draw", own, others, cards)


def _sorted(mask: int) -> list[int]:
    return [c for c in range(52) if mask >> c & 1]


def _propose(before: EcarteState, action: int) -> list[Event]:
    elder = before._elder
    s = Seat(elder)
    if action == PLAY_ON:
        if not before._proposals:
            text = say("{s} {s:plays} without proposing.", s=s)
        else:
            text = say("{s} {s:plays} on.", s=s)
        return [Event(elder, "propose", text, {"proposed": None})]
    if action == PROPOSE_OPEN:
        return [Event(elder, "propose", say("{s} {s:proposes} an exchange.", s=s))]
    count = action - PROPOSE
    text = say_n("{s} {s:proposes} {n} card.", "{s} {s:proposes} {n} cards.", count, s=s)
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
    s = Seat(seat)
    if not cards:
        return [Event(seat, "discard", say("{s} {s:takes} no cards.", s=s), {"count": 0})]
    shown = pretty_cards(TOKENS[c] for c in cards)
    count = len(cards)
    own = say_n(
        "{s} {s:discards} {n} card: {cards}.",
        "{s} {s:discards} {n} cards: {cards}.",
        count,
        s=s,
        cards=shown,
    )
    others = say_n("{s} {s:discards} {n} card.", "{s} {s:discards} {n} cards.", count, s=s)
    return _private(before, seat, "discard", own, others, cards)


def _play(before: EcarteState, action: int) -> list[Event]:
    seat = before._cur
    s = Seat(seat)
    if action == MARK_KING:
        king = TOKENS[before._king_card()]
        text = say("{s} {s:marks} the king, {card}: 1 point.", s=s, card=pretty(king))
        return [Event(seat, "king", text, {"card": king})]
    if action == CONCEDE:
        return [Event(seat, "abandon", say("{s} {s:abandons} the hand.", s=s))]
    if action == OFFER_POINT:
        other = Seat(before._other(seat))
        text = say("{s} {s:offers} {other} the point.", s=s, other=other)
        return [Event(seat, "offer", text)]
    card = TOKENS[action]
    if not before._trick:
        text = say("{s} {s:leads} {card}.", s=s, card=pretty(card))
        return [Event(seat, "play", text, {"card": card})]
    led_by, led = before._trick[0]
    winner = seat if before._beats(action, led) else led_by
    best = action if winner == seat else led
    return [
        Event(seat, "play", say("{s} {s:plays} {card}.", s=s, card=pretty(card)), {"card": card}),
        Event(
            winner,
            "trick",
            say("{s} {s:takes} the trick with {card}.", s=Seat(winner), card=pretty(TOKENS[best])),
            {
                "winner": winner,
                "plays": [{"seat": led_by, "card": TOKENS[led]}, {"seat": seat, "card": card}],
                "card": TOKENS[best],
                "cards": [TOKENS[led], card],
            },
        ),
    ]
