"""What each Hearts action did, told to each seat as it may see it (the contract's log).

:func:`narrate` turns one action into :class:`~hoyle.core.narrate.Event` values. Cards played
are public; hidden moves are told through :func:`~hoyle.core.narrate.secret` or ``only``:

- a seat's pass is told to it with the cards, to the others as a count; the cards a seat
  receives (from a neighbour, or back from a mix pool) are told to that seat alone;
- the widow (or the two-pack kitty) is shown to its taker only, and so are the cards laid away
  from it under ``widow=to_hand``;
- a card drawn from the Domino Hearts stock is told to its drawer, the others learn a card was
  drawn;
- a slam bid's silent partner learns it when the bidding ends; everyone else when the bonus
  card is played.

Both states handed in are full states, so every sentence is built from what its readers may
know: the conformance suite checks that a seat's log is the same in every world resampled from
its information. The core adds the deal's beginning, its result lines and the game's end.
"""

from __future__ import annotations

from typing import Any

from hoyle.core.narrate import (
    Event,
    Phrase,
    Seat,
    joined,
    pretty,
    pretty_cards,
    say,
    say_n,
    secret,
)
from hoyle.games.hearts.state import (
    AUCTION,
    BID,
    DEAL,
    DECLARE,
    DISCARD,
    DRAW,
    GENERALE,
    JOKERS,
    MIX,
    MOON,
    MOON_ADD,
    NAME,
    NAME_SUIT,
    NO_BID,
    PASS,
    PLAY,
    POOL,
    TOKENS,
    DealRecord,
    HeartsState,
    mask_to_list,
)
from hoyle.i18n import N_

__all__ = ["narrate"]

_SUITS = (N_("clubs"), N_("diamonds"), N_("hearts"), N_("spades"))
_SUIT_ONE = (N_("a club"), N_("a diamond"), N_("a heart"), N_("a spade"))


def _card(card: int) -> str:
    """A card as a sentence names it (``Q♠``, ``a joker``)."""
    return say("a joker") if card >= 52 else pretty(TOKENS[card])


def _cards(cards: list[int]) -> str:
    return pretty_cards(TOKENS[c] for c in sorted(cards))


def _count(k: int) -> Phrase:
    return say_n("{n} card", "{n} cards", k)


def _chips(k: int) -> Phrase:
    return say_n("{n} chip", "{n} chips", k)


def narrate(before: HeartsState, action: int, after: HeartsState) -> list[Event]:
    """The events ``action`` made (``before`` the state it was applied to, ``after`` the
    state it made)."""
    phase = before._phase
    if phase == PLAY:
        return _play(before, action, after)
    if phase == PASS:
        return _pass(before, action, after)
    if phase == DEAL:
        return _dealt(before, after)
    if phase == MIX:
        return _dealt_back(before, after)
    if phase == DRAW:
        return _drawn(before, action)
    if phase == DISCARD:
        seat = before._cur
        return secret(
            seat,
            "discard",
            say("{s} {s:lays} {card} away.", s=Seat(seat), card=_card(action)),
            say("{s} {s:lays} a card away face down.", s=Seat(seat)),
            {"card": TOKENS[action]},
            {"count": 1},
        )
    if phase == MOON:
        return _moon(before, action, after)
    if phase == DECLARE:
        seat = before._cur
        if action == GENERALE:
            text = say("{s} {s:announces} a Générale.", s=Seat(seat))
        else:
            text = say("{s} {s:declines} a Générale.", s=Seat(seat))
        return [Event(seat, "declare", text, {"generale": action == GENERALE})]
    if phase == AUCTION:
        return _bid(before, action, after)
    if phase == NAME:
        seat = before._cur
        suit = action - NAME_SUIT
        return [
            Event(
                seat,
                "name",
                say(
                    "{s} {s:names} {suit} the penalty suit.",
                    s=Seat(seat),
                    suit=say(_SUITS[suit]),
                ),
                {"suit": "CDHS"[suit]},
            )
        ]
    return []


