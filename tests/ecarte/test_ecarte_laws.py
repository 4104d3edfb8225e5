"""Scenario tests: each law of the London club laws the engine enforces (S-E laws 1–51, as
RULINGS 4.0 and E1–E12 read them), one hand-set deal at a time."""

from __future__ import annotations

import random
from typing import Any

import pytest

import hoyle
from helpers import play
from hoyle.core.errors import IllegalActionError
from hoyle.games.ecarte import EcarteGame, EcarteState
from hoyle.games.ecarte.explain import explain
from hoyle.games.ecarte.rules import Packets

ELDER = "KH QH 9C 8D 7S"  # seat 0, elder when seat 1 deals
DEALER = "AH TH 9H KC 8S"  # seat 1
ORDER_TEXT = (
    "7C 8C TC JC QC AC 7D 9D TD JD QD KD AD 9S TS JS QS KS AS 7H JH "
    "9C 8D 7S 8S 9H TH AH KH QH KC 8H"
)
ORDER = ORDER_TEXT.split()
"""The stock's order: the cards not dealt or turned, in this order."""


def load(**options: Any) -> EcarteGame:
    game = hoyle.load("ecarte", **options)
    assert isinstance(game, EcarteGame)
    return game


def deal(
    hands: tuple[str, str] = (ELDER, DEALER),
    turn_up: str = "8H",
    stock: str | None = None,
    **options: Any,
) -> EcarteState:
    if stock is None:
        used = set(" ".join([*hands, turn_up]).split())
        stock = " ".join(c for c in ORDER if c not in used)
    return load(**options).deal_state(list(hands), dealer=1, turn_up=turn_up, stock=stock)


def tokens(state: EcarteState) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def result(state: EcarteState) -> dict[str, Any]:
    """The last hand's result: its ``hand`` item (who scores, how much, why)."""
    items = state.observation(None)["results"][-1]["items"]
    return dict(next(item for item in items if item["kind"] == "hand"))


# ---------------------------------------------------------------- cut and deal


def cut(state: EcarteState, cards: list[str]) -> None:
    for token in cards:
        assert state.is_chance_node()
        state.apply_action(state.string_to_action(token))


def test_law_5_highest_ecarte_card_deals_and_the_ranking_option_changes_it() -> None:
    # Law 5: the highest card cut deals. K Q J A …: a jack beats an ace.
    state = load().new_initial_state()
    cut(state, ["AS", "JH"])
    assert state.dealer == 1 and state.elder == 0
    # ranking=ace_high: the ace is highest, so seat 0 deals.
    state = load(ranking="ace_high").new_initial_state()
    cut(state, ["AS", "JH"])
    assert state.dealer == 0


def test_law_5_a_tie_cuts_again() -> None:
    state = load().new_initial_state()
    cut(state, ["9S", "9H"])
    assert state.phase == "cut"  # tied nines: cut again
    cut(state, ["7S", "QD"])
    assert state.dealer == 1


def test_law_8_packets_chosen_and_kept_for_the_game() -> None:
    state = load().new_initial_state()
    cut(state, ["7S", "KD"])  # seat 1 deals
    assert state.phase == "packets" and state.current_player() == 1
    play(state, "deal_3-2")
    # 3 to elder, 3 to the dealer, 2, 2, then the turn-up.
    cut(state, ["7C", "8C", "9C", "7D", "8D", "9D", "TC", "JC", "TD", "JD", "KS"])
    assert state.observation(0)["hand"] == ["7C", "8C", "9C", "TC", "JC"]
    assert state.observation(None)["turn_up"] == "KS"
    assert state.observation(None)["packets"] == [3, 2]
    # The next hand of the same game is dealt the same way, without asking again.
    play(state, "mark_king") if "mark king" in tokens(state) else None
    play(state, "play abandon")
    assert state.phase == "deal" and state.observation(None)["packets"] == [3, 2]


def test_law_10_22_47_a_king_turned_scores_one_to_the_dealer_at_once() -> None:
    state = deal(turn_up="KD", hands=("QH JH 9C 8D 7S", DEALER))
    assert state.game_scores() == [0, 1]
    assert state.observation(0)["king_turned"] is True
    assert "mark king" not in tokens(state)  # nobody holds it


