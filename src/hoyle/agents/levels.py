"""The search levels every family gets: ``medium``, ``hard`` and ``expert``.

A level is a search and a default budget. ``medium`` samples worlds and tries every move in
each (PIMC); ``hard`` and ``expert`` search the tree of moves over sampled worlds (IS-MCTS),
``expert`` with the most time — it answers within a second a move on one core. ``random`` and
each family's ``easy`` heuristic are the levels below. A budget given by the caller replaces
the level's own.
"""

from __future__ import annotations

from typing import Any

from hoyle.agents.ismcts import ISMCTSAgent
from hoyle.agents.pimc import PIMCAgent
from hoyle.core.budget import Budget
from hoyle.core.protocol import Game
from hoyle.core.registry import Agent, register_search_agent

__all__ = ["LEVEL_BUDGETS"]

LEVEL_BUDGETS: dict[str, Budget] = {
    "medium": Budget(simulations=120, seconds=0.25),
    "hard": Budget(simulations=400, seconds=0.5),
    "expert": Budget(simulations=4000, seconds=0.9),
}
"""Each level's default budget per move (whichever limit comes first)."""


def _medium(game: Game[Any], seed: int | None, budget: Budget | None) -> Agent:
    return PIMCAgent(game, budget or LEVEL_BUDGETS["medium"], seed)


def _hard(game: Game[Any], seed: int | None, budget: Budget | None) -> Agent:
    return ISMCTSAgent(game, budget or LEVEL_BUDGETS["hard"], seed)


def _expert(game: Game[Any], seed: int | None, budget: Budget | None) -> Agent:
    return ISMCTSAgent(game, budget or LEVEL_BUDGETS["expert"], seed)


register_search_agent("medium", _medium)
register_search_agent("hard", _hard)
register_search_agent("expert", _expert)
register_search_agent("pimc", _medium)
register_search_agent("ismcts", _hard)