def _same_deal(before: HeartsState, after: HeartsState) -> bool:
    return after._deal_no == before._deal_no


def _record(before: HeartsState, after: HeartsState) -> DealRecord | None:
    """The record of the deal ``before`` was in, when the action ended it."""
    return None if _same_deal(before, after) else after._records[-1]


# ---------------------------------------------------------------------- the deal


def _dealt(before: HeartsState, after: HeartsState) -> list[Event]:
    """The last card dealt: what lies face down for later, if anything (the cards of the deal
    itself are in each seat's hand)."""
    if after._phase == DEAL and _same_deal(before, after):
        return []
    g = before.g
    if g.widow_size:
        if g.rules.packs > 1:
            text = say_n(
                "{n} card lies face down as the kitty, for the first trick's winner.",
                "{n} cards lie face down as the kitty, for the first trick's winner.",
                g.widow_size,
            )
        else:
            text = say_n(
                "{n} card lies face down as the widow, for the first trick's winner.",
                "{n} cards lie face down as the widow, for the first trick's winner.",
                g.widow_size,
            )
        return [Event(None, "widow", text, {"count": g.widow_size})]
    stock = getattr(after, "_stock", 0)
    if stock:
        return [
            Event(
                None,
                "stock",
                say_n(
                    "The other {n} card lies face down as the stock.",
                    "The other {n} cards lie face down as the stock.",
                    stock.bit_count(),
                ),
                {"count": stock.bit_count()},
            )
        ]
    return []


def _pass(before: HeartsState, action: int, after: HeartsState) -> list[Event]:
    g = before.g
    n = g.n
    seat = before._cur
    plan = before.pass_plan()
    chosen = [*before._passed[seat], action]
    if len(chosen) < len(plan):
        return []  # told once the seat's whole pass is chosen
    events: list[Event] = []
    who = Seat(seat)
    if plan[0] == POOL:
        events += secret(
            seat,
            "pass",
            say("{s} {s:puts} {cards} into the pool.", s=who, cards=_cards(chosen)),
            say("{s} {s:puts} {count} into the pool.", s=who, count=_count(len(chosen))),
            {"cards": [TOKENS[c] for c in sorted(chosen)]},
            {"count": len(chosen)},
        )
    else:
        by_seat: dict[int, list[int]] = {}
        for card, offset in zip(chosen, plan, strict=True):
            by_seat.setdefault((seat + offset) % n, []).append(card)
        own = joined(
            [
                say("{cards} to {to}", cards=_cards(cards), to=Seat(to))
                for to, cards in sorted(by_seat.items())
            ]
        )
        if len(by_seat) == 1:
            (to,) = by_seat
            others = say(
                "{s} {s:passes} {count} to {to}.", s=who, count=_count(len(chosen)), to=Seat(to)
            )
        else:
            each = len(chosen) // len(by_seat)
            others = say("{s} {s:passes} {count} to each other player.", s=who, count=_count(each))
        events += secret(
            seat,
            "pass",
            say("{s} {s:passes} {parts}.", s=who, parts=own),
            others,
            {"cards": [TOKENS[c] for c in sorted(chosen)]},
            {"count": len(chosen)},
        )
    if after._phase == PASS:
        return events
    if plan[0] == POOL:
        eldest = (before._dealer + 1) % n
        events.append(
            Event(
                None,
                "mix",
                say(
                    "The pool is shuffled and dealt back, one card at a time from {s}.",
                    s=Seat(eldest),
                ),
            )
        )
        return events
    return events + _receipts(after, plan)


