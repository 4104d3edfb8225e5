"""What one seat of a Spite and Malice game may know, as JSON-ready data.

Public: the centre stacks, the top of every goal pile (once the deal is done) and how many cards
each holds, every discard pile (face up), the completed heap, how many cards are in the stock and
in each hand, this turn's moves, the scores and the results of past deals. Private to a seat:
its own hand. Nobody sees the goal cards under the tops, the stock or another hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hoyle.games.spite_malice.state import DEAL, OVER, PHASE_NAMES

if TYPE_CHECKING:
    from hoyle.games.spite_malice.state import SpiteMaliceState

__all__ = ["observe"]


def observe(state: SpiteMaliceState, player: int | None) -> dict[str, Any]:
    """The observation of ``player`` (``None``: a spectator, who sees no hand)."""
    g = state.g
    n = g.n
    if player is not None and (type(player) is not int or not 0 <= player < n):
        raise ValueError(
            f"observation is for a seat 0…{n - 1} or None (a spectator), not {player!r}"
        )
    phase = state._phase
    token = g.token
    dealing = phase == DEAL
    stacks = state._stacks
    obs: dict[str, Any] = {
        "game": g.spec,
        "players": n,
        "seat": player,
        "phase": PHASE_NAMES[phase],
        "current_player": state.current_player(),
        "deal_number": state._deal_no + 1,
        "dealer": state._dealer,
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
        "hand_sizes": [len(h) for h in state._hands],
        "stock": state._stock_n,
        "heap": [token[k] for k in state._heap],
        "recycled": state._recycled,
        "cover": state._cover if state._cover >= 0 else None,
        "moves": list(state._turn_log),
        "passes": state._passes,
        "scores": list(state._scores),
        "target": state.rules.target,
        "deal_scores": [list(d) for d in state._deal_scores],
        "deal_results": [dict(entry) for entry in state._deal_log],
    }
    if player is not None:
        # In rank order (suits never matter), the jokers last.
        obs["hand"] = [token[k] for k in sorted(state._hands[player], key=g.sort_key)]
    if phase == OVER:
        obs["winner"] = list(state._winner)
        obs["returns"] = state.returns()
    return obs
