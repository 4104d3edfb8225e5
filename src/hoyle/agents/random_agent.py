"""The ``random`` agent: a uniformly random legal action, reproducible from its seed."""

from __future__ import annotations

import random
from typing import Any

from hoyle.core.protocol import Game, State
from hoyle.core.registry import register_agent

__all__ = ["RandomAgent"]


class RandomAgent:
    """Plays a uniformly random legal action."""

    def __init__(self, game: Game[Any] | None = None, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def step(self, state: State) -> int:
        """A random legal action of the player to move."""
        return self.rng.choice(state.legal_actions())


register_agent("random", lambda game, seed: RandomAgent(game, seed))
