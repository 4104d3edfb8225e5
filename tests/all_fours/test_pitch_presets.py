"""Scenario tests for the All Fours presets where trumps are pitched or cut: Yorkshire,
Lancashire, Pitch, All Nours, the two Auction Pitches, All Fives, California Jack, Shasta Sam.

Every scenario deals known hands (``deal_state``, or chance nodes for later hands) and checks
one rule of shared/RULINGS.md section 2, quoted in the test's comment. Cards are tokens such as
``AH`` (ace of hearts) and ``TC`` (ten of clubs).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from all_fours_summary import summary

import hoyle
from helpers import play
from hoyle.cards import card_index
from hoyle.games.all_fours import AllFoursGame, AllFoursState

# ---------------------------------------------------------------- helpers


def load(variant: str, **options: Any) -> AllFoursGame:
    game = hoyle.load("all-fours", variant=variant, **options)
    assert isinstance(game, AllFoursGame)
    return game


def legal(state: AllFoursState) -> set[str]:
    return {state.action_to_string(a) for a in state.legal_actions()}


def obs(state: AllFoursState, seat: int | None = None) -> dict[str, Any]:
    return state.observation(seat)


def last_result(state: AllFoursState) -> dict[str, Any]:
    """The last hand's result, as a summary of its items (see all_fours_summary)."""
    view = obs(state)
    assert view["results"], "no hand has been scored"
    return summary(view["results"][-1], view["sides"])


def play_out_hand(state: AllFoursState) -> dict[str, Any]:
    """Play the lowest legal action until the hand in progress is scored; its result."""
    done = len(obs(state)["results"])
    while len(obs(state)["results"]) == done:
        assert not state.is_terminal() and not state.is_chance_node()
        state.apply_action(state.legal_actions()[0])
    return last_result(state)


def play_to_last_card(state: AllFoursState) -> None:
    """Play the lowest legal action until one card is left to play in the hand (so that its
    tricks can still be seen)."""
    while sum(obs(state)["hand_sizes"]) > 1:
        assert not state.is_terminal() and not state.is_chance_node()
        state.apply_action(state.legal_actions()[0])


def deal_by_chance(state: AllFoursState, hands: list[str]) -> None:
    """At a chance node before a deal, deal these hands (by seat) in the engine's order: in
    threes from eldest, clockwise."""
    assert state.phase == "deal" and state.is_chance_node()
    n = len(hands)
    eldest: int = obs(state)["eldest"]
    cards = [h.split() for h in hands]
    dealt = 0
    while dealt < len(cards[0]):
        packet = min(3, len(cards[0]) - dealt)
        for i in range(n):
            for token in cards[(eldest + i) % n][dealt : dealt + packet]:
                state.apply_action(card_index(token))
        dealt += packet
    assert not state.is_chance_node()


def points(result: dict[str, Any]) -> list[list[int]]:
    """A hand's (side, points) pairs, in the order they counted."""
    pairs: list[list[int]] = result["points"]
    return pairs


def side(result: dict[str, Any], key: str) -> int | None:
    """The side that scored High, Low or Jack in a hand (None: not in play)."""
    entry = result[key]
    return None if entry is None else int(entry["side"])


# An eldest hand that takes every trick: it pitches the 2♥ and holds every other heart that
# counts, while the others hold no heart at all. Rotated so that ``eldest`` gets it.
def eldest_takes_all(eldest: int) -> list[str]:
    hands = [
        "2H TH JH QH KH AH",
        "2C 3C 4C 5C 6C 7C",
        "8C 9C TC JC QC KC",
        "AC 2D 3D 4D 5D 6D",
    ]
    return [hands[(seat - eldest) % 4] for seat in range(4)]


# Eldest pitches its only heart, the 2♥; the next player holds the other counting hearts and
# wins every trick; nobody else holds a heart.
def next_takes_all(eldest: int) -> list[str]:
    hands = [
        "2H 2S 3S 4S 5S 6S",
        "3H TH JH QH KH AH",
        "2C 3C 4C 5C 6C 7C",
        "8C 9C TC JC QC KC",
    ]
    return [hands[(seat - eldest) % 4] for seat in range(4)]


# Four players, dealer 3, eldest 0 pitching the A♥. Side 0 (seats 0, 2) and side 1 (seats
# 1, 3) take 4 card points each (A♥; K♣ and J♣), so Game ties. The lowest trump, the 3♥, is
# dealt to seat 1 (side 1) and captured by seat 0 (side 0). The J♥ is not dealt.
LOW_AND_TIE_HANDS = [
    "AH 2C 2D 2S 3S 4S",
    "3H KC JC 5S 6S 7S",
    "4H 3C 5C 3D 4D 5D",
    "5H 4C 6C 6D 7D 8D",
]
LOW_AND_TIE_PLAY = "AH 3H 4H 5H  2C KC 3C 4C  JC 5C 6C 2D  5S 3D 6D 2S  6S 4D 7D 3S  7S 5D 8D 4S"


# ---------------------------------------------------------------- pitch


def test_pitch_first_card_led_fixes_trumps() -> None:
    # RULINGS 2.1 pitch: "Eldest leads; the first card led fixes trump"; no turn-up.
    state = load("pitch").deal_state(["5C 9D KH 3S 7S 2H", "AC TD 4H QS 8C 6D"], dealer=1)
    seen = obs(state, 0)
    assert seen["trump"] is None and seen["turned"] == []
    assert state.phase == "play" and state.current_player() == 0
    assert legal(state) == {"5C", "9D", "KH", "3S", "7S", "2H"}  # eldest may pitch anything
    play(state, "3S")
    assert obs(state, 1)["trump"] == "S"
    # RULINGS 2.1 pitch "otherwise follow suit": spades led are trumps, and seat 1 holds one.
    assert legal(state) == {"QS"}


