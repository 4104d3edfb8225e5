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

from hoyle.core.narrate import Fact, pretty, seats_text
from hoyle.games.all_fours.rules import Bidding, Stock, Trump

if TYPE_CHECKING:
    from hoyle.games.all_fours.state import AllFoursState

__all__ = ["facts"]

_SUITS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
_PLAYING = ("play", "draw")


def _points(k: int) -> str:
    return f"{k} point" + ("" if k == 1 else "s")


def facts(state: AllFoursState, seat: int | None) -> list[Fact]:
    """``seat``'s facts (``None``: a spectator's), from its observation."""
    obs = state._observe(seat)
    rules = state.rules
    out: list[Fact] = []
    seats_of = state.g.seats_of
    if rules.team_count:
        sides = sorted(seats_of, key=lambda side: seat not in side)
        out.append(
            Fact("Partners", " against ".join(seats_text(s) for s in sides), kind="partners")
        )
    if obs["dealer"] is not None:  # once the cut or the guess has found the first dealer
        out += _trumps(state, obs)
        out += _contract(state, obs)
        out += _during(state, obs, seat)
    out.append(Fact("Match", _match(state), kind="game"))
    return out


def _side_name(state: AllFoursState, side: int) -> str:
    return seats_text(state.g.seats_of[side])


def _trumps(state: AllFoursState, obs: dict[str, Any]) -> list[Fact]:
    rules = state.rules
    phase = obs["phase"]
    trump = obs["trump"]
    turned = obs["turned"]
    if phase == "over":
        return []
    if trump is not None:
        suit = _SUITS[trump]
        if rules.trump is Trump.PITCH:
            pitch = obs["tricks"][0]["cards"][0] if obs["tricks"] else obs["trick"][0]["card"]
            pitcher = obs["tricks"][0]["leader"] if obs["tricks"] else obs["trick"][0]["seat"]
            return [Fact("Trumps", f"{suit}, pitched by {{{pitcher}}}", (pitch,), "trumps")]
        if rules.trump is Trump.CUT:
            return [Fact("Trumps", f"{suit}, cut before the deal", (turned[-1],), "trumps")]
        return [Fact("Trumps", f"{suit}, turned up", (turned[-1],), "trumps")]
    if rules.trump is Trump.PITCH:
        pitcher = obs["pitcher"] if obs["pitcher"] is not None else obs["eldest"]
        if phase == "bid" or (phase == "sell"):
            return [Fact("Trumps", "the pitch will make them", kind="trumps")]
        text = f"{{{pitcher}'s}} first lead will make them"
        return [Fact("Trumps", text, kind="trumps")]
    if turned and obs["runs"]:
        begged = turned[0]
        text = f"not yet: {_SUITS[begged[-1]]} begged, the cards are being run"
        return [Fact("Trumps", text, tuple(turned), kind="trumps")]
    return []


def _contract(state: AllFoursState, obs: dict[str, Any]) -> list[Fact]:
    rules = state.rules
    phase = obs["phase"]
    if phase == "over":
        return []
    eldest, dealer = obs["eldest"], obs["dealer"]
    if (rules.trump is Trump.TURN_UP and rules.begging and phase != "deal") or obs["runs"]:
        if phase == "beg":
            return [Fact("Beg", f"waiting for {{{eldest}}} to stand or beg", kind="contract")]
        if not obs["begged"]:
            if phase in _PLAYING:
                return [Fact("Beg", f"{{{eldest}}} stood", kind="contract")]
            return []
        text = f"{{{eldest}}} begged"
        if phase == "give":
            text += f"; {{{dealer}}} to give {_points(rules.gift_points)} or run the cards"
        elif obs["gift"]:
            text += f"; {{{dealer}}} gave {_points(rules.gift_points)}"
        elif obs["runs"]:
            times = "" if obs["runs"] == 1 else f" {obs['runs']} times"
            text += f"; {{{dealer}}} ran the cards{times}"
        return [Fact("Beg", text, kind="contract")]
    if rules.bidding is Bidding.NONE:
        return []
    bids = obs["bids"]
    if phase == "bid":
        if not obs["bid"]:
            return [
                Fact(
                    "Bid",
                    "none yet" if all(b is None for b in bids) else "all passed so far",
                    kind="contract",
                )
            ]
        bidder = next(s for s, b in enumerate(bids) if b == obs["bid"])
        return [Fact("Bid", f"{{{bidder}}} {obs['bid']}, the highest", kind="contract")]
    bid, pitcher = obs["bid"], obs["pitcher"]
    if phase == "sell":
        bidder = next(s for s, b in enumerate(bids) if b == bid)
        text = f"{{{bidder}}} bid {bid}; waiting for {{{eldest}}} to sell the pitch or keep it"
        return [Fact("Bid", text, kind="contract")]
    if pitcher is None:
        return []
    if not bid:
        return [
            Fact("Bid", f"nobody bid: {{{pitcher}}} pitches, with nothing to make", kind="contract")
        ]
    if obs["sold"] is True:
        text = f"{{{eldest}}} sold the pitch for {bid}: {{{pitcher}}} must make {bid}"
    elif obs["sold"] is False:
        text = f"{{{eldest}}} kept the pitch and must make {bid}"
    else:
        text = f"{{{pitcher}}} bid {bid} and must make it"
    return [Fact("Bid", text, kind="contract")]


def _during(state: AllFoursState, obs: dict[str, Any], seat: int | None) -> list[Fact]:
    rules = state.rules
    phase = obs["phase"]
    out: list[Fact] = []
    if phase == "over":
        return out
    if seat is not None and obs.get("hand_hidden"):
        if rules.hide_partner_until_pitch and obs["trump"] is None and phase in ("deal", "play"):
            text = "face down until your partner pitches"
        else:
            text = f"face down until {{{obs['eldest']}}} stands or begs"
        out.append(Fact("Your hand", text, kind="hand"))
    kicks = obs["kicks"]
    if kicks:
        text = ", ".join(
            f"{pretty(k['card'])} {k['points']} to {_side_name(state, k['side'])}" for k in kicks
        )
        out.append(Fact("Kicks", text, tuple(k["card"] for k in kicks), kind="kicks"))
    if phase in _PLAYING:
        side_of = state.g.side_of
        by_side = {side_of[s]: p for s, p in enumerate(obs["points"])}
        if any(by_side.values()):
            text = ", ".join(f"{_side_name(state, k)} {p}" for k, p in sorted(by_side.items()))
            out.append(Fact("For Game", text, kind="game_points"))
        at_once = {side_of[s]: p for s, p in enumerate(obs["points_at_once"])}
        if rules.trick_points_at_once and any(at_once.values()):
            text = ", ".join(f"{_side_name(state, k)} {p}" for k, p in sorted(at_once.items()))
            out.append(Fact("Scored in play", text, kind="at_once"))
    if rules.stock is not Stock.NONE and phase in _PLAYING:
        size = obs.get("stock_size", 0)
        top = obs["stock_top"]
        if size:
            text = f"{size} card" + ("" if size == 1 else "s")
            text += f", {pretty(top)} showing" if top else ""
            out.append(Fact("Stock", text, (top,) if top else (), kind="stock"))
    for shown in obs["thrown_in"]:
        text = f"{{{shown['seat']}}} threw in"
        out.append(Fact("Thrown in", text, tuple(shown["cards"]), kind="thrown_in"))
    return out


def _match(state: AllFoursState) -> str:
    rules = state.rules
    if rules.deals == 1:
        return "one hand"
    if rules.deals:
        return f"hand {state.progress()[0]} of {rules.deals}"
    return f"first to {rules.target} points"
