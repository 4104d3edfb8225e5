"""All Fours' facts at a glance (``state.facts(seat)``, docs/contract.md §4): trumps and the
card that made them, the beg and its answer, the bid and the sale, partners, kicks, the card
points toward Game and what wins the match — each worded for its reader.

Cards are tokens such as ``AH`` (ace of hearts) and ``TC`` (ten of clubs).
"""

from __future__ import annotations

from typing import Any

import hoyle
from helpers import play
from hoyle.games.all_fours import AllFoursGame

# Two players, dealer seat 1, eldest seat 0 (as in test_all_fours_contract): the run deals
# Q♣ K♣ A♣ to eldest, Q♦ K♦ A♦ to the dealer and turns up the 2♠, a new suit.
ELDEST, DEALER = "AH 2C 3D 4S 5C 6D", "KH 7C 8D 9S TC JD"
RUN_STOCK = "QC KC AC QD KD AD 2S"


def load(variant: str = "seven-up", **options: Any) -> AllFoursGame:
    game = hoyle.load("all-fours", variant=variant, **options)
    assert isinstance(game, AllFoursGame)
    return game


def told(state: hoyle.State, seat: int | None, names: list[str] | None = None) -> dict[str, Any]:
    """The reader's facts by kind: kind → (text, cards)."""
    return {f["kind"]: (f["text"], f["cards"]) for f in state.facts(seat, names)}


def test_the_turn_up_makes_trumps_and_eldest_stands_or_begs() -> None:
    # RULINGS 2.1 seven-up: the card turned up after the deal is trumps; eldest stands or
    # begs, and the dealer answers a beg by giving a point or running the cards.
    state = load().deal_state([ELDEST, DEALER], dealer=1, turn_up="9H", stock=RUN_STOCK)
    assert told(state, 0)["trumps"] == ("hearts, turned up", ["9H"])
    assert told(state, 0)["contract"] == ("waiting for you to stand or beg", [])
    assert told(state, 1)["contract"][0] == "waiting for Seat 0 to stand or beg"
    assert told(state, 1, ["Ann", "Bob"])["contract"][0] == "waiting for Ann to stand or beg"
    play(state, "beg")
    assert told(state, 0)["contract"][0] == "You begged; Seat 1 to give 1 point or run the cards"
    play(state, "run")  # the 2♠: a new suit
    assert told(state, 1)["trumps"] == ("spades, turned up", ["2S"])
    assert told(state, 1)["contract"][0] == "Seat 0 begged; you ran the cards"
    assert told(state, None)["game"][0] == "first to 7 points"


def test_eldest_stood_and_the_card_points_toward_game() -> None:
    # Game goes to the side with the most card points (ten 10, ace 4, king 3, queen 2, jack 1).
    state = load().deal_state([ELDEST, DEALER], dealer=1, turn_up="9H")
    play(state, "stand")
    assert told(state, 1)["contract"][0] == "Seat 0 stood"
    assert "game_points" not in told(state, 1)
    play(state, "AH KH")  # eldest's ace takes the dealer's king: 4 + 3
    assert told(state, 1)["game_points"][0] == "Seat 0 7, you 0"


def test_a_jack_turned_up_is_a_kick_for_the_dealer() -> None:
    # RULINGS 2.1 seven-up: a jack turned up scores 1 for the dealer at once.
    state = load().deal_state([ELDEST, DEALER], dealer=1, turn_up="JH")
    assert told(state, 0)["kicks"] == ("J♥ 1 to Seat 1", ["JH"])


def test_the_pitch_sold_and_the_card_pitched() -> None:
    # RULINGS 2.1 auction-pitch-commercial: the others bid once each; eldest sells (scoring
    # the bid) or keeps the pitch; the first card led makes trumps.
    state = load("auction-pitch-commercial").deal_state(
        ["2H 2C 3C 4C 5C 6C", "AH KH JH TH 7C 8C"], dealer=1
    )
    assert told(state, 0)["contract"][0] == "none yet"
    assert told(state, 0)["trumps"][0] == "the pitch will make them"
    play(state, "bid_2")
    assert told(state, 0)["contract"][0] == (
        "Seat 1 bid 2; waiting for you to sell the pitch or keep it"
    )
    play(state, "sell")
    assert told(state, 0)["contract"][0] == "You sold the pitch for 2: Seat 1 must make 2"
    assert told(state, 1)["trumps"][0] == "Your first lead will make them"
    play(state, "AH")
    assert told(state, 0)["trumps"] == ("hearts, pitched by Seat 1", ["AH"])


def test_partners_from_the_readers_side() -> None:
    # Trinidad: four players, partners sitting opposite.
    state = load("trinidad").deal_state(
        ["AH 2C 3D 4S 5C 6D", "KH 7C 8D 9S TC JD", "QH 2D 3S 4C 5D 6S", "TH 7D 8S 9C TS JC"],
        dealer=0,
        turn_up="9H",
    )
    assert told(state, 1)["partners"][0] == "You and Seat 3 against Seat 0 and Seat 2"
    assert told(state, None)["partners"][0] == "Seat 0 and Seat 2 against Seat 1 and Seat 3"
    assert told(state, 1)["game"][0] == "first to 14 points"
