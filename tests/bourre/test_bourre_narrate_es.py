"""Bourré's game log, facts and deal results in Spanish (``hoyle.i18n.using("es")``): each
English sentence has its Spanish one, the reader's own seat is spoken to as ``tú``, and a
hidden hand, discard or draw is no more told in Spanish than in English."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import hoyle
from helpers import play
from hoyle.games.bourre import BourreGame, BourreState
from hoyle.i18n import using

ENGLISH = re.compile(
    r"\b(the|and|takes?|trick|trumps|deals?|cards?|Seat|you|plays?|pass(es|ed)?|draws?|"
    r"discards?|chips?|pot|owes?|pays?|nobody|hand|stands?|leads)\b",
    re.IGNORECASE,
)
NAMES = ["Ana", "Beto", "Caro", "Dani", "Eva", "Fede", "Gabi"]
PACK = [f"{r}{s}" for s in "CDHS" for r in "23456789TJQKA"]
# Three players, seat 2 deals; seat 0 holds the five top trumps, seat 1 no trump at all.
TRUMPS = ["AS KS QS JS TS", "2H 3H 4H 5H 6H", "7H 8H 9H TH 4S"]


def deal(hands: list[str], dealer: int, **options: Any) -> BourreState:
    turn_up = str(options.pop("turn_up", ""))
    game = hoyle.load("bourre", players=len(hands), **options)
    assert isinstance(game, BourreGame)
    used = set(" ".join(hands).split()) | {turn_up}
    stock = " ".join(c for c in PACK if c not in used)
    return game.deal_state(hands, dealer=dealer, turn_up=turn_up, stock=stock)


def played(seed: int, **options: Any) -> hoyle.State:
    state = hoyle.load("bourre", **options).new_initial_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def spanish_log(state: hoyle.State, seat: int | None) -> list[str]:
    with using("es"):
        return [e["text"] for e in state.log(seat, NAMES[: state.game.num_players])]


SESSIONS = [
    {},
    {"players": 4, "pot_limit": 5, "separate_trump_card": True, "dealer_takes_trump": True},
    {"players": 3, "double_ante": True, "two_rounds": True, "simultaneous_declare": True},
    {"variant": "four-card", "players": 5},
]


@pytest.mark.parametrize("options", SESSIONS)
def test_every_sentence_of_a_played_session_is_said_in_spanish(options: dict[str, Any]) -> None:
    state = played(3, deals=3, **options)
    for seat in (0, 1, None):
        english = state.log(seat, NAMES[: state.game.num_players])
        spanish = spanish_log(state, seat)
        assert len(english) == len(spanish)
        for en, es in zip(english, spanish, strict=True):
            assert es != en["text"], en
            assert not ENGLISH.search(es), (en["text"], es)
    words = " ".join(spanish_log(state, 0))
    for word in ("baza", "triunfo", "fichas", "Bote"):
        assert word in words, word


def test_a_deal_in_spanish_for_the_player_and_the_others() -> None:
    state = deal(TRUMPS, dealer=2, deals=2)
    play(state, "play draw play draw pass")
    mine, theirs = spanish_log(state, 0), spanish_log(state, 1)
    assert "Tu mano: 10♠ J♠ Q♠ K♠ A♠." in mine
    assert not any("10♠ J♠" in line for line in theirs)  # a hand is its holder's alone
    assert "Se vuelve la quinta carta de Caro: 4♠ — picas son triunfo." in mine
    assert "Tú juegas." in mine and "Ana juega." in theirs
    assert "Tú te plantas sin descartar." in mine
    assert "Tú pasas." in spanish_log(state, 2) and "Caro pasa." in mine
    play(state, "AS 2H KS 3H QS 4H JS 5H TS 6H")
    mine = spanish_log(state, 0)
    assert "Tú sales con A♠." in mine and "Tú ganas la baza con A♠." in mine


def test_a_discard_and_a_draw_are_counted_to_the_others() -> None:
    state = deal(TRUMPS, dealer=2)
    play(state, "pass play 2H 3H draw")
    while state.is_chance_node():  # the two cards drawn
        state.apply_action(state.chance_outcomes()[0][0])
    beto, ana = spanish_log(state, 1), spanish_log(state, 0)
    assert "Tú descartas 2 cartas: 2♥ 3♥." in beto
    assert "Beto descarta 2 cartas." in ana
    assert any(re.fullmatch(r"Tú robas \S+ \S+\.", line) for line in beto)
    assert "Beto roba 2 cartas." in ana


def test_the_deal_results_in_spanish() -> None:
    state = deal(TRUMPS, dealer=2, deals=2)
    play(state, "play draw play draw pass")
    play(state, "AS 2H KS 3H QS 4H JS 5H TS 6H")
    (result,) = state._results()
    with using("es"):
        lines = result.to_json(1, NAMES[:3])["lines"]
        facts = {f["kind"]: (f["label"], f["text"]) for f in state.facts(1, NAMES[:3])}
    assert lines == [
        "Entradas: 3 fichas",
        "Bote: Ana se lleva 3 fichas con 5 bazas",
        "Bourré: tú no te llevas ninguna baza y debes 3 fichas al bote siguiente",
    ]
    assert facts["bourre"] == ("Bourré", "Tú has puesto 3 fichas en este bote")
    assert facts["pot"] == ("Bote", "5 fichas")
    assert facts["game"] == ("Sesión", "ronda 2 de 2")


def test_a_sealed_declaration_is_sealed_in_spanish_too() -> None:
    state = deal(TRUMPS, dealer=2, double_ante=True, two_rounds=True, simultaneous_declare=True)
    play(state, "play")
    assert "Tú declaras en secreto que juegas." in spanish_log(state, 0)
    assert "Ana declara en secreto." in spanish_log(state, 1)
    with using("es"):
        playing = {f["kind"]: f["text"] for f in state.facts(1)}["playing"]
    assert playing == "en secreto hasta que todos declaren"
    # What seat 1 reads is the same whatever seat 0 declared.
    for k in range(4):
        world = state.resample_from_infostate(1, random.Random(k))
        with using("es"):
            assert world.log(1) == state.log(1)
            assert world.facts(1) == state.facts(1)


def test_the_spanish_log_tells_no_hidden_card() -> None:
    game = hoyle.load("bourre", players=4, deals=2)
    state = game.new_initial_state(5)
    rng = random.Random(5)
    k = 0
    while not state.is_terminal():
        if k % 4 == 0:
            for seat in range(game.num_players):
                world = state.resample_from_infostate(seat, random.Random(k))
                with using("es"):
                    assert world.log(seat) == state.log(seat)
                    assert world.facts(seat) == state.facts(seat)
        state.apply_action(rng.choice(state.legal_actions()))
        k += 1
