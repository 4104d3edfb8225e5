"""The Spite and Malice players (issue 5, Agents): ``easy``, the turn ``planner`` (the family's
``expert``) and the generic search levels through the family's hooks.

"The planner must beat ``easy``, which must beat ``random``, by a clear, measured margin."
The full measurement is ``benchmarks/spite_malice_strength.py``; the tests here play a few
seeded one-deal games, seats swapped, with margins far wider than the noise.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import hoyle
from helpers import play
from hoyle.core.budget import Budget
from hoyle.games.spite_malice import SpiteMaliceGame, SpiteMaliceState
from hoyle.games.spite_malice.play import PlannerAgent


def load(**options: object) -> SpiteMaliceGame:
    game = hoyle.load("spite-malice", **options)
    assert isinstance(game, SpiteMaliceGame)
    return game


def duel(first: str, second: str, games: int) -> tuple[int, int]:
    """One-deal games with seats swapped every game: deals won on points by each."""
    game = load(deals=1)
    won = [0, 0]
    for k in range(games):
        names = [first, second] if k % 2 == 0 else [second, first]
        agents = [hoyle.agent(n, game, seed=10 * k + s) for s, n in enumerate(names)]
        state = game.new_initial_state(seed=k)
        while not state.is_terminal():
            state.apply_action(agents[state.current_player()].step(state))
        points = state.returns()
        a = names.index(first)
        if points[a] != points[1 - a]:
            won[0 if points[a] > points[1 - a] else 1] += 1
    return won[0], won[1]


def test_easy_beats_random() -> None:
    easy, rand = duel("easy", "random", 40)
    assert easy >= 30 and rand <= 5


def test_planner_beats_easy() -> None:
    planner, easy = duel("planner", "easy", 10)
    assert planner >= 8 and easy <= 2


def test_expert_is_the_planner_and_takes_a_budget() -> None:
    game = load()
    assert isinstance(hoyle.agent("expert", game), PlannerAgent)
    bot = hoyle.agent("planner(simulations=50)", game, seed=1)
    assert isinstance(bot, PlannerAgent) and bot.budget.simulations == 50


def test_planner_plays_up_to_its_goal_card() -> None:
    # The planner "searches the sequences of moves … to play its goal card": 3 and 4 from the
    # hand, then the goal 5, in one turn.
    state = load().deal_state(
        goals=["9H 5H", "9D 8D"], hands=["4C 3D JS QS", "2C"], stacks=["AC 2C"]
    )
    planner = hoyle.agent("planner", state.game, seed=1)
    tokens = []
    while state.current_player() == 0 and len(tokens) < 4:
        action = planner.step(state)
        tokens.append(state.action_to_string(action))
        state.apply_action(action)
    assert tokens[:3] == ["3:hand>stack1", "4:hand>stack1", "5:goal>stack1"]


def test_planner_does_not_feed_the_next_players_goal_card() -> None:
    # Playing the 4 gains nothing and would let seat 1 play its goal 5 at once.
    state = load().deal_state(
        goals=["9H QH", "9D 5D"], hands=["4C JS 8H 7S TS", "2C"], stacks=["AC 2C 3C"]
    )
    action = hoyle.agent("planner", state.game, seed=1).step(state)
    assert state.action_to_string(action) != "4:hand>stack1"
    assert "discard" in state.action_to_string(action)


def test_planner_discards_downward() -> None:
    # The discard policy builds runs downward: the 9 goes on the 10.
    state = load().deal_state(
        goals=["9H QH", "9D 8D"], hands=["9C 6D 3S 5S", "2C"], discards=[["TS"], ["4H"]]
    )
    action = hoyle.agent("planner", state.game, seed=1).step(state)
    assert state.action_to_string(action) == "9:hand>discard1"


def test_easy_plays_its_goal_card_when_it_can() -> None:
    state = load().deal_state(goals=["9H 3H", "9D 8D"], hands=["4C 6D", "2C"], stacks=["AC 2C"])
    play(state, "4:hand>discard1")  # seat 0 passes the turn on …
    play(state, "2:hand>discard1")
    easy = hoyle.agent("easy", state.game, seed=1)
    assert state.action_to_string(easy.step(state)) == "3:goal>stack1"


def _judge(name: str, game: Any) -> Any:
    """The agent under test, its search bounded by positions only: a time limit would cut the
    planner's search at a different place on a busy machine, a difference no card causes."""
    if name == "planner":
        return PlannerAgent(game, seed=3, budget=Budget(simulations=2000, seconds=3600.0))
    return hoyle.agent(name, game, seed=3)


@pytest.mark.parametrize("name", ["easy", "planner"])
def test_the_choice_does_not_depend_on_hidden_cards(name: str) -> None:
    # DESIGN, Agents: an agent reads only what its seat may know.
    game = load(deals=1)
    rng = random.Random(5)
    checked = 0
    for seed in range(3):
        state = game.new_initial_state(seed=seed)
        mover = hoyle.agent("easy", game, seed=seed)
        while not state.is_terminal() and checked < 12 * (seed + 1):
            if rng.random() < 0.2:
                player = state.current_player()
                world = state.resample_from_infostate(player, rng)
                assert isinstance(world, SpiteMaliceState)
                real = _judge(name, game).step(state)
                seen = _judge(name, game).step(world)
                assert real == seen
                checked += 1
            state.apply_action(mover.step(state))
    assert checked >= 20


@pytest.mark.parametrize("name", ["medium", "hard"])
def test_search_levels_play_legal_moves_with_the_family_hooks(name: str) -> None:
    game = load(deals=1)
    state = game.new_initial_state(seed=4)
    easy = hoyle.agent("easy", game, seed=1)
    for _ in range(30):
        state.apply_action(easy.step(state))
    bot = hoyle.agent(name, game, simulations=12, seed=1)
    assert bot.step(state) in state.legal_actions()


def test_hints_come_from_the_planner() -> None:
    # ``hoyle play --hint`` asks the expert: here the planner values every legal move.
    state = load().deal_state(
        goals=["9H 5H", "9D 8D"], hands=["4C 3D JS QS", "2C"], stacks=["AC 2C"]
    )
    hints = hoyle.hint(state, "expert", seconds=0.5)
    assert sorted(h.action for h in hints) == state.legal_actions()
    assert hints[0].token == "3:hand>stack1"
    assert [h.value for h in hints] == sorted((h.value for h in hints), reverse=True)
