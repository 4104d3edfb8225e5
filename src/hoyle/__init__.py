"""hoyle: Hearts, All Fours, Spite and Malice and Écarté, played by the rules.

>>> import hoyle
>>> game = hoyle.load("hearts", deals=1)
>>> state = game.new_initial_state(seed=7)
>>> while not state.is_terminal():
...     state.apply_action(state.legal_actions()[0])
>>> sum(state.returns()) in (-26.0, -78.0)
True
"""

from typing import Any

from hoyle import agents as _agents  # noqa: F401  (registers the generic agents)
from hoyle import games as _games  # noqa: F401  (registers the families)
from hoyle.agents.hints import Hint, hint
from hoyle.core.budget import Budget
from hoyle.core.errors import HoyleError, IllegalActionError, InvalidOptionError, UnknownGameError
from hoyle.core.protocol import CHANCE, TERMINAL, Game, State
from hoyle.core.registry import (
    Agent,
    Variant,
    agent_names,
    families,
    load,
    make_agent,
    parse_agent_spec,
    variants,
)

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Agent",
    "Budget",
    "Game",
    "Hint",
    "HoyleError",
    "IllegalActionError",
    "InvalidOptionError",
    "State",
    "UnknownGameError",
    "Variant",
    "agent",
    "families",
    "hint",
    "load",
    "variants",
]


def agent(
    name: str,
    game: Game[Any] | None = None,
    *,
    seconds: float | None = None,
    simulations: int | None = None,
    seed: int | None = None,
) -> Agent:
    """An agent by level name: ``random``, ``easy``, ``medium``, ``hard`` or ``expert``
    (and, for Hearts with open-spiel installed, ``openspiel-ismcts``).

    ``seconds`` and ``simulations`` replace a searching level's budget per move. Without a
    ``game`` the agent fits itself to the game of the first state it is asked about (an unknown
    name still fails at once).

    >>> import hoyle
    >>> game = hoyle.load("hearts", deals=1)
    >>> state = game.new_initial_state(seed=3)
    >>> bot = hoyle.agent("hard", simulations=20, seed=1)
    >>> bot.step(state) in state.legal_actions()
    True
    """
    if game is not None:
        return make_agent(name, game, seed, seconds=seconds, simulations=simulations)
    return _AgentByName(name, seconds=seconds, simulations=simulations, seed=seed)


class _AgentByName:
    """An agent made for each game it meets, on the first state of that game."""

    def __init__(
        self, name: str, *, seconds: float | None, simulations: int | None, seed: int | None
    ) -> None:
        level, given = parse_agent_spec(name)
        known = sorted({n for f in families() for n in agent_names(load(f))})
        if level not in known:  # fail now, not at the first move
            raise UnknownGameError(f"unknown agent {level!r}; agents: {', '.join(known)}")
        seconds = given.get("seconds", seconds)
        simulations = given.get("simulations", simulations)
        if seconds is not None or simulations is not None:
            Budget(simulations=simulations, seconds=seconds)  # a bad budget fails now too
        self.name, self.seconds, self.simulations, self.seed = name, seconds, simulations, seed
        self._agents: dict[str, Agent] = {}

    def step(self, state: State) -> int:
        """The named agent's move in ``state``."""
        spec = state.game.spec
        bound = self._agents.get(spec)
        if bound is None:
            bound = make_agent(
                self.name,
                state.game,
                self.seed,
                seconds=self.seconds,
                simulations=self.simulations,
            )
            self._agents[spec] = bound
        return bound.step(state)
