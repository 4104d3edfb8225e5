"""All Fours' compiled core (``_fastcore``) against the Python engine, the reference.

Issue 22 asks for a compiled hot path checked by differential tests over every preset it
plays: the legal cards at every decision, the scores at the end of each hand, the ending
solver, the worlds drawn for search (their constraints and their distribution), the playout
policy and the values of a batch of worlds. The rules themselves are the engine's
(``state.py``, ``scoring.py``, RULINGS.md §2 All Fours); these tests only require the two to
agree, over random hands of every preset and of options that change the card play or the
count.
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
from collections import Counter
from typing import Any

import pytest

import hoyle
from hoyle.agents.playout import Playout
from hoyle.games.all_fours import fast
from hoyle.games.all_fours.play import rollout_move
from hoyle.games.all_fours.resample import _voids
from hoyle.games.all_fours.rules import PRESETS, Stock
from hoyle.games.all_fours.solver import MAX_CARDS, PLAYOUT_CARDS, solve
from hoyle.games.all_fours.state import PASS, PLAY, THROW_IN, AllFoursState

pytestmark = pytest.mark.skipif(
    not fast.available(), reason="the compiled core is not built or HOYLE_COMPILED=0"
)

# Every preset whose card play the core plays: all but those with a stock (California Jack,
# Shasta Sam: RULINGS §2.1, draws after each trick), which search leaves to Python.
PLAYED = [
    v.name for v in PRESETS if hoyle.load("all-fours", variant=v.name).rules.stock is Stock.NONE
]
DECLINED = ["california-jack", "shasta-sam"]
# Tables and options beyond the presets that change the card play or the count the core
# mirrors: three or more players and partnerships (seven-up, RULINGS §2.1 "3+ players"),
# no_undertrump (Trinidad's option), Low captured (A3's option), smudge (auction-pitch's
# option), the all-four bonus (Yorkshire's league option), Game ties (A4), a hand at a time.
OPTIONS = [
    "variant=seven-up,players=3",
    "variant=seven-up,players=4",
    "variant=seven-up,players=4,teams=2",
    "variant=pitch,players=3",
    "variant=pitch,players=6,teams=3",
    "variant=auction-pitch,players=4,smudge=true",
    "variant=auction-pitch,players=3",
    "variant=trinidad,no_undertrump=true",
    "variant=trinidad,players=2",
    "variant=pitch,low=captured,all_four_bonus=2",
    "variant=seven-up,game_tie=nobody",
    "variant=cotton-1674,game_tie=non_dealer",
    "variant=seven-up,players=3,game_tie=non_dealer",
    "variant=all-fives,players=3",
    "variant=yorkshire,players=6",
    "variant=seven-up,deals=1",
]
SPECS = [f"variant={v}" for v in PLAYED] + OPTIONS


def test_the_compiled_core_was_built() -> None:
    # The HOYLE_COMPILED=0 run skips this module.
    assert fast.available()


def test_the_core_plays_every_preset_but_the_stock_games() -> None:
    assert sorted(PLAYED + DECLINED) == sorted(v.name for v in PRESETS)


def _game(text: str) -> Any:
    return hoyle.load(f"all-fours({text})")


def _decide(state: AllFoursState, rng: random.Random) -> int:
    """A random decision (bids passed more often, as rollout_move does), a random card."""
    if state.is_chance_node():
        return rng.choice(state.legal_actions())
    legal = state.legal_actions()
    if PASS in legal and rng.random() < 0.6:
        return PASS
    return rng.choice(legal)


def _playing(state: AllFoursState) -> bool:
    return state._phase == PLAY and not state.is_terminal()


def _held_by_side(state: AllFoursState) -> list[int]:
    held = [0] * state.rules.sides
    for card, seat in enumerate(state._played_by):
        if seat >= 0:
            held[state.g.side_of[seat]] |= 1 << card
    return held


def _same_position(pos: Any, state: AllFoursState) -> None:
    hands, won, held, scores, trick, leader, cur, trump, _, seats, out = pos.fields()
    assert list(hands) == state._hands
    assert list(won) == state._won
    assert list(held) == _held_by_side(state)
    assert scores == state._scores
    assert trick == state._trick
    assert seats == state._trick_seats
    assert out == sum(1 << seat for seat, gone in enumerate(state._out) if gone)
    assert (leader, cur, trump) == (state._leader, state._cur, state._trump)


@pytest.mark.parametrize("text", SPECS)
def test_legal_cards_policy_and_hand_scores_agree_with_the_engine(text: str) -> None:
    # Random matches, hand after hand: at every card of the play the core's legal cards equal
    # the engine's (state.playable: follow suit, or trump where trump_when_able allows it,
    # RULINGS §2.1), its position after the card equals the engine's (the trick's winner,
    # All Fives' trumps scored as the trick is won, RULINGS §2.1 all-fives), the playout
    # policy plays rollout_move's card where that is fixed and a legal lead where it is
    # random; at the end of each hand the totals equal the engine's (score_hand and counted:
    # High, Low, Jack, Game, set-backs, the game won as the points count).
    game = _game(text)
    rng = random.Random(f"legal {text}")
    hands_scored = deterministic = 0
    for _ in range(25):
        state = game.new_initial_state()
        pos = None
        while not state.is_terminal():
            if not _playing(state):
                pos = None
                state.apply_action(_decide(state, rng))
                continue
            if pos is None:
                assert fast.plays(state)
                pos = fast.core_position(state)
            legal = state.legal_actions()
            assert pos.legal_list() == legal
            assert pos.legal() == sum(1 << c for c in legal)
            assert pos.current() == state.current_player()
            choice = pos.policy(rng.getrandbits(64))
            assert choice in legal
            if (state._trick and THROW_IN not in legal) or len(legal) == 1:
                assert choice == rollout_move(state, random.Random(0))
                deterministic += 1
            card = rng.choice(legal)
            state.apply_action(card)
            pos.apply(card)
            if state._phase == PLAY and not state.is_terminal() and pos.current() >= 0:
                _same_position(pos, state)
                continue
            # The hand (or the game) is over.
            assert pos.over()
            assert pos.scores() == state._scores, text
            # A target reached ends the game; a match of so many hands has no target.
            reached = state.is_terminal() and state._winner >= 0 and not game.rules.deals
            assert pos.game_won() == reached, text
            hands_scored += 1
            pos = None
    assert hands_scored >= 25
    assert deterministic > 0


def _endings(text: str, count: int, most: int) -> list[AllFoursState]:
    """Positions of random hands with at most ``most`` cards left in the hands, trumps fixed."""
    game = _game(text)
    rng = random.Random(f"endings {text}")
    found: list[AllFoursState] = []
    while len(found) < count:
        state = game.new_initial_state()
        while not state.is_terminal() and len(found) < count:
            if (
                _playing(state)
                and state._trump >= 0
                and sum(h.bit_count() for h in state._hands) <= most
                and rng.random() < 0.5
            ):
                found.append(state.clone())
            state.apply_action(_decide(state, rng))
    return found


@pytest.mark.parametrize("text", SPECS)
def test_the_solver_agrees_with_the_engines_solver(text: str) -> None:
    # solver.solve's max^n (each seat most for itself, then least for the others, then the
    # lowest card), its limits MAX_CARDS where a playout starts and PLAYOUT_CARDS along it.
    for state in _endings(text, 40, MAX_CARDS + 2):
        pos = fast.core_position(state)
        for first, most in ((True, MAX_CARDS), (False, PLAYOUT_CARDS)):
            want = solve(state, first)
            got = pos.solve(most)
            if want is None:
                assert got is None
            else:
                assert got is not None and [float(v) for v in got] == want, text
        if sum(h.bit_count() for h in state._hands) <= MAX_CARDS + 2:
            # A larger ending too; the throw-in games are never solved (solver.solve).
            want = solve(state, True, MAX_CARDS + 2)
            got = pos.solve(MAX_CARDS + 2)
            assert (want is None) == (got is None) == state.rules.throw_in
            assert got is None or [float(v) for v in got] == want, text


def _searchable(text: str, rng: random.Random, *, voids: bool, seeded: bool) -> AllFoursState:
    """A position of the play where the core draws worlds for the seat to play (with a void
    shown by some other seat when ``voids``)."""
    game = _game(text)
    while True:
        state = game.new_initial_state(seed=rng.randrange(2**31)) if seeded else None
        if state is None:
            state = game.new_initial_state()
        while not state.is_terminal():
            if _playing(state) and fast.worlds(state, state._cur) is not None:
                shown = any(_voids(state)[s] for s in range(state.g.n) if s != state._cur)
                if (shown or not voids) and len(state.legal_actions()) > 1 and rng.random() < 0.3:
                    return state
            state.apply_action(_decide(state, rng))


def _hidden(state: AllFoursState, player: int) -> list[int]:
    return [s for s in range(state.g.n) if s != player]


@pytest.mark.parametrize(
    "text",
    [
        "variant=seven-up",
        "variant=auction-pitch",
        "variant=trinidad",
        "variant=all-fives",
        "variant=yorkshire",
    ],
)
def test_worlds_fit_the_constraints_and_the_engines_distribution(text: str) -> None:
    # The hidden hands of resample_from_infostate: each seat as many cards as it holds, none
    # of a suit it has shown void in (resample._voids), none of the searcher's or of the cards
    # seen; each such deal equally likely (sampling.sample_by_seat). Every world the core
    # draws must fit, and how often each card lies in each hidden seat must match the
    # engine's resample within statistical tolerance.
    rng = random.Random(f"worlds {text}")
    for _ in range(2):
        state = _searchable(text, rng, voids=True, seeded=False)
        player = state._cur
        batch = fast.worlds(state, player)
        assert batch is not None
        banned = _voids(state)
        played = 0
        for card, seat in enumerate(state._played_by):
            if seat >= 0:
                played |= 1 << card
        hidden = _hidden(state, player)
        core: Counter[tuple[int, int]] = Counter()
        draws = 4000
        for k in range(draws):
            pos = batch.world(rng.getrandbits(64))
            hands = list(pos.fields()[0])
            assert hands[player] == state._hands[player]
            for s in hidden:
                assert hands[s].bit_count() == state._hands[s].bit_count()
                assert not hands[s] & banned[s], "a card of a suit the seat showed void in"
                assert not hands[s] & played
                for t in range(s):
                    assert not hands[s] & hands[t]
                for card in range(52):
                    if hands[s] >> card & 1:
                        core[card, s] += 1
            del k
        engine: Counter[tuple[int, int]] = Counter()
        samples = 600
        for _ in range(samples):
            world = state.resample_from_infostate(player, rng)
            assert isinstance(world, AllFoursState)
            for s in hidden:
                for card in range(52):
                    if world._hands[s] >> card & 1:
                        engine[card, s] += 1
        for key in set(core) | set(engine):
            p_core, p_engine = core[key] / draws, engine[key] / samples
            p = (core[key] + engine[key]) / (draws + samples)
            sigma = (p * (1 - p) * (1 / draws + 1 / samples)) ** 0.5
            assert abs(p_core - p_engine) <= 5 * sigma + 0.01, (text, key, p_core, p_engine)


def test_the_worlds_respect_a_void_exactly() -> None:
    # A seat that has shown void in a suit (RULINGS §2.1 seven-up: follow suit unless void)
    # never holds that suit in a drawn world, whatever the seed.
    rng = random.Random("void exactly")
    state = _searchable("variant=pitch,players=4", rng, voids=True, seeded=False)
    player = state._cur
    batch = fast.worlds(state, player)
    assert batch is not None
    banned = _voids(state)
    assert any(banned[s] for s in _hidden(state, player))
    for _ in range(2000):
        hands = batch.world(rng.getrandbits(64)).fields()[0]
        for s in _hidden(state, player):
            assert not hands[s] & banned[s]


def _python_values(
    state: AllFoursState, player: int, moves: list[int], worlds: int, rng: random.Random
) -> dict[int, list[float]]:
    """What PIMC's Python path finds: resample, clone, apply, Playout.finish."""
    playout = Playout(state.game)
    deal, scores = playout.start(state)
    out: dict[int, list[float]] = {m: [] for m in moves}
    for _ in range(worlds):
        world = state.resample_from_infostate(player, rng)
        dice = rng.getrandbits(64)
        for move in moves:
            trial = world.clone()
            trial.apply_action(move)
            values = playout.finish(trial, state, deal, scores, random.Random(dice))
            out[move].append(values[player])
    return out


