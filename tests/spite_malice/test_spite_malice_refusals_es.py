"""Spite and Malice's refusals in Spanish (issue 23): a move the engine refuses, a token it
cannot read, a hand-set position it cannot deal and a game string whose options do not go
together are explained in the language in force, in the family's words (pila central, pila
objetivo, pila de descarte, comodín); the English stays as it was. Tokens stay as typed."""

from __future__ import annotations

from typing import Any

import pytest

import hoyle
from helpers import play
from hoyle.core.errors import IllegalActionError, InvalidOptionError, InvalidPositionError
from hoyle.games.spite_malice import SpiteMaliceGame, SpiteMaliceState
from hoyle.games.spite_malice.rules import SYMBOLS
from hoyle.games.spite_malice.state import HAND, TO_DISCARD, move_id
from hoyle.i18n import using

EIGHT_TO_DISCARD1 = move_id(HAND, TO_DISCARD, SYMBOLS.index("8"))


def load(variant: str = "standard", **options: Any) -> SpiteMaliceGame:
    game = hoyle.load("spite-malice", variant=variant, **options)
    assert isinstance(game, SpiteMaliceGame)
    return game


def wild_to_cover() -> SpiteMaliceState:
    """cover-wild: a king played on stack 1 must be covered by the 4 before anything else."""
    state = load("cover-wild").deal_state(
        goals=["9H", "9D"], hands=["KS 4D 8D", "2C"], discards=[["4H"]], stacks=["AC 2C"]
    )
    play(state, "K:hand>stack1")
    return state


def refusal(state: SpiteMaliceState, action: int, lang: str) -> str:
    with using(lang), pytest.raises(IllegalActionError) as info:
        state.apply_action(action)
    return str(info.value)


def test_a_wild_left_uncovered_is_explained_in_spanish() -> None:
    state = wild_to_cover()
    assert refusal(state, EIGHT_TO_DISCARD1, "en") == (
        "8:hand>discard1: the wild on stack 1 must be covered first; "
        "legal: 4:hand>stack1, 4:discard1>stack1"
    )
    assert refusal(state, EIGHT_TO_DISCARD1, "es") == (
        "8:hand>discard1: antes hay que cubrir el comodín de la pila central 1; "
        "legales: 4:hand>stack1, 4:discard1>stack1"
    )


def test_a_move_not_legal_now_is_refused_in_spanish() -> None:
    state = load().deal_state(goals=["9H", "9D"], hands=["KS 5D", "2C"], stacks=["AC 2C"])
    message = refusal(state, EIGHT_TO_DISCARD1, "es")
    assert message.startswith("8:hand>discard1 no es legal ahora; legales: ")
    assert refusal(state, EIGHT_TO_DISCARD1, "en").startswith(
        "8:hand>discard1 is not legal now; legal: "
    )


@pytest.mark.parametrize(
    ("token", "english", "spanish"),
    [
        ("zz", "'zz' is neither a move nor a card", "'zz' no es una jugada ni una carta"),
        (
            "7:nowhere>stack",
            "'7:nowhere>stack': a card comes from hand, goal or discardN",
            "'7:nowhere>stack': una carta sale de hand, goal o discardN",
        ),
        (
            "7+8:hand>discard1",
            "'7+8:hand>discard1': a pair is two cards of one rank",
            "'7+8:hand>discard1': un par son dos cartas del mismo valor",
        ),
        ("QQ:hand>stack", "'QQ' is not a rank of this game", "'QQ' no es un valor de esta partida"),
    ],
)
def test_a_token_the_engine_cannot_read_is_explained_in_spanish(
    token: str, english: str, spanish: str
) -> None:
    state = load().deal_state(goals=["9H", "9D"], hands=["KS 5D", "2C"], stacks=["AC 2C"])
    with pytest.raises(IllegalActionError) as info:
        state.string_to_action(token)
    assert f"is not a legal action here ({english}); legal: " in str(info.value)
    with using("es"), pytest.raises(IllegalActionError) as info:
        state.string_to_action(token)
    assert f"no es una jugada legal aquí ({spanish}); legales: " in str(info.value)


def test_a_hand_set_position_is_refused_in_spanish() -> None:
    game = load()
    with using("es"), pytest.raises(InvalidPositionError) as info:
        game.deal_state(goals=["9H", "9D"], hands=["KS 5D", "2C"], stacks=["AC 3C"])
    assert str(info.value) == "3C no puede ir en el puesto 2 de una pila central"
    with using("es"), pytest.raises(InvalidPositionError) as info:
        game.deal_state(goals=["9H", "9D"], hands=["KS 5D 2C 3C 4C 6C", "2C"])
    assert str(info.value) == "una mano tiene como mucho 5 cartas"
    with using("es"), pytest.raises(InvalidPositionError) as info:
        load("misery").deal_state(goals=["9H", "9D"], hands=["KS", "2C"])
    assert str(info.value) == "cada asiento tiene 2 pilas objetivo"


@pytest.mark.parametrize(
    ("spec", "english", "spanish"),
    [
        (
            "spite-malice(top=14)",
            "French packs build to the queen (12) or king (13), not 14",
            "con barajas francesas las pilas centrales llegan a la dama (12) o al rey (13), "
            "no a 14",
        ),
        (
            "spite-malice(players=4, goal_size=30, packs=2)",
            "104 cards cannot deal 4 players' goal piles of 30 and hands of 5: fewer or "
            "smaller piles, or more packs",
            "104 cartas no bastan para repartir a 4 jugadores pilas objetivo de 30 y manos de "
            "5: menos pilas o más pequeñas, o más barajas",
        ),
        (
            "spite-malice(wild_not=Z)",
            "'Z' is not a rank: use A 2 … 9 T J Q K (or 1…15)",
            "'Z' no es un valor: usa A 2 … 9 T J Q K (o 1…15)",
        ),
    ],
)
def test_a_refused_game_string_is_explained_in_spanish(
    spec: str, english: str, spanish: str
) -> None:
    with pytest.raises(InvalidOptionError) as info:
        hoyle.load(spec)
    assert str(info.value) == english
    with using("es"), pytest.raises(InvalidOptionError) as info:
        hoyle.load(spec)
    assert str(info.value) == spanish
