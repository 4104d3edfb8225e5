"""What one seat of a Bourré session may know, as JSON-ready data.

Public: the dealer, the turn-up and trumps (and whether the dealer holds the turned card), the
pot, who passed or plays (a sealed declaration only once all are made), how many cards each
discarded and drew, the stock, every card played and the tricks each took, what each owes the
next pot and who skips the next ante. Private to a seat: its hand and its discards. The
envelope's keys (the game, the seat, the deal, the chips as ``scores``, the results) are the
protocol's; these are Bourré's own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hoyle.cards import TOKENS
from hoyle.games.bourre.state import PHASE_NAMES, SEALED, cards_of

if TYPE_CHECKING:
    from hoyle.games.bourre.state import BourreState

__all__ = ["observe"]


def _tokens(mask: int) -> list[str]:
    return [TOKENS[c] for c in cards_of(mask)]


def observe(state: BourreState, player: int | None) -> dict[str, Any]:
    """The family's part of the observation of ``player`` (``None``: a spectator, who sees no
    hand): the envelope's ``phase``, ``dealer``, ``hand`` and ``hand_sizes``, then Bourré's
    own keys. Per-seat data are lists by seat."""
    turn_up = state._turn_up
    dealer_holds = turn_up >= 0 and state._hands[state._dealer] >> turn_up & 1
    declared = list(state._declared)
    hidden = state._phase == SEALED
    if hidden:  # simultaneous declarations: each sees only its own until all are made
        declared = [d if s == player else None for s, d in enumerate(declared)]
    return {
        "phase": PHASE_NAMES[state._phase],
        "dealer": state._dealer,
        "hand": [] if player is None else _tokens(state._hands[player]),
        "hand_sizes": [h.bit_count() for h in state._hands],
        "trump": "CDHS"[state._trump] if state._trump >= 0 else None,
        "turn_up": TOKENS[turn_up] if turn_up >= 0 else None,
        "turn_up_in_dealers_hand": bool(dealer_holds),
        "pot": state._pot,
        "declared": declared,
        "declarations_hidden": hidden,
        "discarded_counts": [d.bit_count() for d in state._discards],
        "drawn": list(state._drawn),
        "stock_size": state._undealt.bit_count(),
        "reshuffled": state._recycled,
        "trick": [{"seat": s, "card": TOKENS[c]} for s, c in state._trick],
        "tricks": [
            {
                "leader": lead,
                "cards": [TOKENS[c] for c in cards],
                "seats": list(seats),
                "winner": winner,
            }
            for lead, cards, seats, winner in state._tricks
        ],
        "tricks_taken": list(state._won),
        "owed": list(state._owed),
        "exempt": list(state._exempt),
        "discarded": [] if player is None else _tokens(state._discards[player]),
    }
