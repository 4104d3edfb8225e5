"""Playouts and position values shared by the search agents.

Search looks ahead to the end of the deal in progress (or the end of the game, if that comes
first) and values the result by how far each seat's score moved since the position searched:
the deal is the unit all four families score in, and a whole match is far too long to play
out. ``game.info`` says which way the scores point; a family's
:class:`~hoyle.core.hooks.SearchHooks` may give a faster playout policy, an ending solver or a
cut-off evaluation.
"""

from __future__ import annotations

import random
from typing import Any

from hoyle.core.hooks import SearchHooks, WorldBatch, search_hooks
from hoyle.core.protocol import Game, State

__all__ = ["Playout"]


class Playout:
    """Plays determinized states to the search horizon and values them, for one game."""

    def __init__(self, game: Game[Any]) -> None:
        self.hooks: SearchHooks = search_hooks(game.family)
        self.sign = -1.0 if game.info.scores_are_penalties else 1.0
        self.policy = self.hooks.rollout
        self.solve = self.hooks.solve
        """The family's ending solver, used where it answers; ``None`` plays every world out
        (an agent word's ``endings=play``)."""

    def classes(self, state: State) -> dict[int, int]:
        """Each legal move of ``state`` → the move search tries in its place (itself, unless
        the family's ``move_classes`` hook says another move is certain to do the same)."""
        legal = state.legal_actions()
        hook = self.hooks.move_classes
        found = hook(state) if hook is not None else None
        if not found:
            return {a: a for a in legal}
        return {a: found.get(a, a) for a in legal}

    def batch(self, state: State, player: int) -> WorldBatch | None:
        """The family's compiled core's worlds for ``player``'s search of ``state``, or
        ``None`` where there is none (not built, or not this position)."""
        worlds = self.hooks.worlds
        return worlds(state, player) if worlds is not None else None

    def start(self, root: State) -> tuple[int, list[float]]:
        """What the horizon and the values are measured from: (deal number, scores)."""
        return root.progress()[0], list(root.scores())

    def over(self, state: State, deal: int) -> bool:
        """Whether ``state`` is past the horizon: the game over or a new deal begun."""
        return state.is_terminal() or state.progress()[0] != deal

    def chance(self, state: State, rng: random.Random) -> int:
        """A chance outcome drawn with its probability."""
        outcomes = state.chance_outcomes()
        pick = rng.random()
        for action, probability in outcomes:
            pick -= probability
            if pick < 0:
                return action
        return outcomes[-1][0]

    def move(self, state: State, rng: random.Random) -> int:
        """The playout move (chance or the policy's) in ``state``."""
        if state.is_chance_node():
            return self.chance(state, rng)
        if self.policy is not None:
            return self.policy(state, rng)
        return rng.choice(state.legal_actions())

    def finish(
        self, state: State, root: State, deal: int, scores: list[float], rng: random.Random
    ) -> list[float]:
        """Play ``state`` on to the horizon (mutating it) and return each seat's value."""
        limit = self.hooks.playout_moves
        solve = self.solve
        moves = 0
        while not self.over(state, deal):
            if solve is not None and not state.is_chance_node():
                exact = solve(state, not moves)
                if exact is not None:
                    # The solver values play from ``state`` on; add what was scored before it.
                    return self.value(state, scores, exact)
            if limit is not None and moves >= limit:
                assert self.hooks.evaluate is not None  # SearchHooks checks they come together
                return self.hooks.evaluate(state, root)
            state.apply_action(self.move(state, rng))
            moves += 1
        return self.value(state, scores)

    def value(
        self, state: State, scores: list[float], later: list[float] | None = None
    ) -> list[float]:
        """Each seat's gain since ``scores`` (plus ``later``, what a solver says play from
        ``state`` on adds), higher better; less the others' mean gain when the family values
        positions by margin."""
        sign = self.sign
        gains = [sign * (now - then) for now, then in zip(state.scores(), scores, strict=True)]
        if later is not None:
            gains = [g + e for g, e in zip(gains, later, strict=True)]
        if not self.hooks.margin or len(gains) < 2:
            return gains
        total, others = sum(gains), len(gains) - 1
        return [g - (total - g) / others for g in gains]
