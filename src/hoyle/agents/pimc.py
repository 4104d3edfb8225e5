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

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hoyle.agents.ismcts import ActionValue
from hoyle.agents.playout import Playout
from hoyle.core.budget import Budget, Clock
from hoyle.core.hooks import WorldBatch
from hoyle.core.protocol import Game, State
from hoyle.core.registry import Agent

__all__ = ["BATCH_SECONDS", "MAX_BATCH", "Comparison", "PIMCAgent"]

BATCH_SECONDS = 0.002
"""About how long one batch of worlds searched by a compiled core takes: short enough that a
time budget is kept to within a few milliseconds."""

MAX_BATCH = 4096
"""The most worlds in one batch."""


@dataclass(frozen=True)
class Comparison:
    """How a move did against the guide's on the worlds both were tried in."""

    gain: float
    """Its mean value less the guide's move's, world by world."""
    error: float
    """The standard error of that mean (0 with fewer than two worlds)."""
    worlds: int
    """The worlds compared."""


def _points(x: float) -> str:
    """A number of points for a sentence: ``0.43 points``, ``less than 0.01 points``."""
    return f"{x:.2f} points" if x >= 0.005 else "less than 0.01 points"


class PIMCAgent:
    """Flat Monte Carlo over sampled worlds; one simulation is one move tried in one world.

    Args:
        game: the game searched.
        budget: simulations and/or seconds per move.
        seed: makes its choices reproducible.
        guide: a fast player whose move stands unless search clearly beats it (see
            :meth:`rank`); ``None`` plays the best mean.
        margin: how many standard errors of the paired difference a move must beat the
            guide's by.
        compiled: search with the family's compiled core where it plays the position
            (:attr:`~hoyle.core.hooks.SearchHooks.worlds`); ``False`` steps the Python states
            always (the reference, and the agents named ``…-python``).
        compiled_budget: the budget where the compiled core searches (by default
            ``budget``): the levels give it many more simulations in the same seconds.
    """

    def __init__(
        self,
        game: Game[Any],
        budget: Budget,
        seed: int | None = None,
        *,
        guide: Agent | None = None,
        margin: float = 1.0,
        compiled: bool = True,
        compiled_budget: Budget | None = None,
    ) -> None:
        self.game = game
        self.compiled = compiled
        self.compiled_budget = compiled_budget or budget
        self.budget = budget
        self.rng = random.Random(seed)
        self.playout = Playout(game)
        self.guide = guide
        self.margin = margin
        self.simulations = 0
        """Simulations run for the last move (for measurement)."""
        self._samples: dict[int, list[float]] = {}
        self._choice: int | None = None
        self._advised: int | None = None
        self._compared: dict[int, Comparison] = {}
        self._classes: dict[int, int] = {}

    def step(self, state: State) -> int:
        """The move chosen after searching ``state`` (see :meth:`rank`)."""
        legal = state.legal_actions()
        if len(legal) == 1:
            self.simulations = 0
            return legal[0]
        return self.rank(self.analyse(state))[0].action

    def rank(self, values: list[ActionValue]) -> list[ActionValue]:
        """The moves best first: the chosen move, then the best mean value.

        Without a guide the chosen move is the best mean. With a ``guide`` (a fast player,
        usually the family's heuristic), its move stands unless another beats it on the same
        worlds by more than ``margin`` standard errors of the paired difference: a thin
        search changes only what it has clearly seen to be wrong, and a rich one overrules
        the guide wherever it knows better.
        """
        ordered = sorted(values, key=lambda v: (-v.value, v.action))
        chosen = self._choice
        return sorted(ordered, key=lambda v: v.action != chosen) if chosen is not None else ordered

    def why(self, values: list[ActionValue], name: Callable[[int], str]) -> str | None:
        """Why the move :meth:`rank` puts first is chosen over a move of higher value, in words
        a player reads (moves named by ``name``); ``None`` when it has the highest value."""
        if not values:
            return None
        chosen = self.rank(values)[0]
        best = max(values, key=lambda v: v.value)
        if chosen.value >= best.value or self._advised is None:
            return None
        rep = self._classes.get(best.action, best.action)
        versus = self._compared.get(rep)
        if self._classes.get(chosen.action, chosen.action) == self._advised:
            if versus is None or versus.worlds < 2:
                tried = versus.worlds if versus is not None else 0
                return (
                    "the search keeps the safe play (the easy player's move): it tried "
                    f"{name(best.action)} in only {tried} of the ways the unseen cards might "
                    "lie, too few to overrule it"
                )
            return (
                "the search does not clearly beat the safe play (the easy player's move): "
                f"{name(best.action)} came out {_points(versus.gain)} better over "
                f"{versus.worlds} ways the unseen cards might lie, within the estimate's "
                f"margin of error ({_points(self.margin * versus.error)})"
            )
        mine = self._compared.get(self._classes.get(chosen.action, chosen.action))
        guide = next((a for a, r in self._classes.items() if r == self._advised), self._advised)
        clear = (
            f" by {_points(mine.gain)}, more than the estimate's margin of error "
            f"({_points(self.margin * mine.error)})"
            if mine is not None
            else ""
        )
        return (
            f"it clearly beats the safe play ({name(guide)}){clear}; {name(best.action)} "
            "averaged more, but not clearly more than the safe play"
        )

    def _guided_choice(self, state: State, classes: dict[int, int]) -> int | None:
        """The guide's move, or the move that clearly beats it (see :meth:`rank`)."""
        self._advised = None
        self._compared = {}
        if self.guide is None:
            return None
        advised = classes.get(self.guide.step(state))
        if advised is None:
            return None
        self._advised = advised
        base = self._samples.get(advised, [])
        chosen, gain = advised, 0.0
        for rep, sample in self._samples.items():
            n = min(len(sample), len(base))
            if rep == advised:
                continue
            if n < 2:
                self._compared[rep] = Comparison(0.0, 0.0, n)
                continue
            diffs = [a - b for a, b in zip(sample[:n], base[:n], strict=True)]
            mean = sum(diffs) / n
            error = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
            self._compared[rep] = Comparison(mean, error, n)
            if mean > self.margin * error and mean > gain:
                chosen, gain = rep, mean
        return chosen

    def analyse(self, state: State) -> list[ActionValue]:
        """Every legal move with its mean value over the worlds searched."""
        player = state.current_player()
        classes = self.playout.classes(state)
        tried = sorted(set(classes.values()))
        batch = self.playout.batch(state, player) if self.compiled else None
        if batch is not None:
            clock = self.compiled_budget.clock()
            samples = self._search_batch(batch, tried, clock)
        else:
            clock = self.budget.clock()
            samples = self._search_states(state, player, tried, clock)
        self.simulations = clock.done
        self._samples = samples
        self._classes = classes
        self._choice = self._guided_choice(state, classes)
        found: list[ActionValue] = []
        for action, rep in classes.items():
            got = samples[rep]
            found.append(ActionValue(action, sum(got) / len(got) if got else 0.0, len(got)))
        return found

    def _search_batch(
        self, batch: WorldBatch, tried: list[int], clock: Clock
    ) -> dict[int, list[float]]:
        """The worlds drawn and played out by the family's compiled core, a batch at a time:
        the same search as :meth:`_search_states`, every move of a world on the same dice."""
        samples: dict[int, list[float]] = {a: [] for a in tried}
        endings = self.playout.solve is not None
        size = 4  # worlds in the first batch; then sized to take about BATCH_SECONDS
        while True:
            left = clock.left()
            if left is not None:
                if left < len(tried) and clock.done:
                    # Too few left for a whole world; a part of one would favour the moves
                    # tried in it (the Python search counts none then either).
                    return samples
                size = max(1, min(size, left // len(tried)))
            start = time.perf_counter()
            rows = batch.values(tried, size, self.rng.getrandbits(64), endings)
            spent = time.perf_counter() - start
            for row in rows:
                for action, value in zip(tried, row, strict=True):
                    samples[action].append(value)
            if not clock.tick(size * len(tried)):
                return samples
            each = spent / size
            size = max(1, min(MAX_BATCH, int(BATCH_SECONDS / each) if each > 0 else MAX_BATCH))
            seconds = clock.budget.seconds
            if seconds is not None and each > 0:
                size = max(1, min(size, int((seconds - clock.elapsed) / each) + 1))

    def _search_states(
        self, state: State, player: int, tried: list[int], clock: Clock
    ) -> dict[int, list[float]]:
        """The worlds drawn, tried and played out in Python, one state at a time."""
        deal, scores = self.playout.start(state)
        samples: dict[int, list[float]] = {a: [] for a in tried}
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
                    samples[action].append(value)
        return samples
