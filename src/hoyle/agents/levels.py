"""The search levels every family gets: ``medium``, ``hard`` and ``expert``.

A level is a search and a default budget. All three are guided PIMC: worlds the player cannot
tell from the real one are sampled, every move is tried in each and played out, and the
family's ``easy`` player's move is kept unless another move beats it on the same worlds by a
clear margin (:class:`~hoyle.agents.pimc.PIMCAgent`). Measured in duplicate matches
(``benchmarks/strength.py``), this beats unguided PIMC and IS-MCTS at every budget a person
would wait for, because a thin search that may overrule a sound player only on evidence never
makes it worse. The levels differ in time, so each sees more worlds than the one below;
``expert`` answers within a second a move on one core. ``random`` and each family's ``easy``
heuristic are the levels below. A family may register its own agent under a level's name
(Spite and Malice's turn planner is its ``expert``). A budget given by the caller replaces the
level's own.

Where a family's compiled core plays the position (Hearts' and All Fours' card play), the
same search runs there (:data:`COMPILED_BUDGETS`): ``expert`` a hundred times as many
simulations in the same seconds, the levels below about the simulations they had, at once;
``expert-python`` is ``expert`` as it was before the compiled core: the same search stepping
the Python states at the old budget, kept by name to measure what the speed is worth.

The unguided searches stay available by name for research: ``pimc`` (plain PIMC),
``ismcts`` (single-observer IS-MCTS) and ``ismcts-pw`` (the same with progressive widening,
exponent :data:`WIDENING`).
"""

from __future__ import annotations

from typing import Any

from hoyle.agents.ismcts import ISMCTSAgent
from hoyle.agents.pimc import PIMCAgent
from hoyle.core.budget import Budget
from hoyle.core.protocol import Game
from hoyle.core.registry import Agent, agent_names, make_agent, register_search_agent

__all__ = ["COMPILED_BUDGETS", "GUIDE_MARGIN", "LEVEL_BUDGETS", "WIDENING", "guided_pimc"]

LEVEL_BUDGETS: dict[str, Budget] = {
    "medium": Budget(simulations=400, seconds=0.1),
    "hard": Budget(simulations=1500, seconds=0.3),
    "expert": Budget(simulations=6000, seconds=0.9),
    "expert-python": Budget(simulations=6000, seconds=0.9),
    "pimc": Budget(simulations=120, seconds=0.25),
    "ismcts": Budget(simulations=400, seconds=0.5),
    "ismcts-pw": Budget(simulations=400, seconds=0.5),
}
"""Each level's default budget per move (whichever limit comes first), searching Python
states."""

COMPILED_BUDGETS: dict[str, Budget] = {
    "medium": Budget(simulations=400, seconds=0.1),
    "hard": Budget(simulations=2000, seconds=0.3),
    "expert": Budget(simulations=600_000, seconds=0.9),
    "pimc": Budget(simulations=12_000, seconds=0.25),
    "ismcts": Budget(simulations=40_000, seconds=0.5),
    "ismcts-pw": Budget(simulations=40_000, seconds=0.5),
}
"""The levels' budgets where a family's compiled core searches (it runs some 100 to 200 times
the simulations a second). ``expert`` takes its whole time, a hundred times the simulations it
had; ``medium`` and ``hard`` keep about the simulations they had, and so their strength, and
answer at once: given the simulations ``hard`` takes in 0.03 s on the core, ``expert`` gained
nothing measurable from three times as many (docs/agents.md), so the ladder keeps its steps by
the number of worlds seen, not by the clock."""

WIDENING = 0.5
"""``ismcts-pw``'s progressive widening exponent: a node visited n times offers
ceil((n + 1) ** 0.5) moves."""

GUIDE_MARGIN = 1.0
"""Standard errors by which a move must beat the guide's on the same worlds to replace it."""


def guided_pimc(
    game: Game[Any],
    seed: int | None,
    budget: Budget,
    *,
    compiled: bool = True,
    compiled_budget: Budget | None = None,
) -> PIMCAgent:
    """PIMC guided by the family's ``easy`` player (unguided if the family has none);
    ``compiled=False`` never uses a compiled core."""
    guide = make_agent("easy", game, seed) if "easy" in agent_names(game) else None
    return PIMCAgent(
        game,
        budget,
        seed,
        guide=guide,
        margin=GUIDE_MARGIN,
        compiled=compiled,
        compiled_budget=compiled_budget,
    )


def _level(name: str) -> Any:
    def make(game: Game[Any], seed: int | None, budget: Budget | None) -> Agent:
        if budget is not None:  # the caller's budget, whichever way it searches
            return guided_pimc(game, seed, budget)
        return guided_pimc(game, seed, LEVEL_BUDGETS[name], compiled_budget=COMPILED_BUDGETS[name])

    return make


def _expert_python(game: Game[Any], seed: int | None, budget: Budget | None) -> Agent:
    return guided_pimc(game, seed, budget or LEVEL_BUDGETS["expert-python"], compiled=False)


def _pimc(game: Game[Any], seed: int | None, budget: Budget | None) -> Agent:
    if budget is not None:
        return PIMCAgent(game, budget, seed)
    return PIMCAgent(game, LEVEL_BUDGETS["pimc"], seed, compiled_budget=COMPILED_BUDGETS["pimc"])


def _ismcts(name: str, widening: float | None) -> Any:
    def make(game: Game[Any], seed: int | None, budget: Budget | None) -> Agent:
        if budget is not None:
            return ISMCTSAgent(game, budget, seed, widening=widening)
        return ISMCTSAgent(
            game,
            LEVEL_BUDGETS[name],
            seed,
            widening=widening,
            compiled_budget=COMPILED_BUDGETS[name],
        )

    return make


for _name in ("medium", "hard", "expert"):
    register_search_agent(_name, _level(_name))
register_search_agent("expert-python", _expert_python)
register_search_agent("pimc", _pimc)
register_search_agent("ismcts", _ismcts("ismcts", None))
register_search_agent("ismcts-pw", _ismcts("ismcts-pw", WIDENING))