def test_pitch_a_player_able_to_follow_may_trump_instead() -> None:
    # RULINGS 2.1 pitch: "you may trump even when able to follow; otherwise follow suit;
    # void → anything".
    state = load("pitch").deal_state(["2S 5S 9D KD 3C 7C", "AS QD 4D 8H TC 6H"], dealer=1)
    play(state, "2S AS")  # seat 1 takes the pitch and leads a diamond
    play(state, "QD")
    assert legal(state) == {"9D", "KD", "5S"}  # diamonds or the trump, not a club
    play(state, "5S")
    assert obs(state)["tricks"][-1]["winner"] == 0  # the trump beats the queen led
    play(state, "3C")
    assert legal(state) == {"TC"}  # seat 1 holds a club and no trump: it must follow
    play(state, "TC 8H")  # seat 1 leads a heart, which seat 0 does not hold
    assert legal(state) == {"9D", "KD", "7C"}  # void: anything


def test_pitch_jack_scores_only_if_dealt() -> None:
    # RULINGS 2.1 pitch: "Jack if dealt"; High and Low to their holders, Game to the most card
    # points. The J♥ is not dealt: the hand is worth three points.
    state = load("pitch").deal_state(["AH 2H 3C 4C 5C 6C", "KH 7D 8D 9D TD QD"], dealer=1)
    play(state, "AH")
    result = play_out_hand(state)
    assert result["jack"] is None
    assert side(result, "high") == 0 and side(result, "low") == 0 and result["game"] == 0
    assert points(result) == [[0, 1], [0, 1], [0, 1]]
    assert state.scores() == [3.0, 0.0]


def test_pitch_game_tie_scores_nothing_and_low_goes_to_its_holder() -> None:
    # RULINGS 2.1 pitch: "Game only if one side has strictly the most card points"; "Low (A3)":
    # to the player dealt it even when the other captured it.
    state = load("pitch").deal_state(["AH 2C 3C 4D 5D 6S", "7H KC JC 8D 9S 2S"], dealer=1)
    play(state, "AH 7H  2C KC  JC 3C  8D 4D  9S 6S  2S 5D")
    result = last_result(state)
    assert result["card_points"] == [4, 4]  # A♥ against K♣ and J♣
    assert result["game"] is None
    assert result["high"] == {"card": "AH", "side": 0}
    assert result["low"] == {"card": "7H", "side": 1}  # dealt to seat 1, taken by seat 0
    assert state.scores() == [1.0, 1.0]


def test_pitch_points_count_high_low_jack_game_so_sides_cannot_tie() -> None:
    # RULINGS 2.0: "End-of-hand points are counted in the strict order High, Low, Jack, Game,
    # and a side wins the moment it reaches the target" (seed: "evitando empates"). With the
    # game at 2, seat 0 takes High and Game, seat 1 Low and Jack: seat 1's Jack comes first.
    state = load("pitch", target=2).deal_state(["AH TC TD 3C 3D 4S", "2H JH 2C 2D 5S 6S"], dealer=1)
    play(state, "AH 2H  TC 2C  TD 2D  3C JH  5S 4S  6S 3D")
    result = last_result(state)
    assert result["game"] == 0 and side(result, "high") == 0
    assert side(result, "low") == 1 and side(result, "jack") == 1
    assert state.is_terminal()
    assert state.returns() == [0.0, 1.0]
    assert state.scores() == [1.0, 2.0]  # seat 0's Game was never counted


def test_pitch_partners_score_together() -> None:
    # RULINGS 2.1 pitch: "alone or in equal teams seated alternately"; a side's points (and
    # card points for Game) are its players' together. Seat 2 holds the J♥ and wins the T♣.
    state = load("pitch", players=4, teams=2).deal_state(
        [
            "AH 4C 5C 6C 7C 8C",
            "2H 9D 2C 3S 4S 5S",
            "JH TC 6S 7S 8S 9S",
            "3H KD 2D 3D 4D 5D",
        ],
        dealer=3,
    )
    play(state, "AH 2H JH 3H  4C 2C TC 2D  6S KD 5C 3S  7S 3D 6C 4S  8S 4D 7C 5S  9S 5D 8C 9D")
    result = last_result(state)
    assert result["card_points"] == [18, 0]  # A♥ J♥ (seat 0's trick), T♣ and K♦ (seat 2's)
    assert result["jack"] == {"card": "JH", "side": 0, "points": 1}
    assert result["low"] == {"card": "2H", "side": 1}
    assert state.scores() == [3.0, 1.0, 3.0, 1.0]
    assert obs(state)["sides"] == [[0, 2], [1, 3]]


# ---------------------------------------------------------------- yorkshire


def test_yorkshire_first_jack_pitches_and_the_player_before_deals() -> None:
    # RULINGS 2.1 yorkshire: "deal face up until a jack appears; that player pitches first
    # and the player on their right deals".
    state = load("yorkshire").new_initial_state()
    for token in ["2C", "5D", "JH"]:  # seats 0, 1, 2 in turn
        assert state.phase == "cut"
        state.apply_action(card_index(token))
    seen = obs(state)
    assert [c["seat"] for c in seen["cut"]] == [0, 1, 2]
    assert seen["dealer"] == 1 and seen["eldest"] == 2
    deal_by_chance(state, eldest_takes_all(2))
    assert state.phase == "play" and state.current_player() == 2


def test_yorkshire_first_jack_goes_round_the_table() -> None:
    # RULINGS 2.1 yorkshire: the face-up deal goes on round the table until a jack; here the
    # fifth card, back to seat 0, so seat 3 (on seat 0's right) deals.
    state = load("yorkshire").new_initial_state()
    for token in ["9C", "8C", "7C", "6C", "JS"]:
        state.apply_action(card_index(token))
    assert [c["seat"] for c in obs(state)["cut"]] == [0, 1, 2, 3, 0]
    assert obs(state)["dealer"] == 3 and obs(state)["eldest"] == 0