@pytest.mark.parametrize(
    ("text", "seeded"),
    [
        ("variant=seven-up", True),
        ("variant=auction-pitch", False),
        ("variant=all-fives", False),
        ("variant=trinidad", True),
        ("variant=yorkshire", False),
    ],
)
def test_batch_values_agree_in_mean_with_python_playouts(text: str, seeded: bool) -> None:
    # values(): for each world a row, each move's value to the searcher in the units of
    # Playout.value (its side's points gained by the end of the hand, the solver's value
    # where it answers). Their means must match the Python playouts from the Python resample
    # within statistical tolerance. A seeded game deals the next hand at once, and the kick
    # of its turn-up (RULINGS §2.1 seven-up: a jack turned, the dealer +1) counts in both.
    rng = random.Random(f"values {text}")
    state = _searchable(text, rng, voids=False, seeded=seeded)
    player = state._cur
    moves = state.legal_actions()
    batch = fast.worlds(state, player)
    assert batch is not None
    rows = batch.values(moves, 6000, rng.getrandbits(64))
    assert len(rows) == 6000 and all(len(row) == len(moves) for row in rows)
    again = batch.values(moves, 50, 12345)
    assert again == batch.values(moves, 50, 12345), "a seed reproduces its batch"
    python = _python_values(state, player, moves, 250, rng)
    for m, move in enumerate(moves):
        core = [row[m] for row in rows]
        mean_core, mean_py = statistics.fmean(core), statistics.fmean(python[move])
        var = statistics.pvariance(core) / len(core) + statistics.pvariance(python[move]) / 250
        assert abs(mean_core - mean_py) <= 4.5 * var**0.5 + 0.05, (text, move, mean_core, mean_py)
    # Played out without the solver, the values still agree (endings=False).
    plain = batch.values(moves, 3000, rng.getrandbits(64), endings=False)
    for m in range(len(moves)):
        a = statistics.fmean(row[m] for row in rows)
        b = statistics.fmean(row[m] for row in plain)
        assert abs(a - b) < 1.5


