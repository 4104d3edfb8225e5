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

from hoyle.core.narrate import Event, pretty, pretty_cards, secret
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

__all__ = ["narrate"]

_SUITS = ("clubs", "diamonds", "hearts", "spades")
_SUIT_ONE = ("a club", "a diamond", "a heart", "a spade")


def _s(seat: int) -> str:
    """Seat ``seat`` as a noun in a template."""
    return f"{{{seat}}}"


def _v(seat: int, verb: str) -> str:
    """``verb`` with seat ``seat`` as its subject, in a template."""
    return f"{{{seat}:{verb}}}"


def _card(card: int) -> str:
    """A card as a sentence names it (``Q♠``, ``a joker``)."""
    return "a joker" if card >= 52 else pretty(TOKENS[card])


def _cards(cards: list[int]) -> str:
    return pretty_cards(TOKENS[c] for c in sorted(cards))


def _count(k: int, what: str = "card") -> str:
    return f"{k} {what}" + ("" if k == 1 else "s")


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
            f"{_s(seat)} {_v(seat, 'lays')} {_card(action)} away.",
            f"{_s(seat)} {_v(seat, 'lays')} a card away face down.",
            {"card": TOKENS[action]},
            {"count": 1},
        )
    if phase == MOON:
        return _moon(before, action, after)
    if phase == DECLARE:
        seat = before._cur
        if action == GENERALE:
            text = f"{_s(seat)} {_v(seat, 'announces')} a Générale."
        else:
            text = f"{_s(seat)} {_v(seat, 'declines')} a Générale."
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
                f"{_s(seat)} {_v(seat, 'names')} {_SUITS[suit]} the penalty suit.",
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
        what = "the kitty" if g.rules.packs > 1 else "the widow"
        return [
            Event(
                None,
                "widow",
                f"{_count(g.widow_size)} lie face down as {what}, for the first trick's winner.",
                {"count": g.widow_size},
            )
        ]
    stock = getattr(after, "_stock", 0)
    if stock:
        return [
            Event(
                None,
                "stock",
                f"The other {_count(stock.bit_count())} lie face down as the stock.",
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
    who, passes = _s(seat), _v(seat, "passes")
    if plan[0] == POOL:
        events += secret(
            seat,
            "pass",
            f"{who} {_v(seat, 'puts')} {_cards(chosen)} into the pool.",
            f"{who} {_v(seat, 'puts')} {_count(len(chosen))} into the pool.",
            {"cards": [TOKENS[c] for c in sorted(chosen)]},
            {"count": len(chosen)},
        )
    else:
        by_seat: dict[int, list[int]] = {}
        for card, offset in zip(chosen, plan, strict=True):
            by_seat.setdefault((seat + offset) % n, []).append(card)
        own = ", ".join(f"{_cards(cards)} to {_s(to)}" for to, cards in sorted(by_seat.items()))
        if len(by_seat) == 1:
            (to,) = by_seat
            others = f"{who} {passes} {_count(len(chosen))} to {_s(to)}."
        else:
            each = len(chosen) // len(by_seat)
            others = f"{who} {passes} {_count(each)} to each other player."
        events += secret(
            seat,
            "pass",
            f"{who} {passes} {own}.",
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
                f"The pool is shuffled and dealt back, one card at a time from {_s(eldest)}.",
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
        parts = ", ".join(f"{_cards(cards)} from {_s(g)}" for g, cards in sorted(got[seat].items()))
        cards = [TOKENS[c] for c in mask_to_list(after._received[seat])]
        events.append(
            Event(
                seat,
                "receive",
                f"{_s(seat)} {_v(seat, 'receives')} {parts}.",
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
                f"{_s(seat)} {_v(seat, 'gets')} {_cards(cards)} from the pool.",
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
        f"{_s(seat)} {_v(seat, 'draws')} {_card(action)} from the stock.",
        f"{_s(seat)} {_v(seat, 'draws')} a card from the stock.",
        {"card": TOKENS[action]},
        {"count": 1},
    )


# ---------------------------------------------------------------------- bids and choices


def _bid(before: HeartsState, action: int, after: HeartsState) -> list[Event]:
    g = before.g
    seat = before._cur
    who = _s(seat)
    slam = bool(g.rules.slam_bid)
    if action == NO_BID:
        events = [Event(seat, "bid", f"{who} {_v(seat, 'passes')}.", {"bid": 0})]
    else:
        bid = action - BID
        what = f"{bid} to take every trick" if slam else _count(bid, "chip")
        events = [Event(seat, "bid", f"{who} {_v(seat, 'bids')} {what}.", {"bid": bid})]
    if after._phase == AUCTION:
        return events
    bidder = after._bidder
    if bidder < 0:
        text = "Nobody bids: " + (
            "the deal is played without a slam." if slam else "hearts count, and nobody pays."
        )
        return [*events, Event(None, "auction", text, {"bidder": None})]
    b, top = _s(bidder), after._bid
    if not slam:
        price = _count(top, "chip")
        text = f"{b} {_v(bidder, 'buys')} the right to name the penalty suit for {price}."
        return [*events, Event(None, "auction", text, {"bidder": bidder, "bid": top})]
    events.append(
        Event(
            None,
            "auction",
            f"{b} {_v(bidder, 'wins')} the bidding at {top}: {b} and a silent partner must "
            "take every trick.",
            {"bidder": bidder, "bid": top},
        )
    )
    partner = after._partner
    card = pretty(TOKENS[g.partner_card])
    if partner == bidder:
        text = f"{b} {_v(bidder, 'holds')} the {card} and so {_v(bidder, 'plays')} alone."
    else:
        p = _s(partner)
        text = (
            f"{p} {_v(partner, 'holds')} the {card} and so {_v(partner, 'is')} "
            f"{{{bidder}'s}} silent partner."
        )
    events.append(Event(partner, "partner", text, {"bidder": bidder}, only=frozenset({partner})))
    return events


def _moon(before: HeartsState, action: int, after: HeartsState) -> list[Event]:
    seat = before._shooter
    record = after._records[-1]
    worth = int(record.detail.get("worth", before.g.moon_value))
    who = _s(seat)
    if action == MOON_ADD:
        text = f"{who} {_v(seat, 'chooses')} to add {worth} to each other player's score."
    else:
        text = f"{who} {_v(seat, 'chooses')} to take {worth} off {{{seat}'s}} own score."
    return [Event(seat, "moon", text, {"add": action == MOON_ADD, "worth": worth})]


# ---------------------------------------------------------------------- the play


def _play(before: HeartsState, card: int, after: HeartsState) -> list[Event]:
    g = before.g
    seat = before._cur
    who = _s(seat)
    data: dict[str, Any] = {"card": TOKENS[card]}
    record = _record(before, after)
    revokes = after._revokes if record is None else record.revokes
    if not before._trick:
        text = f"{who} {_v(seat, 'leads')} {_card(card)}."
    elif len(revokes) > len(before._revokes):
        led = before._lead_suit
        text = f"{who} {_v(seat, 'revokes')}: {_card(card)}, holding {_SUIT_ONE[led]}."
        data["revoke"] = True
    elif (
        card < 52
        and g.rules.packs > 1
        and g.rules.cancellation
        and card in before._trick
        and before._trick.count(card) == 1
    ):
        text = f"{who} {_v(seat, 'plays')} {_card(card)}: the two {_card(card)} cancel."
        data["cancels"] = True
    else:
        text = f"{who} {_v(seat, 'plays')} {_card(card)}."
    events = [Event(seat, "play", text, data)]
    if g.rules.slam_bid and before._partner >= 0 and card == g.partner_card:
        bidder, partner = before._bidder, before._partner
        if partner == bidder:
            reveal = f"{_s(bidder)} {_v(bidder, 'plays')} alone."
        else:
            reveal = f"{_s(partner)} {_v(partner, 'is')} {{{bidder}'s}} silent partner."
        events.append(Event(None, "partner", reveal, {"bidder": bidder, "partner": partner}))
    events += _trick_end(before, card, after, record)
    if record is None and not before._broken and after._broken and not g.broken_at_start:
        events.append(Event(None, "broken", "Hearts are broken."))
    if after._phase == MOON and record is None:
        shooter = after._shooter
        events.append(
            Event(
                shooter,
                "moon",
                f"{_s(shooter)} {_v(shooter, 'has')} shot the moon, and {_v(shooter, 'chooses')} "
                "how it scores.",
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
    with_card = f" with {_card(best)}" if 0 <= best < 52 else ""
    extra = f" and the {_count(len(carried))} waiting" if carried else ""
    worth = f"{points} point" + ("" if abs(points) == 1 else "s")
    if points < 0:
        worth = f"−{-points} point" + ("" if points == -1 else "s")
    events = [
        Event(
            winner,
            "trick",
            f"{_s(winner)} {_v(winner, 'takes')} the trick{with_card}{extra} ({worth}).",
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
            why = _why_void(cards)
            return f"The trick is void ({why}): its cards wait for the next trick's winner."
        last = number in after._void_to  # only the last trick is void and taken at once
    else:
        assert after._last_trick is not None
        _leader, cards, winner = after._last_trick
        last = after._last_void
    if not last:
        return None
    return (
        f"The last trick is void ({_why_void(cards)}): its cards go to {_s(winner)}, who won "
        "a trick before."
    )


def _why_void(cards: tuple[int, ...]) -> str:
    seen = pairs = 0
    for c in cards:
        if seen >> c & 1:
            pairs |= 1 << c
        seen |= 1 << c
    if pairs.bit_count() >= 2:
        return "two cancelled pairs"
    return "every card of the suit led is cancelled"


def _widow(before: HeartsState, taker: int) -> list[Event]:
    """The widow (or kitty) to the first trick's winner: its cards for the taker's eyes."""
    g = before.g
    if g.rules.packs > 1:
        from hoyle.games.hearts.cancellation import cards_of

        cards = cards_of(before._widow, getattr(before, "_widow2", 0))
        what = "kitty"
    else:
        cards = mask_to_list(before._widow & ~JOKERS) + mask_to_list(before._widow & JOKERS)
        what = "widow"
    t = _s(taker)
    where = " into hand" if g.widow_to_hand else ""
    return secret(
        taker,
        "widow",
        f"{t} {_v(taker, 'takes')} the {what}{where}: {pretty_cards(TOKENS[c] for c in cards)}.",
        f"{t} {_v(taker, 'takes')} the {what} ({_count(len(cards))}){where}, unseen.",
        {"cards": [TOKENS[c] for c in cards]},
        {"count": len(cards)},
    )