def test_yorkshire_has_no_turn_up_and_no_begging() -> None:
    # RULINGS 2.1 yorkshire: "6 cards each; no turn-up, no begging. The pitcher (eldest) leads
    # any card and its suit is trump."
    state = load("yorkshire").deal_state(eldest_takes_all(0), dealer=3)
    assert state.phase == "play" and state.current_player() == 0
    assert obs(state)["turned"] == [] and obs(state)["trump"] is None
    assert legal(state) == {"2H", "TH", "JH", "QH", "KH", "AH"}
    with pytest.raises(hoyle.IllegalActionError):
        state.apply_action(state.string_to_action("beg"))
    play(state, "QH")
    assert obs(state)["trump"] == "H"


def test_yorkshire_pitchers_partner_sees_no_card_before_the_pitch() -> None:
    # RULINGS 2.1 yorkshire: "The pitcher's partner may not see their hand before the pitch."
    # Seat 0 pitches; its partner is seat 2. Pitch partnerships have no such rule.
    state = load("yorkshire").deal_state(eldest_takes_all(0), dealer=3)
    assert [obs(state, seat)["hand_hidden"] for seat in range(4)] == [False, False, True, False]
    assert obs(state, 2)["hand"] == []
    assert obs(state, 1)["hand"] == ["2C", "3C", "4C", "5C", "6C", "7C"]
    play(state, "2H")
    assert obs(state, 2)["hand"] == ["8C", "9C", "TC", "JC", "QC", "KC"]
    pitch = load("pitch", players=4, teams=2).deal_state(eldest_takes_all(0), dealer=3)
    assert obs(pitch, 2)["hand"] == ["8C", "9C", "TC", "JC", "QC", "KC"]


def test_yorkshire_following() -> None:
    # RULINGS 2.1 yorkshire, "Following as in Trinidad": "trump led → trump if able, else
    # anything. Plain suit led → follow suit or trump; void → anything."
    state = load("yorkshire").deal_state(
        [
            "2H 3H 3C 4D 5S 6S",
            "9H TH AC 8D 2S 3S",
            "2C 4C 6D 7D 8S 9S",
            "QH 5C 7C 9C 2D 3D",
        ],
        dealer=3,
    )
    play(state, "2H")
    assert legal(state) == {"9H", "TH"}  # trump led: a trump
    play(state, "9H")
    # No trump: anything (and, holding nothing above a 9 while losing, the throw-in).
    assert legal(state) == {"2C", "4C", "6D", "7D", "8S", "9S", "throw in"}
    play(state, "8S")
    assert legal(state) == {"QH"}
    play(state, "QH 5C")  # seat 3 wins and leads a club
    assert legal(state) == {"3C", "3H"}  # seat 0: the club or the trump
    play(state, "3C")
    assert legal(state) == {"AC", "TH"}
    play(state, "AC")
    assert legal(state) == {"2C", "4C", "throw in"}  # seat 2 holds clubs and no trump
    play(state, "2C")
    assert obs(state)["tricks"][-1]["winner"] == 1
    play(state, "2S 9S")  # seat 1 leads a spade; seat 2 follows
    # Seat 3 has no spade: anything (and, as weak as seat 2 before, the throw-in).
    assert legal(state) == {"7C", "9C", "2D", "3D", "throw in"}


def test_yorkshire_throw_in_when_losing_with_nothing() -> None:
    # RULINGS 2.1 yorkshire: "a player with no trump and nothing above a 9, who is not winning
    # the current trick, may concede their hand; their partner plays on alone" (seed: "boca
    # arriba", face up).
    state = load("yorkshire").deal_state(
        [
            "AH KH QH 6C 6D 6S",
            "2C 3C 4D 5D 2S 3S",  # no heart, nothing above a 9
            "7C 8C 7D 8D 7S 8S",  # the same, but its side is winning
            "2H 9C TC 9D 9S TS",
        ],
        dealer=3,
    )
    assert "throw in" not in legal(state)  # not to the leader
    play(state, "AH")
    assert "throw in" in legal(state)
    play(state, "throw_in")
    thrown = obs(state, 3)["thrown_in"]
    assert thrown == [{"seat": 1, "cards": ["2C", "3C", "4D", "5D", "2S", "3S"]}]
    assert obs(state, None)["thrown_in"] == thrown  # face up, for everyone
    assert obs(state)["hand_sizes"][1] == 0
    assert state.current_player() == 2
    assert "throw in" not in legal(state)  # seat 2's side is winning the trick
    play(state, "7C")
    assert legal(state) == {"2H"}  # seat 3 plays on, and holds a trump: no throw-in
    play(state, "2H")
    trick = obs(state)["tricks"][-1]
    assert trick["seats"] == [0, 2, 3] and trick["winner"] == 0
    play_to_last_card(state)
    tricks = obs(state)["tricks"]
    assert len(tricks) == 5 and all(1 not in t["seats"] for t in tricks)  # seat 1 is skipped
    result = play_out_hand(state)
    assert result["high"] == {"card": "AH", "side": 0}
    assert result["low"] == {"card": "2H", "side": 1}  # dealt to seat 3


def test_yorkshire_throw_in_not_with_a_card_above_nine_or_while_winning() -> None:
    # RULINGS 2.1 yorkshire: the throw-in needs "no trump and nothing above a 9" and a trick
    # the player "is not winning"; here seat 3 pitches, seat 1 is its partner.
    state = load("yorkshire").deal_state(
        [
            "2C 3C 4C 5C 6C TS",  # no trump but a ten: may not throw in
            "2D 3D 4D 5D 7C 8C",  # nothing, but its partner is winning
            "2S 3S 4S 5S 6S 7S",  # nothing, losing: may throw in
            "AH KH QH JH TH 2H",
        ],
        dealer=2,
    )
    play(state, "AH")
    assert "throw in" not in legal(state)
    play(state, "2C")
    assert "throw in" not in legal(state)
    play(state, "2D")
    assert "throw in" in legal(state)


