"""Scenario tests for every scoring case of Écarté (issue 6): the point and the vole (law 48),
both vulnerability cases (law 49), doubling accepted and declined (RULINGS E6), the point
offered and accepted or refused (E7), game values (law 46), rubbers, Pool (E10) and French
bets."""

from __future__ import annotations

import random
from typing import Any

import pytest

import hoyle
from helpers import play
from hoyle.games.ecarte import EcarteGame, EcarteState

ORDER_TEXT = (
    "7C 8C TC JC QC AC 7D 9D TD JD QD KD AD 9S TS JS QS KS AS 7H JH "
    "9C 8D 7S 8S 9H TH AH KH QH KC 8H"
)
ORDER = ORDER_TEXT.split()

# Hearts are trumps (8H turned). With these hands elder takes three tricks and the dealer two.
POINT = ("KH QH JH 7S 8S", "AH TH 9S TS JS")
POINT_PLAY = "KH TH QH AH JH 9S 7S TS JS 8S"
# The same cards the other way round: the dealer takes three.
FAIL = ("AH TH 9S TS JS", "KH QH JH 7S 8S")
FAIL_PLAY = "AH KH QH TH JH 9S 7S TS JS 8S"
# Elder holds every trump but the turn-up: the vole.
VOLE = ("KH QH JH AH TH", "7C 8C 9C TC JC")
VOLE_PLAY = "KH 7C QH 8C JH 9C AH TC TH JC"


def deal(hands: tuple[str, str], **options: Any) -> EcarteState:
    game = hoyle.load("ecarte", **options)
    assert isinstance(game, EcarteGame)
    used = set(" ".join([*hands, "8H"]).split())
    stock = " ".join(c for c in ORDER if c not in used)
    return game.deal_state(list(hands), dealer=1, turn_up="8H", stock=stock)


def result(state: EcarteState) -> tuple[int, int, str]:
    items = state.observation(None)["results"][0]["items"]
    got = next(item for item in items if item["kind"] == "hand")
    return got["seat"], got["points"], got["reason"]


@pytest.mark.parametrize(
    ("hands", "moves", "expected"),
    [
        # Law 48: three or four tricks, the point, 1 (elder played without proposing and won).
        (POINT, "play " + POINT_PLAY, (0, 1, "point")),
        # All five, the vole, 2.
        (VOLE, "play " + VOLE_PLAY, (0, 2, "vole")),
        # Law 49: elder plays without proposing and fails: the dealer scores 2.
        (FAIL, "play " + FAIL_PLAY, (1, 2, "point (vulnerable)")),
        # Law 49: the dealer refuses the first proposal and fails: elder scores 2.
        (POINT, "propose_1 refuse " + POINT_PLAY, (0, 2, "point (vulnerable)")),
        # Only the first proposal: refusing a later one is not penalised.
        (
            POINT,
            "propose_1 accept 8S JS draw propose_1 refuse KH TH QH AH JH 8C 7S 9S TS 7C",
            (0, 1, "point"),
        ),
        # The vole stays 2 against a vulnerable player (RULINGS E5).
        (
            ("7C 8C 9C TC JC", "KH QH JH AH TH"),
            "play 7C TH AH 8C JH 9C QH TC KH JC",
            (1, 2, "vole"),
        ),
    ],
)
def test_point_vole_and_vulnerability(
    hands: tuple[str, str], moves: str, expected: tuple[int, int, str]
) -> None:
    state = deal(hands)
    play(state, moves)
    assert result(state) == expected
    winner, points, _ = expected
    assert state.game_scores()[winner] == points


def test_king_marked_counts_beside_the_point_and_is_not_doubled() -> None:
    # Law 23 and RULINGS E6: the king's point is not doubled.
    state = deal(POINT, doubling=True)
    play(state, "play mark_king double accept " + POINT_PLAY)
    assert result(state) == (0, 2, "point")
    assert state.game_scores() == [3, 0]  # 1 for the king, 2 for the doubled point


def test_doubling_accepted_doubles_the_hand() -> None:
    state = deal(FAIL, doubling=True)
    play(state, "play double accept " + FAIL_PLAY)
    assert result(state) == (1, 4, "point (vulnerable)")  # vulnerability included, doubled


@pytest.mark.parametrize(
    ("moves", "expected"),
    [
        # Declined: the hand ends, the offerer scores as for the point.
        ("play double refuse", (0, 1, "double declined")),
        # Two if the decliner was vulnerable (elder played without proposing).
        ("play KH double refuse", (1, 2, "double declined")),
    ],
)
def test_doubling_declined_ends_the_hand(moves: str, expected: tuple[int, int, str]) -> None:
    state = deal(POINT, doubling=True)
    play(state, moves)
    assert result(state) == expected
    assert state.phase == "deal"  # the next hand is being dealt


