"""Écarté's refusals in Spanish (issue 23): a move the engine refuses, a word it cannot read, a
hand-set position it cannot deal and a game string whose options do not go together are
explained in the language in force, seats named "el asiento N"; the English stays as it was."""

from __future__ import annotations

import pytest

import hoyle
from hoyle.cards import card_index
from hoyle.core.errors import IllegalActionError, InvalidOptionError, InvalidPositionError
from hoyle.games.ecarte import EcarteState
from hoyle.games.ecarte.state import DRAW
from hoyle.i18n import using


def after_lead() -> EcarteState:
    """Hearts trumps; elder (seat 0) plays without proposing and leads 7S: seat 1 holds
    spades."""
    state = hoyle.load("ecarte").deal_state(
        ["KH QH JH 7S 8S", "AH TH 9S TS JS"], dealer=1, turn_up="8H"
    )
    assert isinstance(state, EcarteState)
    state.apply_action(state.string_to_action("play"))
    state.apply_action(state.string_to_action("7S"))
    return state


def refusal(state: EcarteState, token: str, lang: str) -> str:
    """The message of applying the card ``token`` in ``state``, in ``lang``."""
    with using(lang), pytest.raises(IllegalActionError) as info:
        state.apply_action(card_index(token))
    return str(info.value)


def test_a_card_refused_in_play_is_explained_in_spanish() -> None:
    state = after_lead()
    assert refusal(state, "AH", "en") == (
        "seat 1 cannot play AH: must follow suit, and win the trick if able; "
        "legal: 9S TS JS abandon"
    )
    assert refusal(state, "AH", "es") == (
        "el asiento 1 no puede jugar AH: debe seguir el palo, y ganar la baza si puede; "
        "legales: 9S TS JS abandon"
    )
    assert refusal(state, "KC", "es") == (
        "el asiento 1 no puede jugar KC: no la tiene en la mano; legales: 9S TS JS abandon"
    )


def test_a_move_out_of_its_phase_names_the_phase_in_spanish() -> None:
    state = hoyle.load("ecarte").new_initial_state(seed=3)
    assert isinstance(state, EcarteState)
    while state.phase != "packets":
        state.apply_action(state.legal_actions()[0])
    with pytest.raises(IllegalActionError, match=r"^draw is not legal now \(packets\); legal: "):
        state.apply_action(DRAW)
    with using("es"), pytest.raises(IllegalActionError) as info:
        state.apply_action(DRAW)
    assert str(info.value) == (
        "draw no es legal ahora (elección de paquetes); legales: deal 2-3 deal 3-2"
    )


def test_a_word_the_engine_cannot_read_is_explained_in_spanish() -> None:
    state = hoyle.load("ecarte").new_initial_state(seed=3)
    with pytest.raises(IllegalActionError) as english:
        state.string_to_action("zz")
    assert str(english.value).startswith(
        "'zz' is not a legal action here ('zz' is not a card or an Écarté word: bad rank 'Z' "
    )
    with using("es"), pytest.raises(IllegalActionError) as spanish:
        state.string_to_action("zz")
    message = str(spanish.value)
    assert message.startswith(
        "'zz' no es una jugada legal aquí ('zz' no es una carta ni una palabra de Écarté: "
    )
    assert "is not" not in message and "legales:" in message


def test_a_hand_set_position_is_refused_in_spanish() -> None:
    game = hoyle.load("ecarte")
    with using("es"), pytest.raises(InvalidPositionError) as info:
        game.deal_state(["KH QH JH 7S", "AH TH 9S TS JS"], turn_up="8H")
    assert str(info.value) == "el asiento 0 tiene 4 cartas; una mano es de cinco"
    with using("es"), pytest.raises(InvalidPositionError, match="no está en la baraja de 32"):
        game.deal_state(["2C QH JH 7S 8S", "AH TH 9S TS JS"], turn_up="8H")


@pytest.mark.parametrize(
    ("spec", "english", "spanish"),
    [
        (
            "ecarte(players=3)",
            "3 seats need waiting players who come in (pool_swap=game) or bet (bets=true); "
            "two play at a time",
            "3 puestos necesitan jugadores que esperen y entren a jugar (pool_swap=game) o que "
            "apuesten (bets=true); juegan dos a la vez",
        ),
        (
            "ecarte(redouble=true)",
            "redouble needs doubling=true",
            "redoblar necesita doubling=true",
        ),
        (
            "ecarte(rubber=4)",
            "a rubber is best of an odd number of games, not 4",
            "un rubber se juega al mejor de un número impar de juegos, no de 4",
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