def test_yorkshire_low_goes_to_the_side_dealt_it_and_game_ties_score_nothing() -> None:
    # RULINGS 2.1 yorkshire: "Low to the team dealt it; Jack to the captor; Game, nobody on a
    # tie" (seed: "Low va para el equipo que recibe el triunfo más bajo").
    state = load("yorkshire").deal_state(LOW_AND_TIE_HANDS, dealer=3)
    play(state, LOW_AND_TIE_PLAY)
    result = last_result(state)
    assert result["low"] == {"card": "3H", "side": 1}  # captured by seat 0, dealt to seat 1
    assert result["card_points"] == [4, 4] and result["game"] is None
    assert result["jack"] is None  # the J♥ was not dealt
    assert state.scores() == [1.0, 1.0, 1.0, 1.0]


def test_yorkshire_plays_in_partnerships_to_eleven() -> None:
    # RULINGS 2.1 yorkshire: "4 in partnerships", "6 players in three teams", "target=11".
    game = load("yorkshire")
    assert game.num_players == 4 and game.rules.sides == 2 and game.rules.target == 11
    assert load("yorkshire", players=6).rules.sides == 3


# ---------------------------------------------------------------- lancashire


def test_lancashire_right_colour_guess_lets_the_guessers_choose() -> None:
    # RULINGS 2.1 lancashire: "one team cuts, the other guesses the colour; a correct guess
    # lets the guessers choose the pitcher" (seed: "el primer jugador corta y un oponente
    # debe adivinar").
    state = load("lancashire").new_initial_state()
    assert state.phase == "cut"
    state.apply_action(card_index("KH"))  # seat 0 cuts a red card
    assert state.phase == "guess" and state.current_player() == 1
    assert legal(state) == {"guess red", "guess black"}
    play(state, "guess_red")
    assert state.phase == "choose" and state.current_player() == 1
    assert legal(state) == {"choose 1", "choose 3"}  # the guessers' team
    play(state, "choose_3")
    assert obs(state)["dealer"] == 2 and obs(state)["eldest"] == 3
    deal_by_chance(state, eldest_takes_all(3))
    assert state.current_player() == 3


def test_lancashire_wrong_guess_lets_the_cutters_choose() -> None:
    # RULINGS 2.1 lancashire: "otherwise the cutters choose".
    state = load("lancashire").new_initial_state()
    state.apply_action(card_index("2S"))  # black
    play(state, "guess_red")
    assert state.current_player() == 0
    assert legal(state) == {"choose 0", "choose 2"}
    play(state, "choose_2")
    assert obs(state)["dealer"] == 1 and obs(state)["eldest"] == 2


def test_lancashire_low_goes_to_its_captor() -> None:
    # RULINGS 2.1 lancashire: "Low goes to the team that captures it." (the Yorkshire deal
    # above gives it to the side dealt it).
    state = load("lancashire").deal_state(LOW_AND_TIE_HANDS, dealer=3)
    play(state, LOW_AND_TIE_PLAY)
    result = last_result(state)
    assert result["low"] == {"card": "3H", "side": 0}
    assert result["game"] is None  # the Game tie is still nobody's (A12: as Yorkshire)
    assert state.scores() == [2.0, 0.0, 2.0, 0.0]


def test_lancashire_has_no_throw_in() -> None:
    # RULINGS 2.1 lancashire: "No throw-in" (the hand Yorkshire lets seat 1 throw in).
    state = load("lancashire").deal_state(
        [
            "AH KH QH 6C 6D 6S",
            "2C 3C 4D 5D 2S 3S",
            "7C 8C 7D 8D 7S 8S",
            "2H 9C TC 9D 9S TS",
        ],
        dealer=3,
    )
    play(state, "AH")
    assert legal(state) == {"2C", "3C", "4D", "5D", "2S", "3S"}


# ---------------------------------------------------------------- all nours


def test_all_nours_four_hands_and_the_higher_total_wins() -> None:
    # RULINGS 2.1 all-nours: "A match is 4 hands, one pitch each. The higher total wins."
    # Every point is counted after each hand: side 0 passes 7 without ending the match.
    state = load("all-nours").deal_state(eldest_takes_all(0), dealer=3)
    play_out_hand(state)
    assert state.scores() == [4.0, 0.0, 4.0, 0.0]
    for hand, deal in [(2, next_takes_all), (3, eldest_takes_all), (4, next_takes_all)]:
        assert not state.is_terminal()
        eldest = obs(state)["eldest"]
        assert eldest == hand - 1  # one pitch each
        deal_by_chance(state, deal(eldest))
        play_out_hand(state)
    assert state.is_terminal()
    assert state.scores() == [16.0, 0.0, 16.0, 0.0]
    assert state.returns() == [1.0, 0.0, 1.0, 0.0]


def test_all_nours_tie_plays_two_more_hands() -> None:
    # RULINGS 2.1 all-nours: "A tie → 2 more hands (one pitch per team), repeated until the
    # totals differ." Each eldest's side takes all four points: 8-8 after four hands.
    state = load("all-nours").deal_state(eldest_takes_all(0), dealer=3)
    play_out_hand(state)
    for _ in range(3):
        deal_by_chance(state, eldest_takes_all(obs(state)["eldest"]))
        play_out_hand(state)
    assert state.scores() == [8.0, 8.0, 8.0, 8.0]
    assert not state.is_terminal()
    deal_by_chance(state, eldest_takes_all(obs(state)["eldest"]))  # hand 5: 12-8
    play_out_hand(state)
    assert state.scores()[:2] == [12.0, 8.0]
    assert not state.is_terminal()  # the other side's pitch is still to come
    deal_by_chance(state, eldest_takes_all(obs(state)["eldest"]))  # hand 6: 12-12 again
    play_out_hand(state)
    assert state.scores()[:2] == [12.0, 12.0] and not state.is_terminal()
    deal_by_chance(state, eldest_takes_all(obs(state)["eldest"]))  # hand 7: 16-12
    play_out_hand(state)
    assert not state.is_terminal()
    assert obs(state)["eldest"] == 3
    deal_by_chance(state, next_takes_all(3))  # hand 8: seat 3 pitches, side 0 takes all
    play_out_hand(state)
    assert state.is_terminal()
    assert state.scores()[:2] == [20.0, 12.0] and state.returns() == [1.0, 0.0, 1.0, 0.0]
    assert len(obs(state)["results"]) == 8


