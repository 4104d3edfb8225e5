"""Hints: a search level's opinion of every legal move, best first.

``hoyle.hint(state)`` asks ``expert`` (or any searching level) to search the position from the
point of view of the player to move, so it sees only what that player may know, and lists each
legal move with its token, its estimated value and how much search went into it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from hoyle.agents.ismcts import ActionValue
from hoyle.core.errors import InvalidOptionError
from hoyle.core.protocol import State
from hoyle.core.registry import make_agent, takes_budget

__all__ = ["Analyst", "Hint", "hint"]


@runtime_checkable
class Analyst(Protocol):
    """A searching agent that can value every legal move (every search level is one)."""

    def analyse(self, state: State) -> list[ActionValue]:
        """Every legal move with its value and the search behind it."""
        ...

    def rank(self, values: list[ActionValue]) -> list[ActionValue]:
        """The moves best first, as the agent would choose."""
        ...


@dataclass(frozen=True)
class Hint:
    """One legal move with the search's estimate."""

    action: int
    token: str
    value: float
    """Estimated points gained by the end of the deal (the game's own scoring, higher better)."""
    visits: int
    """Simulations behind the estimate."""


def hint(
    state: State,
    level: str = "expert",
    *,
    seconds: float | None = None,
    simulations: int | None = None,
    seed: int | None = 0,
) -> list[Hint]:
    """Every legal move of the player to act, the suggested move first.

    >>> import hoyle
    >>> state = hoyle.load("hearts", deals=1).new_initial_state(seed=3)
    >>> best = hoyle.hint(state, simulations=30)[0]
    >>> best.action in state.legal_actions()
    True
    """
    if state.is_terminal() or state.is_chance_node():
        raise InvalidOptionError("a hint needs a player to move; the game is over or dealing")
    if not takes_budget(level, state.game):
        raise InvalidOptionError(f"level {level!r} does not search, so it cannot give hints")
    agent = make_agent(level, state.game, seed, seconds=seconds, simulations=simulations)
    if not isinstance(agent, Analyst):  # pragma: no cover - every search level analyses
        raise InvalidOptionError(f"level {level!r} cannot list its move values")
    ranked = agent.rank(agent.analyse(state))
    return [Hint(v.action, state.action_to_string(v.action), v.value, v.visits) for v in ranked]
