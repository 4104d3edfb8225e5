"""Perfect-information Monte Carlo: sample worlds, try every move in each, keep the best mean.

Each round draws one world the searching player cannot tell from the real one, and plays every
legal move in it followed by a playout to the end of the deal. A move's value is its mean over
the worlds. It is the simplest sound search over hidden cards: fast and hard to fool on the
current trick, blind to what its own play tells the others (strategy fusion).
"""

from __future__ import annotations

import random
from typing import Any

from hoyle.agents.ismcts import ActionValue
from hoyle.agents.playout import Playout
from hoyle.core.budget import Budget
from hoyle.core.protocol import Game, State

__all__ = ["PIMCAgent"]


class PIMCAgent:
    """Flat Monte Carlo over sampled worlds; one simulation is one move tried in one world."""

    def __init__(self, game: Game[Any], budget: Budget, seed: int | None = None) -> None:
        self.game = game
        self.budget = budget
        self.rng = random.Random(seed)
        self.playout = Playout(game)
        self.simulations = 0
        """Simulations run for the last move (for measurement)."""

    def step(self, state: State) -> int:
        """The move with the best mean over the worlds searched."""
        legal = state.legal_actions()
        if len(legal) == 1:
            self.simulations = 0
            return legal[0]
        return self.rank(self.analyse(state))[0].action

    @staticmethod
    def rank(values: list[ActionValue]) -> list[ActionValue]:
        """The moves best first: the best mean value."""
        return sorted(values, key=lambda v: (-v.value, v.action))

    def analyse(self, state: State) -> list[ActionValue]:
        """Every legal move with its mean value over the worlds searched."""
        player = state.current_player()
        legal = state.legal_actions()
        deal, scores = self.playout.start(state)
        totals = dict.fromkeys(legal, 0.0)
        counts = dict.fromkeys(legal, 0)
        clock = self.budget.clock()
        running = True
        while running:
            world = state.resample_from_infostate(player, self.rng)
            for action in legal:
                trial = world.clone()
                trial.apply_action(action)
                values = self.playout.finish(trial, state, deal, scores, self.rng)
                totals[action] += values[player]
                counts[action] += 1
                if not clock.tick():
                    running = False
                    break
        self.simulations = clock.done
        return [
            ActionValue(a, totals[a] / counts[a] if counts[a] else 0.0, counts[a]) for a in legal
        ]
