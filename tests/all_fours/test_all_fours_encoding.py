"""All Fours observation tensors: the fields hold what the rules and ``observation`` say (issue 9).

The generic contract (size, buffer, no leak) is tests/core/test_encoding_contract.py; here
hand-set deals check field by field: own hand, the turn-up and trumps, kicks, the trick by
relative seat, cards won by side, hands kept shut until eldest decides, the face-up stock.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

import hoyle
from encoding_helpers import cards, part, tokens
from helpers import play
from hoyle.core.encoding import encoder
from hoyle.games.all_fours import AllFoursGame
from hoyle.games.all_fours.state import PHASE_NAMES

SEAT0 = "2C 3C 4C 5C 6C 7C"
SEAT1 = "8D 9D TD JD QD KD"


def load(preset: str, **options: Any) -> AllFoursGame:
    game = hoyle.load("all-fours", variant=preset, **options)
    assert isinstance(game, AllFoursGame)
    return game


def test_hand_turn_up_trumps_and_seats_in_seven_up() -> None:
    game = load("seven-up")
    enc = encoder(game)
    state = game.deal_state([SEAT0, SEAT1], dealer=0, turn_up="AH")
    v0 = state.observation_tensor(0)
    assert cards(enc, v0, "hand") == tokens(SEAT0)
    assert cards(enc, v0, "turned") == {"AH"}
    assert list(part(enc, v0, "trump")) == [0.0, 0.0, 1.0, 0.0]  # hearts, from the turn-up
    assert part(enc, v0, "phase")[PHASE_NAMES.index("beg")] == 1.0
    assert part(enc, v0, "dealer_rel0")[0] == 1.0
    assert part(enc, v0, "to_act_rel1")[0] == 1.0  # eldest, seat 1, stands or begs
    v1 = state.observation_tensor(1)
    assert cards(enc, v1, "hand") == tokens(SEAT1)
    assert part(enc, v1, "dealer_rel1")[0] == 1.0 and part(enc, v1, "to_act_rel0")[0] == 1.0
    assert not part(enc, state.observation_tensor(None), "hand").any()


def test_trick_by_relative_seat_and_cards_won_by_side() -> None:
    game = load("seven-up")
    enc = encoder(game)
    state = game.deal_state([SEAT0, SEAT1], dealer=0, turn_up="AH")
    play(state, "stand 8D")
    v0 = state.observation_tensor(0)
    assert cards(enc, v0, "trick_rel1") == {"8D"}
    assert not part(enc, v0, "trick_rel0").any()
    assert part(enc, v0, "leader_rel1")[0] == 1.0
    play(state, "2C")  # no diamond, no trump: seat 1's 8♦ wins the trick
    v0 = state.observation_tensor(0)
    assert not part(enc, v0, "trick_rel1").any()
    assert cards(enc, v0, "played_rel0") == {"2C"} and cards(enc, v0, "played_rel1") == {"8D"}
    assert cards(enc, v0, "won_side1") == {"8D", "2C"} and not part(enc, v0, "won_side0").any()
    assert part(enc, v0, "tricks_rel1")[0] == np.float32(1 / 6)
    v1 = state.observation_tensor(1)
    assert cards(enc, v1, "won_side0") == {"8D", "2C"}


def test_a_turned_jack_kicks_for_the_dealers_side() -> None:
    # Seven Up: a jack turned up scores 1 for the dealer (RULINGS 2, turn_up_points J:1).
    game = load("seven-up")
    enc = encoder(game)
    state = game.deal_state([SEAT0, SEAT1], dealer=0, turn_up="JH")
    target = game.rules.target
    v0, v1 = state.observation_tensor(0), state.observation_tensor(1)
    assert part(enc, v0, "kicks_side0")[0] == np.float32(1 / target)
    assert part(enc, v0, "score_side0")[0] == np.float32(1 / target)
    assert part(enc, v1, "kicks_side1")[0] == np.float32(1 / target)
    assert part(enc, v1, "score_side0")[0] == 0.0


def test_hands_stay_shut_until_eldest_decides() -> None:
    # hide_hands_until_beg (four players): only the dealer and eldest look before the beg.
    game = load("seven-up", players=4)
    assert game.rules.hide_hands_until_beg
    enc = encoder(game)
    hands = [SEAT0, SEAT1, "2H 3H 4H 5H 6H 7H", "8S 9S TS JS QS KS"]
    state = game.deal_state(hands, dealer=0, turn_up="AH")
    v2 = state.observation_tensor(2)
    assert part(enc, v2, "hand_hidden")[0] == 1.0 and not part(enc, v2, "hand").any()
    assert part(enc, state.observation_tensor(1), "hand_hidden")[0] == 0.0
    play(state, "stand")
    v2 = state.observation_tensor(2)
    assert part(enc, v2, "hand_hidden")[0] == 0.0
    assert cards(enc, v2, "hand") == tokens(hands[2])


def test_the_face_up_stock_in_california_jack() -> None:
    # The winner takes the card showing, the other the next, and the next one turns up.
    game = load("california-jack")
    enc = encoder(game)
    state = game.deal_state(["AC KC QC", "2D 3D 4D"], dealer=0, turn_up="2H", stock="AS KS QS")
    v0 = state.observation_tensor(0)
    assert cards(enc, v0, "stock_top") == {"AS"}
    assert list(part(enc, v0, "trump")) == [0.0, 0.0, 1.0, 0.0]
    play(state, "2D QC")
    v0 = state.observation_tensor(0)
    assert cards(enc, v0, "stock_drawn_rel1") == {"AS"}  # seat 1 won the trick
    assert cards(enc, v0, "stock_drawn_rel0") == {"KS"}
    assert cards(enc, v0, "drawn") == {"KS"}
    assert cards(enc, v0, "stock_top") == {"QS"}
    assert "KS" in cards(enc, v0, "hand")


def test_every_preset_shows_the_observed_hand() -> None:
    for preset in hoyle.variants("all-fours"):
        game = load(preset.name)
        enc = encoder(game)
        for seed in range(3):
            state = game.new_initial_state(seed=seed)
            for p in range(game.num_players):
                obs = state.observation(p)
                vec = state.observation_tensor(p)
                assert cards(enc, vec, "hand") == set(obs["hand"]), preset.name
                assert part(enc, vec, "hand_hidden")[0] == float(obs["hand_hidden"])


def test_other_table_sizes_rotate_and_hide_alike() -> None:
    # The contract tests use each preset's default table; seats and sides rotate by the table
    # and the teams, so three players alone and six in three sides are checked here too.
    for preset, players in (("seven-up", 3), ("seven-up", 6), ("auction-pitch", 5)):
        game = load(preset, players=players)
        rng = random.Random(players)
        state = game.new_initial_state(seed=players)
        checked = 0
        for step in range(200):
            if state.is_terminal():
                break
            if step % 7 == 3:
                for p in range(players):
                    mine = state.observation_tensor(p)
                    np.testing.assert_array_equal(state.clone().observation_tensor(p), mine)
                    other = state.resample_from_infostate(p, rng)
                    np.testing.assert_array_equal(other.observation_tensor(p), mine)
                    checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
        assert checked > 0
