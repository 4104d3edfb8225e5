"""Hints that explain themselves: ``hoyle.hint`` lists the moves by value, best first, marks
the one move the level would play as ``suggested``, and says why when that move is not the one
of the highest value (``docs/agents.md``, Hints).

The behaviour held here:

- the list is sorted by value, best first, moves of equal value in the level's own order;
- exactly one hint is ``suggested``: the move the level's ``rank`` puts first, which is the move
  it plays;
- ``reason`` is ``None`` on every move but the suggested one, and on it too when it has the
  highest value; otherwise it is the sentence the level gives for its choice (a guided level:
  the search does not clearly beat the safe play; IS-MCTS: the most explored move).
"""

from __future__ import annotations

import itertools
import random
import re
from dataclasses import dataclass
from typing import Any

import pytest

import hoyle
from hoyle.agents import hints as hints_module
from hoyle.agents.ismcts import ActionValue, ISMCTSAgent
from hoyle.agents.pimc import Comparison, PIMCAgent
from hoyle.core.budget import Budget
from hoyle.core.protocol import State
from hoyle.core.registry import make_agent


def decisions(spec: str, seed: int, count: int) -> list[State]:
    """Positions of one game of ``spec`` (played by ``easy``) where the player to act has at
    least three moves."""
    game = hoyle.load(spec)
    state = game.new_initial_state(seed=seed)
    easy = hoyle.agent("easy", game, seed=seed)
    found: list[State] = []
    while not state.is_terminal() and len(found) < count:
        if not state.is_chance_node() and len(state.legal_actions()) >= 3:
            found.append(state.clone())
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(easy.step(state))
    return found


def check_hints(state: State, level: str, **budget: Any) -> list[hoyle.Hint]:
    """The rules every hint list keeps, checked against a twin of the level's agent."""
    found = hoyle.hint(state, level, seed=0, **budget)
    assert sorted(h.action for h in found) == sorted(state.legal_actions())
    values = [h.value for h in found]
    assert values == sorted(values, reverse=True)
    suggested = [h for h in found if h.suggested]
    assert len(suggested) == 1
    twin = make_agent(level, state.game, 0, **budget)
    ranked = twin.rank(twin.analyse(state))  # type: ignore[attr-defined]
    assert suggested[0].action == ranked[0].action
    # Moves of equal value keep the level's order.
    order = {v.action: i for i, v in enumerate(ranked)}
    for a, b in itertools.pairwise(found):
        if a.value == b.value:
            assert order[a.action] < order[b.action]
    assert all(h.reason is None for h in found if not h.suggested)
    if suggested[0].value == values[0]:
        assert suggested[0].reason is None
    else:
        assert suggested[0].reason
    return found


def test_hints_are_sorted_by_value_with_one_suggested_move() -> None:
    for state in decisions("hearts(deals=1)", seed=3, count=3):
        check_hints(state, "medium", simulations=40)
        check_hints(state, "ismcts", simulations=60)
    for state in decisions("all-fours(deals=1)", seed=5, count=2):
        check_hints(state, "hard", simulations=40)
    for state in decisions("ecarte(deals=1)", seed=2, count=2):
        check_hints(state, "medium", simulations=40)


def test_a_kept_safe_play_says_the_search_does_not_clearly_beat_it() -> None:
    # Guided PIMC keeps the easy player's move unless another beats it by more than
    # GUIDE_MARGIN standard errors on the same worlds: the reason cites that comparison.
    kept = []
    for state in decisions("hearts(deals=1)", seed=3, count=12):
        found = check_hints(state, "medium", simulations=60)
        chosen = next(h for h in found if h.suggested)
        if chosen.reason is None:
            continue
        easy = hoyle.agent("easy", state.game, seed=0).step(state)
        assert chosen.action == easy or state.action_to_string(easy) in chosen.reason
        kept.append((found, chosen))
    assert kept, "no position where the safe play was kept against a higher value"
    for found, chosen in kept:
        reason = chosen.reason
        assert reason is not None
        said = re.search(
            r"does not clearly beat the safe play .*: (\S+) came out ([\d.]+) points better "
            r"over (\d+) ways the unseen cards might lie, within the estimate's margin of "
            r"error \(([\d.]+) points\)",
            reason,
        )
        if said is None:  # too few worlds to compare: said so
            assert "too few to overrule it" in reason
            continue
        assert said.group(1) == found[0].token
        assert float(said.group(2)) <= float(said.group(4))


