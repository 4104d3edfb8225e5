"""Hearts' facts at a glance (``state.facts(seat)``, docs/contract.md §4): the pass, hearts
broken, the points taken, partners, the widow, the auction's penalty suit and how the match ends
— each worded for its reader, from what that reader may know."""

from __future__ import annotations

from typing import Any

import hoyle
from deals import MIXED, VOID_IN_CLUBS
from helpers import play
from hoyle.games.hearts import HeartsState


def start(spec: str, hands: list[str] | None = None, seed: int = 1) -> HeartsState:
    game = hoyle.load(spec)
    state = game.deal_state(hands) if hands is not None else game.new_initial_state(seed=seed)
    assert isinstance(state, HeartsState)
    return state


def told(state: HeartsState, seat: int | None, names: list[str] | None = None) -> dict[str, Any]:
    """The reader's facts by kind: kind → (text, cards)."""
    return {f["kind"]: (f["text"], f["cards"]) for f in state.facts(seat, names)}


def test_the_first_deal_passes_three_to_the_left_and_says_when_yours_are_passed() -> None:
    # The standard cycle (left, right, across, hold) passes to the left in the first deal;
    # a seat reads whom its cards go to, a spectator only the direction.
    state = start("hearts", MIXED)
    assert told(state, 0)["pass"] == ("3 cards to the left, to Seat 1", [])
    assert told(state, 3)["pass"] == ("3 cards to the left, to Seat 0", [])  # round the table
    assert told(state, None)["pass"] == ("3 cards to the left", [])
    names = ["Ann", "Bob", "Cy", "Di"]
    assert told(state, 0, names)["pass"] == ("3 cards to the left, to Bob", [])
    play(state, "2C 5C 9C")  # seat 0 passes
    assert told(state, 0)["pass"][0] == "3 cards to the left, to Seat 1: passed"
    assert told(state, 1)["pass"][0] == "3 cards to the left, to Seat 2"
    play(state, "3C 6C TC 4C 7C JC 8C QC 6D")  # the others: the cards change hands, play begins
    assert "pass" not in told(state, 0)


def test_a_cycle_that_skips_a_deal_says_so_until_the_first_trick_is_over() -> None:
    state = start("hearts(pass_cycle=hold+left)", MIXED)
    assert told(state, 0)["pass"] == ("no pass this deal", [])
    play(state, "2C 3C 4C 8C")
    assert "pass" not in told(state, 0)
    # A game that never passes never speaks of it.
    assert "pass" not in told(start("hearts(variant=modern)", MIXED), 0)


def test_hearts_broken_and_the_points_taken_as_everyone_counts_them() -> None:
    # must_break_hearts: no heart may be led until one has been played. Seat 1 leads the 2♣,
    # seat 2 and seat 0 (void) throw a spade and the 2♥; seat 3's 3♣ takes the trick, 1 point.
    state = start("hearts(pass_cycle=hold,no_points_first_trick=false)", VOID_IN_CLUBS)
    assert told(state, 0)["hearts_broken"] == ("not broken: none may be led", [])
    assert "points" not in told(state, 0)  # nothing taken yet
    play(state, "2C 8S 3C 2H")
    assert told(state, 0)["hearts_broken"] == ("broken", [])
    assert told(state, 0)["points"] == ("Seat 3 1", [])
    assert told(state, 3)["points"] == ("You 1", [])
    # Where hearts may be led at any time, their breaking is no fact.
    assert "hearts_broken" not in told(start("hearts(variant=modern)", MIXED), 0)


def test_partners_are_named_from_the_readers_side() -> None:
    # partnership: partners sit opposite, seats 0 and 2 against 1 and 3.
    state = start("hearts(variant=partnership)", MIXED)
    assert told(state, 0)["partners"][0] == "You and Seat 2 against Seat 1 and Seat 3"
    assert told(state, 1)["partners"][0] == "You and Seat 3 against Seat 0 and Seat 2"
    assert told(state, None)["partners"][0] == "Seat 0 and Seat 2 against Seat 1 and Seat 3"
    assert "partners" not in told(start("hearts", MIXED), 0)


def test_the_widow_goes_to_the_first_tricks_winner_who_alone_sees_it() -> None:
    # Heartsette: the cards left over lie face down for the winner of the first trick.
    state = start("hearts(variant=heartsette)")
    assert told(state, 0)["widow"] == ("3 cards face down, for the first trick's winner", [])
    for _ in range(4):
        state.apply_action(state.legal_actions()[0])
    taker = state.observation(None)["widow_taker"]
    other = (taker + 1) % 4
    text, cards = told(state, taker)["widow"]
    assert text == "taken by you" and len(cards) == 3
    assert cards == state.observation(taker)["widow"]
    assert told(state, other)["widow"] == (f"taken by Seat {taker}, unseen", [])


def test_the_auction_names_the_penalty_suit_and_its_price() -> None:
    # The auction: one round of bids; the winner pays the bid to the table and names the suit.
    state = start("hearts(variant=auction)")
    assert told(state, 1)["bids"] == ("none yet", [])
    play(state, "bid_2 no_bid")
    assert told(state, 1)["bids"] == ("Seat 0 2 chips, the highest", [])
    play(state, "no_bid no_bid name_spades")
    assert told(state, 1)["penalty_suit"] == ("spades, named by Seat 0 for 2 chips", [])
    assert told(state, 0)["penalty_suit"] == ("spades, named by you for 2 chips", [])
    assert told(state, 1)["table"] == ("2 chips on the table", [])
    assert told(state, 1)["game"] == ("ends when a player has no chips left", [])


def test_how_the_match_ends() -> None:
    assert told(start("hearts", MIXED), 0)["game"][0] == (
        "ends when anyone reaches 100 points; the lowest total wins"
    )
    assert told(start("hearts(deals=1)", MIXED), 0)["game"][0] == "one deal"
    assert told(start("hearts(deals=4)", MIXED), 0)["game"][0] == "deal 1 of 4"
