"""All Fours' own refusals in Spanish (``hoyle.i18n.using("es")``): why ``apply_action``
refuses a move, and why ``hoyle.load`` refuses a game string. The English stays word for word
what it was.

Cards are tokens such as ``AH`` (ace of hearts) and ``7C`` (seven of clubs). The seat is named
by number (``el asiento 0``); the terminal puts the reader's name in its place.
"""

from __future__ import annotations

import pytest

import hoyle
from hoyle.cards import card_index
from hoyle.core.errors import IllegalActionError, InvalidOptionError, InvalidPositionError
from hoyle.i18n import using

# Seven Up for two, spades trumps (the Q♠ turned); seat 1 is eldest.
DEALER_HAND, ELDEST_HAND = "AH 2C 3D 4S 5C 6D", "KH 7C 8D 9S TC JD"


def dealt() -> hoyle.State:
    """The deal: seat 0 deals, the Q♠ is turned for trumps, eldest to stand or beg."""
    game = hoyle.load("all-fours")
    return game.deal_state([DEALER_HAND, ELDEST_HAND], dealer=0, turn_up="QS")


def refusal(state: hoyle.State, lang: str, card: str) -> str:
    """Why ``apply_action`` refuses ``card`` (a token) in ``lang``."""
    with using(lang), pytest.raises(IllegalActionError) as caught:
        state.apply_action(card_index(card))
    return str(caught.value)


def led(token: str) -> hoyle.State:
    """Eldest stands and leads ``token``: the dealer, seat 0, is to follow."""
    state = dealt()
    state.apply_action(state.string_to_action("stand"))
    state.apply_action(state.string_to_action(token))
    return state


def test_a_card_out_of_its_phase() -> None:
    state = dealt()
    assert refusal(state, "en", "2C") == "2C is not legal now (beg); legal: stand beg"
    assert refusal(state, "es", "2C") == "2C no es legal ahora (petición); legales: stand beg"


def test_following_suit() -> None:
    state = led("7C")
    assert refusal(state, "en", "AH") == (
        "seat 0 cannot play AH: must follow suit (or trump); legal: 2C 5C 4S"
    )
    assert refusal(state, "es", "AH") == (
        "el asiento 0 no puede jugar AH: debe seguir el palo (o fallar); legales: 2C 5C 4S"
    )
    assert refusal(state, "en", "KH") == "seat 0 cannot play KH: not in hand; legal: 2C 5C 4S"
    assert refusal(state, "es", "KH") == (
        "el asiento 0 no puede jugar KH: no la tiene en la mano; legales: 2C 5C 4S"
    )


def test_trumps_led() -> None:
    state = led("9S")
    assert refusal(state, "en", "AH") == (
        "seat 0 cannot play AH: trumps were led and the player holds one; legal: 4S"
    )
    assert refusal(state, "es", "AH") == (
        "el asiento 0 no puede jugar AH: se ha salido de triunfo y tiene alguno; legales: 4S"
    )


def test_an_action_out_of_range() -> None:
    state = led("7C")
    with using("es"), pytest.raises(IllegalActionError, match=r"^999 no es una acción de Todos"):
        state.apply_action(999)
    with pytest.raises(IllegalActionError, match=r"^999 is not an All Fours action; legal: "):
        state.apply_action(999)


@pytest.mark.parametrize(
    ("spec", "english", "spanish"),
    [
        (
            "all-fours(players=3,throw_in=true)",
            "the throw-in is a partnership rule (the partner plays on alone): it needs teams "
            "(4 players in two, 6 in three) or 2 players, not 3 playing alone; throw_in=false "
            "plays without it",
            "tirar la mano es una regla de parejas (el compañero sigue jugando solo): necesita "
            "equipos (4 jugadores en dos, 6 en tres) o 2 jugadores, no 3 que juegan cada uno "
            "por su cuenta; throw_in=false juega sin ella",
        ),
        (
            "all-fours(players=5,teams=2)",
            "teams=2 needs a table of 2 or 3 teams of two or more, partners seated alternately: "
            "not 5 players (try teams=2 with 4 players, or teams=0)",
            "teams=2 necesita una mesa de 2 o 3 equipos de dos o más, con los compañeros "
            "sentados en alternancia: no 5 jugadores (prueba teams=2 con 4 jugadores, o teams=0)",
        ),
        (
            "all-fours(bidding=auction)",
            "bidding is for the right to pitch: use trump=pitch",
            "bidding es la puja por el derecho a lanzar: usa trump=pitch",
        ),
        (
            "all-fours(turn_up_points=J:1,J:2)",
            "turn_up_points names the rank J twice",
            "turn_up_points nombra el valor J dos veces",
        ),
    ],
)
def test_a_refused_game_string(spec: str, english: str, spanish: str) -> None:
    with pytest.raises(InvalidOptionError) as caught:
        hoyle.load(spec)
    assert str(caught.value) == english
    with using("es"), pytest.raises(InvalidOptionError) as caught:
        hoyle.load(spec)
    assert str(caught.value) == spanish


def test_a_position_that_cannot_be_dealt() -> None:
    game = hoyle.load("all-fours")
    hands = [DEALER_HAND, ELDEST_HAND]
    with pytest.raises(InvalidPositionError, match=r"^dealer must be a seat 0…1, not 5$"):
        game.deal_state(hands, dealer=5, turn_up="QS")
    with using("es"), pytest.raises(InvalidPositionError, match=r"^el repartidor debe ser un"):
        game.deal_state(hands, dealer=5, turn_up="QS")
    with using("es"), pytest.raises(InvalidPositionError, match=r"^el asiento 0 tiene 5 cartas"):
        game.deal_state(["AH 2C 3D 4S 5C", ELDEST_HAND], turn_up="QS")