def test_pimc_says_why_a_clear_gain_outranks_a_higher_average() -> None:
    game = hoyle.load("hearts", deals=1)
    agent = PIMCAgent(game, Budget(simulations=1), guide=None)
    values = [ActionValue(1, -5.0, 30), ActionValue(2, -4.0, 30), ActionValue(3, -3.5, 30)]
    agent._classes = {1: 1, 2: 2, 3: 3}
    agent._advised = 1
    agent._choice = 2
    agent._compared = {2: Comparison(1.0, 0.4, 30), 3: Comparison(1.5, 2.0, 30)}
    reason = agent.why(values, lambda a: f"m{a}")
    assert reason is not None
    assert reason.startswith(
        "it clearly beats the safe play (m1) by 1.00 points, more than the estimate's margin "
        "of error (0.40 points)"
    )
    assert "m3 averaged more" in reason
    agent._choice = 3
    assert agent.why(values, str) is None


def test_ismcts_says_it_plays_its_most_explored_move() -> None:
    values = [ActionValue(7, 1.0, 50), ActionValue(8, 2.0, 4)]
    assert ISMCTSAgent.rank(values)[0].action == 7
    reason = ISMCTSAgent.why(values, lambda a: f"card{a}")
    assert reason == (
        "the search plays the move it explored most (50 simulations), the best-founded "
        "estimate; card8 averaged more over only 4 simulations"
    )
    assert ISMCTSAgent.why([ActionValue(7, 3.0, 50), ActionValue(8, 2.0, 4)], str) is None


@dataclass(frozen=True)
class _Value:
    action: int
    value: float
    visits: int


class _Ranker:
    """An analyst that ranks by its own order and gives no reason."""

    def __init__(self, values: list[_Value]) -> None:
        self.values = values

    def analyse(self, state: State) -> list[_Value]:
        return list(self.values)

    def rank(self, values: list[_Value]) -> list[_Value]:
        return list(self.values)

    def step(self, state: State) -> int:
        return self.values[0].action


def test_ties_keep_the_level_order_and_a_silent_level_still_gets_a_reason(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = hoyle.load("hearts", deals=1).new_initial_state(seed=3)
    legal = state.legal_actions()
    rng = random.Random(1)
    order = rng.sample(legal, len(legal))
    values = [_Value(a, 2.0 if i in (1, 2, 3) else -1.0, 5) for i, a in enumerate(order)]
    monkeypatch.setattr(hints_module, "make_agent", lambda *a, **k: _Ranker(values))
    found = hoyle.hint(state, "expert", simulations=1)
    assert [h.action for h in found[:3]] == order[1:4]  # the tie in the level's order
    chosen = next(h for h in found if h.suggested)
    assert chosen.action == order[0]
    assert chosen.reason == hints_module.OTHERWISE


def test_hint_keeps_its_old_fields_and_errors() -> None:
    hint = hoyle.Hint(1, "QS", -1.5, 10)
    assert (hint.action, hint.token, hint.value, hint.visits) == (1, "QS", -1.5, 10)
    assert hint.suggested is False and hint.reason is None
    state = hoyle.load("hearts", deals=1).new_initial_state(seed=3)
    with pytest.raises(hoyle.InvalidOptionError, match="does not search"):
        hoyle.hint(state, "easy")


def test_what_the_values_measure_is_said_per_game() -> None:
    meaning = hints_module.value_meaning
    assert meaning(hoyle.load("hearts")) == (
        "points by the end of the deal (penalty points count negative)"
    )
    assert meaning(hoyle.load("all-fours")) == "points by the end of the deal"
    assert meaning(hoyle.load("spite-malice")) == "points by the end of the deal"
    assert meaning(hoyle.load("ecarte")) == "points by the end of the deal, less the opponent's"
    assert meaning(hoyle.load("bourre", players=4)) == (
        "chips by the end of the deal, less the others' average"
    )


@pytest.mark.parametrize("name", ["hearts", "all-fours", "spite-malice", "ecarte", "bourre"])
def test_hint_values_are_in_the_range_of_a_deals_points(name: str) -> None:
    # One deal returns its points (chips) within game.info's bounds; a move's value is points
    # gained by the end of the deal (less the others' average where search weighs a deal by
    # margin), so it lies within the width of those bounds either way: heuristic units would
    # not.
    game = hoyle.load(name, deals=1)
    span = game.info.max_utility - game.info.min_utility
    for level in ("medium", "expert"):
        for state in decisions(game.spec, seed=7, count=2):
            for found in hoyle.hint(state, level, simulations=30):
                assert -span <= found.value <= span, (name, level, found)