def test_all_nours_low_goes_to_its_captor() -> None:
    # RULINGS 2.1 all-nours: "Low goes to the captor" (seed: "al eventual propietario").
    state = load("all-nours").deal_state(LOW_AND_TIE_HANDS, dealer=3)
    play(state, LOW_AND_TIE_PLAY)
    assert last_result(state)["low"] == {"card": "3H", "side": 0}
    assert state.scores()[:2] == [2.0, 0.0]


# ---------------------------------------------------------------- commercial pitch

# Two players, dealer 1. Whoever pitches the 2♥ gets only Low (held, A3); the A♥ K♥ J♥ T♥
# take High, Jack and Game.
WEAK = "2H 2C 3C 4C 5C 6C"
STRONG = "AH KH JH TH 7C 8C"


def test_commercial_the_others_bid_once_each_then_eldest_sells_or_keeps() -> None:
    # RULINGS 2.1 auction-pitch-commercial: "Each player after eldest bids 1–4 once or passes;
    # each bid must be higher." Then eldest sells or keeps.
    state = load("auction-pitch-commercial", players=4).deal_state(eldest_takes_all(0), dealer=3)
    assert state.phase == "bid" and state.current_player() == 1  # eldest does not bid
    assert legal(state) == {"pass", "bid 1", "bid 2", "bid 3", "bid 4"}
    play(state, "bid_2")
    assert legal(state) == {"pass", "bid 3", "bid 4"}
    play(state, "pass bid_3")  # the dealer bids last
    assert state.phase == "sell" and state.current_player() == 0
    assert legal(state) == {"sell", "keep"}
    assert obs(state)["bids"] == [None, 2, 0, 3]


def test_commercial_sold_pitch_scores_eldest_at_once_and_sets_the_buyer_back() -> None:
    # RULINGS 2.1 auction-pitch-commercial: "eldest scores the bid at once, and the buyer
    # pitches and must make the bid or be set back by it" (A8: subtract the bid).
    state = load("auction-pitch-commercial").deal_state([STRONG, WEAK], dealer=1)
    play(state, "bid_2 sell")
    assert state.scores() == [2.0, 0.0]  # before a card is played
    assert state.phase == "play" and state.current_player() == 1
    assert obs(state)["pitcher"] == 1 and obs(state)["sold"] is True
    play(state, "2H")
    result = play_out_hand(state)
    assert result["low"] == {"card": "2H", "side": 1}  # one point: short of two
    assert result["set_back"] == {"side": 1, "bid": 2}
    assert state.scores() == [5.0, -2.0]  # 2 for the sale, High, Jack, Game


def test_commercial_eldest_who_keeps_must_make_the_bid() -> None:
    # RULINGS 2.1 auction-pitch-commercial: "Or eldest keeps the pitch, with the same
    # obligation on eldest."
    state = load("auction-pitch-commercial").deal_state([WEAK, STRONG], dealer=1)
    play(state, "bid_3 keep")
    assert state.scores() == [0.0, 0.0]
    assert state.current_player() == 0 and obs(state)["pitcher"] == 0
    play(state, "2H")
    result = play_out_hand(state)
    assert result["set_back"] == {"side": 0, "bid": 3}
    assert state.scores() == [-3.0, 3.0]  # the bidder scores what it took


def test_commercial_no_bid_eldest_pitches_with_nothing_to_make() -> None:
    # RULINGS 2.1 auction-pitch-commercial: "No bids: eldest pitches with no obligation."
    state = load("auction-pitch-commercial").deal_state([WEAK, STRONG], dealer=1)
    play(state, "pass")
    assert state.phase == "play" and state.current_player() == 0  # no sale
    play(state, "2H")
    result = play_out_hand(state)
    assert result["set_back"] is None
    assert state.scores() == [1.0, 3.0]


def test_commercial_a_sale_can_win_the_game() -> None:
    # RULINGS 2.0: points scored at once count towards the target at once; the sale is such a
    # score ("eldest scores the bid at once").
    state = load("auction-pitch-commercial", target=3).deal_state([WEAK, STRONG], dealer=1)
    play(state, "bid_3 sell")
    assert state.is_terminal() and state.returns() == [1.0, 0.0]


# ---------------------------------------------------------------- auction pitch


def test_auction_one_round_from_eldest_and_the_high_bidder_pitches() -> None:
    # RULINGS 2.1 auction-pitch: "Bidding from eldest: each bids once (1–4, rising) or passes.
    # The high bidder pitches."
    state = load("auction-pitch", players=4).deal_state(eldest_takes_all(0), dealer=3)
    assert state.phase == "bid" and state.current_player() == 0
    play(state, "bid_1 pass bid_3")
    assert legal(state) == {"pass", "bid 4"}
    play(state, "pass")
    assert state.phase == "play" and state.current_player() == 2
    assert obs(state)["pitcher"] == 2 and obs(state)["bid"] == 3


def test_auction_dealer_must_bid_when_all_pass() -> None:
    # RULINGS 2.1 auction-pitch: "If everyone passes, the dealer must bid 1"; min_bid=2 makes
    # the lowest bid 2.
    state = load("auction-pitch").deal_state([WEAK, STRONG], dealer=1)
    play(state, "pass")
    assert legal(state) == {"bid 1", "bid 2", "bid 3", "bid 4"}
    state = load("auction-pitch", min_bid=2).deal_state([WEAK, STRONG], dealer=1)
    assert legal(state) == {"pass", "bid 2", "bid 3", "bid 4"}
    play(state, "pass")
    assert legal(state) == {"bid 2", "bid 3", "bid 4"}


