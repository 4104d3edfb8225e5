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
from hoyle.core.narrate import Event, pretty, secret
from hoyle.games.all_fours.observe import partner_text, side_text
from hoyle.games.all_fours.results import SUIT_NAMES
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
            f"{{{seat}}} {{{seat}:discards}} {_card(action)}.",
            f"{{{seat}}} {{{seat}:discards}} a card face down.",
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
    if rules.first_dealer is FirstDealer.COLOUR_GUESS:
        return [
            Event(
                seat,
                "cut",
                f"{{{seat}}} {{{seat}:cuts}} a card face down; the other side guesses its colour.",
                {},
            )
        ]
    if rules.first_dealer is FirstDealer.FIRST_JACK:
        events = [
            Event(
                seat,
                "cut",
                f"{{{seat}}} {{{seat}:is}} dealt {_card(card)} face up.",
                {"card": TOKENS[card]},
            )
        ]
        if after._phase != CUT:
            dealer = after._dealer
            events.append(
                Event(
                    None,
                    "first_dealer",
                    f"The first jack: {{{seat}}} {{{seat}:pitches}} first and {{{dealer}}} "
                    f"{{{dealer}:deals}}.",
                    {"pitcher": seat, "dealer": dealer},
                )
            )
        return events
    cut = f"{{{seat}}} {{{seat}:cuts}} {_card(card)}."
    events = [Event(seat, "cut", cut, {"card": TOKENS[card]})]
    if after._phase == CUT and after._cut_pos == 0:
        tied = list(after._cut_round)
        who = " and ".join(f"{{{s}}}" for s in tied)
        events.append(Event(None, "cut_tie", f"A tie: {who} cut again.", {"seats": tied}))
    elif after._phase != CUT:
        dealer = after._dealer
        if after._cut_rounds >= MAX_CUT_ROUNDS:
            text = f"Still tied after {MAX_CUT_ROUNDS} cuts: {{{dealer}}} {{{dealer}:deals}} first."
        elif rules.first_dealer is FirstDealer.CUT_PUT:
            text = f"{{{dealer}}} {{{dealer}:cuts}} best in Put order and {{{dealer}:deals}} first."
        else:
            text = f"{{{dealer}}} {{{dealer}:cuts}} highest and {{{dealer}:deals}} first."
        events.append(Event(None, "first_dealer", text, {"dealer": dealer}))
    return events


# ---------------------------------------------------------------------- the deal and the stock


def _dealt(before: AllFoursState, card: int, after: AllFoursState) -> list[Event]:
    """A card dealt: told only when it is turned up, cut for trumps or shown on the stock."""
    target = before._queue[0]
    dealer = before._dealer
    if target == ASIDE:
        suit = SUIT_NAMES[suit_of(card)]
        return [
            Event(
                dealer,
                "trumps",
                f"{{{dealer}}} {{{dealer}:cuts}} {_card(card)} for trumps: {suit} are trumps. It "
                "goes back into the pack.",
                {"card": TOKENS[card], "trumps": "CDHS"[suit_of(card)]},
            )
        ]
    if target == TOP:
        return [
            Event(
                None,
                "stock",
                f"The stock's top card is turned face up: {_card(card)}.",
                {"card": TOKENS[card]},
            )
        ]
    if target != TURN:
        return []
    return _turn_up(before, card, after)


def _turn_up(before: AllFoursState, card: int, after: AllFoursState) -> list[Event]:
    rules = before.rules
    dealer = before._dealer
    suit = suit_of(card)
    ran = before._ran
    new_suit = not ran or suit != before._rejected
    if new_suit:
        text = f"{{{dealer}}} {{{dealer}:turns}} up {_card(card)}: {SUIT_NAMES[suit]} are trumps."
    else:
        keep = rules.repeat_extras is RepeatExtras.KEEP
        fate = (
            "the cards are kept"
            if keep
            else "it and the three cards each dealt with it go out unseen"
        )
        text = f"{{{dealer}}} {{{dealer}:turns}} up {_card(card)}, the begged suit again: {fate}."
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
                f"Kick: {_card(card)} — {kick} to {side_text(before, side)}.",
                {"card": TOKENS[card], "side": side, "points": kick},
            )
        )
    if not new_suit:
        ended = after._hand_results[len(before._hand_results) :]
        if ended and ended[-1].items[-1].get("reason") == PACK_OUT:
            events.append(Event(None, "pack_out", "The pack has run out before a new trump."))
        elif not ended:
            events.append(
                Event(
                    dealer,
                    "run",
                    f"{{{dealer}}} {{{dealer}:runs}} the cards again: three more each and a new "
                    "turn-up.",
                    {},
                )
            )
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
                    f"{{{seat}}} {{{seat}:takes}} {_card(card)} from the stock.",
                    {"card": TOKENS[card]},
                )
            ]
        return [Event(None, "stock", f"The stock now shows {_card(card)}.", {"card": TOKENS[card]})]
    seat = takers[0]
    return secret(
        seat,
        "draw",
        f"{{{seat}}} {{{seat}:draws}} {_card(card)} from the stock.",
        f"{{{seat}}} {{{seat}:draws}} a card from the stock.",
        {"card": TOKENS[card]},
        {"count": 1},
    )


