"""Bourré's facts at a glance (``state.facts(seat)``, docs/contract.md §4): trumps and the
turned card, the pot, who went bourré and matched it, who plays and who passed (a sealed
declaration only to its maker), the session — each worded for its reader (pagat 'Bourré',
after Nickens 1972)."""

from __future__ import annotations

from typing import Any

import hoyle
from helpers import play
from hoyle.games.bourre import BourreGame, BourreState

PACK = [f"{r}{s}" for s in "CDHS" for r in "23456789TJQKA"]


def deal(hands: list[str], dealer: int, **options: Any) -> BourreState:
    turn_up = str(options.pop("turn_up", ""))
    game = hoyle.load("bourre", players=len(hands), **options)
    assert isinstance(game, BourreGame)
    used = set(" ".join(hands).split()) | {turn_up}
    stock = " ".join(c for c in PACK if c not in used)
    return game.deal_state(hands, dealer=dealer, turn_up=turn_up, stock=stock)


def told(state: hoyle.State, seat: int | None, names: list[str] | None = None) -> dict[str, Any]:
    """The reader's facts by kind: kind → (text, cards)."""
    return {f["kind"]: (f["text"], f["cards"]) for f in state.facts(seat, names)}


# Three players, seat 2 deals; seat 0 holds the five top trumps, seat 1 no trump at all.
TRUMPS = ["AS KS QS JS TS", "2H 3H 4H 5H 6H", "7H 8H 9H TH 4S"]


def test_the_dealers_last_card_is_trumps_and_everyone_antes_to_the_pot() -> None:
    # The dealer's fifth card is dealt face up: its suit is trumps; each antes one chip.
    state = deal(TRUMPS, dealer=2, deals=2)
    assert told(state, 0)["trumps"] == ("spades, Seat 2's fifth card turned up", ["4S"])
    assert told(state, 2)["trumps"][0] == "spades, your fifth card turned up"
    assert told(state, 0)["pot"] == ("3 chips", [])
    assert told(state, 0)["game"][0] == "deal 1 of 2"
    assert "playing" not in told(state, 0)  # nobody has said yet
    play(state, "play draw pass")
    assert told(state, 1)["playing"][0] == "Seat 0 plays; you passed"
    assert told(state, None, ["Ann", "Bob", "Cy"])["playing"][0] == "Ann plays; Bob passed"


def test_who_went_bourre_matched_the_pot_into_the_next() -> None:
    # A player who plays and takes no trick is bourré: matches the pot into the next deal.
    state = deal(TRUMPS, dealer=2, deals=2)
    play(state, "play draw play draw pass")
    play(state, "AS 2H KS 3H QS 4H JS 5H TS 6H")
    assert state.observation(None)["deal"] == 2
    facts = told(state, 0)
    assert facts["bourre"][0] == "Seat 1 matched 3 chips into this pot"
    assert facts["pot"][0] == "5 chips"  # two antes (the bourré player skips) and the 3 owed
    assert told(state, 1)["bourre"][0] == "You matched 3 chips into this pot"


def test_a_pot_limit_is_told_with_the_pot() -> None:
    state = deal(TRUMPS, dealer=2, pot_limit=2)
    assert told(state, 0)["pot"][0] == "3 chips; a winner takes at most 2 chips"


def test_a_sealed_declaration_is_told_only_to_its_maker() -> None:
    # Simultaneous declaration: each decides unseen, all shown at once.
    state = deal(TRUMPS, dealer=2, double_ante=True, two_rounds=True, simultaneous_declare=True)
    play(state, "play")
    assert told(state, 0)["playing"][0] == "You play, sealed until all have declared"
    assert told(state, 1)["playing"][0] == "sealed until all have declared"
    assert told(state, None)["playing"][0] == "sealed until all have declared"


def test_a_separate_trump_card_belongs_to_no_one() -> None:
    hands = ["AS KS QS JS", "2H 3H 4H 5H", "7H 8H 9H TH"]
    state = deal(hands, dealer=2, four_card=True, turn_up="4S")
    assert told(state, 0)["trumps"] == ("spades, an extra card turned, no one's", ["4S"])
