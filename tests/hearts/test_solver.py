"""The Hearts ending solver against a plain max^n search over the engine itself.

The reference below knows nothing of the solver's bitmasks, memo or card grouping: it clones
the engine's state, tries every legal action (the moon choice too) and reads the deal's score
from the engine once the deal is over. Where the solver answers, both must agree exactly, for
every scoring rule the presets give (the moon added, subtracted, chosen or a slam; bonus
cards; chips; a Générale; Royal Hearts' queens; the widow).
"""

from __future__ import annotations

import random

import pytest

import hoyle
from hoyle.agents.playout import Playout
from hoyle.games.hearts.solver import MAX_CARDS, PLAYOUT_CARDS, solve
from hoyle.games.hearts.state import HeartsState


def reference(state: HeartsState, sign: float) -> tuple[float, ...]:
    """max^n over the engine: each seat maximises its own ``sign`` × deal score; ties go to
    the action leaving the others' sum lowest, then to the lowest action."""
    deal, before = state.progress()[0], list(state.scores())

    def value(s: HeartsState) -> tuple[float, ...]:
        if s.is_terminal() or s.progress()[0] != deal:
            return tuple(sign * (a - b) for a, b in zip(s.scores(), before, strict=True))
        seat = s.current_player()
        best: tuple[float, ...] | None = None
        for action in s.legal_actions():
            child = s.clone()
            child.apply_action(action)
            got = value(child)
            if (
                best is None
                or got[seat] > best[seat]
                or (got[seat] == best[seat] and sum(got) < sum(best))
            ):
                best = got
        assert best is not None
        return best

    return value(state)


def ending(game: hoyle.Game, seed: int, left: int, strong: int | None = None) -> HeartsState:
    """A seeded deal played at random until ``left`` tricks remain (mid-trick for odd seeds).
    With ``strong``, that seat plays its highest card and the others their lowest, so it
    takes most tricks and a moon is often still open."""
    rng = random.Random(seed)
    state = game.new_initial_state(seed=seed)
    assert isinstance(state, HeartsState)
    target = state.g.hand_size - left
    while not (
        state.phase == "play" and len(state._tricks) == target and len(state._trick) == seed % 2
    ):
        legal = state.legal_actions()
        if strong is None or state.phase != "play":
            action = rng.choice(legal)
        else:
            action = legal[-1] if state.current_player() == strong else legal[0]
        state.apply_action(action)
        assert not state.is_terminal()
    return state


CASES = [
    ("black-lady", {}),
    ("black-lady", {"moon": "subtract"}),
    ("black-lady", {"moon": "choose"}),
    ("black-lady", {"moon": "add_unless_losing", "target": 30}),
    ("omnibus", {}),
    ("spot", {}),
    ("greek", {}),
    ("black-maria", {}),
    ("partnership", {}),
    ("partnership-slam", {}),
    ("original-1887", {}),
    ("chasse-au-coeur", {}),
    ("royal", {}),
    ("heartsette", {}),
    ("auction", {}),
]


@pytest.mark.parametrize(("variant", "options"), CASES, ids=[f"{v}{o}" for v, o in CASES])
def test_solver_equals_max_n_over_the_engine(variant: str, options: dict[str, object]) -> None:
    game = hoyle.load("hearts", variant=variant, **options)
    assert isinstance(game.new_initial_state(), HeartsState)
    sign = -1.0 if game.info.scores_are_penalties else 1.0
    left = MAX_CARDS // game.num_players
    answered = 0
    for seed in range(12):
        strong = seed % 4 if seed >= 6 else None
        state = ending(game, seed, left, strong)
        got = solve(state)
        assert got is not None
        answered += 1
        assert tuple(got) == pytest.approx(reference(state.clone(), sign)), seed
    assert answered == 12


STRONG = ["AH", "KH", "QH", "JH", "TH", "9H", "8H", "AS", "KS", "QS", "AC", "KC", "AD"]


def strong_deal(game: hoyle.Game, seed: int, left: int) -> HeartsState:
    """Seat 0 holds the top hearts, spades, clubs and the A♦; the rest is dealt at random;
    seat 0 plays its highest card and the others their lowest until ``left`` tricks remain,
    so a moon is often still open."""
    rng = random.Random(seed)
    rest = [t for t in (r + s for s in "CDHS" for r in "23456789TJQKA") if t not in STRONG]
    rng.shuffle(rest)
    state = game.deal_state([STRONG, rest[:13], rest[13:26], rest[26:]])
    assert isinstance(state, HeartsState)
    while len(state._tricks) < state.g.hand_size - left:
        legal = state.legal_actions()
        state.apply_action(legal[-1] if state.current_player() == 0 else legal[0])
    return state


@pytest.mark.parametrize("moon", ["add", "subtract", "choose", "slam"])
def test_the_solver_scores_a_moon_as_the_engine_does(moon: str) -> None:
    """Positions where seat 0 may still shoot the moon: solver and engine agree on its worth
    under each moon rule (H4: 26 to every other seat; subtract: 26 off the shooter; choose:
    the shooter's better for its own deal score, the subtraction; slam: Omnibus' slam, every
    counting card)."""
    game = hoyle.load("hearts", deals=1, pass_cycle="hold", moon=moon)
    shot = 0
    for seed in range(12):
        state = strong_deal(game, seed, 3)
        got = solve(state)
        assert got is not None
        assert tuple(got) == pytest.approx(reference(state.clone(), -1.0)), seed
        worth = game.moon_value
        if moon == "add" and got[1:] == [-worth] * 3:
            shot += 1
        # Choosing, the shooter values its own deal score and so subtracts.
        if moon != "add" and got[0] == worth and got[1:] == [0.0] * 3:
            shot += 1
    assert shot >= 3


def test_the_solver_declines_what_it_does_not_solve() -> None:
    """Too many cards left, the first trick, other phases and the other engines go to
    playouts (``None``)."""
    game = hoyle.load("hearts", deals=1)
    state = ending(game, 0, MAX_CARDS // 4 + 1)
    assert solve(state) is None
    # Along a playout it stops at PLAYOUT_CARDS: two tricks at four, not three.
    assert PLAYOUT_CARDS == 8
    assert solve(ending(game, 0, 3), first=False) is None
    assert solve(ending(game, 0, 2), first=False) is not None
    assert solve(game.new_initial_state(seed=1)) is None  # dealing
    passing = game.new_initial_state(seed=1)
    while passing.is_chance_node():
        passing.apply_action(passing.chance_outcomes()[0][0])
    assert passing.phase == "pass" and solve(passing) is None
    small = hoyle.load("hearts", players=6, deals=1)
    assert solve(ending(small, 0, 3)) is None  # 18 cards left
    assert solve(ending(small, 0, 2)) is not None
    for variant in ("domino", "cancellation"):
        other = hoyle.load("hearts", variant=variant, deals=1).new_initial_state(seed=2)
        rng = random.Random(2)
        while not other.is_terminal() and other.progress()[0] == 0:
            assert solve(other) is None
            other.apply_action(rng.choice(other.legal_actions()))


def test_a_playout_ends_with_the_solver_value() -> None:
    """The search hooks use the solver: a playout from an ending returns its exact value,
    whatever the dice."""
    game = hoyle.load("hearts", deals=1)
    playout = Playout(game)
    assert playout.hooks.solve is solve
    state = ending(game, 4, 3)
    deal, scores = playout.start(state)
    exact = reference(state.clone(), -1.0)
    for dice in range(3):
        got = playout.finish(state.clone(), state, deal, scores, random.Random(dice))
        assert tuple(got) == pytest.approx(exact)