def test_doubling_only_before_the_third_trick_and_once_without_redouble() -> None:
    state = deal(POINT, doubling=True)
    play(state, "play double accept KH")
    legal = [state.action_to_string(a) for a in state.legal_actions()]
    assert "double" not in legal  # one double a hand
    state = deal(POINT, doubling=True, redouble=True)
    play(state, "play double accept KH double accept TH")
    assert state.observation(None)["multiplier"] == 4
    play(state, "QH AH")
    legal = [state.action_to_string(a) for a in state.legal_actions()]
    assert "double" in legal  # elder accepted last, and the third trick is not yet led
    play(state, "JH")
    legal = [state.action_to_string(a) for a in state.legal_actions()]
    assert "double" not in legal  # the third trick is led: too late
    state = deal(POINT, doubling=False)
    play(state, "play")
    assert "double" not in [state.action_to_string(a) for a in state.legal_actions()]


OWN_CARD = {"offer_point_until": "own_first_card"}
"""RULINGS E7's option: each player may offer before their own first card (the dealer, after
elder's lead)."""


@pytest.mark.parametrize(
    ("hands", "moves", "options", "expected"),
    [
        # Offered and accepted: the accepter's point; 2 as the offerer (elder) is vulnerable.
        (POINT, "play offer_point accept", {}, (1, 2, "point accepted")),
        (POINT, "propose_1 refuse offer_point accept", {}, (1, 1, "point accepted")),
        # Refused: the refuser must make the vole — made, 2 ...
        (VOLE, "play KH offer_point refuse " + VOLE_PLAY[3:], OWN_CARD, (0, 2, "vole")),
        # ... missed, 2 to the offerer.
        (POINT, "play KH offer_point refuse " + POINT_PLAY[3:], OWN_CARD, (1, 2, "vole missed")),
        (FAIL, "play offer_point refuse " + FAIL_PLAY, {}, (0, 2, "vole missed")),
    ],
)
def test_offering_the_point(
    hands: tuple[str, str], moves: str, options: dict[str, str], expected: tuple[int, int, str]
) -> None:
    state = deal(hands, offer_point=True, **options)
    play(state, moves)
    assert result(state) == expected


def tokens(state: EcarteState) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def test_offer_point_timing_option() -> None:
    state = deal(POINT, offer_point=True)
    play(state, "play KH TH")
    assert "offer point" not in tokens(state)
    state = deal(POINT, offer_point=True, offer_point_until="third_trick")
    play(state, "play KH TH")
    assert "offer point" in tokens(state)


REPORTED = "deal_3-2 propose_2 accept TS 8S JH KD QH 9H draw propose_1 refuse"
"""The reported game (seed 133826811): two cards exchanged, then a proposal refused."""


@pytest.mark.parametrize("until", ["before_lead", "own_first_card"])
def test_the_dealer_may_not_offer_the_point_after_elders_lead(until: str) -> None:
    # RULINGS E7 (updated): by default the point may be offered only after the exchange and
    # before the first card of the hand is led, so only by elder; once a card is on the
    # table no one may offer. offer_point_until=own_first_card lets the dealer offer after
    # elder's lead. The defect: after elder led 9C the dealer was offered 'offer point'.
    game = hoyle.load("ecarte", variant="offer-point", offer_point_until=until)
    state = game.new_initial_state(seed=133826811)
    play(state, REPORTED)
    assert state.current_player() == state.elder and "offer point" in tokens(state)
    play(state, "9C")
    assert state.current_player() == state.dealer
    assert ("offer point" in tokens(state)) == (until == "own_first_card")


# ---------------------------------------------------------------- games, rubbers, pools


def drive_game(state: EcarteState, winner: int) -> None:
    """Play until the game in progress ends, the loser abandoning each hand at once."""
    games = len(state.observation(None)["games"])
    while not state.is_terminal() and len(state.observation(None)["games"]) == games:
        legal = [state.action_to_string(a) for a in state.legal_actions()]
        seat = state.current_player()
        if state.phase in ("packets", "bet"):
            token = legal[0]
        elif state.phase == "propose":
            token = "play"
        elif state.phase == "answer":
            token = "accept"
        elif "abandon" in legal and seat != winner:
            token = "abandon"
        else:
            token = next(t for t in legal if t not in ("abandon", "mark king"))
        state.apply_action(state.string_to_action(token))


