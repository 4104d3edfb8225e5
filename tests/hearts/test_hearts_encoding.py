"""Hearts observation tensors: the fields hold what the rules and ``observation`` say (issue 9).

The generic contract (size, buffer, no leak) is tests/core/test_encoding_contract.py; here
hand-set deals check field by field: own hand, the pass, the trick by relative seat, voids,
hearts broken, scores, and the card sets of jokers and two packs.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import numpy as np

import hoyle
from deals import MIXED, VOID_IN_CLUBS
from encoding_helpers import Vec, cards, part, tokens
from helpers import play
from hoyle.cards import TOKENS
from hoyle.core.encoding import Encoder, encoder
from hoyle.games.hearts import HeartsGame, Pass
from hoyle.games.hearts.state import PHASE_NAMES


def load(**options: Any) -> HeartsGame:
    game = hoyle.load("hearts", **options)
    assert isinstance(game, HeartsGame)
    return game


def test_hand_pass_and_received_by_relative_seat() -> None:
    # Black Lady's first deal passes left (RULINGS 1.1 black-lady: left, right, across, hold).
    game = load(deals=1)
    enc = encoder(game)
    state = game.deal_state(MIXED)
    v0 = state.observation_tensor(0)
    assert cards(enc, v0, "hand") == tokens(MIXED[0])
    assert part(enc, v0, "phase")[PHASE_NAMES.index("pass")] == 1.0
    assert part(enc, v0, "to_act_rel0")[0] == 1.0
    assert part(enc, v0, "dealer_rel3")[0] == 1.0  # seat 3 deals the first deal
    assert part(enc, v0, "pass_direction")[list(Pass).index(Pass.LEFT)] == 1.0
    play(state, "QD KH JS")
    v0 = state.observation_tensor(0)
    assert cards(enc, v0, "passed_to_rel1") == tokens("QD KH JS")  # to the left
    assert cards(enc, v0, "hand") == tokens(MIXED[0]) - tokens("QD KH JS")
    v1 = state.observation_tensor(1)
    assert not part(enc, v1, "received_from_rel3").any()  # not exchanged yet
    assert list(part(enc, v1, "cards_passed_rel3")) == [1.0, 1.0, 1.0]  # seat 0 passed three
    assert not part(enc, v1, "cards_passed_rel0").any()  # seat 1 has not passed yet
    play(state, "QS AH AC  AD KS JH  AS QH QC")
    v0 = state.observation_tensor(0)
    assert cards(enc, v0, "received_from_rel3") == tokens("AS QH QC")  # seat 3 passed left
    assert cards(enc, v0, "received") == tokens("AS QH QC")
    v1 = state.observation_tensor(1)
    assert cards(enc, v1, "received_from_rel3") == tokens("QD KH JS")
    assert cards(enc, v1, "hand") == tokens(MIXED[1]) - tokens("QS AH AC") | tokens("QD KH JS")


def test_trick_cards_sit_in_the_slot_of_the_seat_that_played_them() -> None:
    game = load(deals=1, pass_cycle="hold")
    enc = encoder(game)
    state = game.deal_state(MIXED)
    play(state, "2C 3C")  # seat 0 holds the 2♣ and leads it (H2)
    v2 = state.observation_tensor(2)
    assert cards(enc, v2, "trick_rel2") == {"2C"}  # seat 0 is two seats to seat 2's left
    assert cards(enc, v2, "trick_rel3") == {"3C"}
    assert not part(enc, v2, "trick_rel0").any() and not part(enc, v2, "trick_rel1").any()
    assert part(enc, v2, "leader_rel2")[0] == 1.0
    assert part(enc, v2, "to_act_rel0")[0] == 1.0
    play(state, "4C 8C")  # seat 3's 8♣ wins the trick
    v0 = state.observation_tensor(0)
    assert not any(part(enc, v0, f"trick_rel{r}").any() for r in range(4))
    assert cards(enc, v0, "played_rel0") == {"2C"}
    assert cards(enc, v0, "played_rel3") == {"8C"}
    assert cards(enc, v0, "won_rel3") == tokens("2C 3C 4C 8C")
    assert part(enc, v0, "tricks_rel3")[0] == 1.0 / 13


def test_voids_shown_and_hearts_broken() -> None:
    game = load(deals=1, pass_cycle="hold")
    enc = encoder(game)
    state = game.deal_state(VOID_IN_CLUBS)
    play(state, "2C 8S")  # seat 2 throws a spade on the club lead: void in clubs
    for viewer in (0, None):
        v = state.observation_tensor(viewer)
        assert list(part(enc, v, "void_rel2")) == [1.0, 0.0, 0.0, 0.0]
        assert not part(enc, v, "void_rel1").any()
    assert not cards(enc, state.observation_tensor(None), "hand")  # a spectator has no hand
    play(state, "3C 2D")
    v1 = state.observation_tensor(1)
    assert list(part(enc, v1, "void_rel3")) == [1.0, 0.0, 0.0, 0.0]  # seat 0, left of seat 1…
    assert part(enc, v1, "hearts_broken")[0] == 0.0
    # Seat 3 won with the 3♣ and leads a club; seat 0 breaks hearts by discarding one (H5).
    play(state, "4C")
    assert part(enc, state.observation_tensor(1), "hearts_broken")[0] == 0.0
    play(state, "2H")
    assert part(enc, state.observation_tensor(1), "hearts_broken")[0] == 1.0


def test_scores_after_a_deal_by_relative_seat() -> None:
    game = load(deals=2)
    enc = encoder(game)
    state = game.new_initial_state(seed=4)
    rng = random.Random(4)
    while state.deal_number == 0:
        state.apply_action(rng.choice(state.legal_actions()))
    scores = state.scores()
    assert any(scores)
    scale = float(enc.field("score_rel0").doc.split("/ ")[1].split()[0])
    for viewer in range(4):
        v = state.observation_tensor(viewer)
        for r in range(4):
            got = part(enc, v, f"score_rel{r}")[0]
            assert got == np.float32(scores[(viewer + r) % 4] / scale)


def hand_of(enc: Encoder, vec: Vec) -> Counter[str]:
    """The hand a vector shows, as a multiset of tokens (jokers counted, two-pack planes)."""
    bits = part(enc, vec, "hand")
    held: Counter[str] = Counter(TOKENS[c] for c in range(52) if bits[c] == 1.0)
    if len(bits) == 104:
        held.update(TOKENS[c] for c in range(52) if bits[52 + c] == 1.0)
    elif len(bits) == 54:
        held["XJ"] += int(bits[52] + bits[53])
    return +held


def test_every_preset_shows_the_observed_hand_jokers_counted_two_packs_in_planes() -> None:
    for preset in hoyle.variants("hearts"):
        game = hoyle.load("hearts", variant=preset.name)
        enc = encoder(game)
        rng = random.Random(1)
        for seed in range(4):
            state = game.new_initial_state(seed=seed)
            for _ in range(rng.randrange(0, 30)):
                if state.is_terminal():
                    break
                state.apply_action(rng.choice(state.legal_actions()))
            for p in range(game.num_players):
                want = Counter(state.observation(p)["hand"])
                assert hand_of(enc, state.observation_tensor(p)) == want, preset.name


def test_a_joker_is_a_count_not_an_identity() -> None:
    # Joker Hearts: the jokers are alike, so the set shows how many are held, not which.
    game = load(variant="joker")
    enc = encoder(game)
    seen: set[int] = set()
    for seed in range(6):
        state = game.new_initial_state(seed=seed)
        for seat in range(game.num_players):
            held = state.observation(seat)["hand"].count("XJ")
            seen.add(held)
            joker = part(enc, state.observation_tensor(seat), "hand")[52:]
            assert list(joker) == [float(held >= 1), float(held >= 2)]
    assert seen >= {0, 1}


def leak_check(game: HeartsGame, seed: int) -> int:
    """Vectors of a state, its clone (built from scratch) and its resamples agree for every
    seat and a spectator, at points of a random playout; returns how many were compared."""
    rng = random.Random(seed)
    state = game.new_initial_state(seed=seed)
    checked = 0
    for step in range(300):
        if state.is_terminal():
            break
        if step % 13 == 4:
            for p in range(game.num_players):
                mine = state.observation_tensor(p)
                np.testing.assert_array_equal(state.clone().observation_tensor(p), mine)
                other = state.resample_from_infostate(p, rng)
                np.testing.assert_array_equal(other.observation_tensor(p), mine)
                np.testing.assert_array_equal(
                    other.observation_tensor(None), state.observation_tensor(None)
                )
                checked += 1
        state.apply_action(rng.choice(state.legal_actions()))
    return checked


def test_other_table_sizes_rotate_and_hide_alike() -> None:
    # The contract tests use each preset's default table; the seat blocks rotate by the table
    # size, so three, five and six players, and two packs for nine, are checked here too.
    for options in ({"players": 3}, {"players": 5}, {"players": 6}):
        assert leak_check(load(**options), 1) > 0
    assert leak_check(load(variant="cancellation", players=9), 2) > 0


def test_revokes_are_counted_and_show_no_void() -> None:
    # revoke_penalty (The Standard Hoyle 1887): a revoke is seen at once, so it is counted for
    # its seat, and the card it played shows no void (the revoker could have followed).
    game = load(variant="original-1887", revoke_penalty=1)
    enc = encoder(game)
    assert leak_check(game, 3) > 0
    state = game.deal_state(MIXED)
    play(state, "2C AC 4C")  # seat 2 holds 4C 7C JC; seat 3 holds 8C QC
    play(state, "AS")  # seat 3 revokes with a club in hand
    v0 = state.observation_tensor(0)
    assert part(enc, v0, "revokes_rel3")[0] == np.float32(1 / 4)
    assert not part(enc, v0, "void_rel3").any()