def test_auction_all_pass_redeal_throws_the_hand_in() -> None:
    # RULINGS 2.1 auction-pitch: option "all_pass=redeal": the dealer
    # may pass too, and then the hand is thrown in unscored.
    state = load("auction-pitch", all_pass="redeal").deal_state([WEAK, STRONG], dealer=1)
    play(state, "pass")
    assert "pass" in legal(state)
    play(state, "pass")
    assert last_result(state)["thrown_in"] == "no bid"
    assert state.phase == "deal" and state.is_chance_node()
    assert state.scores() == [0.0, 0.0]


def test_auction_pitcher_short_of_the_bid_scores_nothing_and_goes_below_zero() -> None:
    # RULINGS 2.1 auction-pitch: "Every side scores what it takes, except a pitcher short of
    # the bid, who scores 0 and loses the bid (scores may go negative)."
    state = load("auction-pitch").deal_state([STRONG, WEAK], dealer=1)
    play(state, "pass bid_2 2H")
    result = play_out_hand(state)
    assert result["low"] == {"card": "2H", "side": 1}  # taken, but not scored
    assert result["set_back"] == {"side": 1, "bid": 2}
    assert points(result)[0] == [1, -2]
    assert state.scores() == [3.0, -2.0]


def test_auction_pitcher_counts_first_at_the_target() -> None:
    # RULINGS 2.1 auction-pitch: "Order H/L/J/G; the pitcher counts first at the target."
    # Game to 2: seat 1 pitches and takes Low and Game, seat 0 High and Jack. In the order
    # High, Low, Jack, Game seat 0 would get there first.
    state = load("auction-pitch", target=2).deal_state(
        ["AH JH 2C 2D 5S 6S", "2H TC TD 3C 3D 4S"], dealer=0
    )
    play(state, "bid_2 pass")
    assert state.current_player() == 1
    play(state, "2H AH  JH 3C  2C TC  TD 2D  3D 5S  4S 6S")
    result = last_result(state)
    assert side(result, "high") == 0 and side(result, "jack") == 0
    assert side(result, "low") == 1 and result["game"] == 1
    assert state.is_terminal() and state.returns() == [0.0, 1.0]
    assert state.scores() == [0.0, 2.0]


def test_auction_smudge_wins_outright() -> None:
    # RULINGS 2.1 auction-pitch: option "smudge" — bid 4, take all four points, win the game.
    for smudge in (True, False):
        state = load("auction-pitch", smudge=smudge).deal_state(
            ["2H TH JH QH KH AH", "2C 3C 4C 5C 6C 7C"], dealer=1
        )
        play(state, "bid_4")
        assert legal(state) == {"pass"}  # nothing above 4
        play(state, "pass")
        result = play_out_hand(state)
        assert points(result) == [[0, 1], [0, 1], [0, 1], [0, 1]]
        assert state.scores() == [4.0, 0.0]
        assert state.is_terminal() is smudge
        if smudge:
            assert result["smudge"] == 0 and state.returns() == [1.0, 0.0]


# ---------------------------------------------------------------- all fives


def test_all_fives_trick_winner_scores_its_trumps_at_once() -> None:
    # RULINGS 2.1 all-fives: "The winner of a trick at once scores the trumps in it (A 4, K 3,
    # Q 2, J 1, T 10) plus 5 for the trump five."
    state = load("all-fives").deal_state(["AH 5H 2C 3C 4C 6C", "KH 9H 7D 8D 9D QC"], dealer=1)
    play(state, "AH KH")
    assert state.scores() == [7.0, 0.0] and state.phase == "play"
    play(state, "5H 9H")  # seat 1 takes the five
    assert state.scores() == [7.0, 5.0]
    play(state, "7D 2C")  # no trump in it: nothing at once
    play(state, "QC 3C")  # a plain queen counts for Game only
    assert state.scores() == [7.0, 5.0]
    assert obs(state)["points_at_once"] == [7, 5]


def test_all_fives_the_five_counts_five_towards_game() -> None:
    # RULINGS 2.1 all-fives: "the trump five worth 5 for Game". Seat 0's 5♥ (5) beats seat 1's
    # K♣ and J♣ (4); without it seat 0 would have no card points.
    state = load("all-fives").deal_state(["5H 2C 3C 4C 6C 7C", "4H KC JC 8D 9D 2S"], dealer=1)
    play(state, "5H 4H")
    assert state.scores() == [5.0, 0.0]
    play(state, "2C KC  JC 3C  8D 4C  9D 6C  2S 7C")
    result = last_result(state)
    assert result["card_points"] == [5, 4] and result["game"] == 0
    assert result["high"] == {"card": "5H", "side": 0}
    assert result["low"] == {"card": "4H", "side": 1}
    assert state.scores() == [7.0, 1.0]  # 5 at once, High, Game; Low


def test_all_fives_game_can_end_in_the_middle_of_a_hand() -> None:
    # RULINGS 2.1 all-fives: points scored "at once" count at once, and RULINGS 2.0 "a side
    # wins the moment it reaches the target". Here the game is 10: the T♥ ends it.
    state = load("all-fives", target=10).deal_state(
        ["TH 2C 3C 4C 6C 7C", "2H KC JC 8D 9D 2S"], dealer=1
    )
    play(state, "TH 2H")
    assert state.is_terminal() and state.returns() == [1.0, 0.0]
    assert obs(state)["hand_sizes"] == [5, 5]
    # The hand stops there: its result tells the points scored at once, and nothing else.
    (result,) = obs(state)["results"]
    kinds = [item["kind"] for item in result["items"]]
    assert kinds == ["pitch", "at_once", "stopped"], kinds
    assert result["lines"][-1] == "Stopped: Seat 0 reached 10 before the hand was played out"
    assert last_result(state)["high"] is None


# ---------------------------------------------------------------- california jack


