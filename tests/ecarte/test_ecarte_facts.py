"""Écarté's facts at a glance (``state.facts(seat)``, docs/contract.md §4): trumps and the
turn-up, the king turned or marked, who is vulnerable (law 49), the cards taken (law 27), a
double or the point offered, the game's points, the pool — each worded for its reader."""

from __future__ import annotations

from typing import Any

import hoyle
from helpers import play
from hoyle.games.ecarte import EcarteGame, EcarteState

ORDER_TEXT = (
    "7C 8C TC JC QC AC 7D 9D TD JD QD KD AD 9S TS JS QS KS AS 7H JH 9C 8D 7S 8S 9H TH AH KH QH KC"
)
ORDER = ORDER_TEXT.split()

# Hearts are trumps (8H turned); seat 1 deals, seat 0 is elder and holds the king of trumps.
POINT = ("KH QH JH 7S 8S", "AH TH 9S TS JS")


def deal(hands: tuple[str, str], turn_up: str = "8H", **options: Any) -> EcarteState:
    game = hoyle.load("ecarte", **options)
    assert isinstance(game, EcarteGame)
    used = set(" ".join([*hands, turn_up]).split())
    stock = " ".join(c for c in ORDER if c not in used)
    return game.deal_state(list(hands), dealer=1, turn_up=turn_up, stock=stock)


def told(state: hoyle.State, seat: int | None, names: list[str] | None = None) -> dict[str, Any]:
    """The reader's facts by kind: kind → (text, cards)."""
    return {f["kind"]: (f["text"], f["cards"]) for f in state.facts(seat, names)}


def test_trumps_with_the_turn_up_and_the_games_points() -> None:
    state = deal(POINT)
    assert told(state, 0)["trumps"] == ("hearts", ["8H"])
    assert told(state, 0)["game"][0] == "You 0, Seat 1 0; 5 points win"  # law 46: five points
    assert told(state, None, ["Ann", "Bob"])["game"][0] == "Ann 0, Bob 0; 5 points win"
    assert told(state, 0)["stock"][0] == "21 cards"  # the exchange may begin
    assert "king" not in told(state, 0) and "vulnerable" not in told(state, 0)


def test_a_king_turned_up_scores_for_the_dealer() -> None:
    # Law 22: a king turned up scores 1 for the dealer.
    state = deal(("AH TH 9S TS JS", "7D QH JH 7S 8S"), turn_up="KH")
    assert told(state, 0)["king"] == ("turned up: 1 to Seat 1", ["KH"])


def test_elder_who_plays_without_proposing_is_vulnerable_and_marks_the_king() -> None:
    # Law 49: elder who plays without proposing loses 2 for the point; laws 23-24: the king
    # of trumps announced before the holder's first card scores 1.
    state = deal(POINT)
    play(state, "play mark_king")
    assert told(state, 1)["vulnerable"][0] == (
        "Seat 0 played without proposing: if Seat 0 loses the point, you score 2"
    )
    assert told(state, 0)["vulnerable"][0] == (
        "You played without proposing: if you lose the point, Seat 1 scores 2"
    )
    assert told(state, 1)["king"][0] == "marked by Seat 0: 1 point"
    assert "stock" not in told(state, 1)  # the play has begun


def test_the_dealer_who_refuses_the_first_proposal_is_vulnerable() -> None:
    state = deal(POINT)
    play(state, "propose_1 refuse")
    assert told(state, 0)["vulnerable"][0] == (
        "Seat 1 refused the first proposal: if Seat 1 loses the point, you score 2"
    )


def test_the_cards_each_player_took_are_public() -> None:
    # Law 27: how many cards each player takes is told to the other.
    state = deal(POINT)
    play(state, "propose_1 accept 8S JS draw")
    assert told(state, 1)["exchange"][0] == "Seat 0 1, you 1"


def test_a_double_and_the_point_offered() -> None:
    state = deal(POINT, doubling=True, offer_point=True)
    play(state, "play double")
    assert told(state, 0)["double"][0] == "You offer to double: the hand would count ×2"
    play(state, "accept")
    assert told(state, 0)["multiplier"][0] == "the hand counts ×2"
    state = deal(POINT, offer_point=True)
    play(state, "propose_1 refuse offer_point")
    assert told(state, 1)["offer"][0] == "Seat 0 offers it to you"
    play(state, "refuse")
    assert told(state, 1)["offer"][0] == (
        "Seat 0 offered it; you refused and must take all five tricks"
    )


def test_the_pool_and_who_waits() -> None:
    # Pool (Cavendish): three players, the loser gives up the seat; two games running win.
    state = hoyle.load("ecarte(variant=pool)").new_initial_state(seed=1)
    table = state.observation(None)
    (a, b), (waiting,) = table["pair"], table["waiting"]
    facts = told(state, waiting)
    assert facts["pair"][0] == f"Seat {a} against Seat {b}; you wait"
    assert told(state, None)["pair"][0] == f"Seat {a} against Seat {b}; Seat {waiting} waits"
    assert facts["pool"][0] == "3 staked, to the first to win 2 games running"
