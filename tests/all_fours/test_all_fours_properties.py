"""Random games of every All Fours preset at every table size the conformance suite plays
(``tests/conformance/cases.py``): nothing lost, every hand scored as RULINGS 2.0 says, an end;
the contract's clauses on whole matches and on partnership tables; records round-trip.

The clauses themselves (legal moves, replay, envelope, log, resampling, tokens …) are the
conformance suite's, run here only where it does not reach: hands after the first of a match,
and tables in teams. The scoring oracle recomputes High, Low, Jack and Game from the public
tricks, written from RULINGS 2.0 rather than taken from the engine.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from all_fours_summary import summary

import hoyle
from conformance.cases import cases, refused
from conformance.clauses import (
    Walk,
    check_envelope,
    check_history_replays,
    check_log,
    check_resample,
    check_returns,
)
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
        # The family's part of the observation (the envelope's rendered results are read only
        # when a hand ends: a long match would spend its time rendering them).
        done = len(state._results())
        before = state._observe(None)
        seat, action = state.current_player(), choose(state, rng)
        token = state.action_to_string(action)
        state.apply_action(action)
        if len(state._results()) == done:
            continue
        after = state.observation(None)
        for result in after["results"][done:]:
            result = summary(result, after["sides"])
            if result["card_points"] is None:
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
    # A match returns 1 to each player of the winning side, shared by sides level at the top.
    view = state.observation(None)
    winners = view["winner"]
    sides = {game.rules.side_of(s) for s in winners}
    assert winners == [s for s in range(players) if game.rules.side_of(s) in sides]
    assert state.returns() == [1 / len(sides) if s in winners else 0.0 for s in range(players)]
    return state


CASES = [case for case in cases(["all-fours"])]


def test_the_table_sizes_refused_are_refused_by_the_rules() -> None:
    # RULINGS 2.1 trinidad and tobago: "Players: 4 in partnerships (2 allowed)"; yorkshire:
    # "4 in partnerships ... Options: 2 players; 6 players in three teams" (three or five
    # cannot seat partners, and the throw-in needs a partner). Every other size within a
    # preset's limits is played by the conformance suite and by the random games below.
    reasons = {(preset, n): reason for preset, n, reason in refused("all-fours")}
    assert set(reasons) == {("trinidad", 3), ("tobago", 3), ("yorkshire", 3), ("yorkshire", 5)}
    assert "for 2 or 4 players" in reasons[("trinidad", 3)]
    assert "for 2 or 4 players" in reasons[("tobago", 3)]
    assert "partnership rule" in reasons[("yorkshire", 3)]
    assert "partnership rule" in reasons[("yorkshire", 5)]
    assert {case.preset for case in CASES} == set(PRESETS)


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_random_games_score_as_the_rules_say(preset: str) -> None:
    # Issue 4: 200 random games per preset, shared among the table sizes it allows.
    sizes = [case.players for case in CASES if case.preset == preset]
    for i in range(200):
        random_game(preset, sizes[i % len(sizes)], i)


# Whole matches (hands after the first, with scores carried) and tables in teams: the
# conformance suite plays one hand of each preset at its own table sizes only.
MATCHES = [
    "all-fours(players=2,deals=3)",
    "all-fours(players=3,deals=2)",  # hands shut until eldest decides
    "all-fours(variant=trinidad,deals=2)",
    "all-fours(variant=yorkshire,deals=2)",  # the pitcher's partner's hand shut, throw-ins
    "all-fours(variant=lancashire,deals=2)",  # the colour guessed for the first pitch
    "all-fours(variant=auction-pitch,players=3,deals=3)",
    "all-fours(variant=auction-pitch-commercial,players=3,deals=3)",
    "all-fours(variant=shasta-sam,deals=2)",
    "all-fours(variant=california-jack,deals=2)",
    "all-fours(players=4,teams=2,deals=2)",
    "all-fours(players=6,teams=2,deals=1)",
    "all-fours(players=6,teams=3,deals=1)",
    "all-fours(players=8,teams=2,deals=1)",
    "all-fours(variant=pitch,players=6,teams=3,deals=1)",
    "all-fours(variant=pitch,players=8,teams=2,deals=1)",
    "all-fours(variant=auction-pitch,players=4,teams=2,deals=2)",
    "all-fours(variant=yorkshire,players=6,deals=1)",
]


def match_walk(spec: str, seed: int, positions: int = 8) -> Walk:
    """A whole match of ``spec`` played at random, and copies of positions spread over it."""
    game = hoyle.load(spec)
    rng = random.Random(seed)
    state = game.new_initial_state(seed=seed if seed % 2 else None)
    trail = []
    while not state.is_terminal():
        trail.append(state.clone())
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(choose(state, rng))
    w = Walk(game)
    w.positions = [*trail[:: max(1, len(trail) // positions)], state]
    w.finals = [state]
    return w


@pytest.mark.slow
@pytest.mark.parametrize("spec", MATCHES)
def test_the_contract_holds_over_whole_matches_and_in_teams(spec: str) -> None:
    # docs/contract.md §3, §4, §7 (the clauses of tests/conformance/clauses.py).
    for seed in (1, 2):
        w = match_walk(spec, seed)
        check_returns(w)
        check_envelope(w)
        check_history_replays(w)
        check_resample(w)
        check_log(w)


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("seed", [4, None], ids=["seeded", "chance-dealt"])
def test_records_round_trip(preset: str, seed: int | None) -> None:
    # DESIGN records: every preset's moves are tokens that read back to the same game.
    state = hoyle.load("all-fours", variant=preset).new_initial_state(seed)
    assert_record_round_trip(state, seed, choose)