def _receipts(after: HeartsState, plan: tuple[int, ...]) -> list[Event]:
    """Each seat is told, alone, what it received in the pass just completed."""
    n = after.g.n
    got: list[dict[int, list[int]]] = [{} for _ in range(n)]
    for giver in range(n):
        for card, offset in zip(after._passed[giver], plan, strict=True):
            got[(giver + offset) % n].setdefault(giver, []).append(card)
    events = []
    for seat in range(n):
        parts = joined(
            [
                say("{cards} from {giver}", cards=_cards(cards), giver=Seat(g))
                for g, cards in sorted(got[seat].items())
            ]
        )
        cards = [TOKENS[c] for c in mask_to_list(after._received[seat])]
        events.append(
            Event(
                seat,
                "receive",
                say("{s} {s:receives} {parts}.", s=Seat(seat), parts=parts),
                {"cards": cards},
                only=frozenset({seat}),
            )
        )
    return events


def _dealt_back(before: HeartsState, after: HeartsState) -> list[Event]:
    """A mix pass dealt back: once all is dealt, each seat is told what it got."""
    if after._phase == MIX:
        return []
    events = []
    for seat in range(before.g.n):
        cards = mask_to_list(after._received[seat])
        events.append(
            Event(
                seat,
                "receive",
                say("{s} {s:gets} {cards} from the pool.", s=Seat(seat), cards=_cards(cards)),
                {"cards": [TOKENS[c] for c in cards]},
                only=frozenset({seat}),
            )
        )
    return events


def _drawn(before: HeartsState, action: int) -> list[Event]:
    """Domino Hearts: a card drawn from the stock, seen by its drawer alone."""
    seat = before._cur
    return secret(
        seat,
        "draw",
        say("{s} {s:draws} {card} from the stock.", s=Seat(seat), card=_card(action)),
        say("{s} {s:draws} a card from the stock.", s=Seat(seat)),
        {"card": TOKENS[action]},
        {"count": 1},
    )


# ---------------------------------------------------------------------- bids and choices


def _bid(before: HeartsState, action: int, after: HeartsState) -> list[Event]:
    g = before.g
    seat = before._cur
    who = Seat(seat)
    slam = bool(g.rules.slam_bid)
    if action == NO_BID:
        events = [Event(seat, "bid", say("{s} {s:passes}.", s=who), {"bid": 0})]
    else:
        bid = action - BID
        if slam:
            text = say("{s} {s:bids} {bid} to take every trick.", s=who, bid=bid)
        else:
            text = say("{s} {s:bids} {chips}.", s=who, chips=_chips(bid))
        events = [Event(seat, "bid", text, {"bid": bid})]
    if after._phase == AUCTION:
        return events
    bidder = after._bidder
    if bidder < 0:
        if slam:
            text = say("Nobody bids: the deal is played without a slam.")
        else:
            text = say("Nobody bids: hearts count, and nobody pays.")
        return [*events, Event(None, "auction", text, {"bidder": None})]
    b, top = Seat(bidder), after._bid
    if not slam:
        text = say(
            "{s} {s:buys} the right to name the penalty suit for {chips}.",
            s=b,
            chips=_chips(top),
        )
        return [*events, Event(None, "auction", text, {"bidder": bidder, "bid": top})]
    events.append(
        Event(
            None,
            "auction",
            say(
                "{s} {s:wins} the bidding at {bid}: {s} and a silent partner must take every "
                "trick.",
                s=b,
                bid=top,
            ),
            {"bidder": bidder, "bid": top},
        )
    )
    partner = after._partner
    card = pretty(TOKENS[g.partner_card])
    if partner == bidder:
        text = say("{s} {s:holds} the {card} and so {s:plays} alone.", s=b, card=card)
    else:
        text = say(
            "{p} {p:holds} the {card} and so {p:is} {s's} silent partner.",
            p=Seat(partner),
            card=card,
            s=b,
        )
    events.append(Event(partner, "partner", text, {"bidder": bidder}, only=frozenset({partner})))
    return events


