"""What each Bourré action did, as events a player reads (see :mod:`hoyle.core.narrate`).

Public: the turn-up, who plays or passes (a sealed declaration only once all are made, when all
are shown together), how many cards each discards and draws, the stock reshuffled, every card
played and who takes each trick. Private: a player's hand once dealt, the cards it discards and
the cards it draws — told to that player alone; the others read the count. A discard round is
told when its player says draw, a draw when its last card has come.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hoyle.cards import TOKENS
from hoyle.core.narrate import Event, Phrase, Seat, joined, pretty, pretty_cards, say, say_n, secret
from hoyle.games.bourre.state import (
    DEAL,
    DECLARE,
    DISCARD,
    DRAW,
    PASS,
    PLAYING,
    SEALED,
    STAY,
    TURN,
    suit_of,
)
from hoyle.i18n import N_

if TYPE_CHECKING:
    from hoyle.games.bourre.state import BourreState

__all__ = ["narrate"]

SUIT_NAMES = (N_("clubs"), N_("diamonds"), N_("hearts"), N_("spades"))


def _cards(count: int) -> Phrase:
    return say_n("{n} card", "{n} cards", count)


def _shown(cards: list[int]) -> str:
    return pretty_cards(TOKENS[c] for c in cards)


def _declared(seat: int, plays: bool) -> Phrase:
    """``{2} {2:plays}`` or ``{2} {2:passes}``."""
    if plays:
        return say("{s} {s:plays}", s=Seat(seat))
    return say("{s} {s:passes}", s=Seat(seat))


def narrate(before: BourreState, action: int, after: BourreState) -> list[Event]:
    """The events ``action`` made, ``before`` being the state it was applied to."""
    phase = before._phase
    seat = before._cur
    s = Seat(seat)
    if phase == DEAL:
        events = _dealt(before, action, after)
    elif phase == DECLARE:
        if action == PASS:
            events = [Event(seat, "declare", say("{s} {s:passes}.", s=s), {"said": "pass"})]
        else:
            events = [Event(seat, "declare", say("{s} {s:plays}.", s=s), {"said": "play"})]
    elif phase == SEALED:
        said = "pass" if action == PASS else "play"
        if action == PASS:
            own = say("{s} {s:declares} pass, sealed.", s=s)
        else:
            own = say("{s} {s:declares} play, sealed.", s=s)
        events = secret(seat, "declare", own, say("{s} {s:declares}, unseen.", s=s), {"said": said})
        if seat == before._dealer:  # the last to declare: all are shown together
            declared = [*before._declared]
            declared[seat] = said
            shown = joined([_declared(w, d == "play") for w, d in enumerate(declared)])
            text = say("All have declared: {shown}.", shown=shown)
            events.append(Event(None, "declare", text, {"said": declared}))
    elif phase == STAY:
        if action == PASS:
            text = say("{s} {s:passes}.", s=s)
        else:
            text = say("{s} {s:stays} for a chip.", s=s)
        events = [Event(seat, "stay", text)]
    elif phase == DISCARD:
        events = _discards(before, action) if action == DRAW else []
    elif phase == PLAYING:
        events = _play(before, action)
    else:
        events = []
    return events + _followed(before, after)


def _followed(before: BourreState, after: BourreState) -> list[Event]:
    """What follows on its own: the dealer taking the turned trump."""
    events = []
    dealer = after._dealer
    taking = (
        after.rules.dealer_takes_trump
        and after._phase == DISCARD
        and after._cur == dealer
        and not (before._phase == DISCARD and before._cur == dealer)
    )
    if taking:
        card = pretty(TOKENS[after._turn_up])
        text = say("{d} {d:takes} the turned {card} into the hand.", d=Seat(dealer), card=card)
        events.append(Event(dealer, "turn_up", text, {"card": TOKENS[after._turn_up]}))
    return events


def _dealt(before: BourreState, card: int, after: BourreState) -> list[Event]:
    """A card dealt, turned or drawn: the deal is told with its last card, a draw too."""
    target = before._queue[0]
    if before._after == "deal":
        if len(before._queue) > 1:
            return []
        hands = [before._hands[s] | (1 << card if s == target else 0) for s in range(before.g.n)]
        events = []
        for seat in range(before.g.n):
            cards = [c for c in range(52) if hands[seat] >> c & 1]
            text = say("{s's} hand: {cards}.", s=Seat(seat), cards=_shown(cards))
            events.append(Event(None, "hand", text, {"seat": seat}, only=frozenset({seat})))
        suit = say(SUIT_NAMES[suit_of(card)])
        shown = pretty(TOKENS[card])
        if target == TURN:
            text = say(
                "Turned up for trumps: {card} — {suit}; it belongs to no one.",
                card=shown,
                suit=suit,
            )
        else:
            text = say(
                "{d's} fifth card is turned: {card} — {suit} are trumps.",
                d=Seat(before._dealer),
                card=shown,
                suit=suit,
            )
        events.append(Event(None, "turn_up", text, {"card": TOKENS[card]}))
        return events
    events = []
    if not before._undealt and not before._recycled:  # this card is the first of them
        text = say("The stock is out: the discards and passed hands are reshuffled.")
        events.append(Event(None, "reshuffle", text))
    done = after._phase != DEAL or after._after != "draw" or after._deal_no != before._deal_no
    if not done:
        return events
    cards = [c for _, c in before._chance_log[before._draw_from :]] + [card]
    t = Seat(target)
    own = say("{s} {s:draws} {cards}.", s=t, cards=_shown(cards))
    others = say("{s} {s:draws} {count}.", s=t, count=_cards(len(cards)))
    tokens = [TOKENS[c] for c in cards]
    return events + secret(target, "draw", own, others, {"cards": tokens}, {"count": len(cards)})


def _discards(before: BourreState, action: int) -> list[Event]:
    """The discards a player made before saying draw: the cards to that player, the count
    to the others; a turned trump left on the table, to all."""
    seat = before._cur
    s = Seat(seat)
    cards = []
    for who, past in reversed(before._hand_actions):
        if who != seat or past >= 52:
            break
        cards.append(past)
    cards.reverse()
    events = []
    if before._turn_up in cards:  # the dealer who took the turned trump puts it back
        cards.remove(before._turn_up)
        card = pretty(TOKENS[before._turn_up])
        text = say("{s} {s:leaves} the turned {card} on the table.", s=s, card=card)
        events.append(Event(seat, "discard", text, {"card": TOKENS[before._turn_up]}))
    if not cards:
        events.append(Event(seat, "discard", say("{s} {s:stands} pat.", s=s)))
        return events
    count = _cards(len(cards))
    own = say("{s} {s:discards} {count}: {cards}.", s=s, count=count, cards=_shown(cards))
    others = say("{s} {s:discards} {count}.", s=s, count=count)
    tokens = [TOKENS[c] for c in cards]
    return events + secret(seat, "discard", own, others, {"cards": tokens}, {"count": len(cards)})


def _play(before: BourreState, card: int) -> list[Event]:
    seat = before._cur
    token = TOKENS[card]
    if before._trick:
        text = say("{s} {s:plays} {card}.", s=Seat(seat), card=pretty(token))
    else:
        text = say("{s} {s:leads} {card}.", s=Seat(seat), card=pretty(token))
    events = [Event(seat, "play", text, {"card": token})]
    trick = [*before._trick, (seat, card)]
    if len(trick) < len(before._active()):
        return events
    led = suit_of(trick[0][1])
    trump = before._trump

    def key(play: tuple[int, int]) -> int:
        c = play[1]
        if suit_of(c) == trump:
            return 200 + c
        return 100 + c if suit_of(c) == led else -1

    winner, best = max(trick, key=key)
    text = say("{s} {s:takes} the trick with {card}.", s=Seat(winner), card=pretty(TOKENS[best]))
    data = {
        "winner": winner,
        "plays": [{"seat": s, "card": TOKENS[c]} for s, c in trick],
        "card": TOKENS[best],
        "cards": [TOKENS[c] for _, c in trick],
    }
    events.append(Event(winner, "trick", text, data))
    return events