@pytest.mark.parametrize("rubber", [3, 5])
def test_rubber_is_won_by_the_majority_of_games_with_law_46_values(rubber: int) -> None:
    state = hoyle.load("ecarte", variant="rubber", rubber=rubber).new_initial_state(seed=11)
    assert isinstance(state, EcarteState)
    a, b = state.pair
    for game_no in range(rubber // 2 + 1):
        assert not state.is_terminal()
        drive_game(state, a)
        last = state.observation(None)["games"][-1]
        assert last["winner"] == a
        lost = last["points"][1]
        assert last["value"] == (3 if lost == 0 else 2 if lost <= 2 else 1)  # law 46
        assert state.observation(None)["games_won"][a] == game_no + 1
    assert state.is_terminal()
    assert state.returns()[a] == 1.0 and state.returns()[b] == 0.0


def test_single_game_values_and_one_game_match() -> None:
    state = hoyle.load("ecarte").new_initial_state(seed=3)
    assert isinstance(state, EcarteState)
    a = state.pair[0]
    drive_game(state, a)
    assert state.is_terminal() and state.observation(None)["games"][0]["value"] == 1


def test_pool_loser_changes_places_with_the_watcher_and_two_in_a_row_take_it() -> None:
    # RULINGS 4.1 pool and E10: the loser of a game swaps with the watcher.
    state = hoyle.load("ecarte", variant="pool").new_initial_state(seed=5)
    assert isinstance(state, EcarteState)
    a, b = state.pair
    (watcher,) = state.observation(None)["waiting"]
    assert state.legal_actions() and state.current_player() != watcher
    drive_game(state, a)  # b loses and sits out
    assert sorted(state.pair) == sorted((a, watcher))
    assert state.observation(None)["waiting"] == [b]
    drive_game(state, watcher)  # a loses: the streak passes to the watcher
    assert sorted(state.pair) == sorted((watcher, b))
    assert not state.is_terminal()
    drive_game(state, watcher)  # two in a row: the pool
    assert state.is_terminal()
    assert state.returns() == [1.0 if s == watcher else 0.0 for s in range(3)]
    assert state.observation(None)["pool"] == 3


def test_the_watcher_has_no_move_while_watching() -> None:
    state = hoyle.load("ecarte", variant="pool").new_initial_state(seed=5)
    assert isinstance(state, EcarteState)
    (watcher,) = state.observation(None)["waiting"]
    for _ in range(40):
        if state.is_terminal():
            break
        assert state.current_player() in state.pair
        assert state.current_player() != watcher
        state.apply_action(state.legal_actions()[0])


def test_pool_swap_hand_option_changes_places_after_each_hand() -> None:
    state = hoyle.load("ecarte", variant="pool", pool_swap="hand").new_initial_state(seed=5)
    assert isinstance(state, EcarteState)
    a, b = state.pair
    (watcher,) = state.observation(None)["waiting"]
    hands = state.observation(None)["deal"]
    while state.observation(None)["deal"] == hands:
        legal = [state.action_to_string(x) for x in state.legal_actions()]
        token = "abandon" if "abandon" in legal and state.current_player() == b else legal[0]
        token = "play" if state.phase == "propose" else token
        state.apply_action(state.string_to_action(token))
    assert state.observation(None)["waiting"] == [b]
    assert sorted(state.pair) == sorted((a, watcher))


@pytest.mark.parametrize("advice", [True, False])
def test_french_bets_are_settled_with_the_game_and_advice_shows_the_backed_hand(
    advice: bool,
) -> None:
    state = hoyle.load("ecarte", variant="french", advice=advice).new_initial_state(seed=2)
    assert isinstance(state, EcarteState)
    (bettor,) = state.observation(None)["waiting"]
    assert state.phase == "bet" and state.current_player() == bettor
    a, b = state.pair
    play(state, f"back_{a}")
    while state.phase in ("packets", "deal"):
        state.apply_action(state.legal_actions()[0])
    seen = state.observation(bettor)["seen_hands"]
    if advice:
        assert seen[a] == state.observation(a)["hand"]
        assert [s for s in range(3) if seen[s] is not None] == [a]
    else:
        assert seen == [None, None, None]
    assert state.observation(b)["seen_hands"] == [None, None, None]
    assert state.observation(None)["bets"][bettor] == a
    drive_game(state, a)
    assert state.observation(None)["bet_results"][bettor] == 1
    bets = [0, 0, 0]
    bets[bettor] = 1
    assert state.observation(None)["games"][0]["bets"] == bets


def test_target_option_sets_the_game() -> None:
    # Law 46: game is five; target=1 ends the game with the first point scored.
    state = deal(POINT, target=1)
    play(state, "play " + POINT_PLAY)
    assert state.is_terminal() and state.returns() == [1.0, 0.0]
    state = deal(POINT)
    play(state, "play " + POINT_PLAY)
    assert not state.is_terminal()


def test_pool_wins_and_stake_options() -> None:
    state = hoyle.load("ecarte", variant="pool", pool_wins=3, pool_stake=5).new_initial_state(
        seed=5
    )
    assert isinstance(state, EcarteState)
    a = state.pair[0]
    assert state.observation(None)["pool"] == 15
    drive_game(state, a)
    drive_game(state, a)
    assert not state.is_terminal()  # two in a row is not enough for pool_wins=3
    drive_game(state, a)
    assert state.is_terminal() and state.returns()[a] == 1.0


def test_bet_stake_option() -> None:
    state = hoyle.load("ecarte", variant="french", bet_stake=3).new_initial_state(seed=2)
    assert isinstance(state, EcarteState)
    (bettor,) = state.observation(None)["waiting"]
    a, b = state.pair
    play(state, f"back_{b}")
    drive_game(state, a)
    assert state.observation(None)["bet_results"][bettor] == -3


def test_one_hand_returns_its_points() -> None:
    # Contract §2: deals=1 plays one hand and returns its points (more is better); without it
    # the game goes on to 5.
    state = deal(POINT, deals=1)
    play(state, "play " + POINT_PLAY)
    assert state.is_terminal() and state.game.info.returns_kind == "points"
    assert state.returns() == [1.0, 0.0] and state.scores() == [1.0, 0.0]
    assert state.observation(None)["games"] == []  # no game is awarded for one hand
    state = deal(FAIL, deals=1)
    play(state, "play " + FAIL_PLAY)
    assert state.returns() == [0.0, 2.0]  # law 49: elder played without proposing and failed
    state = deal(POINT)
    play(state, "play " + POINT_PLAY)
    assert not state.is_terminal()


@pytest.mark.parametrize("variant", ["standard", "rubber", "pool", "french"])
def test_one_hand_of_every_match(variant: str) -> None:
    # Contract §6: every preset takes deals=1 (a rubber, a pool, French Écarté too).
    game = hoyle.load("ecarte", variant=variant, deals=1)
    state = game.new_initial_state(seed=8)
    rng = random.Random(8)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    obs = state.observation(None)
    assert obs["deal"] == 1 and len(obs["results"]) == 1
    assert state.returns() == obs["deal_scores"][0] and max(state.returns()) >= 1


def test_deals_option_ends_the_match_after_that_many_hands() -> None:
    # deals=N (a session of N hands): the player ahead in the game in progress wins it, and
    # with it the match; level, they share it (contract §2: 1 shared among the winners).
    game = hoyle.load("ecarte", deals=2)
    level = 0
    for seed in range(120):
        state = game.new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        assert isinstance(state, EcarteState)
        hands = state.observation(None)["deal"]
        a, b = state.scores()
        assert hands == 2 or max(a, b) >= 5  # two hands, unless the target came first
        if a == b:
            level += 1
            assert state.returns() == [0.5, 0.5]
            assert state.observation(None)["results"][-1]["lines"][-1] == (
                "Level: Seat 0 and Seat 1 share the match"
            )
        else:
            assert state.returns() == ([1.0, 0.0] if a > b else [0.0, 1.0])
    assert level  # 1–1 after two hands happens, and then they share it


def test_a_pool_stops_at_its_deal_limit() -> None:
    # Contract §2: every match is finite. A pool could run on (two in a row may never come),
    # so deal_limit stops it: the most games won wins, ties sharing.
    game = hoyle.load("ecarte", variant="pool", deal_limit=3, target=1)
    assert game.info.max_game_length < hoyle.load("ecarte", variant="pool").info.max_game_length
    state = game.new_initial_state(seed=4)
    a = state.pair[0]
    drive_game(state, a)
    drive_game(state, state.observation(None)["waiting"][0])
    drive_game(state, a)
    assert state.is_terminal() and state.observation(None)["deal"] == 3
    won = state.observation(None)["games_won"]
    best = [s for s in range(3) if won[s] == max(won)]
    assert state.returns() == [1 / len(best) if s in best else 0.0 for s in range(3)]
    assert (
        "The session stops after 3 hands (deal_limit=3)"
        in (state.observation(None)["results"][-1]["lines"])
    )


def test_the_old_name_of_the_offer_timing_still_loads() -> None:
    # docs/contract.md §6: old values stay readable. Before RULINGS E7 was clarified the one
    # timing, "before_play", let each player offer before their own first card.
    game = hoyle.load("ecarte", offer_point=True, offer_point_until="before_play")
    assert game.rules.offer_point_until.value == "own_first_card"
    assert "offer_point_until=own_first_card" in game.spec
