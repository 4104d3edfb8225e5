"""Hearts' compiled ending solver (``_fastsolve.c``, ``Pos.solve``) against the Python solver.

``hoyle.games.hearts.solver`` is the reference: max^n over the last tricks with every hand
known, its ties, its grouping of cards that play alike, and its leaves settled as the engine
settles the deal. The compiled solver must give the very same values (floats equal) wherever
the Python one answers, and decline (``None``) wherever it declines: a deal still in its first
trick, more cards left than asked for, a joker in a hand or in the trick.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import hoyle
from hoyle.core.compiled import load_compiled
from hoyle.games.hearts import fast, solver
from hoyle.games.hearts.rules import PRESETS, Moon
from hoyle.games.hearts.state import PLAY, HeartsState

pytestmark = pytest.mark.skipif(
    load_compiled("hoyle.games.hearts._fastcore") is None,
    reason="the compiled core is not built or HOYLE_COMPILED=0",
)


def _game(text: str) -> Any:
    """The game of these options (a HeartsGame: its table's fields are read)."""
    return hoyle.load(f"hearts({text})")


def _covered(name: str) -> bool:
    """Whether the compiled core scores the preset's deals: the one-pack engine in a points
    game (no chips, no Q♦ cut, no slam bid, no moon=add_unless_losing), without jokers."""
    game = _game(f"variant={name}")
    rules = game.rules
    return (
        game.state_class is HeartsState
        and not rules.chips
        and not rules.diamond_queen
        and not rules.slam_bid
        and rules.moon is not Moon.ADD_UNLESS_LOSING
        and not rules.jokers
    )


COVERED = [v.name for v in PRESETS if _covered(v.name)]
# Options beyond the presets that change what the solver sees: the moon's choice (at the
# leaves), the queens of Royal Hearts, other tables, hearts led for want of anything but the
# Q♠, the queen breaking hearts, the bonus for taking no trick.
OPTIONS = [
    "variant=royal,diamond_queen=0",
    "moon=choose",
    "variant=spot,moon=choose",
    "moon=subtract",
    "players=3",
    "players=5",
    "players=6",
    "variant=heartsette,players=3",
    "lead_hearts_instead_of_queen=true",
    "queen_breaks_hearts=true",
    "no_tricks_bonus=5",
]
SIZES = (8, 12, 16)


def test_the_presets_covered() -> None:
    assert "black-lady" in COVERED and "heartsette" in COVERED and "partnership" in COVERED
    left_out = {"royal", "joker", "original-1887", "partnership-slam", "domino", "cancellation"}
    assert not left_out & set(COVERED)


def _positions(
    text: str, deals: int, seeds: range, limit: int, moon: bool = False
) -> Iterator[HeartsState]:
    """Every decision of the trick play, in random deals, once the first trick is done and at
    most ``limit`` cards are left in the hands: every trick position 0…n-1 cards into the
    trick, in every deal of a ``deals``-deal match. ``moon``: the play is steered so that one
    seat (the seed's) takes the tricks and the others feed it their penalty cards, to reach
    endings where a moon is still to be shot."""
    game = _game(f"{text},deals={deals}")
    for seed in seeds:
        state: Any = game.new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                actions, weights = zip(*outcomes, strict=True)
                state.apply_action(rng.choices(actions, weights)[0])
                continue
            playing = type(state) is HeartsState and state._phase == PLAY
            if playing and state._tricks and solver.tricks_left(state) * game.n <= limit:
                yield state
            legal = state.legal_actions()
            if moon and playing and rng.random() < 0.9:
                state.apply_action(_feed_the_moon(state, legal, seed % game.n))
            else:
                state.apply_action(rng.choice(legal))


def _feed_the_moon(state: HeartsState, legal: list[int], shooter: int) -> int:
    """The shooter plays its highest card; the others duck and shed their penalty cards."""
    cards = [c for c in legal if c < 52] or legal
    if state.current_player() == shooter:
        return max(cards, key=lambda c: (c % 13, c))
    if state._trick and cards[0] // 13 != state._lead_suit:
        return max(cards, key=lambda c: (state._values[c], c))
    return min(cards, key=lambda c: (c % 13, c))


def _compare(state: HeartsState, sizes: tuple[int, ...]) -> int:
    """Both solvers on ``state`` for each size limit: equal answers; how many were values."""
    pos = fast.core_position(state)
    solved = 0
    for k in sizes:
        want = solver.solve(state, max_cards=k)
        got = pos.solve(k)
        assert got == want, (k, state.history())
        solved += want is not None
    # The position itself is untouched by solving it.
    assert pos.fields() == fast.core_position(state).fields()
    return solved


def _check(text: str, limit: int, seeds: int) -> None:
    sizes = tuple(k for k in SIZES if k <= limit)
    solved = compared = 0
    offsets: set[int] = set()
    for deals, first in ((1, 0), (3, 1000)):
        # deals=3: the same positions in the first deal, and mid-match in the later ones
        for state in _positions(text, deals, range(first, first + seeds), limit):
            if not fast.plays(state):
                continue
            solved += _compare(state, sizes)
            compared += 1
            offsets.add(solver.in_trick(state))
    assert compared and solved, text
    n = _game(text).n
    assert offsets == set(range(n)), text


def _limit(text: str) -> int:
    """16 cards where the Python solver takes milliseconds, else 12."""
    n = _game(text).n
    return 16 if n <= 4 else 12


@pytest.mark.parametrize("name", COVERED)
def test_presets_solve_as_the_python_solver(name: str) -> None:
    text = f"variant={name}"
    _check(text, _limit(text), 10)


@pytest.mark.parametrize("text", OPTIONS)
def test_options_solve_as_the_python_solver(text: str) -> None:
    _check(text, _limit(text), 6)


def test_many_endings_of_black_lady() -> None:
    # More deals of the commonest game, at the sizes search asks for.
    _check("variant=black-lady", 12, 40)


def _moon_open(state: HeartsState) -> bool:
    """Whether one side has taken every moon card taken so far, and some."""
    g = state.g
    gone = 0
    for won in state._taken:
        gone |= won & g.moon_mask
    return bool(gone) and any(gone & ~_side_taken(state, side) == 0 for side in g.moon_sides)


def _side_taken(state: HeartsState, side: tuple[int, ...]) -> int:
    won = 0
    for seat in side:
        won |= state._taken[seat]
    return won


@pytest.mark.parametrize(
    "text",
    [
        "moon=choose",
        "variant=royal,diamond_queen=0",
        "variant=spot,moon=choose",
        "variant=black-lady",
        "variant=omnibus",
        "variant=partnership",
        "moon=subtract",
        "variant=black-maria,moon=choose",
    ],
)
def test_endings_with_a_moon_in_reach(text: str) -> None:
    # Random play seldom leaves a moon to shoot; steered play does, and the leaves where a
    # side takes every moon card (the shooter's choice under moon=choose) are then searched.
    # 16 cards only where a moon is open: the Python solver takes milliseconds there.
    limit = _limit(text)
    open_moons = 0
    for deals, first in ((1, 0), (3, 500)):
        for state in _positions(text, deals, range(first, first + 24), limit, moon=True):
            if fast.plays(state):
                moon = _moon_open(state)
                _compare(state, tuple(k for k in SIZES if k <= (limit if moon else 12)))
                open_moons += moon
    assert open_moons >= 5, open_moons


def test_jokers_held_or_in_the_trick_are_declined() -> None:
    # The joker game: the Python solver declines while a joker is held or lies in the trick,
    # and solves once they are gone; the compiled one does the same.
    declined = solved = 0
    for state in _positions("variant=joker,jokers=2", 1, range(20), 12):
        if not fast.plays(state):
            continue
        want = solver.solve(state, max_cards=12)
        assert fast.core_position(state).solve(12) == want
        declined += want is None
        solved += want is not None
    assert declined and solved


def test_the_first_trick_and_too_many_cards_are_declined() -> None:
    game: Any = hoyle.load("hearts(deals=1)")
    state = game.new_initial_state(seed=5)
    rng = random.Random(5)
    while state._phase != PLAY:
        state.apply_action(rng.choice(state.legal_actions()))
    for _ in range(game.n):  # every card of the first trick
        assert solver.solve(state, max_cards=99) is None
        assert fast.core_position(state).solve(99) is None
        state.apply_action(rng.choice(state.legal_actions()))
    assert state._tricks
    # 48 cards left: declined below 48, whatever else
    assert fast.core_position(state).solve(47) is None
    assert solver.solve(state, max_cards=47) is None
