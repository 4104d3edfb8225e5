"""What each All Fours action did, in a player's words: the events of ``state.log(seat)``.

Public events are told to everyone: the cut, a card turned up (and the kick it scores), the beg
and its answer, the bids, every card played and who took the trick, a hand thrown in (face
up), cards drawn from a face-up stock. What is face down is told only to those who may see it:
a card discarded after running is named to its owner alone (the others read that a card went
face down); a card drawn from a face-down stock likewise; the card cut for the colour guess is
named once guessed. Cards dealt are never named: a hand is in its holder's observation, and
some rules keep it from the holder too until eldest decides or the pitch is made.

The core adds what every game shares: a hand beginning, its result (see :mod:`.results`), the
end of the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hoyle.cards import TOKENS
from hoyle.core.narrate import Event, Seat, joined, pretty, say, say_n, secret
from hoyle.games.all_fours.observe import partner_text, side_text
from hoyle.games.all_fours.results import suit_name
from hoyle.games.all_fours.rules import FirstDealer, Gift, RepeatExtras, Stock
from hoyle.games.all_fours.state import (
    _POINTS,
    ASIDE,
    AUCTION,
    BEG_PHASE,
    BID,
    CHOOSE,
    CHOOSE_PHASE,
    CUT,
    DEAL,
    DISCARD,
    DRAW,
    GIVE,
    GIVE_PHASE,
    GUESS,
    GUESS_RED,
    MAX_CUT_ROUNDS,
    PACK_OUT,
    PASS,
    PLAY,
    SALE,
    SELL,
    STAND,
    THROW_IN,
    TOP,
    TURN,
    rank_of,
    suit_of,
    winning_place,
)

if TYPE_CHECKING:
    from hoyle.games.all_fours.state import AllFoursState

__all__ = ["narrate"]


def _card(card: int) -> str:
    return pretty(TOKENS[card])


def narrate(before: AllFoursState, action: int, after: AllFoursState) -> list[Event]:
    """The events of ``action``, played in ``before`` to make ``after``."""
    events: list[Event] = []
    if not before._history:  # the first action of the game: who plays with whom
        partners = partner_text(before)
        if partners is not None:
            n, sides = before.g.n, before.rules.sides
            seats = [[s for s in range(n) if before._side(s) == k] for k in range(sides)]
            events.append(Event(None, "partners", partners, {"sides": seats}))
    phase = before._phase
    if phase == CUT:
        events += _cut(before, action, after)
    elif phase == DEAL:
        events += _dealt(before, action, after)
    elif phase == DRAW:
        events += _drawn(before, action)
    elif phase == PLAY:
        events += _played(before, action)
    elif phase == DISCARD:
        seat = before._cur
        events += secret(
            seat,
            "discard",
            say("{s} {s:discards} {card}.", s=Seat(seat), card=_card(action)),
            say("{s} {s:discards} a card face down.", s=Seat(seat)),
            {"card": TOKENS[action]},
            {"count": 1},
        )
    else:
        events += _decided(before, action, after)
    return events


# ---------------------------------------------------------------------- before the first deal


def _cut(before: AllFoursState, card: int, after: AllFoursState) -> list[Event]:
    rules = before.rules
    seat = before._cut_round[before._cut_pos]
    s = Seat(seat)
    if rules.first_dealer is FirstDealer.COLOUR_GUESS:
        text = say("{s} {s:cuts} a card face down; the other side guesses its colour.", s=s)
        return [Event(seat, "cut", text, {})]
    if rules.first_dealer is FirstDealer.FIRST_JACK:
        events = [
            Event(
                seat,
                "cut",
                say("{s} {s:is} dealt {card} face up.", s=s, card=_card(card)),
                {"card": TOKENS[card]},
            )
        ]
        if after._phase != CUT:
            dealer = after._dealer
            events.append(
                Event(
                    None,
                    "first_dealer",
                    say(
                        "The first jack: {s} {s:pitches} first and {d} {d:deals}.",
                        s=s,
                        d=Seat(dealer),
                    ),
                    {"pitcher": seat, "dealer": dealer},
                )
            )
        return events
    cut = say("{s} {s:cuts} {card}.", s=s, card=_card(card))
    events = [Event(seat, "cut", cut, {"card": TOKENS[card]})]
    if after._phase == CUT and after._cut_pos == 0:
        tied = list(after._cut_round)
        who: str = f"{{{tied[0]}}}"
        for t in tied[1:]:  # "{0} and {1} and {2}"
            slot = f"{{{t}}}"
            who = say("{items} and {last}", items=who, last=slot)
        text = say("A tie: {seats} cut again.", seats=who)
        events.append(Event(None, "cut_tie", text, {"seats": tied}))
    elif after._phase != CUT:
        dealer = after._dealer
        d = Seat(dealer)
        if after._cut_rounds >= MAX_CUT_ROUNDS:
            text = say("Still tied after {n} cuts: {d} {d:deals} first.", n=MAX_CUT_ROUNDS, d=d)
        elif rules.first_dealer is FirstDealer.CUT_PUT:
            text = say("{d} {d:cuts} best in Put order and {d:deals} first.", d=d)
        else:
            text = say("{d} {d:cuts} highest and {d:deals} first.", d=d)
        events.append(Event(None, "first_dealer", text, {"dealer": dealer}))
    return events


# ---------------------------------------------------------------------- the deal and the stock


def _dealt(before: AllFoursState, card: int, after: AllFoursState) -> list[Event]:
    """A card dealt: told only when it is turned up, cut for trumps or shown on the stock."""
    target = before._queue[0]
    dealer = before._dealer
    if target == ASIDE:
        return [
            Event(
                dealer,
                "trumps",
                say(
                    "{d} {d:cuts} {card} for trumps: {suit} are trumps. It goes back into the "
                    "pack.",
                    d=Seat(dealer),
                    card=_card(card),
                    suit=suit_name(suit_of(card)),
                ),
                {"card": TOKENS[card], "trumps": "CDHS"[suit_of(card)]},
            )
        ]
    if target == TOP:
        return [
            Event(
                None,
                "stock",
                say("The stock's top card is turned face up: {card}.", card=_card(card)),
                {"card": TOKENS[card]},
            )
        ]
    if target != TURN:
        return []
    return _turn_up(before, card, after)


def _turn_up(before: AllFoursState, card: int, after: AllFoursState) -> list[Event]:
    rules = before.rules
    dealer = before._dealer
    d = Seat(dealer)
    suit = suit_of(card)
    ran = before._ran
    new_suit = not ran or suit != before._rejected
    if new_suit:
        text = say(
            "{d} {d:turns} up {card}: {suit} are trumps.",
            d=d,
            card=_card(card),
            suit=suit_name(suit),
        )
    elif rules.repeat_extras is RepeatExtras.KEEP:
        text = say(
            "{d} {d:turns} up {card}, the begged suit again: the cards are kept.",
            d=d,
            card=_card(card),
        )
    else:
        text = say(
            "{d} {d:turns} up {card}, the begged suit again: it and the three cards each dealt "
            "with it go out unseen.",
            d=d,
            card=_card(card),
        )
    events = [
        Event(
            dealer,
            "turn_up",
            text,
            {"card": TOKENS[card], "trumps": "CDHS"[suit] if new_suit else None, "run": ran},
        )
    ]
    kick = before.g.kicks.get(rank_of(card), 0)
    if kick and (new_suit or rules.kick_while_running):
        side = before._side(dealer)
        events.append(
            Event(
                None,
                "kick",
                say_n(
                    "Kick: {card} — {n} to {side}.",
                    "Kick: {card} — {n} to {side}.",
                    kick,
                    card=_card(card),
                    side=side_text(before, side),
                ),
                {"card": TOKENS[card], "side": side, "points": kick},
            )
        )
    if not new_suit:
        ended = after._hand_results[len(before._hand_results) :]
        if ended and ended[-1].items[-1].get("reason") == PACK_OUT:
            text = say("The pack has run out before a new trump.")
            events.append(Event(None, "pack_out", text))
        elif not ended:
            text = say("{d} {d:runs} the cards again: three more each and a new turn-up.", d=d)
            events.append(Event(dealer, "run", text, {}))
    return events


def _drawn(before: AllFoursState, card: int) -> list[Event]:
    """A card from the stock (California Jack): face up for all, or face down."""
    takers = before._takers
    if before.rules.stock is Stock.FACE_UP:
        if takers:
            seat = takers[0]
            return [
                Event(
                    seat,
                    "draw",
                    say("{s} {s:takes} {card} from the stock.", s=Seat(seat), card=_card(card)),
                    {"card": TOKENS[card]},
                )
            ]
        text = say("The stock now shows {card}.", card=_card(card))
        return [Event(None, "stock", text, {"card": TOKENS[card]})]
    seat = takers[0]
    return secret(
        seat,
        "draw",
        say("{s} {s:draws} {card} from the stock.", s=Seat(seat), card=_card(card)),
        say("{s} {s:draws} a card from the stock.", s=Seat(seat)),
        {"card": TOKENS[card]},
        {"count": 1},
    )


# ---------------------------------------------------------------------- the play


def _played(before: AllFoursState, action: int) -> list[Event]:
    seat = before._cur
    s = Seat(seat)
    events: list[Event] = []
    trick = list(before._trick)
    trump = before._trump
    if action == THROW_IN:
        shown = [c for c in range(52) if before._hands[seat] >> c & 1]
        cards = " ".join(_card(c) for c in shown)
        partners = [
            p
            for p in range(before.g.n)
            if p != seat and before._side(p) == before._side(seat) and not before._out[p]
        ]
        if len(partners) == 1:
            text = say(
                "{s} {s:throws} in the hand face up: {cards}. {p} {p:plays} on alone.",
                s=s,
                cards=cards,
                p=Seat(partners[0]),
            )
        else:
            text = say("{s} {s:throws} in the hand face up: {cards}.", s=s, cards=cards)
        events.append(Event(seat, "throw_in", text, {"cards": [TOKENS[c] for c in shown]}))
        seats = list(before._trick_seats)
        if trick and len(trick) >= before._in_play - 1:
            events += _trick_taken(before, trick, seats)
        return events
    if not trick and trump < 0:
        trump = suit_of(action)
        text = say(
            "{s} {s:pitches} {card}: {suit} are trumps.",
            s=s,
            card=_card(action),
            suit=suit_name(trump),
        )
        kind = "pitch"
    elif not trick:
        text, kind = say("{s} {s:leads} {card}.", s=s, card=_card(action)), "lead"
    else:
        text, kind = say("{s} {s:plays} {card}.", s=s, card=_card(action)), "play"
    events.append(Event(seat, kind, text, {"card": TOKENS[action]}))
    trick.append(action)
    seats = [*before._trick_seats, seat]
    if len(trick) == before._in_play:
        events += _trick_taken(before, trick, seats, trump)
    return events


def _trick_taken(
    before: AllFoursState, trick: list[int], seats: list[int], trump: int | None = None
) -> list[Event]:
    """Who took the trick, what it scored at once (All Fives), what the winner took from a
    face-up stock."""
    trump = before._trump if trump is None else trump
    place = winning_place(trump, trick)
    winner, card = seats[place], trick[place]
    w = Seat(winner)
    text = say("{s} {s:takes} the trick with {card}.", s=w, card=_card(card))
    plays = [{"seat": s, "card": TOKENS[c]} for s, c in zip(seats, trick, strict=True)]
    data = {
        "winner": winner,
        "plays": plays,
        "card": TOKENS[card],
        "cards": [TOKENS[c] for c in trick],
    }
    rules = before.rules
    if rules.trick_points_at_once:
        pts = 0
        for c in trick:
            if suit_of(c) == trump:
                five = rank_of(c) == 3 and rules.five_value
                pts += rules.five_value if five else _POINTS[rank_of(c)]
        if pts:
            text = say(
                "{s} {s:takes} the trick with {card}, scoring {points} at once.",
                s=w,
                card=_card(card),
                points=pts,
            )
            data["points"] = pts
    events = [Event(winner, "trick", text, data)]
    if rules.stock is Stock.FACE_UP and before._top >= 0:
        top = before._top
        events.append(
            Event(
                winner,
                "draw",
                say("{s} {s:takes} {card} from the stock.", s=w, card=_card(top)),
                {"card": TOKENS[top]},
            )
        )
    return events


# ---------------------------------------------------------------------- decisions


def _decided(before: AllFoursState, action: int, after: AllFoursState) -> list[Event]:
    seat = before._cur
    s = Seat(seat)
    phase = before._phase
    if phase == BEG_PHASE:
        if action == STAND:
            return [Event(seat, "stand", say("{s} {s:stands}.", s=s))]
        return [Event(seat, "beg", say("{s} {s:begs}.", s=s))]
    if phase == GIVE_PHASE:
        if action == GIVE:
            return [_gift(before, seat)]
        text = say("{s} {s:runs} the cards: three more each and a new turn-up.", s=s)
        return [Event(seat, "run", text)]
    if phase == AUCTION:
        if action == PASS:
            return [Event(seat, "pass", say("{s} {s:passes}.", s=s))]
        bid = action - BID
        return [Event(seat, "bid", say("{s} {s:bids} {bid}.", s=s, bid=bid), {"bid": bid})]
    if phase == SALE:
        bid, buyer = before._bid, before._bidder
        if action == SELL:
            text = say(
                "{s} {s:sells} the pitch to {b} for {bid} and {s:scores} {bid}.",
                s=s,
                b=Seat(buyer),
                bid=bid,
            )
            return [Event(seat, "sell", text, {"to": buyer, "bid": bid})]
        text = say("{s} {s:keeps} the pitch and must make {bid}.", s=s, bid=bid)
        return [Event(seat, "keep", text, {"bid": bid})]
    if phase == GUESS:
        card = before._cut[-1][1]
        red = action == GUESS_RED
        right = (suit_of(card) in (1, 2)) == red
        args = {"s": s, "card": _card(card), "c": Seat(after._cur)}
        if red and right:
            text = say(
                "{s} {s:guesses} red; the card is {card}: right, so {c} {c:chooses} who "
                "pitches first.",
                **args,
            )
        elif red:
            text = say(
                "{s} {s:guesses} red; the card is {card}: wrong, so {c} {c:chooses} who "
                "pitches first.",
                **args,
            )
        elif right:
            text = say(
                "{s} {s:guesses} black; the card is {card}: right, so {c} {c:chooses} who "
                "pitches first.",
                **args,
            )
        else:
            text = say(
                "{s} {s:guesses} black; the card is {card}: wrong, so {c} {c:chooses} who "
                "pitches first.",
                **args,
            )
        colour = "red" if red else "black"
        return [
            Event(seat, "guess", text, {"colour": colour, "card": TOKENS[card], "right": right})
        ]
    if phase == CHOOSE_PHASE:
        pitcher = action - CHOOSE
        d = Seat(after._dealer)
        if pitcher == seat:
            text = say("{s} {s:chooses} to pitch first; {d} {d:deals}.", s=s, d=d)
        else:
            text = say(
                "{s} {s:chooses} {p} to pitch first; {d} {d:deals}.", s=s, p=Seat(pitcher), d=d
            )
        return [Event(seat, "choose", text, {"pitcher": pitcher})]
    return []  # pragma: no cover - every phase is told above


def _gift(before: AllFoursState, seat: int) -> Event:
    """The dealer gives the beggar's side (or every other side) the gift."""
    rules = before.rules
    eldest = before._nxt(before._dealer)
    if rules.gift is Gift.THROW_IN:
        sides = [before._side(eldest)]
    else:
        sides = [k for k in range(rules.sides) if k != before._side(seat)]
    to = joined([side_text(before, k) for k in sides], "; ")
    points, s = rules.gift_points, Seat(seat)
    if len(sides) > 1:
        text = say_n(
            "{s} {s:gives} {n} each to {to}.", "{s} {s:gives} {n} each to {to}.", points, s=s, to=to
        )
    elif rules.gift is Gift.THROW_IN:
        text = say_n(
            "{s} {s:gives} {n} to {to}. The hand is thrown in.",
            "{s} {s:gives} {n} to {to}. The hand is thrown in.",
            points,
            s=s,
            to=to,
        )
    else:
        text = say_n("{s} {s:gives} {n} to {to}.", "{s} {s:gives} {n} to {to}.", points, s=s, to=to)
    return Event(seat, "gift", text, {"sides": sides, "points": rules.gift_points})
