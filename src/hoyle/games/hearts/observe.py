"""What one seat of a Hearts match may know, as JSON-ready data.

Public: the table (dealer, pass direction, how many cards each seat has passed, hand sizes),
every card played and by whom, tricks and points taken, the scores. Private to a seat: its hand,
the cards it passed, by the seat they went to (sorted, so the order of choosing leaks nothing
more), and, once the pass is complete, the cards it received and from whom.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hoyle.games.hearts.scoring import side_totals, sides
from hoyle.games.hearts.state import (
    AUCTION,
    MOON,
    NAME,
    OVER,
    PHASE_NAMES,
    PLAY,
    POOL,
    TOKENS,
    mask_to_list,
)

if TYPE_CHECKING:
    from hoyle.games.hearts.state import HeartsState

__all__ = ["observe"]


def _tokens(mask: int) -> list[str]:
    return [TOKENS[c] for c in mask_to_list(mask)]


def _trick_dict(trick: tuple[int, tuple[int, ...], int] | None, n: int) -> dict[str, Any] | None:
    """A completed trick as data (``seats``: who played each card, from the leader); ``None``
    before any trick of the match is over."""
    if trick is None:
        return None
    leader, cards, winner = trick
    return {
        "leader": leader,
        "cards": [TOKENS[c] for c in cards],
        "seats": [(leader + i) % n for i in range(len(cards))],
        "winner": winner,
    }


def _penalty_suit(state: HeartsState) -> str | None:
    """The suit an auction named (``H`` when nobody bid), or None while it is undecided."""
    if state._phase in (AUCTION, NAME):
        return None
    low = state._penalty & -state._penalty
    return "CDHS"[(low.bit_length() - 1) // 13] if low else None


def public_points(state: HeartsState) -> list[int]:
    """Points taken this deal as everyone can count them: the widow's (or, with
    widow=to_hand, the discards') are its taker's secret until the deal is scored."""
    points = list(state._points)
    taker = state._widow_taker
    if taker >= 0:
        hidden = mask_to_list(state._widow) if not state.g.widow_to_hand else state._discards
        points[taker] -= sum(state._values[c] for c in hidden)
    return points


def _slam(state: HeartsState, player: int | None) -> dict[str, Any] | None:
    """The slam bid in force: bidder, bid, and the silent partner as far as ``player`` knows
    it (the partner knows from the start; everyone once the bonus card is played)."""
    if state._partner < 0:
        return None
    card = state.g.partner_card
    played = any(card in cards for _, cards, _ in state._tricks) or card in state._trick
    known = played or state._phase == OVER or player == state._partner
    return {
        "bidder": state._bidder,
        "bid": state._bid,
        "partner": state._partner if known else None,
    }


def observe(state: HeartsState, player: int | None) -> dict[str, Any]:
    """The family's part of the observation of ``player`` (``None``: a spectator, who sees
    no hand): ``phase``, ``dealer``, ``hand`` and ``hand_sizes``, then Hearts' own keys (the
    core writes the rest of the envelope; see :mod:`hoyle.core.protocol`)."""
    g = state.g
    n = g.n
    phase = state._phase
    teams = sides(g.rules)
    partners = len(teams) < n  # fixed partnerships: two sides of two
    exchanged = phase in (PLAY, MOON, OVER)
    plan = state.pass_plan()
    obs: dict[str, Any] = {
        "phase": PHASE_NAMES[phase],
        "dealer": state._dealer,
        "hand": _tokens(state._hands[player]) if player is not None else [],
        "hand_sizes": [h.bit_count() for h in state._hands],
        "pass_direction": state.pass_direction().value,
        "pass_count": len(plan),
        "cards_passed": [len(p) for p in state._passed],
        "removed": [TOKENS[c] for c in g.rules.removed_cards],
        "leader": state._leader if phase == PLAY else None,
        "trick": [
            {"seat": (state._leader + i) % n, "card": TOKENS[c]} for i, c in enumerate(state._trick)
        ],
        "tricks": [_trick_dict(t, n) for t in state._tricks],
        "last_trick": _trick_dict(state._tricks[-1] if state._tricks else state._last_trick, n),
        "tricks_taken": list(state._ntricks),
        "points": public_points(state),
        "widow_size": g.widow_size,
        "widow_taker": state._widow_taker if state._widow_taker >= 0 else None,
        "widow_use": g.rules.widow.value if g.widow_size else None,
        "discards": len(state._discards),
        "hearts_broken": state._broken,
        "table": state._table + (state._bid if state._bidder >= 0 and g.rules.auction else 0),
        "bids": list(state._bids) if g.has_bidding else None,
        "bid_for": ("slam" if g.rules.slam_bid else "suit") if g.has_bidding else None,
        "slam": _slam(state, player) if g.rules.slam_bid else None,
        "penalty_suit": _penalty_suit(state) if g.rules.auction else None,
        "teams": [list(side) for side in teams] if partners else None,
        "team_scores": side_totals(g.rules, state._scores) if partners else None,
        "moon_shooter": state._shooter if phase == MOON else None,
        "generale": state._declarer if state._declarer >= 0 else None,
        "revokes": [{"trick": t + 1, "seat": seat} for t, seat in state._revokes]
        if g.rules.revoke_penalty
        else None,
    }
    if player is not None:
        taker = state._widow_taker == player
        obs["widow"] = _tokens(state._widow) if taker else []
        obs["discarded"] = [TOKENS[c] for c in sorted(state._discards)] if taker else []
        obs["passed"] = [TOKENS[c] for c in sorted(state._passed[player])]
        # Which seat each of the player's cards goes to, in the order they are chosen.
        # (None for a card put into the pool of a mix pass: nobody knows where it ends up.)
        obs["pass_to"] = [(player + offset) % n if offset != POOL else None for offset in plan]
        passed_to: list[list[int]] = [[] for _ in range(n)]
        for card, offset in zip(state._passed[player], plan, strict=False):
            if offset != POOL:
                passed_to[(player + offset) % n].append(card)
        obs["passed_to"] = [[TOKENS[c] for c in sorted(cards)] for cards in passed_to]
        received_from: list[list[int]] = [[] for _ in range(n)]
        if exchanged:
            for seat in range(n):
                for card, offset in zip(state._passed[seat], plan, strict=False):
                    if offset != POOL and (seat + offset) % n == player:
                        received_from[seat].append(card)
        obs["received"] = _tokens(state._received[player]) if exchanged else []
        obs["received_from"] = [[TOKENS[c] for c in sorted(cards)] for cards in received_from]
    return obs
