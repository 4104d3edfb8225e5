"""Bourré's refusals in Spanish (issue 23): a move out of its phase, a word the engine cannot
read, a hand-set position it cannot deal and a game string whose options do not go together
are explained in the language in force; the English stays as it was."""

from __future__ import annotations

import pytest

import hoyle
from hoyle.core.errors import IllegalActionError, InvalidOptionError, InvalidPositionError
from hoyle.games.bourre import BourreState
from hoyle.games.bourre.state import DRAW
from hoyle.i18n import using


def declaring() -> BourreState:
    """The first deal dealt: the first player declares play or pass."""
    state = hoyle.load("bourre").new_initial_state(seed=3)
    assert isinstance(state, BourreState)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.phase == "declare"
    return state


def test_a_move_out_of_its_phase_is_refused_in_spanish() -> None:
    state = declaring()
    with pytest.raises(IllegalActionError) as english:
        state.apply_action(DRAW)
    assert str(english.value) == "draw is not legal now (declare); legal: pass play"
    with using("es"), pytest.raises(IllegalActionError) as spanish:
        state.apply_action(DRAW)
    assert str(spanish.value) == "draw no es legal ahora (declaración); legales: pass play"


def test_a_word_the_engine_cannot_read_is_explained_in_spanish() -> None:
    state = declaring()
    with pytest.raises(IllegalActionError) as english:
        state.string_to_action("zz")
    assert str(english.value).startswith(
        "'zz' is not a legal action here ('zz' is not a card or a Bourré word: bad rank 'Z' "
    )
    with using("es"), pytest.raises(IllegalActionError) as spanish:
        state.string_to_action("zz")
    message = str(spanish.value)
    assert message.startswith(
        "'zz' no es una jugada legal aquí ('zz' no es una carta ni una palabra de Bourré: "
    )
    assert message.endswith("; legales: pass, play") and "is not" not in message


def test_a_hand_set_position_is_refused_in_spanish() -> None:
    game = hoyle.load("bourre(players=2)")
    with using("es"), pytest.raises(InvalidPositionError) as info:
        game.deal_state(["AS KS QS JS", "AH KH QH JH TH"])
    assert str(info.value) == "cada mano es de 5 cartas"
    with using("es"), pytest.raises(InvalidPositionError) as info:
        game.deal_state(["AS KS QS JS TS", "AS KH QH JH TH"])
    assert str(info.value) == "una carta se reparte dos veces"


@pytest.mark.parametrize(
    ("spec", "english", "spanish"),
    [
        (
            "bourre(dealer_takes_trump=true)",
            "dealer_takes_trump needs separate_trump_card=true",
            "dealer_takes_trump necesita separate_trump_card=true",
        ),
        (
            "bourre(two_rounds=true)",
            "two_rounds is a form of the double ante: double_ante=true",
            "two_rounds es una forma de la apuesta inicial doble: double_ante=true",
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
