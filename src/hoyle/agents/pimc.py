"""Perfect-information Monte Carlo: sample worlds, try every move in each, keep the best mean.

Each round draws one world the searching player cannot tell from the real one, and plays every
legal move in it followed by a playout to the end of the deal. A move's value is its mean over
the worlds. The moves are compared on the same worlds and with the same playout dice (each
world's playouts start from one seed), so their differences are measured far more finely than
their values; moves the family calls interchangeable are tried once. It is the simplest sound
search over hidden cards: fast and hard to fool on the current trick, blind to what its own
play tells the others (strategy fusion).
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
        classes = self.playout.classes(state)
        tried = sorted(set(classes.values()))
        deal, scores = self.playout.start(state)
        totals = dict.fromkeys(tried, 0.0)
        counts = dict.fromkeys(tried, 0)
        clock = self.budget.clock()
        running, worlds = True, 0
        while running:
            world = state.resample_from_infostate(player, self.rng)
            dice = self.rng.getrandbits(64)
            these: dict[int, float] = {}
            for action in tried:
                trial = world.clone()
                trial.apply_action(action)
                values = self.playout.finish(trial, state, deal, scores, random.Random(dice))
                these[action] = values[player]
                if not clock.tick():
                    running = False
                    break
            # A world cut short by the budget would favour the moves tried in it: it counts
            # only when no whole world was searched at all.
            if len(these) == len(tried) or not worlds:
                worlds += 1
                for action, value in these.items():
                    totals[action] += value
                    counts[action] += 1
        self.simulations = clock.done
        found: list[ActionValue] = []
        for action, rep in classes.items():
            n = counts[rep]
            found.append(ActionValue(action, totals[rep] / n if n else 0.0, n))
        return found
