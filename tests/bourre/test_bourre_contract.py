"""Bourré under the family contract (docs/contract.md, issue 18): each deal's result says who
took the pot and with how many tricks, who went bourré and owes what, the antes (and who
skipped them); a session returns net chips; the log keeps hands, discards and draws private
and a sealed declaration hidden until all are made (pagat 'Bourré', after Nickens 1972;
RULINGS 4.1 bourre)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import hoyle
from helpers import play
from hoyle.core.errors import InvalidPositionError
from hoyle.games.bourre import BourreGame, BourreState

PACK = [f"{r}{s}" for s in "CDHS" for r in "23456789TJQKA"]
# Three players, seat 2 deals: seat 0 is first to act. The dealer's last card, 4S, is turned.
HANDS = ["AH KH 2C 3D 4H", "QH 5C 6C 7D 8D", "9C TC JC 3S 4S"]


def deal(hands: list[str], dealer: int, **options: Any) -> BourreState:
    turn_up = str(options.pop("turn_up", ""))
    game = hoyle.load("bourre", players=len(hands), **options)
    assert isinstance(game, BourreGame)
    used = set(" ".join(hands).split()) | {turn_up}
    stock = " ".join(c for c in PACK if c not in used)
    return game.deal_state(hands, dealer=dealer, turn_up=turn_up, stock=stock)


def lines(state: BourreState, deal: int = 0) -> list[str]:
    return list(state.observation(None)["results"][deal]["lines"])


def texts(state: BourreState, seat: int | None) -> list[str]:
    return [entry["text"] for entry in state.log(seat)]


def test_the_pot_the_bourre_and_the_next_antes() -> None:
    # Seat 0 holds the trumps: all five tricks; seat 1 plays and takes none, so is bourré,
    # owes the pot's size and skips the next ante.
    state = deal(["AS KS QS JS TS", "2H 3H 4H 5H 6H", "7H 8H 9H TH 4S"], dealer=2, deals=2)
    play(state, "play draw play draw pass")
    play(state, "AS 2H KS 3H QS 4H JS 5H TS 6H")
    assert lines(state) == [
        "Antes: 3 chips",
        "Pot: Seat 0 takes 3 chips with 5 tricks",
        "Bourré: Seat 1 takes no trick and owes 3 chips to the next pot",
    ]
    obs = state.observation(None)
    assert obs["deal_scores"] == [[2, -1, -1]]
    assert obs["scores"] == [2 - 1, -1 - 3, -1 - 1]  # deal 2's antes and debt are paid
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    said = lines(state, 1)
    assert said[:2] == [
        "Antes: 2 chips, Seat 1 skipping (bourré or tied last deal)",
        "Seat 1 pays the 3 chips owed for going bourré",
    ]


def test_a_lone_player_a_tie_and_nobody_playing() -> None:
    state = deal(HANDS, dealer=2, pot_limit=2)
    play(state, "play draw pass pass")
    assert (
        lines(state)[-1]
        == "Pot: Seat 0 alone plays and takes 2 of the 3 chips (the limit) unplayed"
    )
    state = deal(["2C 3C 4C 5C 6C", "2D 3D 4D 5D 6D", "2H 3H 4H 5H 7H"], dealer=2)
    play(state, "pass pass pass")
    assert lines(state)[-1] == "Nobody plays: the pot of 3 chips stays for the next deal"


def test_a_tie_leaves_the_pot_and_says_so() -> None:
    game = hoyle.load("bourre", players=5, deals=2)
    rng = random.Random(4)
    for seed in range(200):
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal() and state.progress()[0] == 1:
            state.apply_action(rng.choice(state.legal_actions()))
        (tie,) = [
            i for i in state.observation(None)["results"][0]["items"] if i["kind"] in ("pot", "tie")
        ]
        if tie["kind"] == "tie" and tie["seats"]:
            said = [line for line in lines(state) if line.startswith("Tie: ")]
            assert said and f"with {tie['most']} tricks each" in said[0]
            # The tied players skip the next ante (and pay nothing owed: they took tricks).
            antes = state.observation(None)["results"]
            assert len(antes) == 1  # the second deal is under way: its antes are paid
            assert [
                state.scores()[s] - state.observation(None)["deal_scores"][0][s]
                for s in tie["seats"]
            ] == [0] * len(tie["seats"])
            return
    raise AssertionError("no tie in 200 deals")


def test_a_session_returns_net_chips_and_pays_its_debts() -> None:
    # Contract §2: chip games return net chips, deals=1 too. A bourré debt still owed when
    # the session ends is paid (to a pot nobody takes), in the last deal's result.
    state = deal(["AS KS QS JS TS", "2H 3H 4H 5H 6H", "7H 8H 9H TH 4S"], dealer=2, deals=1)
    assert state.game.info.returns_kind == "chips"
    play(state, "play draw play draw pass AS 2H KS 3H QS 4H JS 5H TS 6H")
    assert state.is_terminal()
    assert lines(state)[-1] == "End of the session: Seat 1 pays the 3 chips owed"
    assert state.returns() == [2.0, -4.0, -1.0]
    assert state.observation(None)["deal_scores"] == [[2, -4, -1]]


def test_the_log_keeps_hands_discards_and_draws_private() -> None:
    state = deal(HANDS, dealer=2)
    play(state, "play 2C 3D draw")
    mine, theirs, spectator = texts(state, 0), texts(state, 1), texts(state, None)
    assert "Your hand: 2♣ 3♦ 4♥ K♥ A♥." in mine
    assert not any("A♥" in t for t in theirs + spectator)
    assert "Seat 2's fifth card is turned: 4♠ — spades are trumps." in theirs
    assert "You discard 2 cards: 2♣ 3♦." in mine
    assert "Seat 0 discards 2 cards." in theirs and "Seat 0 discards 2 cards." in spectator
    assert "You draw 3♣ 4♣." in mine and "Seat 0 draws 2 cards." in theirs
    play(state, "play draw")
    assert texts(state, 0)[-2:] == ["Seat 1 plays.", "Seat 1 stands pat."]


def test_a_sealed_declaration_is_hidden_until_all_are_made() -> None:
    # pagat, Simultaneous Declaration: all decide unseen and reveal at once.
    state = deal(HANDS, dealer=2, simultaneous_declare=True)
    play(state, "pass play")
    assert texts(state, 0)[-2:] == ["You declare pass, sealed.", "Seat 1 declares, unseen."]
    assert texts(state, 2)[-2:] == ["Seat 0 declares, unseen.", "Seat 1 declares, unseen."]
    assert texts(state, None)[-1] == "Seat 1 declares, unseen."
    play(state, "play")
    assert texts(state, None)[-2:] == [
        "Seat 2 declares, unseen.",
        "All have declared: Seat 0 passes, Seat 1 plays, Seat 2 plays.",
    ]


def test_the_reshuffle_is_told() -> None:
    # Eight players discarding freely run the stock out: the collected cards are reshuffled.
    game = hoyle.load("bourre", players=8, deals=1)
    for seed in range(20):
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal() and state.phase != "play":
            legal = state.legal_actions()
            choice = (
                [a for a in legal if state.action_to_string(a) == "play"]
                or [a for a in legal if a < 52]
                or legal
            )
            state.apply_action(choice[0])
        if state.observation(None)["reshuffled"]:
            said = texts(state, None)
            assert (
                said.count("The stock is out: the discards and passed hands are reshuffled.") == 1
            )
            return
    raise AssertionError("no reshuffle in 20 deals")


def test_a_seeded_history_lists_its_chance_actions() -> None:
    game = hoyle.load("bourre", players=4)
    state = game.new_initial_state(seed=9)
    rng = random.Random(9)
    for _ in range(40):
        state.apply_action(rng.choice(state.legal_actions()))
    replay = game.new_initial_state()
    for action in state.history():
        replay.apply_action(action)
    assert [replay.observation(s) for s in (None, 0, 1, 2, 3)] == [
        state.observation(s) for s in (None, 0, 1, 2, 3)
    ]


def test_deal_state_refuses_a_position_the_rules_cannot_deal() -> None:
    with pytest.raises(InvalidPositionError, match="dealt twice"):
        deal(["AH KH 2C 3D 4H", "AH 5C 6C 7D 8D", "9C TC JC 3S 4S"], dealer=2)
    with pytest.raises(InvalidPositionError, match="each hand is 5 cards"):
        hoyle.load("bourre", players=2).deal_state(["AH KH", "2C 3C"])
