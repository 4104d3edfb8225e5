"""What one seat of a Spite and Malice game may know: the family's part of the observation.

Public: the centre stacks, the top of every goal pile (once the deal is done) and how many cards
each holds, every discard pile (face up), the completed heap, how many cards are in the stock and
in each hand, this turn's moves. Private to a seat: its own hand. Nobody sees the goal cards under
the tops, the stock or another hand. The core adds the envelope (the deal, scores, results …).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hoyle.games.spite_malice.state import DEAL, PHASE_NAMES

if TYPE_CHECKING:
    from hoyle.games.spite_malice.state import SpiteMaliceState

__all__ = ["observe"]


def observe(state: SpiteMaliceState, seat: int | None) -> dict[str, Any]:
    """``seat``'s part of the observation (``None``: a spectator, who sees no hand)."""
    g = state.g
    phase = state._phase
    token = g.token
    dealing = phase == DEAL
    stacks = state._stacks
    # In rank order (suits never matter), the jokers last.
    hand = [] if seat is None else [token[k] for k in sorted(state._hands[seat], key=g.sort_key)]
    return {
        "phase": PHASE_NAMES[phase],
        "dealer": state._dealer,
        "hand": hand,
        "hand_sizes": [len(h) for h in state._hands],
        "turn": state._turn,
        "stacks": [[token[k] for k in stack] for stack in stacks],
        "stack_next": [g.rank_text(len(stack) + 1) for stack in stacks],
        "max_stacks": state.rules.max_stacks,
        "completed": state._completed,
        "goals": [
            [
                {
                    "top": token[pile[-1]] if pile and not dealing else None,
                    "count": len(pile),
                }
                for pile in piles
            ]
            for piles in state._goals
        ],
        "discards": [[[token[k] for k in pile] for pile in piles] for piles in state._discards],
        "stock": state._stock_n,
        "heap": [token[k] for k in state._heap],
        "recycled": state._recycled,
        "cover": state._cover if state._cover >= 0 else None,
        "moves": list(state._turn_log),
        "passes": state._passes,
        "target": state.rules.target,
    }