def _moon(before: HeartsState, action: int, after: HeartsState) -> list[Event]:
    seat = before._shooter
    record = after._records[-1]
    worth = int(record.detail.get("worth", before.g.moon_value))
    who = Seat(seat)
    if action == MOON_ADD:
        text = say(
            "{s} {s:chooses} to add {worth} to each other player's score.", s=who, worth=worth
        )
    else:
        text = say("{s} {s:chooses} to take {worth} off {s's} own score.", s=who, worth=worth)
    return [Event(seat, "moon", text, {"add": action == MOON_ADD, "worth": worth})]


# ---------------------------------------------------------------------- the play


def _play(before: HeartsState, card: int, after: HeartsState) -> list[Event]:
    g = before.g
    seat = before._cur
    who = Seat(seat)
    data: dict[str, Any] = {"card": TOKENS[card]}
    record = _record(before, after)
    revokes = after._revokes if record is None else record.revokes
    if not before._trick:
        text = say("{s} {s:leads} {card}.", s=who, card=_card(card))
    elif len(revokes) > len(before._revokes):
        led = before._lead_suit
        text = say(
            "{s} {s:revokes}: {card}, holding {suit}.",
            s=who,
            card=_card(card),
            suit=say(_SUIT_ONE[led]),
        )
        data["revoke"] = True
    elif (
        card < 52
        and g.rules.packs > 1
        and g.rules.cancellation
        and card in before._trick
        and before._trick.count(card) == 1
    ):
        text = say("{s} {s:plays} {card}: the two {card} cancel.", s=who, card=_card(card))
        data["cancels"] = True
    else:
        text = say("{s} {s:plays} {card}.", s=who, card=_card(card))
    events = [Event(seat, "play", text, data)]
    if g.rules.slam_bid and before._partner >= 0 and card == g.partner_card:
        bidder, partner = before._bidder, before._partner
        if partner == bidder:
            reveal = say("{s} {s:plays} alone.", s=Seat(bidder))
        else:
            reveal = say("{p} {p:is} {s's} silent partner.", p=Seat(partner), s=Seat(bidder))
        events.append(Event(None, "partner", reveal, {"bidder": bidder, "partner": partner}))
    events += _trick_end(before, card, after, record)
    if record is None and not before._broken and after._broken and not g.broken_at_start:
        events.append(Event(None, "broken", say("Hearts are broken.")))
    if after._phase == MOON and record is None:
        shooter = after._shooter
        events.append(
            Event(
                shooter,
                "moon",
                say("{s} {s:has} shot the moon, and {s:chooses} how it scores.", s=Seat(shooter)),
            )
        )
    return events


def _trick_end(
    before: HeartsState, card: int, after: HeartsState, record: DealRecord | None
) -> list[Event]:
    """The trick the play completed, if it did: who took it with what, and the widow."""
    number = len(before._tricks)
    if record is None:
        if len(after._tricks) == number:
            return []
        leader, cards, winner = after._tricks[number]
    else:
        assert after._last_trick is not None
        leader, cards, winner = after._last_trick
    g = before.g
    n = g.n
    from hoyle.games.hearts.domino import DominoState

    if isinstance(before, DominoState):  # seats out of cards sit the trick out
        seats = list(before._seats) if before._trick else [before._cur]
    else:
        seats = [(leader + i) % n for i in range(len(cards))]
    values = before._values
    points = sum(values[c] for c in cards)
    carried = list(getattr(before, "_carry", ()))
    plays = [{"seat": s, "card": TOKENS[c]} for s, c in zip(seats, cards, strict=True)]
    void = _void(before, after, number, record)
    if void is not None:  # no trick won: the cards wait, or go to an earlier trick's winner
        to = winner if winner >= 0 else None  # as the observed trick's ``to``
        data = {"cards": [TOKENS[c] for c in cards], "plays": plays, "to": to}
        return [Event(None, "void", void, data)]
    points += sum(values[c] for c in carried)
    best = cards[seats.index(winner)] if winner in seats else -1
    shown = str(points) if points >= 0 else f"−{-points}"  # a true minus sign
    worth = say_n("{n} point", "{n} points", abs(points), n=shown)
    who = Seat(winner)
    if 0 <= best < 52 and carried:
        text = say(
            "{s} {s:takes} the trick with {card} and the {count} waiting ({worth}).",
            s=who,
            card=_card(best),
            count=_count(len(carried)),
            worth=worth,
        )
    elif carried:
        text = say(
            "{s} {s:takes} the trick and the {count} waiting ({worth}).",
            s=who,
            count=_count(len(carried)),
            worth=worth,
        )
    elif 0 <= best < 52:
        text = say(
            "{s} {s:takes} the trick with {card} ({worth}).", s=who, card=_card(best), worth=worth
        )
    else:
        text = say("{s} {s:takes} the trick ({worth}).", s=who, worth=worth)
    events = [
        Event(
            winner,
            "trick",
            text,
            {
                "winner": winner,
                "plays": plays,
                "cards": [TOKENS[c] for c in cards],
                "points": points,
            },
        )
    ]
    taker = after._widow_taker if record is None else record.widow_taker
    if before._widow_taker < 0 and taker >= 0:
        events += _widow(before, taker)
    return events


