"""What one seat of an All Fours game may know, as JSON-ready data: the family's part of the
observation (the core writes the envelope: game, seat, deal, scores, results, winner …).

Public: the table (dealer, eldest, sides), every card turned up or cut (a card cut for the
colour guess once guessed), the kicks scored, the beg and its answer, the bids, the trump suit
once fixed, every card played and by whom, the tricks, hands thrown in (face up), a face-up
stock, the points. Private to a seat: its hand (shut to itself too while the rules keep hands
closed until eldest decides, or the pitcher's partner's until the pitch), the cards it
discarded after running and what it drew from a face-down stock.

Per-seat data are lists by seat; per-side data (``side_scores``, the ``side`` of a kick) are
by side, the sides listed in ``sides``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hoyle.cards import TOKENS
from hoyle.core.narrate import joined, say, seats_text
from hoyle.games.all_fours.rules import Bidding, Stock
from hoyle.games.all_fours.state import (
    BEG_PHASE,
    CHOOSE_PHASE,
    CUT,
    DEAL,
    DISCARD,
    GUESS,
    GUESS_RED,
    PHASE_NAMES,
    PLAY,
    cards_of,
)

if TYPE_CHECKING:
    from hoyle.games.all_fours.state import AllFoursState

__all__ = ["hand_visible", "observe", "partner_text", "side_text"]

SUITS = "CDHS"


def _tokens(mask: int) -> list[str]:
    return [TOKENS[c] for c in cards_of(mask)]


def hand_visible(state: AllFoursState, player: int) -> bool:
    """Whether ``player`` may look at their own cards now: with hide_hands_until_beg, only
    the dealer and eldest may, until eldest has stood or begged; with
    hide_partner_until_pitch, the pitcher's partners may not until the pitcher has led."""
    rules = state.rules
    if rules.hide_partner_until_pitch and state._trump < 0 and state._phase in (DEAL, PLAY):
        pitcher = state._leader if state._phase == PLAY else state._nxt(state._dealer)
        if player != pitcher and rules.side_of(player) == rules.side_of(pitcher):
            return False
    if not rules.hide_hands_until_beg or state.g.n == 2:
        return True
    if player in (state._dealer, state._nxt(state._dealer)):
        return True
    return not (state._phase in (DEAL, BEG_PHASE) and not state._ran)


def side_text(state: AllFoursState, side: int) -> str:
    """A side as a template: ``{1}``, or its players ``{1} and {3}`` (said in the reader's
    language)."""
    return seats_text(s for s in range(state.g.n) if state.rules.side_of(s) == side)


def partner_text(state: AllFoursState) -> str | None:
    """Who plays with whom, as a template (``None`` when everyone plays alone)."""
    if not state.rules.team_count:
        return None
    sides = [side_text(state, side) for side in range(state.rules.sides)]
    if len(sides) == 2:
        return say("Partners: {a} against {b}.", a=sides[0], b=sides[1])
    return say("Partners: {sides}.", sides=joined(sides, "; "))


def observe(state: AllFoursState, player: int | None) -> dict[str, Any]:
    """The family's part of the observation of ``player`` (``None``: a spectator)."""
    g = state.g
    n = g.n
    rules = state.rules
    side_of = g.side_of
    phase = state._phase
    before_deal = phase in (CUT, GUESS, CHOOSE_PHASE)
    face_up = rules.stock is Stock.FACE_UP
    # A seat not allowed to look at its cards has not picked them up: they lie face down
    # before it, counted in face_down rather than in its hand.
    shut = [not before_deal and not hand_visible(state, s) for s in range(n)]
    sizes = [0 if shut[s] else h.bit_count() for s, h in enumerate(state._hands)]
    card_points = [state._card_total(side) for side in range(rules.sides)]
    obs: dict[str, Any] = {
        "phase": PHASE_NAMES[phase],
        "dealer": None if before_deal else state._dealer,
        "hand": [],
        "hand_sizes": sizes,
        "eldest": None if before_deal else state._nxt(state._dealer),
        "sides": [list(seats) for seats in g.seats_of],
        "partners": [[p for p in g.seats_of[side_of[s]] if p != s] for s in range(n)],
        "cut": [
            # The card cut for the colour guess is face down until the guess.
            {"seat": seat, "card": None if phase == GUESS else TOKENS[c]}
            for seat, c in state._cut
        ],
        "guess": None if state._guess < 0 else ("red" if state._guess == GUESS_RED else "black"),
        "trump": SUITS[state._trump] if state._trump >= 0 else None,
        "turned": [TOKENS[c] for c in state._turned] if not before_deal else [],
        "kicks": [
            {"card": TOKENS[c], "side": side, "points": pts}
            for c, side, pts in state._kicks[: state._kicks_scored]
        ]
        if not before_deal
        else [],
        "begged": state._begged if not before_deal else False,
        "gift": state._given if not before_deal else False,
        "runs": state._ran if not before_deal else 0,
        "bids": list(state._bids) if not before_deal else [None] * n,
        "bid": state._bid if not before_deal else 0,
        "pitcher": state._pitcher if not before_deal and state._pitcher >= 0 else None,
        "sold": state._sold if not before_deal else None,
        "discards": [d.bit_count() for d in state._discarded] if not before_deal else [0] * n,
        "leader": state._leader if not before_deal else None,
        "trick": [
            {"seat": seat, "card": TOKENS[c]}
            for seat, c in zip(state._trick_seats, state._trick, strict=True)
        ]
        if not before_deal
        else [],
        "tricks": [
            {
                "leader": leader,
                "cards": [TOKENS[c] for c in cards],
                "seats": list(seats),
                "winner": winner,
            }
            for leader, cards, seats, winner in state._tricks
        ]
        if not before_deal
        else [],
        "thrown_in": [
            {"seat": s, "cards": _tokens(state._shown[s])} for s in range(n) if state._out[s]
        ]
        if not before_deal
        else [],
        "stock_top": TOKENS[state._top] if face_up and state._top >= 0 else None,
        "stock_drawn": [_tokens(d) for d in state._drawn] if face_up and not before_deal else None,
        "points_at_once": [0 if before_deal else state._at_once[side] for side in side_of],
        "bid_for": "pitch" if rules.bidding is not Bidding.NONE else None,
        "discard_to": rules.hand_size if phase == DISCARD else None,
        "tricks_taken": [sum(1 for t in state._tricks if t[3] == seat) for seat in range(n)],
        "points": [card_points[side] for side in side_of],
        "side_scores": list(state._scores),
        "target": None if rules.deals else rules.target,
        "deals": rules.deals or None,
    }
    if rules.hide_hands_until_beg or rules.hide_partner_until_pitch:
        obs["face_down"] = [state._hands[s].bit_count() if shut[s] else 0 for s in range(n)]
    if rules.stock is not Stock.NONE:
        obs["stock_size"] = 0 if before_deal else state._undealt.bit_count() + (state._top >= 0)
    if player is not None:
        obs["hand"] = [] if shut[player] or before_deal else _tokens(state._hands[player])
        obs["hand_hidden"] = shut[player]
        obs["discarded"] = _tokens(state._discarded[player]) if not before_deal else []
        obs["my_drawn"] = _tokens(state._drawn[player]) if not before_deal else []
    return obs
