"""The few facts an All Fours player needs at a glance (``state.facts(seat)``), in words.

Each is built from the seat's own observation (:mod:`hoyle.games.all_fours.observe`) and the
rules, so it says nothing the seat may not know. Only those that apply now are given:

- **Partners**: the sides, the reader's first (partnership tables);
- **Trumps**: the suit and the card that made it (the turn-up, the card cut, the pitch), or
  how it will be made; while the cards are run, the suit begged;
- **Beg** (Seven Up and the turn-up games that beg): eldest stood, or begged and the dealer
  gave a point or ran the cards;
- **Bid** (Auction and Commercial Pitch): the high bid while bidding, then who pitches and
  what must be made (the pitch sold or kept);
- **Your hand**: face down, while the rules keep it shut;
- **Kicks**: points scored for the cards turned up this hand;
- **For Game**: the card points each side has taken toward Game; **Scored in play** (All
  Fives); the **Stock** (California Jack, Shasta Sam); hands **Thrown in**;
- **Match**: what wins it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hoyle.core.narrate import Fact, Phrase, Seat, joined, pretty, say, say_n, seats_text
from hoyle.games.all_fours.rules import Bidding, Stock, Trump
from hoyle.i18n import N_

if TYPE_CHECKING:
    from hoyle.games.all_fours.state import AllFoursState

__all__ = ["facts"]

_SUITS = {"C": N_("clubs"), "D": N_("diamonds"), "H": N_("hearts"), "S": N_("spades")}
_PLAYING = ("play", "draw")


def _suit(letter: str) -> Phrase:
    return say(_SUITS[letter])


def _points(k: int) -> Phrase:
    return say_n("{n} point", "{n} points", k)


def facts(state: AllFoursState, seat: int | None) -> list[Fact]:
    """``seat``'s facts (``None``: a spectator's), from its observation."""
    obs = state._observe(seat)
    rules = state.rules
    out: list[Fact] = []
    seats_of = state.g.seats_of
    if rules.team_count:
        sides = sorted(seats_of, key=lambda side: seat not in side)
        against = seats_text(sides[0])
        for side in sides[1:]:
            against = say("{a} against {b}", a=against, b=seats_text(side))
        out.append(Fact(say("Partners"), against, kind="partners"))
    if obs["dealer"] is not None:  # once the cut or the guess has found the first dealer
        out += _trumps(state, obs)
        out += _contract(state, obs)
        out += _during(state, obs, seat)
    out.append(Fact(say("Match"), _match(state), kind="game"))
    return out


def _side_name(state: AllFoursState, side: int) -> str:
    return seats_text(state.g.seats_of[side])


def _trumps(state: AllFoursState, obs: dict[str, Any]) -> list[Fact]:
    rules = state.rules
    phase = obs["phase"]
    trump = obs["trump"]
    turned = obs["turned"]
    label = say("Trumps")
    if phase == "over":
        return []
    if trump is not None:
        suit = _suit(trump)
        if rules.trump is Trump.PITCH:
            pitch = obs["tricks"][0]["cards"][0] if obs["tricks"] else obs["trick"][0]["card"]
            pitcher = obs["tricks"][0]["leader"] if obs["tricks"] else obs["trick"][0]["seat"]
            text = say("{suit}, pitched by {s}", suit=suit, s=Seat(pitcher))
            return [Fact(label, text, (pitch,), "trumps")]
        if rules.trump is Trump.CUT:
            text = say("{suit}, cut before the deal", suit=suit)
            return [Fact(label, text, (turned[-1],), "trumps")]
        return [Fact(label, say("{suit}, turned up", suit=suit), (turned[-1],), "trumps")]
    if rules.trump is Trump.PITCH:
        pitcher = obs["pitcher"] if obs["pitcher"] is not None else obs["eldest"]
        if phase == "bid" or (phase == "sell"):
            return [Fact(label, say("the pitch will make them"), kind="trumps")]
        text = say("{s's} first lead will make them", s=Seat(pitcher))
        return [Fact(label, text, kind="trumps")]
    if turned and obs["runs"]:
        begged = turned[0]
        text = say("not yet: {suit} begged, the cards are being run", suit=_suit(begged[-1]))
        return [Fact(label, text, tuple(turned), kind="trumps")]
    return []


def _contract(state: AllFoursState, obs: dict[str, Any]) -> list[Fact]:
    rules = state.rules
    phase = obs["phase"]
    if phase == "over":
        return []
    eldest, dealer = Seat(obs["eldest"]), Seat(obs["dealer"])
    if (rules.trump is Trump.TURN_UP and rules.begging and phase != "deal") or obs["runs"]:
        beg = say("Beg")
        if phase == "beg":
            return [Fact(beg, say("waiting for {e} to stand or beg", e=eldest), kind="contract")]
        if not obs["begged"]:
            if phase in _PLAYING:
                return [Fact(beg, say("{e} stood", e=eldest), kind="contract")]
            return []
        gift = _points(rules.gift_points)
        if phase == "give":
            text = say(
                "{e} begged; {d} to give {points} or run the cards",
                e=eldest,
                d=dealer,
                points=gift,
            )
        elif obs["gift"]:
            text = say("{e} begged; {d} gave {points}", e=eldest, d=dealer, points=gift)
        elif obs["runs"] == 1:
            text = say("{e} begged; {d} ran the cards", e=eldest, d=dealer)
        elif obs["runs"]:
            text = say("{e} begged; {d} ran the cards {n} times", e=eldest, d=dealer, n=obs["runs"])
        else:
            text = say("{e} begged", e=eldest)
        return [Fact(beg, text, kind="contract")]
    if rules.bidding is Bidding.NONE:
        return []
    bids = obs["bids"]
    label = say("Bid")
    if phase == "bid":
        if not obs["bid"]:
            if all(b is None for b in bids):
                return [Fact(label, say("none yet"), kind="contract")]
            return [Fact(label, say("all passed so far"), kind="contract")]
        bidder = next(s for s, b in enumerate(bids) if b == obs["bid"])
        text = say("{s} {bid}, the highest", s=Seat(bidder), bid=obs["bid"])
        return [Fact(label, text, kind="contract")]
    bid, pitcher = obs["bid"], obs["pitcher"]
    if phase == "sell":
        bidder = next(s for s, b in enumerate(bids) if b == bid)
        text = say(
            "{b} bid {bid}; waiting for {e} to sell the pitch or keep it",
            b=Seat(bidder),
            bid=bid,
            e=eldest,
        )
        return [Fact(label, text, kind="contract")]
    if pitcher is None:
        return []
    p = Seat(pitcher)
    if not bid:
        text = say("nobody bid: {p} {p:pitches}, with nothing to make", p=p)
    elif obs["sold"] is True:
        text = say("{e} sold the pitch for {bid}: {p} must make {bid}", e=eldest, p=p, bid=bid)
    elif obs["sold"] is False:
        text = say("{e} kept the pitch and must make {bid}", e=eldest, bid=bid)
    else:
        text = say("{p} bid {bid} and must make it", p=p, bid=bid)
    return [Fact(label, text, kind="contract")]


def _during(state: AllFoursState, obs: dict[str, Any], seat: int | None) -> list[Fact]:
    rules = state.rules
    phase = obs["phase"]
    out: list[Fact] = []
    if phase == "over":
        return out
    if seat is not None and obs.get("hand_hidden"):
        if rules.hide_partner_until_pitch and obs["trump"] is None and phase in ("deal", "play"):
            text = say("face down until your partner pitches")
        else:
            text = say("face down until {e} stands or begs", e=Seat(obs["eldest"]))
        out.append(Fact(say("Your hand"), text, kind="hand"))
    kicks = obs["kicks"]
    if kicks:
        text = joined(
            [
                say(
                    "{card} {points} to {side}",
                    card=pretty(k["card"]),
                    points=k["points"],
                    side=_side_name(state, k["side"]),
                )
                for k in kicks
            ]
        )
        out.append(Fact(say("Kicks"), text, tuple(k["card"] for k in kicks), kind="kicks"))
    if phase in _PLAYING:
        side_of = state.g.side_of
        by_side = {side_of[s]: p for s, p in enumerate(obs["points"])}
        if any(by_side.values()):
            text = _by_side(state, by_side)
            out.append(Fact(say("For Game"), text, kind="game_points"))
        at_once = {side_of[s]: p for s, p in enumerate(obs["points_at_once"])}
        if rules.trick_points_at_once and any(at_once.values()):
            text = _by_side(state, at_once)
            out.append(Fact(say("Scored in play"), text, kind="at_once"))
    if rules.stock is not Stock.NONE and phase in _PLAYING:
        size = obs.get("stock_size", 0)
        top = obs["stock_top"]
        if size:
            count = say_n("{n} card", "{n} cards", size)
            if top:
                text = say("{count}, {card} showing", count=count, card=pretty(top))
            else:
                text = count
            out.append(Fact(say("Stock"), text, (top,) if top else (), kind="stock"))
    for shown in obs["thrown_in"]:
        text = say("{s} threw in", s=Seat(shown["seat"]))
        out.append(Fact(say("Thrown in"), text, tuple(shown["cards"]), kind="thrown_in"))
    return out


def _by_side(state: AllFoursState, points: dict[int, int]) -> Phrase:
    """Each side and its points: ``{0} 12, {1} 8``."""
    return joined([joined([_side_name(state, k), str(p)], " ") for k, p in sorted(points.items())])


def _match(state: AllFoursState) -> str:
    rules = state.rules
    if rules.deals == 1:
        return say("one hand")
    if rules.deals:
        return say("hand {n} of {deals}", n=state.progress()[0], deals=rules.deals)
    return say("first to {target} points", target=rules.target)
