"""The search levels (issue 7): ``medium``, ``hard`` and ``expert`` (guided PIMC), and the
unguided ``pimc`` and ``ismcts``.

DESIGN, Agents: "It may look only at what that player may know (its observation, and
determinizations from resample_from_infostate); a test checks that its choice does not change
when the hidden cards are resampled. Levels are budgets."
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

import hoyle
from deals import VOID_IN_CLUBS
from helpers import play
from hoyle.agents import ISMCTSAgent, PIMCAgent
from hoyle.agents.playout import Playout
from hoyle.core.budget import Budget
from hoyle.core.protocol import State
from hoyle.core.registry import agent_names

SEARCHERS = ("medium", "hard", "expert", "pimc", "ismcts", "ismcts-pw")


def states_along_a_game(spec: str, seed: int, every: int) -> list[State]:
    """Decision points of one random game of ``spec``, every ``every``-th one."""
    game = hoyle.load(spec)
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    found: list[State] = []
    moves = 0
    while not state.is_terminal() and len(found) < 6:
        if not state.is_chance_node() and moves % every == 0:
            found.append(state.clone())
        legal = (
            [a for a, _ in state.chance_outcomes()]
            if state.is_chance_node()
            else state.legal_actions()
        )
        state.apply_action(rng.choice(legal))
        moves += 1
    return found


GAMES = [
    "hearts(deals=1)",
    "hearts(variant=black-maria)",
    "hearts(variant=domino)",
    "all-fours",
    "all-fours(variant=trinidad)",
    "all-fours(variant=auction-pitch,players=3)",
    "all-fours(variant=california-jack)",
]


@pytest.mark.parametrize("spec", GAMES)
@pytest.mark.parametrize("name", SEARCHERS)
def test_search_levels_play_legal_moves(spec: str, name: str) -> None:
    for state in states_along_a_game(spec, seed=5, every=7):
        bot = hoyle.agent(name, state.game, simulations=12, seed=1)
        assert bot.step(state) in state.legal_actions()


@pytest.mark.parametrize("spec", ["hearts(deals=1)", "all-fours(variant=trinidad)"])
@pytest.mark.parametrize("name", SEARCHERS)
def test_the_choice_depends_only_on_what_the_player_may_know(spec: str, name: str) -> None:
    # The same agent (same seed) in a world the player cannot tell from the real one must
    # make the same choice: it may not read the hidden cards.
    for index, state in enumerate(states_along_a_game(spec, seed=11, every=5)):
        player = state.current_player()
        world = state.resample_from_infostate(player, random.Random(index))
        assert world.observation(player) == state.observation(player)
        real = hoyle.agent(name, state.game, simulations=30, seed=7).step(state)
        seen = hoyle.agent(name, state.game, simulations=30, seed=7).step(world)
        assert real == seen


def test_a_simulation_budget_is_spent_exactly() -> None:
    state = hoyle.load("hearts", deals=1).new_initial_state(seed=2)
    while len(state.legal_actions()) < 3:
        state.apply_action(state.legal_actions()[0])
    ismcts = ISMCTSAgent(state.game, Budget(simulations=50), seed=1)
    values = ismcts.analyse(state)
    assert ismcts.simulations == 50
    assert sum(v.visits for v in values) == 50
    assert {v.action for v in values} == set(state.legal_actions())
    pimc = PIMCAgent(state.game, Budget(simulations=60), seed=1)
    values = pimc.analyse(state)
    assert pimc.simulations == 60
    assert {v.action for v in values} == set(state.legal_actions())
    # PIMC compares moves on whole worlds only: every move was tried in as many worlds, and
    # the 60 simulations hold as many whole worlds as fit.
    tried = {v.visits for v in values}
    assert len(tried) == 1 and tried.pop() == 60 // len(state.legal_actions())


def test_a_time_budget_ends_the_search() -> None:
    state = hoyle.load("hearts", deals=1).new_initial_state(seed=2)
    bot = ISMCTSAgent(state.game, Budget(seconds=0.05), seed=1)
    bot.analyse(state)
    assert 1 <= bot.simulations < 100_000


def test_search_is_reproducible_from_its_seed() -> None:
    state = hoyle.load("all-fours(variant=trinidad)").new_initial_state(seed=4)
    first = [v.visits for v in ISMCTSAgent(state.game, Budget(simulations=40), 3).analyse(state)]
    again = [v.visits for v in ISMCTSAgent(state.game, Budget(simulations=40), 3).analyse(state)]
    assert first == again


def test_agent_without_a_game_fits_the_first_state() -> None:
    bot = hoyle.agent("hard", simulations=10, seed=1)
    for spec in ("hearts(deals=1)", "all-fours"):
        state = hoyle.load(spec).new_initial_state(seed=1)
        assert bot.step(state) in state.legal_actions()


def test_budget_errors_say_what_is_allowed() -> None:
    with pytest.raises(hoyle.InvalidOptionError, match="simulations=N or seconds=S"):
        Budget()
    with pytest.raises(hoyle.InvalidOptionError, match="simulations must be 1 or more"):
        hoyle.agent("hard", simulations=0)
    with pytest.raises(hoyle.InvalidOptionError, match="seconds must be more than 0"):
        hoyle.agent("expert", hoyle.load("hearts"), seconds=-1)
    with pytest.raises(hoyle.InvalidOptionError, match=r"does not search.*searching agents: "):
        hoyle.agent("easy", hoyle.load("hearts"), seconds=1)
    with pytest.raises(hoyle.UnknownGameError, match=r"unknown agent 'grandmaster'.*expert"):
        hoyle.agent("grandmaster")


def test_hint_lists_every_legal_move_best_first() -> None:
    state = hoyle.load("hearts", deals=1).new_initial_state(seed=3)
    hints = hoyle.hint(state, "hard", simulations=60)
    assert sorted(h.action for h in hints) == state.legal_actions()
    assert [h.visits for h in hints] == sorted((h.visits for h in hints), reverse=True)
    assert all(h.token == state.action_to_string(h.action) for h in hints)
    medium = hoyle.hint(state, "medium", simulations=60)
    assert [h.value for h in medium] == sorted((h.value for h in medium), reverse=True)
    with pytest.raises(hoyle.InvalidOptionError, match="does not search"):
        hoyle.hint(state, "easy")
    done = hoyle.load("hearts", deals=1).new_initial_state()
    with pytest.raises(hoyle.InvalidOptionError, match="needs a player to move"):
        hoyle.hint(done)


def test_an_agent_word_may_carry_its_budget() -> None:
    # Issue 7: agents by name, "the same in every command": a command passes words, so the
    # budget rides in the word.
    from hoyle.core.registry import parse_agent_spec, split_agents

    assert parse_agent_spec("expert(seconds=0.05)") == ("expert", {"seconds": 0.05})
    assert parse_agent_spec(" hard ( simulations = 400 , seconds=2 ) ") == (
        "hard",
        {"simulations": 400, "seconds": 2.0},
    )
    assert parse_agent_spec("easy") == ("easy", {})
    assert split_agents("expert(seconds=1,simulations=9), easy,random") == [
        "expert(seconds=1,simulations=9)",
        "easy",
        "random",
    ]
    game = hoyle.load("hearts", deals=1)
    bot = hoyle.agent("hard(simulations=25)", game, seed=2)
    assert isinstance(bot, PIMCAgent) and bot.budget == Budget(simulations=25)
    assert bot.guide is not None  # the levels are guided by the family's easy player
    with pytest.raises(hoyle.InvalidOptionError, match="'sims' is not a budget"):
        hoyle.agent("hard(sims=3)", game)
    with pytest.raises(hoyle.InvalidOptionError, match="is not a number"):
        hoyle.agent("hard(seconds=soon)", game)
    with pytest.raises(hoyle.InvalidOptionError, match="does not search"):
        hoyle.agent("easy(seconds=1)", game)
    with pytest.raises(hoyle.UnknownGameError, match="unknown agent 'wizard'"):
        hoyle.agent("wizard(seconds=1)")


def test_endings_play_turns_the_ending_solver_off() -> None:
    # The agent word's endings=play: search plays its worlds to the end instead of solving
    # the last tricks, so what the solver is worth can be measured in a match.
    from hoyle.core.registry import parse_agent_spec

    game = hoyle.load("hearts", deals=1)
    assert parse_agent_spec("expert(endings=play,seconds=1)") == (
        "expert",
        {"endings": "play", "seconds": 1.0},
    )
    solving = hoyle.agent("hard(simulations=5)", game)
    playing = hoyle.agent("hard(simulations=5,endings=play)", game)
    assert isinstance(solving, PIMCAgent) and isinstance(playing, PIMCAgent)
    assert solving.playout.solve is not None and playing.playout.solve is None
    assert hoyle.agent("ismcts(endings=solve)", game).playout.solve is not None  # type: ignore[attr-defined]
    with pytest.raises(hoyle.InvalidOptionError, match="use endings=solve or endings=play"):
        hoyle.agent("hard(endings=never)", game)
    with pytest.raises(hoyle.InvalidOptionError, match="does not search"):
        hoyle.agent("easy(endings=play)", game)


def test_a_family_solver_replaces_the_playout(monkeypatch: pytest.MonkeyPatch) -> None:
    # SearchHooks.solve: where the solver answers, its value is used instead of playing on.
    from helpers import swap_family
    from hoyle.core import hooks

    calls: list[int] = []

    def solve(state: State, first: bool) -> list[float] | None:
        calls.append(len(state.history()))
        return [7.0, 0.0, 0.0, 0.0]

    swap_family(monkeypatch, "hearts", search=hooks.SearchHooks(solve=solve))
    state = hoyle.load("hearts", deals=1).new_initial_state(seed=2)
    values = PIMCAgent(state.game, Budget(simulations=13), seed=1).analyse(state)
    assert calls and all(v.value == 7.0 for v in values if v.visits)
    # Without the hook the values are what the deal scores (never exactly +7 for everyone).
    swap_family(monkeypatch, "hearts", search=hooks.SearchHooks())
    values = PIMCAgent(state.game, Budget(simulations=13), seed=1).analyse(state)
    assert not all(v.value == 7.0 for v in values if v.visits)


class FirstLegal:
    """A poor guide: always the lowest legal action."""

    def step(self, state: State) -> int:
        return state.legal_actions()[0]


def test_the_guide_stands_until_search_clearly_beats_it() -> None:
    # Seat 0 is void in clubs on the first trick (points allowed) and holds the Q♠: dumping
    # it on another seat's trick saves 13 points in every world, whereas the guide would
    # throw its lowest card. One world is no evidence; a few dozen are.
    game = hoyle.load("hearts", deals=1, pass_cycle="hold", no_points_first_trick=False)
    state = game.deal_state(VOID_IN_CLUBS)
    play(state, "2C 8S 3C")
    guide_move = FirstLegal().step(state)
    queen = state.string_to_action("QS")
    assert guide_move != queen
    classes = len(set(PIMCAgent(state.game, Budget(simulations=1)).playout.classes(state).values()))
    thin = PIMCAgent(state.game, Budget(simulations=classes), seed=1, guide=FirstLegal())
    assert thin.step(state) == guide_move
    rich = PIMCAgent(state.game, Budget(simulations=classes * 40), seed=1, guide=FirstLegal())
    hints = rich.rank(rich.analyse(state))  # what step() plays, and hints list first
    assert hints[0].action == queen


def test_two_handed_races_are_valued_by_margin() -> None:
    # Écarté's hooks value a position by the margin: a point the opponent gains costs as much
    # as one's own is worth. Hearts values each seat's own penalty points.
    from hoyle.agents.playout import Playout

    ecarte = hoyle.load("ecarte").new_initial_state(seed=1)
    assert list(ecarte.scores()) == [0, 0]
    assert Playout(ecarte.game).value(ecarte, [-3.0, 1.0]) == [4.0, -4.0]
    assert Playout(ecarte.game).value(ecarte, [0.0, 0.0], [1.0, 0.0]) == [1.0, -1.0]
    hearts = hoyle.load("hearts", deals=1).new_initial_state(seed=1)
    assert Playout(hearts.game).value(hearts, [-2.0, 0.0, 0.0, 0.0]) == [-2.0, 0.0, 0.0, 0.0]


def _wide_hearts_state() -> Any:
    state = hoyle.load("hearts", deals=1, pass_cycle="hold").new_initial_state(seed=2)
    while len(set(Playout(state.game).classes(state).values())) < 6:
        state.apply_action(state.legal_actions()[0])
    return state


def _wide_following_state() -> Any:
    """A seat following suit with four or more kinds of card to choose from: the playout
    policy's move there reads only the seat's hand and the trick, so it is the same in every
    world."""
    for seed in range(100):
        state = hoyle.load("hearts", deals=1, pass_cycle="hold").new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            following = state._trick and all(c // 13 == state._lead_suit for c in legal)
            if following and len(set(Playout(state.game).classes(state).values())) >= 4:
                return state
            state.apply_action(rng.choice(legal))
    raise AssertionError("no such position in 100 deals")


def test_progressive_widening_offers_moves_a_few_at_a_time() -> None:
    # After n visits a widening node offers ceil((n + 1) ** 0.5) moves, the policy's move
    # first: four simulations reach at most two root moves, where plain IS-MCTS tries four
    # different ones first.
    state = _wide_following_state()

    def tried(agent: ISMCTSAgent) -> list[int]:
        visits = {v.action: v.visits for v in agent.analyse(state)}
        return [visits[a] for a in agent._root_moves if visits[a]]  # one move per class

    plain = ISMCTSAgent(state.game, Budget(simulations=4), seed=1)
    assert tried(plain) == [1, 1, 1, 1]
    wide = ISMCTSAgent(state.game, Budget(simulations=4), seed=1, widening=0.5)
    visits = tried(wide)
    assert sum(visits) == 4 and len(visits) <= 2


def test_progressive_widening_follows_the_family_move_order() -> None:
    state = _wide_hearts_state()
    agent = ISMCTSAgent(state.game, Budget(simulations=1), seed=1, widening=0.5)
    agent.playout.hooks = replace(
        agent.playout.hooks, move_order=lambda s: sorted(s.legal_actions(), reverse=True)
    )
    tried = [v.action for v in agent.analyse(state) if v.visits]
    assert tried == [max(agent._root_moves)]  # one visit: only the first move in that order


def test_widening_must_be_an_exponent_below_one() -> None:
    game = hoyle.load("hearts", deals=1)
    with pytest.raises(ValueError, match="between 0 and 1"):
        ISMCTSAgent(game, Budget(simulations=4), widening=1.5)
    assert "ismcts-pw" in agent_names(game)
