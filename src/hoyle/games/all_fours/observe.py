"""What one seat of an All Fours game may know, as JSON-ready data.

Public: the table (dealer, eldest, sides), every card turned up or cut, the kicks scored, the
beg and its answer, the bids, the trump suit once fixed, every card played and by whom, the
tricks, hands thrown in (face up), a face-up stock, the points and the scores. Private to a
seat: its hand (hidden from itself too while the rules keep hands closed until eldest decides,
or the pitcher's partner's until the pitch), the cards it discarded after running and what it
drew from a face-down stock.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hoyle.cards import TOKENS
from hoyle.games.all_fours.rules import Bidding, Stock
from hoyle.games.all_fours.state import (
    BEG_PHASE,
    CHOOSE_PHASE,
    CUT,
    DEAL,
    DISCARD,
    GUESS,
    OVER,
    PHASE_NAMES,
    PLAY,
    cards_of,
)

if TYPE_CHECKING:
    from hoyle.games.all_fours.state import AllFoursState

__all__ = ["hand_visible", "observe"]

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


def observe(state: AllFoursState, player: int | None) -> dict[str, Any]:
    """The observation of ``player`` (``None``: a spectator, who sees no hand)."""
    g = state.g
    n = g.n
    rules = state.rules
    if player is not None and (type(player) is not int or not 0 <= player < n):
        raise ValueError(
            f"observation is for a seat 0…{n - 1} or None (a spectator), not {player!r}"
        )
    phase = state._phase
    before_deal = phase in (CUT, GUESS, CHOOSE_PHASE)
    face_up = rules.stock is Stock.FACE_UP
    obs: dict[str, Any] = {
        "game": g.spec,
        "players": n,
        "seat": player,
        "phase": PHASE_NAMES[phase],
        "current_player": state.current_player(),
        "hand_number": state._hand_no + 1 - (phase == OVER),
        "dealer": None if before_deal else state._dealer,
        "eldest": None if before_deal else state._nxt(state._dealer),
        "sides": [[s for s in range(n) if rules.side_of(s) == side] for side in range(rules.sides)],
        "cut": [{"seat": seat, "card": TOKENS[c]} for seat, c in state._cut],
        "guess": None if state._guess < 0 else ("red" if state._guess == 64 else "black"),
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
        "bids": list(state._bids) if not before_deal else [],
        "bid": state._bid if not before_deal else 0,
        "pitcher": state._pitcher if not before_deal and state._pitcher >= 0 else None,
        "sold": state._sold if not before_deal else None,
        "hand_sizes": [h.bit_count() for h in state._hands],
        "discards": [d.bit_count() for d in state._discarded] if not before_deal else [],
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
        "points_at_once": list(state._at_once) if not before_deal else [],
        "bid_for": "pitch" if rules.bidding is not Bidding.NONE else None,
        "discard_to": rules.hand_size if phase == DISCARD else None,
        "tricks_taken": [sum(1 for t in state._tricks if t[3] == seat) for seat in range(n)],
        "points": [state._card_total(rules.side_of(seat)) for seat in range(n)],
        "side_scores": list(state._scores),
        "scores": [state._scores[rules.side_of(seat)] for seat in range(n)],
        "deal_scores": [list(d) for d in state._deal_scores],
        "hand_results": [dict(entry) for entry in state._hand_log],
    }
    if rules.stock is not Stock.NONE:
        obs["stock_size"] = 0 if before_deal else state._undealt.bit_count() + (state._top >= 0)
    if player is not None:
        visible = before_deal or hand_visible(state, player)
        obs["hand"] = _tokens(state._hands[player]) if visible and not before_deal else []
        obs["hand_hidden"] = not visible
        obs["discarded"] = _tokens(state._discarded[player]) if not before_deal else []
        obs["my_drawn"] = _tokens(state._drawn[player]) if not before_deal else []
    if phase == OVER:
        obs["winner"] = state._winner if state._winner >= 0 else None  # None: a shared win
        obs["returns"] = state.returns()
    return obs
