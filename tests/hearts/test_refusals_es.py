"""Hearts' own refusals in Spanish (``hoyle.i18n.using("es")``): why a move is refused, as
``string_to_action`` and ``apply_action`` give it, and why a game string is refused, as
``hoyle.load`` gives it. The English stays word for word what it was.

Cards are tokens such as ``2C`` (two of clubs) and ``8H`` (eight of hearts). The seat is named
by number (``el asiento 0``); the terminal puts the reader's name in its place.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

import hoyle
from hoyle.cards import card_index
from hoyle.core.errors import IllegalActionError, InvalidOptionError, InvalidPositionError
from hoyle.i18n import using

# Words only the English refusals have.
ENGLISH = re.compile(
    r"\b(seat|cannot|not in hand|must|legal:|phase|players|the|needs|give|use|with)\b"
)

# Every seat holds one suit but hearts and clubs are shared out so that the 2♣ leads and the
# A♣ (seat 1) takes the first trick with hearts still unbroken.
HANDS = [
    "2C 3C 4C 2D 3D 4D 5D 2H 3H 4H 5H 6H 7H",
    "AC 6C 7C 6D 7D 8D 9D 8H 9H TH JH QH KH",
    "8C 9C TC TD JD QD KD AD AH 2S 3S 4S 5S",
    "5C JC QC KC 6S 7S 8S 9S TS JS QS KS AS",
]


def dealt(**options: Any) -> hoyle.State:
    """The deal of ``HANDS`` at a table of four."""
    game = hoyle.load("hearts", players=4, deals=1, **options)
    return game.deal_state(HANDS)


def refusal(state: hoyle.State, lang: str, *, token: str = "", action: int = -1) -> str:
    """The refusal of ``token`` (``string_to_action``) or ``action`` (``apply_action``)."""
    with using(lang), pytest.raises(IllegalActionError) as caught:
        if token:
            state.string_to_action(token)
        else:
            state.apply_action(action)
    return str(caught.value)


def load_refusal(spec: str, lang: str) -> str:
    """Why ``hoyle.load`` refuses the game string ``spec``."""
    with using(lang), pytest.raises(InvalidOptionError) as caught:
        hoyle.load(spec)
    return str(caught.value)


def test_a_pass_of_a_card_not_held() -> None:
    state = dealt()
    assert refusal(state, "en", token="2S") == (
        "'2S' is not a legal action here (seat 0 cannot pass 2S: not in hand); legal: "
        "2C, 3C, 4C, 2D, 3D, 4D, 5D, 2H, 3H, 4H, 5H, 6H, 7H"
    )
    assert refusal(state, "es", token="2S") == (
        "'2S' no es una jugada legal aquí (el asiento 0 no puede pasar 2S: no la tiene en la "
        "mano); legales: 2C, 3C, 4C, 2D, 3D, 4D, 5D, 2H, 3H, 4H, 5H, 6H, 7H"
    )
    assert refusal(state, "en", action=card_index("2S")) == (
        "seat 0 cannot pass 2S: not in hand; legal: 2C 3C 4C 2D 3D 4D 5D 2H 3H 4H 5H 6H 7H"
    )
    assert refusal(state, "es", action=card_index("2S")) == (
        "el asiento 0 no puede pasar 2S: no la tiene en la mano; legales: "
        "2C 3C 4C 2D 3D 4D 5D 2H 3H 4H 5H 6H 7H"
    )


def test_the_first_lead_and_following_suit() -> None:
    state = dealt(pass_cycle="hold")
    assert "(seat 0 cannot play 3C: the first lead is the 2C)" in refusal(state, "en", token="3C")
    spanish = refusal(state, "es", token="3C")
    assert "(el asiento 0 no puede jugar 3C: la primera salida es con el 2C)" in spanish
    state.apply_action(card_index("2C"))
    assert refusal(state, "en", action=card_index("6D")) == (
        "seat 1 cannot play 6D: must follow suit; legal: 6C 7C AC"
    )
    assert refusal(state, "es", action=card_index("6D")) == (
        "el asiento 1 no puede jugar 6D: debe seguir el palo; legales: 6C 7C AC"
    )


def test_hearts_not_broken_and_a_word_out_of_its_phase() -> None:
    state = dealt(pass_cycle="hold")
    for token in ("2C", "AC", "8C", "5C"):  # the A♣ takes the trick: seat 1 leads next
        state.apply_action(state.string_to_action(token))
    assert "seat 1 cannot play 8H: hearts are not broken;" in refusal(
        state, "en", action=card_index("8H")
    )
    assert "el asiento 1 no puede jugar 8H: aún no se han roto los corazones;" in refusal(
        state, "es", action=card_index("8H")
    )
    assert "(not a move in the play phase)" in refusal(state, "en", token="moon add")
    assert "(no es una jugada de la fase de juego)" in refusal(state, "es", token="moon add")
    assert "(not a card or a Hearts move)" in refusal(state, "en", token="zz")
    assert "(no es una carta ni una jugada de Corazones)" in refusal(state, "es", token="zz")


def test_an_action_out_of_range() -> None:
    state = dealt()
    assert refusal(state, "en", action=300).startswith("300 is not a Hearts action; legal: ")
    assert refusal(state, "es", action=300).startswith("300 no es una acción de Corazones; ")


@pytest.mark.parametrize(
    ("spec", "english", "spanish"),
    [
        (
            "hearts(players=9)",
            "hearts needs 3…6 players with these rules, not 9; two packs (packs=2) seat 6…11",
            "Corazones necesita de 3 a 6 jugadores con estas reglas, no 9; con dos barajas "
            "(packs=2) se sientan de 6 a 11",
        ),
        (
            "hearts(players=5,pass_cycle=across)",
            "pass_cycle cannot pass across with 5 players; use left, right, hold (or "
            "second_left, second_right with 5)",
            "pass_cycle no puede pasar enfrente con 5 jugadores; usa left, right, hold (o "
            "second_left, second_right con 5)",
        ),
        (
            "hearts(packs=2,players=8)",
            "two packs are played without passing: give pass_cycle=hold",
            "con dos barajas no se pasan cartas: da pass_cycle=hold",
        ),
        (
            "hearts(chips=25,partnership=team)",
            "the chip game is played alone: use partnership=none",
            "el juego con fichas se juega cada uno por su cuenta: usa partnership=none",
        ),
        (
            "hearts(packs=2,players=8,pass_cycle=hold,first_lead=eldest_any,jokers=1)",
            "jokers is a one-pack rule; with packs=2 leave it at its default",
            "jokers es una regla de una sola baraja; con packs=2 déjala en su valor por defecto",
        ),
    ],
)
def test_a_refused_game_string(spec: str, english: str, spanish: str) -> None:
    assert load_refusal(spec, "en") == english
    assert load_refusal(spec, "es") == spanish
    assert not ENGLISH.search(spanish.replace("pass_cycle", "").replace("first_lead", ""))


def test_a_position_that_cannot_be_dealt() -> None:
    game = hoyle.load("hearts", players=4, deals=1)
    twice = [HANDS[0], HANDS[0], HANDS[2], HANDS[3]]
    with pytest.raises(InvalidPositionError, match=r"^seat 1: 2C is dealt twice$"):
        game.deal_state(twice)
    with using("es"), pytest.raises(InvalidPositionError, match=r"^asiento 1: 2C se reparte dos"):
        game.deal_state(twice)
    with using("es"), pytest.raises(InvalidPositionError, match=r"^hacen falta 4 manos, una por"):
        game.deal_state(HANDS[:3])
