"""Random games of every All Fours preset: nothing lost, every hand scored as RULINGS 2.0 says,
a legal move always, an end; resampling keeps what a player saw; records round-trip.

The scoring oracle here recomputes High, Low, Jack and Game from the public tricks, written
from RULINGS 2.0 rather than taken from the engine.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

import hoyle
from helpers import assert_record_round_trip
from hoyle.cards import card_index
from hoyle.games.all_fours import AllFoursState
from hoyle.games.all_fours.rules import GameTie, Low

PRESETS = [v.name for v in hoyle.variants("all-fours")]
POINTS = {"T": 10, "A": 4, "K": 3, "Q": 2, "J": 1}
PASS = 56


def choose(state: hoyle.State, rng: random.Random) -> int:
    """A random move; bids are rare, so that random set-backs do not drag games on."""
    legal = state.legal_actions()
    if PASS in legal and rng.random() < 0.75:
        return PASS
    return rng.choice(legal)


def oracle(
    rules: Any, plays: list[list[tuple[int, str]]], trump: str, dealer: int, eldest: int
) -> Counter[tuple[int, int]]:
    """RULINGS 2.0, written out again: (side, points) pairs a hand scores before any
    set-back, from its tricks as (seat, card) plays."""
    side = rules.side_of

    def worth(card: str) -> int:
        if rules.five_value and card == "5" + trump:
            return int(rules.five_value)
        return POINTS.get(card[0], 0)

    def strength(card: str, led: str) -> int:
        if card[1] == trump:
            return 100 + card_index(card)
        return card_index(card) if card[1] == led else -1

    played: dict[str, int] = {}
    captor: dict[str, int] = {}
    for trick in plays:
        led = trick[0][1][1]
        winner = max(trick, key=lambda p: strength(p[1], led))[0]
        for seat, card in trick:
            played[card] = seat
            captor[card] = side(winner)
    trumps = sorted((c for c in played if c[1] == trump), key=card_index)
    out: Counter[tuple[int, int]] = Counter()
    if trumps:
        out[(side(played[trumps[-1]]), 1)] += 1
        low = trumps[0]
        out[(captor[low] if rules.low is Low.CAPTURED else side(played[low]), 1)] += 1
        jack = "J" + trump
        if jack in played:
            hung = rules.hang_jack and captor[jack] != side(played[jack])
            out[(captor[jack], rules.hang_jack if hung else 1)] += 1
    totals = [0] * rules.sides
    for card, s in captor.items():
        totals[s] += worth(card)
    best = max(totals)
    tied = [s for s, v in enumerate(totals) if v == best]
    game = tied[0] if len(tied) == 1 else None
    if game is None and rules.game_tie is GameTie.ELDEST and side(eldest) in tied:
        game = side(eldest)
    non_dealer = rules.game_tie is GameTie.NON_DEALER
    if game is None and non_dealer and side(dealer) in tied and len(tied) == 2:
        game = next(s for s in tied if s != side(dealer))
    if game is not None:
        out[(game, rules.game_value)] += 1
    return out


def conserved(state: AllFoursState) -> None:
    """Every card is in exactly one place (RULINGS 2.0: one 52-card pack)."""
    places = [
        *state._hands,
        *state._discarded,
        *state._round_extra,
        *state._shown,
        state._unseen,
        state._undealt,
    ]
    played = sum(1 << c for c in range(52) if state._played_by[c] >= 0)
    places.append(played)
    if state._top >= 0:
        places.append(1 << state._top)
    if state.rules.trump.value != "cut":
        for c in state._turned:
            places.append(1 << c)
    union, total = 0, 0
    for mask in places:
        assert not union & mask, "a card in two places"
        union |= mask
        total += mask.bit_count()
    assert union == (1 << 52) - 1 and total == 52, "a card lost"


def random_game(preset: str, players: int, seed: int) -> AllFoursState:
    game = hoyle.load("all-fours", variant=preset, players=players)
    rng = random.Random(seed)
    state = game.new_initial_state(seed=seed if seed % 2 else None)
    assert isinstance(state, AllFoursState)
    for _ in range(200_000):
        if state.is_terminal():
            break
        if state.phase not in ("cut", "guess", "choose"):
            conserved(state)
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
            continue
        assert state.legal_actions(), "a decision without a legal move"
        before = state.observation(None)
        seat, action = state.current_player(), choose(state, rng)
        token = state.action_to_string(action)
        state.apply_action(action)
        after = state.observation(None)
        for result in after["hand_results"][len(before["hand_results"]) :]:
            if "high" not in result:
                continue  # a hand thrown in, or a game won before the hand was scored
            plays = [list(zip(t["seats"], t["cards"], strict=True)) for t in before["tricks"]]
            plays.append([(p["seat"], p["card"]) for p in before["trick"]] + [(seat, token)])
            expected = oracle(
                game.rules, plays, before["trump"], before["dealer"], before["eldest"]
            )
            if result["set_back"] is not None:  # the pitcher's side scores only its loss
                pitcher = result["set_back"]["side"]
                expected = Counter({k: v for k, v in expected.items() if k[0] != pitcher})
            got = Counter((s, p) for s, p in result["points"] if p > 0)
            assert got == expected, (preset, result)
    else:  # pragma: no cover
        raise AssertionError("the game did not end")
    winner = state.observation(None)["winner"]
    assert state.returns() == [
        1.0 if game.rules.side_of(s) == winner else 0.0 for s in range(players)
    ]
    return state


def table_sizes(preset: str) -> list[int]:
    low, high = next(v for v in hoyle.variants("all-fours") if v.name == preset).players or (2, 8)
    return list(range(low, high + 1))


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_random_games_score_as_the_rules_say(preset: str) -> None:
    # Issue 4: 200 random games per preset, at every table size it allows.
    sizes = table_sizes(preset)
    for i in range(200):
        players = sizes[i % len(sizes)]
        try:
            random_game(preset, players, i)
        except hoyle.InvalidOptionError:
            continue  # a size this preset's teams cannot seat (e.g. five in partnerships)


@pytest.mark.parametrize("preset", PRESETS)
def test_resampling_keeps_what_the_player_saw(preset: str) -> None:
    # DESIGN resample_from_infostate: same observation, same legal moves on the player's turn,
    # and the resampled game plays on to its end.
    rng = random.Random(preset)
    for players in sorted({table_sizes(preset)[0], table_sizes(preset)[-1]}):
        game = hoyle.load("all-fours", variant=preset, players=players)
        for seed in range(3):
            state = game.new_initial_state(seed=seed if seed % 2 else None)
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(rng.choice(state.chance_outcomes())[0])
                    continue
                if rng.random() < 0.1:
                    player = rng.randrange(players)
                    new = state.resample_from_infostate(player, rng)
                    assert new.observation(player) == state.observation(player)
                    if state.current_player() == player:
                        assert new.legal_actions() == state.legal_actions()
                    for _ in range(400):
                        if new.is_terminal():
                            break
                        if new.is_chance_node():
                            new.apply_action(rng.choice(new.chance_outcomes())[0])
                        else:
                            new.apply_action(choose(new, rng))
                state.apply_action(choose(state, rng))


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("seed", [4, None], ids=["seeded", "chance-dealt"])
def test_records_round_trip(preset: str, seed: int | None) -> None:
    # DESIGN records: every preset's moves are tokens that read back to the same game.
    state = hoyle.load("all-fours", variant=preset).new_initial_state(seed)
    assert_record_round_trip(state, seed, choose)
