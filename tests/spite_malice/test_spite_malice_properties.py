"""Random games of every Spite and Malice preset (issue 5, "What it must show").

Over 200 random one-deal games per preset, after every move: every card is accounted for
across stock, completed heap, hands, goal, discard and centre piles; each centre stack holds
the ranks ace upward (wilds standing where they may); a completed stack goes back as the rules
say (RULINGS S3: a heap that becomes the stock when the stock is empty, or straight into the
stock); hands never exceed their size; and the deal ends. Some positions are also resampled:
no card may appear or vanish in the world drawn.

What every family must keep (chance outcomes, history replays, tokens, the observation and the
log in resampled worlds …) is checked by the conformance suite (``tests/conformance``) for
every preset and table size; these tests check the family's own invariants.
"""

from __future__ import annotations

import random

import pytest

import hoyle
from hoyle.games.spite_malice.rules import Recycle
from hoyle.games.spite_malice.state import (
    PASS,
    TO_DISCARD,
    SpiteMaliceGame,
    SpiteMaliceState,
    split_move,
)

PRESETS = [v.name for v in hoyle.variants("spite-malice")]
GAMES = 200


def check_position(state: SpiteMaliceState) -> None:
    game = state.g
    rules = game.rules
    assert state.card_counts() == game.total, "a card appeared or vanished"
    for hand in state._hands:
        assert len(hand) <= rules.hand_size
    assert len(state._stacks) <= (rules.max_stacks or 64)
    for stack in state._stacks:
        assert 1 <= len(stack) < rules.top  # a complete stack never stays in the centre
        for i, kind in enumerate(stack):
            assert state._fits(kind, i + 1), "a card stands where it may not"
    heap = state._heap
    if rules.recycle is Recycle.IMMEDIATE:
        assert not heap  # completed stacks go straight into the stock
    else:
        # The heap is whole completed stacks, each ace to the top rank, in order.
        assert len(heap) % rules.top == 0
        for i, kind in enumerate(heap):
            assert state._fits(kind, i % rules.top + 1)


def pick(state: SpiteMaliceState, legal: list[int], rng: random.Random, bias: float) -> int:
    """A random move; with probability ``bias`` one to the centre when there is one. Uniform
    play seldom builds; a strong bias empties goal piles but makes long deals, so the tests
    mix the two."""
    centre = [a for a in legal if a < PASS and split_move(a)[1] < TO_DISCARD]
    if centre and rng.random() < bias:
        return rng.choice(centre)
    if bias > 0.5:  # a builder does not pass (a mutual pass ends the deal at once)
        return rng.choice([a for a in legal if a != PASS] or legal)
    return rng.choice(legal)


@pytest.mark.parametrize("preset", PRESETS)
def test_random_deals_conserve_cards_and_end(preset: str) -> None:
    game = hoyle.load("spite-malice", variant=preset, deals=1)
    assert isinstance(game, SpiteMaliceGame)
    rng = random.Random(preset)
    resampled = completed = won = 0
    for seed in range(GAMES):
        state = game.new_initial_state(seed=seed)
        moves = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            assert legal, "a decision node without a legal move"
            before_recycled, before_stock = state._recycled, state._stock_n
            state.apply_action(pick(state, legal, rng, 0.9 if seed % 5 == 0 else 0.2))
            moves += 1
            assert moves < 5000, "the deal did not end"
            check_position(state)
            if state._recycled > before_recycled:
                # S3: the completed heap becomes the stock only when a draw finds it empty.
                assert before_stock < game.rules.hand_size
            if seed % 10 == 0 and moves % 23 == 0 and not state.is_terminal():
                player = state.current_player()
                world = state.resample_from_infostate(player, rng)
                assert world.card_counts() == game.total
                check_position(world)
                resampled += 1
        result = state.observation(None)["results"][-1]
        assert sum(state.returns()) == sum(result["scores"])
        completed += state._completed
        won += any(item["kind"] == "out" for item in result["items"])
    assert resampled > 10
    assert completed >= 20  # the games reach the rules under test (and deals are won,
    assert won >= (0 if preset == "starturn" else 1)  # though seldom at Starturn)


def test_whole_matches_end_and_rank_the_players() -> None:
    # A match runs deal after deal to the target (or the deal limit) and ranks the players.
    for preset in ("standard", "misery", "common"):
        game = hoyle.load("spite-malice", variant=preset, target=25, deal_limit=20)
        for seed in range(3):
            state = game.new_initial_state(seed=seed)
            rng = random.Random(seed)
            while not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
            scores = state.scores()
            assert max(scores) >= 25 or len(state.observation(None)["results"]) == 20
            assert sum(state.returns()) == pytest.approx(1.0)
            best = max(scores)
            assert all((r > 0) == (s == best) for r, s in zip(state.returns(), scores, strict=True))