# ---------------------------------------------------------------------- the play


def _played(before: AllFoursState, action: int) -> list[Event]:
    seat = before._cur
    events: list[Event] = []
    trick = list(before._trick)
    trump = before._trump
    if action == THROW_IN:
        shown = [c for c in range(52) if before._hands[seat] >> c & 1]
        partners = [
            p
            for p in range(before.g.n)
            if p != seat and before._side(p) == before._side(seat) and not before._out[p]
        ]
        alone = ""
        if len(partners) == 1:
            p = partners[0]
            alone = f" {{{p}}} {{{p}:plays}} on alone."
        events.append(
            Event(
                seat,
                "throw_in",
                f"{{{seat}}} {{{seat}:throws}} in the hand face up: "
                f"{' '.join(_card(c) for c in shown)}.{alone}",
                {"cards": [TOKENS[c] for c in shown]},
            )
        )
        seats = list(before._trick_seats)
        if trick and len(trick) >= before._in_play - 1:
            events += _trick_taken(before, trick, seats)
        return events
    if not trick and trump < 0:
        trump = suit_of(action)
        text = f"{{{seat}}} {{{seat}:pitches}} {_card(action)}: {SUIT_NAMES[trump]} are trumps."
        kind = "pitch"
    elif not trick:
        text, kind = f"{{{seat}}} {{{seat}:leads}} {_card(action)}.", "lead"
    else:
        text, kind = f"{{{seat}}} {{{seat}:plays}} {_card(action)}.", "play"
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
    text = f"{{{winner}}} {{{winner}:takes}} the trick with {_card(card)}."
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
            text = text[:-1] + f", scoring {pts} at once."
            data["points"] = pts
    events = [Event(winner, "trick", text, data)]
    if rules.stock is Stock.FACE_UP and before._top >= 0:
        top = before._top
        events.append(
            Event(
                winner,
                "draw",
                f"{{{winner}}} {{{winner}:takes}} {_card(top)} from the stock.",
                {"card": TOKENS[top]},
            )
        )
    return events


# ---------------------------------------------------------------------- decisions


def _decided(before: AllFoursState, action: int, after: AllFoursState) -> list[Event]:
    seat = before._cur
    phase = before._phase
    rules = before.rules
    if phase == BEG_PHASE:
        kind = "stand" if action == STAND else "beg"
        return [Event(seat, kind, f"{{{seat}}} {{{seat}:{kind}s}}.")]
    if phase == GIVE_PHASE:
        if action == GIVE:
            eldest = before._nxt(before._dealer)
            if rules.gift is Gift.THROW_IN:
                sides = [before._side(eldest)]
            else:
                sides = [k for k in range(rules.sides) if k != before._side(seat)]
            each = " each" if len(sides) > 1 else ""
            to = "; ".join(side_text(before, k) for k in sides)
            end = " The hand is thrown in." if rules.gift is Gift.THROW_IN else ""
            return [
                Event(
                    seat,
                    "gift",
                    f"{{{seat}}} {{{seat}:gives}} {rules.gift_points}{each} to {to}.{end}",
                    {"sides": sides, "points": rules.gift_points},
                )
            ]
        return [
            Event(
                seat,
                "run",
                f"{{{seat}}} {{{seat}:runs}} the cards: three more each and a new turn-up.",
            )
        ]
    if phase == AUCTION:
        if action == PASS:
            return [Event(seat, "pass", f"{{{seat}}} {{{seat}:passes}}.")]
        bid = action - BID
        return [Event(seat, "bid", f"{{{seat}}} {{{seat}:bids}} {bid}.", {"bid": bid})]
    if phase == SALE:
        bid, buyer = before._bid, before._bidder
        if action == SELL:
            return [
                Event(
                    seat,
                    "sell",
                    f"{{{seat}}} {{{seat}:sells}} the pitch to {{{buyer}}} for {bid} and "
                    f"{{{seat}:scores}} {bid}.",
                    {"to": buyer, "bid": bid},
                )
            ]
        return [
            Event(
                seat,
                "keep",
                f"{{{seat}}} {{{seat}:keeps}} the pitch and must make {bid}.",
                {"bid": bid},
            )
        ]
    if phase == GUESS:
        card = before._cut[-1][1]
        colour = "red" if action == GUESS_RED else "black"
        right = (suit_of(card) in (1, 2)) == (action == GUESS_RED)
        chooser = after._cur
        return [
            Event(
                seat,
                "guess",
                f"{{{seat}}} {{{seat}:guesses}} {colour}; the card is {_card(card)}: "
                f"{'right' if right else 'wrong'}, so {{{chooser}}} {{{chooser}:chooses}} who "
                "pitches first.",
                {"colour": colour, "card": TOKENS[card], "right": right},
            )
        ]
    if phase == CHOOSE_PHASE:
        pitcher = action - CHOOSE
        dealer = after._dealer
        whom = "to pitch" if pitcher == seat else f"{{{pitcher}}} to pitch"
        return [
            Event(
                seat,
                "choose",
                f"{{{seat}}} {{{seat}:chooses}} {whom} first; {{{dealer}}} {{{dealer}:deals}}.",
                {"pitcher": pitcher},
            )
        ]
    return []  # pragma: no cover - every phase is told above