def test_bonus_card_option_moves_the_turned_point_to_the_ace() -> None:
    # RULINGS E8, option bonus_card=ace.
    assert deal(turn_up="AD", hands=("QH JH 9C 8D 7S", "KH TH 9H KC 8S")).game_scores() == [0, 0]
    state = deal(turn_up="AD", hands=("QH JH 9C 8D 7S", "KH TH 9H KC 8S"), bonus_card="ace")
    assert state.game_scores() == [0, 1]


# ---------------------------------------------------------------- the king


def test_law_23_the_king_held_scores_only_when_announced_before_the_first_card() -> None:
    state = deal()  # hearts trumps; elder holds KH
    play(state, "play")
    assert "mark king" in tokens(state)
    play(state, "mark_king")
    assert state.game_scores() == [1, 0]
    assert state.observation(1)["king_marked"] == 0
    # Not announced: the right is lost once its holder plays a card.
    state = deal()
    play(state, "play 7S")
    assert "mark king" not in tokens(state)  # the dealer does not hold it
    play(state, "8S KC 9C")
    assert state.current_player() == 1
    play(state, "9H")
    assert state.current_player() == 0 and "mark king" not in tokens(state)
    assert state.game_scores() == [0, 0]


def test_law_24_a_dealer_whose_first_card_is_the_king_announces_before_the_second() -> None:
    state = deal(hands=("QH 9C 8D 7S JS", "KH TH 9H KC 8S"))
    play(state, "play QH")  # trumps led: the dealer must win with the king
    assert tokens(state) == ["KH", "mark king", "abandon"]  # law 23 still open
    play(state, "KH")
    assert state.current_player() == 1 and "mark king" in tokens(state)
    play(state, "mark_king")
    assert state.game_scores() == [0, 1]


def test_e9_the_game_ends_the_moment_the_king_reaches_the_target() -> None:
    # A game to 1: the king marked is the winning point, before a card is played.
    state = deal(target=1)
    play(state, "play mark_king")
    assert state.is_terminal() and state.returns() == [1.0, 0.0]
    assert state.observation(None)["games"][0]["points"] == [1, 0]


# ---------------------------------------------------------------- the exchange


def test_laws_26_27_proposal_acceptance_exchange_and_counts_public() -> None:
    state = deal()
    assert tokens(state)[:6] == [
        "play",
        "propose 1",
        "propose 2",
        "propose 3",
        "propose 4",
        "propose 5",
    ]
    play(state, "propose_2")
    assert state.current_player() == 1 and tokens(state) == ["accept", "refuse"]
    play(state, "accept 8D 7S")  # elder discards two, draws 7C 8C
    assert state.observation(0)["hand"] == ["7C", "8C", "9C", "QH", "KH"]
    assert state.current_player() == 1 and state.phase == "exchange"
    # E1: the dealer must take at least one card: no "draw" before a discard.
    assert "draw" not in tokens(state)
    play(state, "8S 9H draw")
    assert state.observation(1)["hand"] == ["TC", "JC", "KC", "TH", "AH"]
    for seat in (0, 1, None):
        obs = state.observation(seat)
        assert obs["proposals"] == [
            {"proposed": 2, "answer": "accept", "elder_took": 2, "dealer_took": 2}
        ]
        assert obs["cards_taken"] == [2, 2]
    assert state.phase == "propose"  # elder may propose again


def test_e1_dealer_may_stand_option() -> None:
    state = deal(dealer_may_stand=True)
    play(state, "propose_1 accept 7S")
    assert "draw" in tokens(state)
    play(state, "draw")
    assert state.observation(0)["proposals"][0]["dealer_took"] == 0


def test_law_28_discards_are_seen_by_nobody_else() -> None:
    state = deal()
    play(state, "propose_2 accept 8D 7S 8S draw")
    assert state.observation(0)["discarded"] == ["8D", "7S"]
    assert state.observation(1)["discarded"] == ["8S"]
    text = str(state.observation(1))
    assert "8D" not in text and "7S" not in text