# The rest of the pack, in an order that lets each test fix the stock's top cards.
def rest_of_pack(used: str, first: str = "") -> str:
    taken = set(used.split()) | set(first.split())
    ranks, suits = "23456789TJQKA", "CDHS"
    rest = [r + s for s in suits for r in ranks if r + s not in taken]
    return " ".join([*first.split(), *rest])


def test_california_jack_trump_is_cut_before_the_deal_and_goes_back() -> None:
    # RULINGS 2.1 california-jack: "Trump is fixed before the deal by cutting a random card
    # (returned to the pack)."
    state = load("california-jack").new_initial_state()
    play(state, "2C AS")  # the cut for the deal: seat 1 cuts higher and deals
    assert state.phase == "deal" and obs(state)["dealer"] == 1
    play(state, "JH")  # the card cut for trumps
    assert obs(state)["trump"] == "H" and obs(state)["turned"] == ["JH"]
    assert card_index("JH") in dict(state.chance_outcomes())  # back in the pack
    play(state, "JH 3D 4D  5D 6D 7D  8D")  # dealt to eldest; the last card turns up
    assert obs(state, 0)["hand"] == ["3D", "4D", "JH"]
    assert obs(state)["stock_top"] == "8D"


def test_california_jack_three_cards_each_and_a_face_up_stock() -> None:
    # RULINGS 2.1 california-jack: "Deal: 3 cards each (A10). The stock is face up; after each
    # trick the winner draws first, then the loser." Option hand_size=6.
    used = "AS 2C 3C KH 4D 5D"
    stock = rest_of_pack(used, "QS 7D 9H")
    state = load("california-jack").deal_state(
        ["AS 2C 3C", "KH 4D 5D"], dealer=1, turn_up="2S", stock=stock
    )
    seen = obs(state, 1)
    assert seen["trump"] == "S" and seen["hand_sizes"] == [3, 3]
    assert seen["stock_top"] == "QS" and seen["stock_size"] == 46
    play(state, "2C 4D")  # seat 0 leads and wins; seat 1 cannot follow clubs
    seen = obs(state, 1)
    assert seen["stock_drawn"] == [["QS"], ["7D"]]  # everyone sees both draws
    assert seen["stock_top"] == "9H" and seen["stock_size"] == 44
    assert "QS" in obs(state, 0)["hand"] and "7D" in seen["hand"]
    assert state.current_player() == 0  # the winner leads again
    six = load("california-jack", hand_size=6)
    state = six.deal_state(["AS 2C 3C 4C 5C 6C", "KH 4D 5D 6D 7D 8D"], dealer=1, turn_up="2S")
    assert obs(state)["hand_sizes"] == [6, 6]


def test_california_jack_must_follow_suit_and_may_not_trump_instead() -> None:
    # RULINGS 2.1 california-jack: "Must follow suit if able; else anything."
    used = "2C 9D QS 3C 5C 4S"
    state = load("california-jack").deal_state(
        ["2C 9D QS", "3C 5C 4S"], dealer=1, turn_up="AS", stock=rest_of_pack(used, "5H 6H 7H")
    )
    play(state, "2C")
    assert legal(state) == {"3C", "5C"}  # holds clubs: no trumping with the 4♠
    play(state, "3C")  # seat 1 wins, takes the 5♥; seat 0 takes the 6♥
    assert state.current_player() == 1
    play(state, "5C")
    assert legal(state) == {"9D", "QS", "6H"}  # no club left: anything, the trump too


def test_california_jack_low_goes_to_whoever_wins_it() -> None:
    # RULINGS 2.1 california-jack: "Low to whoever wins the lowest trump in a trick"; every
    # card is played (the whole pack), so the 2 of trumps is Low.
    used = "3H 4C 5C 2H 6C 7C"
    state = load("california-jack").deal_state(
        ["3H 4C 5C", "2H 6C 7C"], dealer=1, turn_up="AH", stock=rest_of_pack(used)
    )
    play(state, "3H 2H")  # seat 1 must follow with its trump; seat 0 takes it
    play_to_last_card(state)
    tricks = obs(state)["tricks"]
    assert len(tricks) == 25 and obs(state)["stock_size"] == 0  # play until the pack is gone
    result = play_out_hand(state)
    assert result["low"] == {"card": "2H", "side": 0}
    held_ace = next(
        s for t in tricks for s, c in zip(t["seats"], t["cards"], strict=True) if c == "AH"
    )
    assert result["high"] == {"card": "AH", "side": held_ace}


def test_california_jack_game_tie_scores_nothing() -> None:
    # RULINGS 2.1 california-jack: "Game (nobody on a tie)". Search seeded games for a hand
    # whose card points tie 40-40.
    game = load("california-jack", target=121)
    for seed in range(400):
        state = game.new_initial_state(seed=seed)
        result = play_out_hand(state)
        if result["card_points"] == [40, 40]:
            assert result["game"] is None
            assert sum(p for _, p in points(result)) == 3
            return
    raise AssertionError("no seeded hand tied for Game")


# ---------------------------------------------------------------- shasta sam


def test_shasta_sam_draws_are_seen_only_by_the_drawer() -> None:
    # RULINGS 2.1 shasta-sam: "California Jack with the stock face down."
    used = "AS 2C 3C KH 4D 5D"
    state = load("shasta-sam").deal_state(
        ["AS 2C 3C", "KH 4D 5D"], dealer=1, turn_up="2S", stock=rest_of_pack(used, "QS 7D 9H")
    )
    assert obs(state, 1)["stock_top"] is None and obs(state, 1)["stock_size"] == 46
    play(state, "2C 4D")
    winner, loser = obs(state, 0), obs(state, 1)
    assert winner["my_drawn"] == ["QS"] and "QS" in winner["hand"]
    assert loser["my_drawn"] == ["7D"] and "7D" in loser["hand"]
    assert '"7D"' not in json.dumps(winner) and '"QS"' not in json.dumps(loser)
    spectator = json.dumps(obs(state, None))
    assert '"QS"' not in spectator and '"7D"' not in spectator and '"9H"' not in spectator
    assert winner["stock_drawn"] is None and winner["stock_size"] == 44
    assert winner["hand_sizes"] == [3, 3]


