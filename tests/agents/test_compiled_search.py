"""The search agents on a family's compiled core (SearchHooks.worlds): the same searches,
run over worlds the core draws and plays out (issue 22, "many worlds at once")."""

from __future__ import annotations

import random

import pytest

import hoyle
from hoyle.agents.ismcts import ISMCTSAgent
from hoyle.agents.pimc import PIMCAgent
from hoyle.agents.playout import Playout
from hoyle.core.budget import Budget
from hoyle.core.compiled import SamplerWorlds
from hoyle.games.hearts import fast

pytestmark = pytest.mark.skipif(
    not fast.available(), reason="the compiled core is not built or HOYLE_COMPILED=0"
)


def _trick_play(seed: int, tricks: int = 2) -> hoyle.State:
    game = hoyle.load("hearts(deals=1,pass_cycle=hold)")
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    while len(state._tricks) < tricks or len(state.legal_actions()) < 2:
        state.apply_action(rng.choice(state.legal_actions()))
    return state


class _Counting:
    """A world batch that counts what it is asked for."""

    def __init__(self, inner: SamplerWorlds) -> None:
        self.inner = inner
        self.worlds = 0

    def values(
        self, moves: list[int], worlds: int, seed: int, endings: bool = True
    ) -> list[list[float]]:
        self.worlds += worlds
        return self.inner.values(moves, worlds, seed, endings)


@pytest.mark.parametrize("seed", [3, 4, 5, 6])
def test_pimc_searches_the_compiled_worlds_within_its_simulations(seed: int) -> None:
    # One simulation is one move tried in one world: a budget of 600 simulations over k
    # moves searches 600 // k worlds (whole worlds only), every move in each.
    state = _trick_play(seed)
    assert len(Playout(state.game).classes(state)) >= 2
    agent = PIMCAgent(state.game, Budget(simulations=600), seed=1)
    counting = _Counting(fast.worlds(state, state.current_player()))  # type: ignore[arg-type]
    agent.playout.batch = lambda s, p: counting  # type: ignore[method-assign]
    values = agent.analyse(state)
    tried = len(agent._samples)  # one move a class of interchangeable cards
    assert counting.worlds == 600 // tried
    assert agent.simulations == counting.worlds * tried
    assert {v.action for v in values} == set(state.legal_actions())
    assert all(v.visits == counting.worlds for v in values)


def test_the_python_path_is_kept_by_name() -> None:
    # expert-python: the same guided search stepping Python states (compiled=False).
    state = _trick_play(4)
    agent = hoyle.agent("expert-python", state.game, seed=1, simulations=60)
    assert isinstance(agent, PIMCAgent) and not agent.compiled
    asked = []
    agent.playout.batch = lambda s, p: asked.append(1)  # type: ignore[method-assign,assignment,return-value]
    assert agent.step(state) in state.legal_actions()
    assert not asked


def test_ismcts_walks_its_tree_over_compiled_worlds() -> None:
    state = _trick_play(5, tricks=6)
    agent = ISMCTSAgent(state.game, Budget(simulations=3000), seed=1)
    values = agent.analyse(state)
    assert agent.simulations == 3000
    assert sum(v.visits for v in values) == 3000
    assert {v.action for v in values} == set(state.legal_actions())
    python = ISMCTSAgent(state.game, Budget(simulations=200), seed=1, compiled=False)
    assert python.step(state) in state.legal_actions()


def test_a_level_gets_its_compiled_budget_and_a_callers_budget_stands() -> None:
    from hoyle.agents.levels import COMPILED_BUDGETS, LEVEL_BUDGETS

    game = hoyle.load("hearts(deals=1)")
    expert = hoyle.agent("expert", game, seed=1)
    assert isinstance(expert, PIMCAgent)
    assert expert.budget == LEVEL_BUDGETS["expert"]
    assert expert.compiled_budget == COMPILED_BUDGETS["expert"]
    assert expert.compiled_budget.seconds == expert.budget.seconds
    mine = hoyle.agent("expert", game, seed=1, seconds=0.05)
    assert isinstance(mine, PIMCAgent)
    assert mine.budget == mine.compiled_budget == Budget(seconds=0.05)