def test_law_38_the_stock_runs_out() -> None:
    state = deal()
    # Two rounds of five and five leave one card: elder may ask for one at most.
    play(state, "propose_5 accept 7S 8D 9C QH KH")
    play(state, "8S KC 9H TH AH")
    play(state, "propose_5 accept")
    for card in state.observation(0)["hand"]:
        play(state, card)
    for card in state.observation(1)["hand"]:
        play(state, card)
    assert state.observation(0)["stock_size"] == 1
    assert state.phase == "propose"
    assert tokens(state) == ["play", "propose 1"]
    play(state, "propose_1 accept")
    play(state, state.observation(0)["hand"][0])
    # The stock is empty: the dealer takes nothing and must play (law 38).
    assert state.phase == "play" and state.current_player() == 0
    assert state.observation(1)["proposals"][-1]["dealer_took"] == 0


# ---------------------------------------------------------------- E2: propose_then_choose


def test_e2_the_proposal_names_a_number_unless_propose_then_choose() -> None:
    # Law 26 (default): the proposal names its number. EB1911 (option): elder proposes
    # without one and chooses the discards after the dealer accepts.
    numbered, unnamed = deal(), deal(propose_then_choose=True)
    assert tokens(numbered) == ["play", *(f"propose {n}" for n in range(1, 6))]
    assert tokens(unnamed) == ["play", "propose"]
    with pytest.raises(IllegalActionError):
        play(numbered, "propose")
    with pytest.raises(IllegalActionError):
        play(unnamed, "propose_2")
    play(unnamed, "propose")
    assert unnamed.current_player() == 1 and tokens(unnamed) == ["accept", "refuse"]
    assert unnamed.observation(1)["proposals"] == [
        {"proposed": None, "answer": None, "elder_took": None, "dealer_took": None}
    ]


def test_e2_elder_chooses_how_many_after_acceptance_and_the_count_is_public() -> None:
    # With a numbered proposal of 2 the elder's third discard is refused (law 26: the
    # number is fixed): after two cards the dealer is exchanging.
    numbered = deal()
    play(numbered, "propose_2 accept 8D 7S")
    assert numbered.phase == "exchange" and numbered.current_player() == 1
    with pytest.raises(IllegalActionError):
        play(numbered, "9C")
    # Unnamed (EB1911): at least one card before draw, then as many as elder likes.
    state = deal(propose_then_choose=True)
    play(state, "propose accept")
    assert state.phase == "discard" and "draw" not in tokens(state)
    play(state, "8D")
    assert "draw" in tokens(state)
    play(state, "7S 9C draw")  # three cards out, three drawn: 7C 8C TC
    assert state.observation(0)["hand"] == ["7C", "8C", "TC", "QH", "KH"]
    assert state.phase == "exchange" and state.current_player() == 1
    play(state, "8S draw")
    for seat in (0, 1, None):
        obs = state.observation(seat)
        # Law 27: how many each took is known to both; law 28: not which cards.
        assert obs["proposals"] == [
            {"proposed": None, "answer": "accept", "elder_took": 3, "dealer_took": 1}
        ]
        assert obs["cards_taken"] == [3, 1]
    assert "8D" not in str(state.observation(1)) and "8S" not in str(state.observation(0))
    assert state.phase == "propose" and tokens(state) == ["play", "propose"]


def test_e2_unnamed_discard_stops_at_five_or_at_the_stock() -> None:
    state = deal(propose_then_choose=True)
    # Five cards (a "book", EB1911) end the discard without a word.
    play(state, "propose accept 7S 8D 9C QH KH")
    assert state.phase == "exchange" and state.observation(1)["cards_taken"][0] == 5
    play(state, "8S KC 9H TH AH")  # the dealer's five: the draw follows at once
    play(state, "propose accept")
    for card in state.observation(0)["hand"]:
        play(state, card)
    for card in state.observation(1)["hand"]:
        play(state, card)
    assert state.observation(0)["stock_size"] == 1
    # Law 38: one card left, so elder's discard ends at one and the dealer takes nothing.
    play(state, "propose accept")
    play(state, state.observation(0)["hand"][0])
    assert state.phase == "play" and state.observation(1)["proposals"][-1]["elder_took"] == 1


def test_e2_the_rules_in_words_follow_the_option() -> None:
    numbered = " ".join(explain(load().rules))
    unnamed = " ".join(explain(load(propose_then_choose=True).rules))
    assert "propose to exchange a number of cards" in numbered
    assert "without naming a number" not in numbered
    assert "propose an exchange without naming a number" in unnamed
    assert "discards one to five cards face down" in unnamed


