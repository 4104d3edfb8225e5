"""The names RULINGS 2.1 gives some options, and the Yorkshire league options: `no_trumping_in`
(Honley), `all_four_bonus`, the two-player game to 9, and All Fives' `base=turn_up`.

Cards are tokens such as ``AH`` (ace of hearts) and ``TC`` (ten of clubs).
"""

from __future__ import annotations

from typing import Any

import pytest
from all_fours_summary import summary

import hoyle
from helpers import play
from hoyle.games.all_fours import AllFoursGame, AllFoursRules, AllFoursState
from hoyle.games.all_fours.rules import Trump


def load(variant: str, **options: Any) -> AllFoursGame:
    game = hoyle.load("all-fours", variant=variant, **options)
    assert isinstance(game, AllFoursGame)
    return game


def legal(state: AllFoursState) -> set[str]:
    return {state.action_to_string(a) for a in state.legal_actions()}


def hand_result(state: AllFoursState) -> dict[str, Any]:
    """The last hand's result, as a summary of its items (see all_fours_summary)."""
    view = state.observation(None)
    return summary(view["results"][-1], view["sides"])


# Two players, seat 0 dealing, seat 1 eldest: it pitches the A♥ and holds every trump in play,
# so it takes High, Low (dealt to it), Jack and Game (all the card points).
SWEEP = ["3S 4S 5S 6S 7S 8S", "AH 2H JH KH QH TH"]


def sweep_hand(**options: Any) -> dict[str, Any]:
    state = load("yorkshire", players=2, **options).deal_state(SWEEP, dealer=0)
    play(state, "AH 3S KH 4S QH 5S TH 6S JH 7S 2H 8S")
    return hand_result(state)


def test_all_four_bonus_counts_after_game() -> None:
    # RULINGS 2.1 yorkshire: "Options `no_trumping_in` (Honley), `all_four_bonus`": a side that
    # scores High, Low, Jack and Game in one hand gains the bonus, counted after Game.
    plain = sweep_hand()
    assert plain["points"] == [[1, 1], [1, 1], [1, 1], [1, 1]]
    assert plain["all_four"] is None
    bonus = sweep_hand(all_four_bonus=2)
    assert bonus["points"] == [[1, 1], [1, 1], [1, 1], [1, 1], [1, 2]]
    assert bonus["all_four"] == 1


def test_no_all_four_bonus_without_all_four() -> None:
    # The bonus needs all four points: here seat 0 holds the 2♥, so Low goes to the side
    # dealt it (RULINGS 2.1 yorkshire) and seat 1 scores three.
    hands = ["2H 4S 5S 6S 7S 8S", "AH 3H JH KH QH TH"]
    state = load("yorkshire", players=2, all_four_bonus=2).deal_state(hands, dealer=0)
    play(state, "AH 2H KH 4S QH 5S TH 6S JH 7S 3H 8S")
    result = hand_result(state)
    assert result["all_four"] is None
    assert sorted(map(tuple, result["points"])) == [(0, 1), (1, 1), (1, 1), (1, 1)]


def test_no_trumping_in_is_the_negation_of_trump_when_able() -> None:
    # RULINGS 2.1 yorkshire: "Options `no_trumping_in` (Honley)": a player able to follow a
    # plain suit may not trump instead.
    assert load("yorkshire", no_trumping_in=True).rules.trump_when_able is False
    assert load("yorkshire", no_trumping_in="false").rules.trump_when_able is True
    assert load("yorkshire", no_trumping_in=True) == load("yorkshire", trump_when_able=False)
    hands = [
        "2H 3C 4D 5S 6S 7S",
        "9H TH 8C 8D 2S 3S",
        "2C 4C 6D 7D 8S 9S",
        "QH 5C 7C 9C 2D 3D",
    ]
    for rule, expected in ((False, {"8C", "TH"}), (True, {"8C"})):
        state = load("yorkshire", no_trumping_in=rule).deal_state(hands, dealer=3)
        play(state, "2H 9H 2C QH 5C")  # seat 3 wins the trump lead and leads a club
        play(state, "3C")
        assert legal(state) == expected  # seat 1: the club, or also the trump


def test_an_option_and_its_negation_must_agree() -> None:
    with pytest.raises(hoyle.InvalidOptionError, match="given twice"):
        hoyle.load("all-fours(variant=yorkshire,no_trumping_in=true,trump_when_able=true)")
    # Saying the same thing twice is not an error.
    game = hoyle.load("all-fours(variant=yorkshire,no_trumping_in=true,trump_when_able=false)")
    assert game.rules.trump_when_able is False


def test_two_player_yorkshire_plays_to_nine() -> None:
    # RULINGS 2.1 yorkshire: "Options: 2 players (`target=9`)". The table size sets it unless
    # the players give a target.
    assert load("yorkshire").rules.target == 11
    assert load("yorkshire", players=2).rules.target == 9
    assert load("yorkshire", players=6).rules.target == 11
    assert load("yorkshire", players=2, target=11).rules.target == 11
    assert load("yorkshire", players=2).spec == "all-fours(variant=yorkshire,players=2)"
    eleven = load("yorkshire", players=2, target=11)
    assert eleven.spec == "all-fours(variant=yorkshire,players=2,target=11)"
    assert hoyle.load(eleven.spec) == eleven


def test_all_fives_base_turn_up() -> None:
    # RULINGS 2.1 all-fives: "Option `base=turn_up`": the trump is turned up rather than
    # pitched. `base` is another name for the `trump` option.
    game = load("all-fives", base="turn_up")
    assert game.rules.trump is Trump.TURN_UP
    assert game == load("all-fives", trump="turn_up")
    state = game.deal_state(["2H 3H 4H 5H 6H 7H", "2S 3S 4S 5S 6S 7S"], dealer=0, turn_up="9C")
    assert state.observation(None)["trump"] == "C"
    pitched = load("all-fives").deal_state(["2H 3H 4H 5H 6H 7H", "2S 3S 4S 5S 6S 7S"], dealer=0)
    assert pitched.observation(None)["trump"] is None


def test_unknown_option_still_lists_the_options() -> None:
    with pytest.raises(hoyle.InvalidOptionError, match="unknown all-fours option 'bass'"):
        load("all-fives", bass="turn_up")
    assert AllFoursRules().all_four_bonus == 0