def test_shasta_sam_follows_suit_and_plays_out_the_pack() -> None:
    # RULINGS 2.1 shasta-sam: as California Jack — follow suit if able, play until the cards
    # are exhausted, Low to its captor.
    used = "3H 4C 5C 2H 6C 7C"
    state = load("shasta-sam").deal_state(
        ["3H 4C 5C", "2H 6C 7C"], dealer=1, turn_up="AH", stock=rest_of_pack(used)
    )
    play(state, "4C")
    assert legal(state) == {"6C", "7C"}
    play(state, "6C 2H")  # seat 1 won the club, leads its trump
    assert legal(state) == {"3H"}
    play(state, "3H")
    play_to_last_card(state)
    assert len(obs(state)["tricks"]) == 25 and obs(state)["stock_size"] == 0
    result = play_out_hand(state)
    assert result["low"] == {"card": "2H", "side": 0}


# ---------------------------------------------------------------- every preset

PRESET_TARGETS = [
    ("pitch", 2, 7),
    ("yorkshire", 4, 11),
    ("lancashire", 4, 11),
    ("auction-pitch-commercial", 2, 7),
    ("auction-pitch", 3, 7),
    ("all-fives", 2, 61),
    ("california-jack", 2, 10),
    ("shasta-sam", 2, 10),
]


@pytest.mark.parametrize(("variant", "players", "target"), PRESET_TARGETS)
def test_game_ends_when_a_side_first_reaches_the_target(
    variant: str, players: int, target: int
) -> None:
    # RULINGS 2.1: "End: target=…" per preset (Yorkshire 11, All Fives 61, California Jack
    # 10, the others 7); RULINGS 2.0 "a side wins the moment it reaches the target".
    game = load(variant, players=players)
    rng = random.Random(variant)
    for seed in range(3):
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            moves = state.legal_actions()
            passes = [a for a in moves if state.action_to_string(a) == "pass"]
            state.apply_action(passes[0] if passes else rng.choice(moves))  # no rash bids
        seen = obs(state)
        winner = game.rules.side_of(seen["winner"][0])
        final = seen["side_scores"]
        before_last = [
            final[s] - seen["deal_scores"][-1][seen["sides"][s][0]] for s in range(len(final))
        ]
        assert final[winner] >= target
        assert max(before_last) < target


BAD_TABLES = [
    ("pitch", 1),
    ("pitch", 9),
    ("yorkshire", 3),  # three or five would play alone: Yorkshire is a partnership game
    ("yorkshire", 5),
    ("yorkshire", 7),
    ("lancashire", 2),
    ("lancashire", 6),
    ("all-nours", 2),
    ("all-nours", 6),
    ("auction-pitch-commercial", 9),
    ("auction-pitch", 9),
    ("all-fives", 4),
    ("california-jack", 3),
    ("shasta-sam", 4),
]


@pytest.mark.parametrize(("variant", "players"), BAD_TABLES)
def test_presets_refuse_tables_they_do_not_allow(variant: str, players: int) -> None:
    # RULINGS 2.1 "Players:" of each preset (pitch 2+, yorkshire 4 with options 2 and 6,
    # lancashire and all-nours 4, all-fives 2–3, california-jack and shasta-sam 2).
    with pytest.raises(hoyle.InvalidOptionError, match=r"player|teams"):
        load(variant, players=players)


def test_pitch_teams_must_seat_equal_sides() -> None:
    # RULINGS 2.1 pitch: "alone or in equal teams seated alternately".
    with pytest.raises(hoyle.InvalidOptionError, match="teams"):
        load("pitch", players=5, teams=2)


# ---------------------------------------------------------------- deal_limit


def test_deal_limit_ends_the_match_on_the_totals_and_a_level_top_shares() -> None:
    # Option deal_limit (this project's cap, default 200 hands; hand_limit its old name): a
    # match still going after that many hands ends, the higher total winning. Seat 0 takes
    # High, Low and Game: 3 to 0.
    def first_hand(**options: Any) -> AllFoursState:
        state = load("pitch", **options).deal_state(
            ["AH 2H 3C 4C 5C 6C", "KH 7D 8D 9D TD QD"], dealer=1
        )
        play(state, "AH")
        play_out_hand(state)
        return state

    assert not first_hand().is_terminal()  # game to 7: the match goes on
    for name in ("deal_limit", "hand_limit"):
        capped = first_hand(**{name: 1})
        assert capped.is_terminal() and capped.scores() == [3.0, 0.0]
        assert capped.returns() == [1.0, 0.0]
        assert obs(capped)["winner"] == [0]
    # Sides level at the top when the cap comes share the win (1 point each here).
    level = load("pitch", deal_limit=1).deal_state(
        ["AH 2C 3C 4D 5D 6S", "7H KC JC 8D 9S 2S"], dealer=1
    )
    play(level, "AH 7H  2C KC  JC 3C  8D 4D  9S 6S  2S 5D")
    assert level.is_terminal() and level.scores() == [1.0, 1.0]
    assert level.returns() == [0.5, 0.5] and obs(level)["winner"] == [0, 1]
    with pytest.raises(hoyle.InvalidOptionError, match="deal_limit"):
        load("pitch", deals=20, deal_limit=10)
    with pytest.raises(hoyle.InvalidOptionError):
        load("pitch", hands=20, hand_limit=10)  # the old names still read


def test_random_auction_pitch_bidders_finish_by_the_deal_limit() -> None:
    # Random bidders at Auction Pitch are set back again and again and may never reach the
    # target (scores run far below 0); deal_limit stops every match by its 200th hand.
    for seed in range(3):
        rng = random.Random(seed)
        state = load("auction-pitch", players=4).new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        assert len(obs(state)["results"]) <= 200
        assert sum(state.returns()) == pytest.approx(1.0)
