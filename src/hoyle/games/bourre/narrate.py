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
from hoyle.core.narrate import Event, pretty, pretty_cards, secret
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

if TYPE_CHECKING:
    from hoyle.games.bourre.state import BourreState

__all__ = ["narrate"]

SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")


def _s(seat: int) -> str:
    return f"{{{seat}}}"


def _v(seat: int, verb: str) -> str:
    return f"{{{seat}:{verb}}}"


def _cards(count: int) -> str:
    return f"{count} card{'s' if count != 1 else ''}"


def _shown(cards: list[int]) -> str:
    return pretty_cards(TOKENS[c] for c in cards)


def narrate(before: BourreState, action: int, after: BourreState) -> list[Event]:
    """The events ``action`` made, ``before`` being the state it was applied to."""
    phase = before._phase
    seat = before._cur
    if phase == DEAL:
        events = _dealt(before, action, after)
    elif phase == DECLARE:
        verb = "passes" if action == PASS else "plays"
        events = [Event(seat, "declare", f"{_s(seat)} {_v(seat, verb)}.", {"said": verb[:4]})]
    elif phase == SEALED:
        said = "pass" if action == PASS else "play"
        events = secret(
            seat,
            "declare",
            f"{_s(seat)} {_v(seat, 'declares')} {said}, sealed.",
            f"{_s(seat)} {_v(seat, 'declares')}, unseen.",
            {"said": said},
        )
        if seat == before._dealer:  # the last to declare: all are shown together
            declared = [*before._declared]
            declared[seat] = said
            shown = ", ".join(
                f"{_s(s)} {_v(s, 'plays' if d == 'play' else 'passes')}"
                for s, d in enumerate(declared)
            )
            events.append(
                Event(None, "declare", f"All have declared: {shown}.", {"said": declared})
            )
    elif phase == STAY:
        text = (
            f"{_s(seat)} {_v(seat, 'passes')}."
            if action == PASS
            else f"{_s(seat)} {_v(seat, 'stays')} for a chip."
        )
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
        text = f"{_s(dealer)} {_v(dealer, 'takes')} the turned {card} into the hand."
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
            text = f"{{{seat}'s}} hand: {_shown(cards)}."
            events.append(Event(None, "hand", text, {"seat": seat}, only=frozenset({seat})))
        suit = SUIT_NAMES[suit_of(card)]
        if target == TURN:
            text = f"Turned up for trumps: {pretty(TOKENS[card])} — {suit}; it belongs to no one."
        else:
            dealer = before._dealer
            text = (
                f"{{{dealer}'s}} fifth card is turned: {pretty(TOKENS[card])} — {suit} are trumps."
            )
        events.append(Event(None, "turn_up", text, {"card": TOKENS[card]}))
        return events
    events = []
    if not before._undealt and not before._recycled:  # this card is the first of them
        text = "The stock is out: the discards and passed hands are reshuffled."
        events.append(Event(None, "reshuffle", text))
    done = after._phase != DEAL or after._after != "draw" or after._deal_no != before._deal_no
    if not done:
        return events
    cards = [c for _, c in before._chance_log[before._draw_from :]] + [card]
    own = f"{_s(target)} {_v(target, 'draws')} {_shown(cards)}."
    others = f"{_s(target)} {_v(target, 'draws')} {_cards(len(cards))}."
    tokens = [TOKENS[c] for c in cards]
    return events + secret(target, "draw", own, others, {"cards": tokens}, {"count": len(cards)})


def _discards(before: BourreState, action: int) -> list[Event]:
    """The discards a player made before saying draw: the cards to that player, the count
    to the others; a turned trump left on the table, to all."""
    seat = before._cur
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
        text = f"{_s(seat)} {_v(seat, 'leaves')} the turned {card} on the table."
        events.append(Event(seat, "discard", text, {"card": TOKENS[before._turn_up]}))
    if not cards:
        events.append(Event(seat, "discard", f"{_s(seat)} {_v(seat, 'stands')} pat."))
        return events
    own = f"{_s(seat)} {_v(seat, 'discards')} {_cards(len(cards))}: {_shown(cards)}."
    others = f"{_s(seat)} {_v(seat, 'discards')} {_cards(len(cards))}."
    tokens = [TOKENS[c] for c in cards]
    return events + secret(seat, "discard", own, others, {"cards": tokens}, {"count": len(cards)})


def _play(before: BourreState, card: int) -> list[Event]:
    seat = before._cur
    token = TOKENS[card]
    verb = "plays" if before._trick else "leads"
    events = [Event(seat, "play", f"{_s(seat)} {_v(seat, verb)} {pretty(token)}.", {"card": token})]
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
    text = f"{_s(winner)} {_v(winner, 'takes')} the trick with {pretty(TOKENS[best])}."
    data = {
        "winner": winner,
        "plays": [{"seat": s, "card": TOKENS[c]} for s, c in trick],
        "card": TOKENS[best],
        "cards": [TOKENS[c] for _, c in trick],
    }
    events.append(Event(winner, "trick", text, data))
    return events
