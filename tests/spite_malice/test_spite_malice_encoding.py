"""Observation tensors of every Spite and Malice preset (issue 9): a fixed float32 layout per
game, every entry written, and nothing a seat cannot see (observe.py's docstring: the other
hands, the goal cards under the tops and the stock are hidden). The leak contract: a state and
any ``resample_from_infostate`` of it encode alike for that seat, and for a spectator."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

import hoyle
from encoding_helpers import check_fields, vector
from hoyle.core.encoding import encoder
from hoyle.games.spite_malice import SpiteMaliceGame, SpiteMaliceState
from hoyle.games.spite_malice.encode import TOP_CARDS
from hoyle.games.spite_malice.state import PASS, TO_DISCARD, split_move

TABLES = {v.name: v.players for v in hoyle.variants("spite-malice")}
PRESETS = list(TABLES)
GAMES = 4  # one-deal games per table size; the state is encoded every few moves
RESAMPLES = 3


def tables(preset: str) -> list[int]:
    """The table sizes to test: the smallest the preset allows and, for the wider ones, four."""
    low, high = TABLES[preset]
    return sorted({low, min(high, 4)})


def load(**options: object) -> SpiteMaliceGame:
    game = hoyle.load("spite-malice", deals=1, **options)
    assert isinstance(game, SpiteMaliceGame)
    return game


def pick(state: SpiteMaliceState, rng: random.Random, *, builder: bool) -> int:
    """A random move; a builder plays to the centre when it can (uniform play seldom builds,
    so without it stacks seldom complete and the heap is never seen), and never passes."""
    legal = state.legal_actions()
    if builder:
        centre = [a for a in legal if a < PASS and split_move(a)[1] < TO_DISCARD]
        if centre and rng.random() < 0.8:
            return rng.choice(centre)
        legal = [a for a in legal if a != PASS] or legal
    return rng.choice(legal)


@pytest.mark.parametrize("preset", PRESETS)
def test_every_preset_encodes_a_fixed_layout_and_hides_what_a_seat_cannot_see(
    preset: str,
) -> None:
    rng = random.Random(preset)
    for players in tables(preset):
        game = load(variant=preset, players=players)
        enc = encoder(game)
        check_fields(enc)
        checked = 0
        for seed in range(GAMES):
            state = game.new_initial_state(seed=seed)
            step = 0
            while not state.is_terminal():
                if step % 9 == 0:
                    seat = step // 9 % players
                    mine = vector(state, seat)
                    spectator = vector(state, None)
                    assert mine.shape == (enc.size,)
                    for _ in range(RESAMPLES):
                        world = state.resample_from_infostate(seat, rng)
                        assert np.array_equal(vector(world, seat), mine), enc.fields
                        assert np.array_equal(vector(world, None), spectator)
                    checked += 1
                state.apply_action(pick(state, rng, builder=seed % 2 == 1))
                step += 1
            vector(state, 0)  # the end encodes too
        assert checked >= GAMES


def test_the_layout_depends_on_the_game_only() -> None:
    # More seats, goal piles or stacks mean more fields; the position never changes the size.
    small = encoder(load()).size
    assert encoder(load(players=4)).size > small
    assert encoder(load(variant="misery")).size > encoder(load(variant="misery", goal_piles=1)).size
    assert encoder(load(variant="unlimited-stacks")).field("stacks").size == 8 * 11


def field(state: SpiteMaliceState, player: int | None, name: str) -> np.ndarray:
    f = encoder(state.game).field(name)
    return vector(state, player)[f.start : f.start + f.size]


def test_own_hand_is_counted_by_rank_and_no_one_else_sees_it() -> None:
    # observe.py: a seat sees its own hand, in rank order (suits never matter).
    state = load().deal_state(goals=["9H", "9D"], hands=["KH KS 7C 2D 2H", "3C"])
    hand = field(state, 0, "hand")
    assert hand.tolist() == pytest.approx(
        [0, 2 / 5, 0, 0, 0, 0, 1 / 5, 0, 0, 0, 0, 0, 2 / 5]  # A 2 3 … Q K
    )
    assert field(state, 1, "hand").tolist() == pytest.approx([0, 0, 1 / 5] + [0] * 10)
    assert not field(state, None, "hand").any()
    assert field(state, None, "spectator")[0] == 1 and field(state, 0, "spectator")[0] == 0


def test_a_stack_shows_its_height_after_a_play_and_a_wild_on_top() -> None:
    # RULINGS 3.1 standard: stacks run ace to queen, kings wild (never as an ace).
    state = load().deal_state(goals=["9H", "9D"], hands=["3C KS", "5D"], stacks=["AH 2C"])
    heights = 11
    assert field(state, 0, "stacks")[:heights].argmax() == 1  # a 2 is on top
    state.apply_action(state.string_to_action("3:hand>stack1"))
    stacks = field(state, 0, "stacks")
    assert stacks[:heights].tolist() == [0, 0, 1] + [0] * 8  # the stack has reached 3
    assert not stacks[heights:].any()  # the other three slots are empty
    assert field(state, 0, "stack_wild")[0] == 0
    state.apply_action(state.string_to_action("K:hand>stack1"))  # the king stands for a 4
    assert field(state, 1, "stacks")[:heights].argmax() == 3
    assert field(state, 1, "stack_wild")[0] == 1
    assert field(state, 1, "stack_heights")[3] == pytest.approx(0.25)


def test_goal_tops_and_discard_tops_are_seen_from_the_viewer() -> None:
    # Seats are numbered from the viewer: seat 0's piles are "seat 1" for seat 1.
    state = load().deal_state(
        goals=["4C 9H", "5C 6D"],
        hands=["7C", "8D"],
        discards=[["5H 9C QD", "", "", ""], ["", "JC", "", ""]],
    )
    slots = 13
    tops0 = field(state, 0, "goal_tops")
    assert tops0[:slots].argmax() == 8 and tops0[slots:].argmax() == 5  # 9 mine, 6 theirs
    tops1 = field(state, 1, "goal_tops")
    assert tops1[:slots].argmax() == 5 and tops1[slots:].argmax() == 8
    assert field(state, 0, "goal_counts").tolist() == pytest.approx([2 / 26, 2 / 26])
    per_pile = TOP_CARDS * slots
    mine = field(state, 0, "discard_tops")
    assert [mine[d * slots : (d + 1) * slots].argmax() for d in range(3)] == [11, 8, 4]
    assert not mine[per_pile : 4 * per_pile].any()  # piles 2–4 are empty
    theirs = field(state, 1, "discard_tops")[4 * per_pile :]  # seat 0 seen by seat 1
    assert theirs[:slots].argmax() == 11
    assert field(state, 1, "discard_tops")[per_pile : per_pile + slots].argmax() == 10  # a jack
    assert field(state, 0, "discard_sizes").tolist() == pytest.approx([0.3, 0, 0, 0, 0, 0.1, 0, 0])


def test_phase_turn_and_stock_follow_the_deal() -> None:
    game = load()
    state = game.new_initial_state(seed=3)
    phase = field(state, 0, "phase")
    assert phase.tolist() == [0, 0, 1, 0]  # the deal is done and the dealer plays (seed S-S)
    to_move = state.current_player()
    assert field(state, to_move, "to_move").tolist() == [1, 0]
    assert field(state, 1 - to_move, "to_move").tolist() == [0, 1]
    stock = field(state, 0, "stock")[0]
    assert stock == pytest.approx(state.observation(0)["stock"] / 156)


def test_unseeded_deals_encode_at_chance_nodes_with_the_goal_tops_hidden() -> None:
    # observe.py: while the goal piles are dealt their tops are not shown.
    state = load().new_initial_state()
    for outcome in range(3):
        state.apply_action(state.chance_outcomes()[outcome][0])
    assert not field(state, 0, "goal_tops").any()
    assert not field(state, 0, "to_move").any()  # chance is to move
    assert field(state, 0, "phase").tolist() == [1, 0, 0, 0]


def test_cover_wild_marks_the_stack_to_cover() -> None:
    # RULINGS 3.1 cover-wild: a wild played to the centre must be covered at once.
    state = load(variant="cover-wild").deal_state(
        goals=["9H", "9D"], hands=["KS 4C", "5D"], stacks=["AH 2C"]
    )
    state.apply_action(state.string_to_action("K:hand>stack1"))
    assert field(state, 0, "cover").tolist() == [1, 0, 0, 0]
    state.apply_action(state.string_to_action("4:hand>stack1"))
    assert not field(state, 0, "cover").any()


def test_starturn_and_jokers_have_their_rank_slots() -> None:
    starturn = encoder(load(variant="starturn"))
    assert starturn.field("hand").size == 15  # Starturn's numbers 1…15 (RULINGS S6)
    assert starturn.field("stacks").size == 4 * 14
    jokers = encoder(load(variant="build-to-king"))
    assert jokers.field("hand").size == 14  # ace … king and the joker
    state = load(variant="build-to-king").deal_state(
        goals=["9H", "9D"], hands=["XJ", "5D"], stacks=["AH 2C"]
    )
    assert field(state, 0, "hand")[13] == pytest.approx(1 / 5)


def test_the_documented_layout_is_the_encoders() -> None:
    # docs/observation-tensors*.md prints encoder(game).layout() for the standard game.
    docs = Path(__file__).parents[2] / "docs"
    text = "".join(p.read_text(encoding="utf-8") for p in docs.glob("observation-tensors*.md"))
    assert encoder(load()).layout() in text


def test_a_completed_stack_leaves_the_centre_for_the_heap() -> None:
    # RULINGS S3: a completed stack waits in the heap until the stock runs out.
    stack = "AC 2C 3C 4C 5C 6C 7C 8S 9C TC KH"  # a king stands for the jack
    state = load().deal_state(
        goals=["9H", "9D"], hands=["QC 5D", "2C 3D 4D 5H"], stacks=[stack], stock="7H"
    )
    assert field(state, 0, "stacks")[:11].argmax() == 10 and field(state, 0, "stack_wild")[0]
    state.apply_action(state.string_to_action("Q:hand>stack1"))
    assert not field(state, 0, "stacks").any() and field(state, 0, "stack_count")[0] == 0
    assert field(state, 0, "completed")[0] == pytest.approx(0.1)
    assert field(state, 0, "heap")[0] == pytest.approx(12 / 156)
    assert field(state, 1, "heap_wilds")[0] == pytest.approx(0.1)  # the king went with it
