"""OpenSpiel's IS-MCTS bot at a hoyle Hearts table (``openspiel-ismcts``)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import hoyle
from hoyle.agents.openspiel_bot import OpenSpielAgent, ismcts_maker, openspiel_parameters, rule_pass
from hoyle.core.errors import InvalidOptionError
from hoyle.core.protocol import State
from hoyle.core.registry import agent_names

pyspiel = pytest.importorskip("pyspiel")

SPEC = "hearts(deals=1,moon=add,pass_cycle=left)"


def finish(state: State, seats: dict[int, Any], rng: random.Random) -> State:
    """Play ``state`` to its end; chance by ``rng``; every move must be legal (else it raises)."""
    while not state.is_terminal():
        if state.is_chance_node():
            actions, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, weights)[0])
            continue
        state.apply_action(seats[state.current_player()].step(state))
    return state


@pytest.mark.parametrize("seeded", [True, False])
def test_the_bot_plays_whole_deals_dealt_either_way(seeded: bool) -> None:
    # A seeded state keeps the deal out of its history; a state dealt at chance nodes has it.
    game = hoyle.load(SPEC)
    bot = hoyle.agent("openspiel-ismcts", game, simulations=40, seed=3)
    easy = hoyle.agent("easy", game, seed=4)
    state = game.new_initial_state(seed=11) if seeded else game.new_initial_state()
    done = finish(state, {0: bot, 1: easy, 2: bot, 3: easy}, random.Random(5))
    # One deal of Hearts without a moon hands out 26 penalty points (the J♦ bonus is off).
    points = [-r for r in done.returns()]
    assert sum(points) in (26, 78)


def test_the_bot_is_given_only_what_its_seat_may_see() -> None:
    # The OpenSpiel state is rebuilt from a hoyle determinization, never from the true deal:
    # OpenSpiel's information state for the seat must nevertheless match the truth's.
    game = hoyle.load(SPEC)
    params, direction = openspiel_parameters(game)
    ogame = pyspiel.load_game("hearts", params)
    agent = OpenSpielAgent(game, ismcts_maker(None, 10, 1), seed=2)
    state = game.new_initial_state(seed=7)
    easy = hoyle.agent("easy", game, seed=1)
    names = [state.action_to_string(a) for a in range(52)]
    probe = ogame.new_initial_state()
    probe.apply_action(0)
    os_ids = {probe.action_to_string(a): a for a in range(52)}
    for _ in range(30):
        state.apply_action(easy.step(state))
        seat = state.current_player()
        if state.observation(seat)["phase"] != "play":
            continue
        truth = ogame.new_initial_state()
        truth.apply_action(direction)
        hands = state.dealt_hands()  # type: ignore[attr-defined]
        for i in range(52):
            truth.apply_action(os_ids[names[hands[i % 4][i // 4]]])
        for action in state.moves_this_deal():  # type: ignore[attr-defined]
            truth.apply_action(os_ids[names[action]])
        rebuilt = agent._replay(state, seat)
        assert rebuilt.information_state_string(seat) == truth.information_state_string(seat)
        assert rebuilt.history() != truth.history()  # the unseen cards were redealt


def test_rules_openspiel_lacks_are_refused_by_name() -> None:
    with pytest.raises(InvalidOptionError, match="moon"):
        game = hoyle.load("hearts", deals=1, pass_cycle="left", moon="subtract")
        hoyle.agent("openspiel-ismcts", game)
    with pytest.raises(InvalidOptionError, match="one fixed pass direction"):
        hoyle.agent("openspiel-ismcts", hoyle.load("hearts", deals=1, moon="add"))
    with pytest.raises(InvalidOptionError, match="only Hearts"):
        openspiel_parameters(hoyle.load("all-fours"))
    assert "openspiel-ismcts" in agent_names(hoyle.load(SPEC))
    assert "openspiel-ismcts" not in agent_names(hoyle.load("all-fours"))


def test_the_fixed_passing_rule_passes_the_dangerous_cards() -> None:
    hand = ["2C", "AC", "QS", "KS", "3H", "KH", "TD", "4S", "9C", "JD", "5H", "AH", "8D"]
    assert rule_pass(hand, 3) == ["QS", "KS", "AH"]
    assert rule_pass([c for c in hand if c[-1] != "S"], 3) == ["AH", "KH", "5H"]
    # Passing card by card: the rule's first choice each time rebuilds the same pass.
    held, passed = list(hand), []
    for left in (3, 2, 1):
        card = rule_pass(held, left)[0]
        passed.append(card)
        held.remove(card)
    assert passed == rule_pass(hand, 3)


def test_the_bot_passes_by_its_rule_at_every_seat() -> None:
    # open-spiel 2.0.2's ISMCTSBot crashes passing for seats 1-3, so no seat asks it to.
    game = hoyle.load(SPEC)
    state = game.new_initial_state(seed=2)
    bot = hoyle.agent("openspiel-ismcts", game, simulations=5, seed=1)
    hands = [list(state.observation(s)["hand"]) for s in range(4)]
    while state.observation(state.current_player())["phase"] == "pass":
        state.apply_action(bot.step(state))
    for seat in range(4):
        assert sorted(state.observation(seat)["passed"]) == sorted(rule_pass(hands[seat], 3))
