"""The All Fours ending solver against a plain max^n search over the engine itself.

The reference clones the engine's state, tries every legal card and reads the points from the
engine's scores when the hand is over; it knows nothing of the solver's bitmasks, memo or card
grouping. Where the solver answers, both must agree exactly, for the scoring rules the presets
differ on (Low held or captured, a hung Jack, the Game tie, bids and set-backs, All Fives'
points as tricks are won, the game ending as the points count) and at 2, 3 and 4 players.
"""

from __future__ import annotations

import random

import pytest

import hoyle
from hoyle.agents.playout import Playout
from hoyle.games.all_fours.rules import Stock
from hoyle.games.all_fours.solver import MAX_CARDS, PLAYOUT_CARDS, solve, tricks_left
from hoyle.games.all_fours.state import AllFoursState


def reference(state: AllFoursState) -> tuple[float, ...]:
    """max^n over the engine: each seat maximises its side's points from here to the end of
    the hand; ties go to the card leaving the others' sum lowest, then to the lowest card."""
    hand, before = state.progress()[0], list(state.scores())

    def value(s: AllFoursState) -> tuple[float, ...]:
        if s.is_terminal() or s.progress()[0] != hand:
            return tuple(a - b for a, b in zip(s.scores(), before, strict=True))
        seat = s.current_player()
        best: tuple[float, ...] | None = None
        for action in s.legal_actions():
            child = s.clone()
            child.apply_action(action)
            got = value(child)
            rest, best_rest = sum(got) - got[seat], 0.0
            if best is not None:
                best_rest = sum(best) - best[seat]
            if (
                best is None
                or got[seat] > best[seat]
                or (got[seat] == best[seat] and rest < best_rest)
            ):
                best = got
        assert best is not None
        return best

    return value(state)


def ending(spec: str, seed: int, cards: int, drawn: bool = True) -> AllFoursState | None:
    """A game dealt by chance nodes drawn from ``seed``, played at random to the first
    position of its first hand with at most ``cards`` cards held, trumps fixed and (if
    ``drawn``) the stock of a draw game empty. Dealt by chance nodes, the next hand's deal
    waits at one, so its kick is not counted in this one."""
    rng = random.Random(seed)
    state = hoyle.load(spec).new_initial_state()
    assert isinstance(state, AllFoursState)
    while not state.is_terminal() and state.progress()[0] == 1:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            continue
        held = sum(state.hand_mask(s) for s in range(state.game.num_players))
        stock = state.rules.stock is not Stock.NONE and (state._undealt or state._top >= 0)
        if (
            state.phase == "play"
            and state.trump >= 0
            and held.bit_count() <= cards
            and not (drawn and stock)
        ):
            return state
        state.apply_action(rng.choice(state.legal_actions()))
    return None


CASES = [
    "all-fours(variant=seven-up)",
    "all-fours(variant=seven-up,players=3)",
    "all-fours(variant=trinidad)",
    "all-fours(variant=lancashire)",
    "all-fours(variant=all-nours)",
    "all-fours(variant=pitch)",
    "all-fours(variant=auction-pitch)",
    "all-fours(variant=all-fives)",
    "all-fours(variant=california-jack)",
    "all-fours(variant=cotton-1674)",
]


@pytest.mark.parametrize("spec", CASES)
def test_solver_equals_max_n_over_the_engine(spec: str) -> None:
    answered = 0
    for seed in range(30):
        state = ending(spec, seed, MAX_CARDS)
        if state is None:
            continue
        got = solve(state)
        assert got is not None
        answered += 1
        assert tuple(got) == pytest.approx(reference(state.clone())), seed
        if answered == 8:
            break
    assert answered >= 5


def test_the_game_ends_as_the_points_count() -> None:
    """Seven Up to 7: a side at 6 that takes the deciding point wins there, and the points
    counted after it do not count (the engine's ``counted``); the solver scores the same."""
    checked = 0
    for seed in range(200):
        state = ending("all-fours(variant=seven-up,target=2)", seed, 6)
        if state is None or max(state.scores()) < 1:
            continue
        got = solve(state)
        assert got is not None
        assert tuple(got) == pytest.approx(reference(state.clone()))
        checked += 1
        if checked == 6:
            break
    assert checked == 6


def test_the_solver_declines_what_it_does_not_solve() -> None:
    """Too many cards, trumps not yet pitched, a stock to draw from and the throw-in games go
    to playouts."""
    four = ending("all-fours(variant=seven-up)", 1, MAX_CARDS)
    assert four is not None and solve(four, max_cards=MAX_CARDS - 1) is None
    assert solve(four) is not None  # where a playout starts
    assert solve(four, first=False) is None  # not along a playout
    assert PLAYOUT_CARDS < MAX_CARDS
    whole = ending("all-fours(variant=seven-up)", 1, 12)
    assert whole is not None and solve(whole) is None
    pitched = hoyle.load("all-fours(variant=pitch)").new_initial_state(seed=3)
    while pitched.phase != "play":
        pitched.apply_action(pitched.legal_actions()[0])
    assert pitched.trump < 0 and solve(pitched) is None  # the pitch fixes trumps
    stock = ending("all-fours(variant=california-jack)", 2, 12, drawn=False)
    assert stock is not None and solve(stock) is None
    thrown = ending("all-fours(variant=yorkshire)", 2, 4)
    assert thrown is not None and solve(thrown) is None


def test_a_playout_ends_with_the_solver_value() -> None:
    game = hoyle.load("all-fours(variant=seven-up)")
    playout = Playout(game)
    assert playout.hooks.solve is solve
    state = ending("all-fours(variant=seven-up)", 5, 8)
    assert state is not None and tricks_left(state) == 4
    deal, scores = playout.start(state)
    exact = reference(state.clone())
    for dice in range(3):
        got = playout.finish(state.clone(), state, deal, scores, random.Random(dice))
        assert tuple(got) == pytest.approx(exact)