def _void(
    before: HeartsState, after: HeartsState, number: int, record: DealRecord | None
) -> str | None:
    """Cancellation Hearts: the sentence for trick ``number`` if it was void, else None."""
    from hoyle.games.hearts.cancellation import CancellationState

    if not isinstance(after, CancellationState):
        return None
    if record is None:
        _leader, cards, winner = after._tricks[number]
        if winner < 0:
            return say(
                "The trick is void ({why}): its cards wait for the next trick's winner.",
                why=_why_void(cards),
            )
        last = number in after._void_to  # only the last trick is void and taken at once
    else:
        assert after._last_trick is not None
        _leader, cards, winner = after._last_trick
        last = after._last_void
    if not last:
        return None
    return say(
        "The last trick is void ({why}): its cards go to {s}, who won a trick before.",
        why=_why_void(cards),
        s=Seat(winner),
    )


def _why_void(cards: tuple[int, ...]) -> Phrase:
    seen = pairs = 0
    for c in cards:
        if seen >> c & 1:
            pairs |= 1 << c
        seen |= 1 << c
    if pairs.bit_count() >= 2:
        return say("two cancelled pairs")
    return say("every card of the suit led is cancelled")


_WIDOW = {
    (False, False): (
        N_("{s} {s:takes} the widow: {cards}."),
        N_("{s} {s:takes} the widow ({count}), unseen."),
    ),
    (False, True): (
        N_("{s} {s:takes} the widow into hand: {cards}."),
        N_("{s} {s:takes} the widow ({count}) into hand, unseen."),
    ),
    (True, False): (
        N_("{s} {s:takes} the kitty: {cards}."),
        N_("{s} {s:takes} the kitty ({count}), unseen."),
    ),
    (True, True): (
        N_("{s} {s:takes} the kitty into hand: {cards}."),
        N_("{s} {s:takes} the kitty ({count}) into hand, unseen."),
    ),
}
"""What the taker and the others are told of the widow (or the two-pack kitty), by (kitty,
into hand)."""


def _widow(before: HeartsState, taker: int) -> list[Event]:
    """The widow (or kitty) to the first trick's winner: its cards for the taker's eyes."""
    g = before.g
    if g.rules.packs > 1:
        from hoyle.games.hearts.cancellation import cards_of

        cards = cards_of(before._widow, getattr(before, "_widow2", 0))
        kitty = True
    else:
        cards = mask_to_list(before._widow & ~JOKERS) + mask_to_list(before._widow & JOKERS)
        kitty = False
    t = Seat(taker)
    shown = pretty_cards(TOKENS[c] for c in cards)
    count = _count(len(cards))
    own, others = _WIDOW[kitty, bool(g.widow_to_hand)]
    return secret(
        taker,
        "widow",
        say(own, s=t, cards=shown),
        say(others, s=t, count=count),
        {"cards": [TOKENS[c] for c in cards]},
        {"count": len(cards)},
    )
