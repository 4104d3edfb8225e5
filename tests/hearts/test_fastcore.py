"""Hearts' compiled core (``_fastcore``) against the Python engine, the reference.

Issue 22 asks for a compiled hot path checked by differential tests over every preset: the
legal cards at every decision, the scores at the end of the deal, the playout policy, and the
worlds drawn for search (their constraints and their distribution). The rules themselves are
the engine's (``state.py``, ``scoring.py``, RULINGS.md's Hearts section); these tests only
require the two to agree.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections import Counter
from typing import Any

import pytest

import hoyle
from hoyle.core.compiled import compiled_allowed
from hoyle.games.hearts import fast
from hoyle.games.hearts.play import rollout_move
from hoyle.games.hearts.resample import _constraints
from hoyle.games.hearts.rules import PRESETS
from hoyle.games.hearts.state import MOON_ADD, PLAY, HeartsState, mask_to_list

pytestmark = pytest.mark.skipif(
    not fast.available(), reason="the compiled core is not built or HOYLE_COMPILED=0"
)

# Every preset the one-pack engine (HeartsState) plays; the stock and two-pack games have
# engines of their own and no compiled core.
ONE_PACK = [
    v.name for v in PRESETS if hoyle.load("hearts", variant=v.name).state_class is HeartsState
]
# Options beyond the presets that change the card play the core mirrors.
OPTIONS = [
    "variant=joker,jokers=2",
    "players=3",
    "players=5",
    "players=6",
    "variant=black-maria,players=5",
    "variant=heartsette,players=3",
    "queen_breaks_hearts=true",
    "moon=subtract",
    "moon=choose",
    "no_tricks_bonus=5",
]


def test_the_compiled_core_was_built() -> None:
    # run.sh installs gcc and the Python headers, so the tests always have it (the
    # HOYLE_COMPILED=0 run skips this module).
    assert fast.available()


def _game(text: str, deals: int = 1) -> Any:
    return hoyle.load(f"hearts({text},deals={deals})")


def _playing(state: HeartsState) -> bool:
    return state._phase == PLAY and type(state) is HeartsState


@pytest.mark.parametrize("text", [f"variant={v}" for v in ONE_PACK] + OPTIONS)
def test_legal_cards_and_deal_scores_agree_with_the_engine(text: str) -> None:
    # Random deals, the second deal of a match too: at every decision of the trick play the
    # core's legal cards equal the engine's; at the end of each deal its taken cards, tricks
    # and points do, and where the core scores the deal (fast.plays), its score.
    compared = scored = 0
    for deals in (1, 2):
        game = _game(text, deals)
        for seed in range(12):
            state = game.new_initial_state(seed=seed)
            rng = random.Random(seed)
            pos = None
            deal = state.progress()[0]
            while not state.is_terminal():
                if state.progress()[0] != deal:
                    deal, pos = state.progress()[0], None
                if _playing(state) and pos is None:
                    pos = fast.core_position(state, fast.core_rules(state))
                    simple = fast.plays(state)
                if pos is not None and not pos.over():
                    assert pos.legal() == state.legal_mask(), (text, seed, state.history())
                    compared += 1
                action = rng.choice(state.legal_actions())
                records = len(state._records)
                state.apply_action(action)
                if pos is not None and action < 64 and not pos.over():
                    pos.apply(action)
                if pos is not None and len(state._records) > records:
                    record = state._records[-1]
                    _, taken, ntricks, points, _, _, _, _ = pos.fields()
                    assert list(taken) == list(record.taken), (text, seed)
                    assert list(ntricks) == list(record.tricks), (text, seed)
                    assert list(points) == list(record.points), (text, seed)
                    if simple:
                        # moon=choose: the shooter's choice (None elsewhere: add is unused)
                        choice = int(record.choice is not None and record.choice.name == "SUBTRACT")
                        assert pos.deal_scores(choice) == list(record.scores), (text, seed)
                        scored += 1
                    pos = None
    assert compared > 0


def test_moon_choice_is_scored_as_the_engine_scores_it() -> None:
    # moon=choose: the shooter adds the moon to the others or takes it off their own score
    # (RULINGS.md, Hearts, the moon); the core scores both choices as settle() does.
    game = _game("moon=choose,pass_cycle=hold")
    # Seat 0 holds every club and so wins every trick: the others shed onto its clubs.
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    ]
    for choice, action in ((0, MOON_ADD), (1, MOON_ADD + 1)):
        state = game.deal_state(hands)
        pos = fast.core_position(state)
        while state._phase == PLAY:
            card = state.legal_actions()[-1]
            state.apply_action(card)
            pos.apply(card)
        state.apply_action(action)
        assert pos.deal_scores(choice) == list(state._records[-1].scores)


@pytest.mark.parametrize("text", ["variant=black-lady", "variant=black-maria", "variant=joker"])
def test_the_policy_plays_what_rollout_move_may_play(text: str) -> None:
    # play.rollout_move: deterministic when following or void, a random one of the three
    # lowest cards when leading (a joker held: any legal card). The core's choice, over many
    # dice, covers exactly the cards rollout_move chooses among.
    game = _game(text)
    checked = 0
    for seed in range(20):
        state = game.new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            if _playing(state) and len(state.legal_actions()) > 1:
                pos = fast.core_position(state)
                python = {rollout_move(state, random.Random(k)) for k in range(300)}
                compiled = {pos.policy(k) for k in range(300)}
                assert compiled == python, (text, seed, state.history())
                checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 100


def _searched_states(text: str, count: int) -> list[HeartsState]:
    """Positions of the trick play a seat might search: random deals stopped at random."""
    game = _game(text)
    found = []
    seed = 0
    while len(found) < count:
        state = game.new_initial_state(seed=seed)
        rng = random.Random(seed)
        stop = rng.randrange(1, 12 * game.n)
        steps = 0
        while not state.is_terminal():
            if _playing(state):
                steps += 1
                if steps == stop and fast.plays(state):
                    found.append(state)
                    break
            state.apply_action(rng.choice(state.legal_actions()))
        seed += 1
    return found


@pytest.mark.parametrize(
    "text", ["variant=black-lady", "variant=heartsette", "variant=joker", "players=5"]
)
def test_drawn_worlds_keep_to_what_the_seat_knows(text: str) -> None:
    # resample.py's constraints: the seat's own hand, the play, the suits others showed void
    # in, the cards it passed to them; every drawn world keeps them all, and the cards in
    # each hand and in the widow are the real counts.
    for state in _searched_states(text, 15):
        player = state.current_player()
        batch = fast.worlds(state, player)
        assert batch is not None
        allowed, required = _constraints(state, player)
        g = state.g
        for k in range(30):
            world = batch.world(k)
            hands, taken, _, _, trick, leader, done, _ = world.fields()
            assert hands[player] == state._hands[player]
            assert list(trick) == state._trick and leader == state._leader
            assert done == len(state._tricks)
            held = 0
            for seat in range(g.n):
                assert hands[seat].bit_count() == state._hands[seat].bit_count()
                assert hands[seat] & held == 0
                held |= hands[seat]
                if seat != player:
                    assert hands[seat] & ~allowed[seat] == 0, (seat, text)
                    assert hands[seat] & required[seat] == required[seat]
            widow = state._widow.bit_count() if not done else 0
            in_play = sum(t.bit_count() for t in taken) + held.bit_count() + len(trick)
            assert in_play + widow == len(g.deck)


@pytest.fixture
def python_resample(monkeypatch: pytest.MonkeyPatch) -> None:
    """resample_from_infostate by the Python reference (resample.py) alone."""
    monkeypatch.setattr(fast, "resample", lambda state, player, rng: None)


@pytest.mark.slow
@pytest.mark.parametrize(
    "text", ["variant=black-lady", "variant=black-maria,players=5", "variant=heartsette"]
)
def test_drawn_worlds_are_distributed_as_the_python_resample(
    text: str, python_resample: None
) -> None:
    # Both draw every world that fits equally likely (hoyle.core.sampling): over 3,000
    # draws each, every (seat, card) frequency agrees within 5 standard errors.
    draws = 3000
    for state in _searched_states(text, 3):
        player = state.current_player()
        batch = fast.worlds(state, player)
        assert batch is not None
        rng = random.Random(1)
        python: Counter[tuple[int, int]] = Counter()
        compiled: Counter[tuple[int, int]] = Counter()
        for k in range(draws):
            world = state.resample_from_infostate(player, rng)
            for seat in range(state.g.n):
                for card in mask_to_list(world._hands[seat]):
                    python[seat, card] += 1
            hands = batch.world(k)
            for seat, hand in enumerate(hands.fields()[0]):
                for card in mask_to_list(hand):
                    compiled[seat, card] += 1
        for key in python.keys() | compiled.keys():
            p = python[key] / draws
            q = compiled[key] / draws
            error = (max(p * (1 - p), 1 / draws) * 2 / draws) ** 0.5
            assert abs(p - q) <= 5 * error, (text, key, p, q)


@pytest.mark.parametrize(
    "text", ["variant=black-lady", "variant=black-maria", "variant=black-jack", "players=5"]
)
def test_the_compiled_resample_draws_a_whole_consistent_world(text: str) -> None:
    # resample_from_infostate by the core (fast.resample): the world is a state of its own,
    # whose history replays to it action by action (every pass and play legal in it), and it
    # shows the seat exactly what the real state shows (docs/contract.md, the information
    # contract).
    for deals in (1, 2):
        game = _game(text, deals)
        for seed in range(8):
            state = game.new_initial_state(seed=seed)
            rng = random.Random(seed)
            stop = 4 + seed * 5
            while not state.is_terminal() and (stop > 0 or state.phase != "play"):
                state.apply_action(rng.choice(state.legal_actions()))
                stop -= 1
            if state.is_terminal():
                continue
            for player in range(game.n):
                assert fast.resample(state, player, rng) is not None
                for _ in range(5):
                    world = state.resample_from_infostate(player, rng)
                    again = game.new_initial_state()
                    for action in world.history():
                        again.apply_action(action)
                    assert again._hands == world._hands
                    assert again._dealt == world._dealt and again._passed == world._passed
                    assert world.observation(player) == state.observation(player)
                    assert world.log(player) == state.log(player)
                    assert world._hands[player] == state._hands[player]


@pytest.mark.slow
def test_the_compiled_resample_is_distributed_as_the_python_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The hands and the hidden passes: over 3,000 draws each, every (seat, card) frequency of
    # the hands and of the cards passed agrees within 5 standard errors.
    draws = 3000
    for state in _searched_states("variant=black-lady,pass_cycle=left", 3):
        player = state.current_player()
        counts: list[Counter[tuple[str, int, int]]] = []
        for compiled in (True, False):
            if not compiled:
                monkeypatch.setattr(fast, "resample", lambda state, player, rng: None)
            rng = random.Random(5)
            found: Counter[tuple[str, int, int]] = Counter()
            for _ in range(draws):
                world = state.resample_from_infostate(player, rng)
                for seat in range(state.g.n):
                    for card in mask_to_list(world._hands[seat]):
                        found["hand", seat, card] += 1
                    for card in world._passed[seat]:
                        found["pass", seat, card] += 1
            counts.append(found)
        ours, python = counts
        for key in ours.keys() | python.keys():
            p, q = python[key] / draws, ours[key] / draws
            error = (max(p * (1 - p), 1 / draws) * 2 / draws) ** 0.5
            assert abs(p - q) <= 5 * error, (key, p, q)


def test_values_agree_with_python_playouts() -> None:
    # A move's value in the core's worlds is the Python search's playout value (Playout.finish
    # from a Python resample): over 4,000 worlds each, the means agree within 5 standard errors.
    from hoyle.agents.playout import Playout

    for state in _searched_states("variant=black-lady", 4):
        player = state.current_player()
        moves = state.legal_actions()[:3]
        batch = fast.worlds(state, player)
        assert batch is not None
        rows = batch.values(moves, 4000, 7)
        playout = Playout(state.game)
        deal, scores = playout.start(state)
        rng = random.Random(3)
        for i, move in enumerate(moves):
            python = []
            for _ in range(1500):
                world = state.resample_from_infostate(player, rng)
                world.apply_action(move)
                python.append(playout.finish(world, state, deal, scores, rng)[player])
            compiled = [row[i] for row in rows]
            mp, mc = sum(python) / len(python), sum(compiled) / len(compiled)
            vp = sum((x - mp) ** 2 for x in python) / len(python)
            vc = sum((x - mc) ** 2 for x in compiled) / len(compiled)
            error = (vp / len(python) + vc / len(compiled)) ** 0.5
            assert abs(mp - mc) <= 5 * error + 1e-9, (move, mp, mc, error)


def test_the_core_declines_what_it_does_not_score() -> None:
    # Chips, the Q♦'s cut, the passing phase: search steps the Python states there.
    for text in ("variant=original-1887", "variant=royal", "variant=black-lady"):
        state = hoyle.load(f"hearts({text})").new_initial_state(seed=1)
        if text == "variant=black-lady":
            assert state.phase == "pass"
        assert fast.worlds(state, state.current_player()) is None


def test_hoyle_compiled_0_turns_the_core_off() -> None:
    code = "from hoyle.games.hearts import fast; print(fast.available())"
    env = {**os.environ, "HOYLE_COMPILED": "0"}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "False"
    assert compiled_allowed()