def test_a_world_finishes_like_a_batch_row() -> None:
    # The WorldTree side: a world drawn, a move applied, finished with the same dice.
    rng = random.Random("tree")
    state = _searchable("variant=seven-up", rng, voids=False, seeded=False)
    player = state._cur
    batch = fast.worlds(state, player)
    assert batch is not None
    world = batch.world(7)
    assert world.current() == player and not world.over()
    move = world.legal_list()[0]
    world.apply(move)
    solved = world.copy()
    values = batch.finish(world, 11, endings=False)
    assert len(values) == state.g.n and world.over()  # played to the end of the hand
    assert len(batch.finish(solved, 11)) == state.g.n  # or valued by the solver on the way


@pytest.mark.parametrize("variant", DECLINED)
def test_stock_and_throw_in_games_are_left_to_python(variant: str) -> None:
    game = hoyle.load("all-fours", variant=variant)
    rng = random.Random(variant)
    state = game.new_initial_state(seed=3)
    while not state.is_terminal() and not _playing(state):
        state.apply_action(_decide(state, rng))
    assert fast.worlds(state, state.current_player()) is None


def test_positions_outside_the_play_are_left_to_python() -> None:
    game = hoyle.load("all-fours", variant="seven-up")
    state = game.new_initial_state(seed=5)
    assert state.phase == "beg"
    assert fast.worlds(state, state.current_player()) is None
    rng = random.Random(5)
    while not _playing(state):
        state.apply_action(_decide(state, rng))
    other = (state._cur + 1) % state.g.n
    assert fast.worlds(state, other) is None  # only the seat to play searches


def test_no_worlds_with_compiled_parts_turned_off() -> None:
    code = (
        "import hoyle\n"
        "from hoyle.games.all_fours import fast\n"
        "s = hoyle.load('all-fours', variant='pitch').new_initial_state(seed=1)\n"
        "assert s.phase == 'play'\n"
        "print(fast.available(), fast.worlds(s, s.current_player()))\n"
    )
    env = dict(os.environ, HOYLE_COMPILED="0")
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.split() == ["False", "None"]
