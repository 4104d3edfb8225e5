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
from hoyle.core.errors import HoyleError, IllegalActionError, InvalidOptionError, UnknownGameError
from hoyle.core.protocol import CHANCE, TERMINAL, Game, State
from hoyle.core.registry import Agent, Variant, families, load, make_agent, variants

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Agent",
    "Game",
    "HoyleError",
    "IllegalActionError",
    "InvalidOptionError",
    "State",
    "UnknownGameError",
    "Variant",
    "agent",
    "families",
    "load",
    "variants",
]


def agent(name: str, game: Game[Any], seed: int | None = None) -> Agent:
    """An agent by level name (``random``, ``easy`` …) for ``game``."""
    return make_agent(name, game, seed)
