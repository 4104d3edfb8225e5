"""Spite and Malice valued in its own points: the race model (``search.outlook``) behind the
cut-off evaluation and the planner's hints.

A deal scores only when it ends: going out scores 5 plus 1 per card left in every other goal
pile, a blocked deal the difference between the fewest goal cards and the others' (nothing on a
tie, nothing at all with ``stalemate=draw``). So every seat's expected points of a deal lie
between 0 and 5 plus every other seat's full goal piles, and hints, which are the points a move
is expected to bring by the end of the deal, must lie there too.
"""

from __future__ import annotations

import random

import pytest

import hoyle
from hoyle.games.spite_malice import SpiteMaliceGame, SpiteMaliceState
from hoyle.games.spite_malice.play import PlannerAgent, evaluate
from hoyle.games.spite_malice.scoring import GOING_OUT
from hoyle.games.spite_malice.search import deal_max, horizon, outlook


def load(**options: object) -> SpiteMaliceGame:
    game = hoyle.load("spite-malice", **options)
    assert isinstance(game, SpiteMaliceGame)
    return game


def most_points(game: SpiteMaliceGame) -> int:
    """The most one deal can give a player, from the rules: going out with every other
    player's goal piles untouched."""
    rules = game.rules
    return GOING_OUT + (rules.players - 1) * rules.goal_piles * rules.goal_size


def positions(game: SpiteMaliceGame, seed: int, every: int = 25) -> list[SpiteMaliceState]:
    """Positions of one deal played by ``easy``, a player to act in each."""
    state = game.new_initial_state(seed=seed)
    easy = hoyle.agent("easy", game, seed=seed)
    found: list[SpiteMaliceState] = []
    moves = 0
    while not state.is_terminal() and state.progress()[0] == 1:
        if moves % every == 0:
            found.append(state.clone())
        state.apply_action(easy.step(state))
        moves += 1
    return found


@pytest.mark.parametrize("level", ["expert", "hard", "medium"])
def test_hint_values_are_points_within_what_the_deal_can_score(level: str) -> None:
    game = load(deals=1)
    top = most_points(game)
    assert top == deal_max(game.rules) == 31
    state = positions(game, seed=4, every=40)[1]
    found = hoyle.hint(state, level, simulations=40)
    assert len(found) == len(state.legal_actions())
    for hint in found:
        assert 0.0 <= hint.value <= top, (hint.token, hint.value)
    # Far from either goal pile running out, no move is worth anywhere near a going out.
    assert max(h.value for h in found) < GOING_OUT + 21


def test_the_planner_hint_follows_its_plan_and_suggests_the_move_it_plays() -> None:
    game = load(deals=1)
    for state in positions(game, seed=9, every=60)[:3]:
        found = hoyle.hint(state, "expert", seconds=0.5)
        planner = PlannerAgent(game, seed=0)
        values = planner.analyse(state)
        by_plan = sorted(values, key=lambda v: -v.plan)
        by_points = sorted(values, key=lambda v: -v.value)
        # The points follow the planner's value of each plan, so its move has the top value
        # and needs no reason.
        assert [v.value for v in by_plan] == [v.value for v in by_points]
        chosen = next(h for h in found if h.suggested)
        assert chosen.value == found[0].value and chosen.reason is None
        assert chosen.action == PlannerAgent(game, seed=0).step(state)


def test_going_out_is_worth_exactly_what_the_rules_score() -> None:
    game = load(deals=1)
    state = game.deal_state(
        goals=["5H", "9D 8D"], hands=["4C 3D JS QS", "2C"], stacks=["AC 2C 3C 4H"]
    )
    # Seat 0 plays its last goal card, the 5: 5 for going out, 1 for each of seat 1's two.
    found = {h.token: h for h in hoyle.hint(state, "expert", seconds=0.5)}
    assert found["5:goal>stack1"].value == GOING_OUT + 2
    assert found["5:goal>stack1"].suggested
    for hint in found.values():
        assert 0.0 <= hint.value <= most_points(game)


def test_the_race_favours_fewer_goal_cards_and_the_player_to_move() -> None:
    game = load(deals=1)
    state = positions(game, seed=2)[1]
    base = outlook(state)
    me = state._cur
    other = 1 - me
    ahead = [0.0, 0.0]
    ahead[me] = 3.0
    better = outlook(state, ahead)
    assert better[me] > base[me] and better[other] < base[other]
    ahead = [0.0, 0.0]
    ahead[me] = 0.5  # half a goal card: between none and one
    half = outlook(state, ahead)[me]
    ahead[me] = 1.0
    assert base[me] < half < outlook(state, ahead)[me]
    assert outlook(state, mover=me)[me] > outlook(state, mover=other)[me]


def test_a_blocked_deal_scores_nothing_when_it_is_a_draw() -> None:
    # Late in a deal between two easy players, blocked deals are likely; with stalemate=draw
    # they are worth nothing, so the outlook is lower.
    fewest = load(deals=1)
    draw = load(deals=1, stalemate="draw")
    late = positions(fewest, seed=6)[-1]
    twin = positions(draw, seed=6)[-1]
    assert late.goal_counts() == twin.goal_counts()
    assert horizon(late) < 100
    assert sum(outlook(twin)) < sum(outlook(late))


@pytest.mark.parametrize(
    "variant,players",
    [("standard", 2), ("standard", 3), ("misery", 2), ("common", 2), ("starturn", 2)],
)
def test_the_outlook_and_the_cut_off_evaluation_stay_within_the_deal(
    variant: str, players: int
) -> None:
    game = load(variant=variant, players=players, deals=1)
    top = most_points(game)
    rng = random.Random(players)
    for state in positions(game, seed=rng.randrange(1000), every=30):
        values = outlook(state)
        assert len(values) == players
        assert all(0.0 <= v <= top for v in values), values
        # At most one seat goes out or scores a blocked deal.
        assert sum(values) <= top + 1e-9
        later = state.clone()
        for _ in range(3):
            if later.is_terminal():
                break
            legal = later.legal_actions() if not later.is_chance_node() else None
            later.apply_action(rng.choice(legal) if legal else later.chance_outcomes()[0][0])
        cut = evaluate(later, state)
        assert all(0.0 <= v <= top for v in cut), cut