def test_e2_vulnerability_and_resampling_with_unnamed_proposals() -> None:
    # Law 49 is unchanged: refusing the first proposal, named or not, makes the dealer
    # vulnerable.
    state = deal(propose_then_choose=True)
    play(state, "propose refuse")
    assert state.observation(None)["vulnerable"] == [False, True]  # seat 1 deals
    # Mid-discard, the dealer's view resamples elder's hand and discards consistently.
    state = deal(propose_then_choose=True)
    play(state, "propose accept 8D 7S")
    rng = random.Random(5)
    for _ in range(20):
        new = state.resample_from_infostate(1, rng)
        assert new.observation(1) == state.observation(1)
        # Elder's hidden cards differ, but not how many, nor that elder may now say draw.
        assert len(new.observation(0)["discarded"]) == 2
        assert len(new.legal_actions()) == len(state.legal_actions()) == 4
        assert "draw" in tokens(new)


def test_illegal_actions_are_refused_and_change_nothing() -> None:
    state = deal()
    before = state.observation(0)
    with pytest.raises(IllegalActionError):
        play(state, "accept")
    with pytest.raises(IllegalActionError):
        play(state, "AH")  # not elder's card, and not the time to play
    assert state.observation(0) == before


# ---------------------------------------------------------------- play


def test_play_follow_suit_win_if_able_and_trump_when_void() -> None:
    # S-E 'Jugar': follow suit; win the trick if able. Hearts are trumps.
    hands = ("9C 8D 7S JS QH", "KC 7C 8S AD TH")
    state = deal(hands=hands)
    play(state, "play 9C")
    assert tokens(state) == ["KC", "abandon"]  # must follow and win: the king only
    state = deal(hands=hands, must_win_trick=False)
    play(state, "play 9C")
    assert tokens(state) == ["7C", "KC", "abandon"]
    # Void in spades? No: the dealer holds 8S. Led diamonds: follow with AD.
    state = deal(hands=("9C 8D 7S JS QH", "KC 7C 8S 9H TH"))
    play(state, "play 8D")
    assert tokens(state) == ["9H", "TH", "abandon"]  # void: must trump
    state = deal(hands=("9C 8D 7S JS QH", "KC 7C 8S 9H TH"), must_trump_when_void=False)
    play(state, "play 8D")
    assert tokens(state) == ["7C", "KC", "9H", "TH", "8S", "abandon"]


def test_trick_winner_leads_and_ace_ranks_below_the_jack() -> None:
    state = deal(hands=("AC 8D 7S JS QH", "JC 7C 8S AD TH"))
    play(state, "play AC JC")  # the jack beats the ace in écarté order
    assert state.current_player() == 1 and state.observation(0)["tricks_taken"][:2] == [0, 1]


# ---------------------------------------------------------------- law 42


@pytest.mark.parametrize(
    ("moves", "winner", "points"),
    [
        ("play abandon", 1, 2),  # no trick: the opponent scores the vole
        # One trick, then abandoned: the opponent has the point, 2 as elder played without
        # proposing (law 49), 1 after an exchange.
        ("play 9C KC AH KH abandon", 1, 2),
        ("propose_1 accept 7S 8S draw play 9C KC AH KH abandon", 1, 1),
    ],
)
def test_law_42_abandoning_credits_the_opponent_with_the_tricks_left(
    moves: str, winner: int, points: int
) -> None:
    state = deal(hands=("KH QH 9C 8D 7S", "AH TH 9H KC 8S"))
    play(state, moves)
    got = result(state)
    assert (got["seat"], got["points"]) == (winner, points)


def test_law_42_abandoning_after_three_tricks_keeps_the_point() -> None:
    state = deal(hands=("KH QH JH 8D 7S", "AH TH 9H KC 8S"))
    play(state, "propose_1 accept 7S 8S draw play KH 9H QH TH JH AH abandon")
    got = result(state)
    assert (got["seat"], got["points"], got["tricks"]) == (0, 1, [3, 2])


def test_concede_option_off_removes_abandon() -> None:
    state = deal(concede=False)
    play(state, "play")
    assert "abandon" not in tokens(state)


def test_packets_option_fixed_skips_the_choice() -> None:
    state = load(deal_packets=Packets.THREE_TWO).new_initial_state()
    cut(state, ["7S", "KD"])
    assert state.phase == "deal"
    cut(state, ["7C", "8C", "9C"])
    assert state.observation(0)["hand"] == ["7C", "8C", "9C"]
