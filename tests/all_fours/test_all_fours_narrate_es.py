"""All Fours' game log, facts and hand results in Spanish (``hoyle.i18n.using("es")``): each
English sentence has its Spanish one, the reader's own seat is spoken to as ``tú`` with the verb
in the second person, and a hidden move's Spanish words reveal no more than the English.

Cards are tokens such as ``AH`` (ace of hearts) and ``TC`` (ten of clubs).
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import hoyle
from helpers import play
from hoyle.games.all_fours import AllFoursGame
from hoyle.i18n import using

# Words only an English sentence has (names are given, so "Seat" is English too).
ENGLISH = re.compile(
    r"\b(the|and|takes?|trick|trumps|deals?|cards?|Seat|you|bids?|pitch(es)?|turns?|"
    r"stands?|begs?|gives?|passes|plays|leads|cuts?|kick|score[sd]?|nobody|points?)\b",
    re.IGNORECASE,
)
NAMES = ["Ana", "Beto", "Caro", "Dani"]
ELDEST, DEALER = "AH 2C 3D 4S 5C 6D", "KH 7C 8D 9S TC JD"
RUN_STOCK = "QC KC AC QD KD AD 2S"


def load(variant: str = "seven-up", **options: Any) -> AllFoursGame:
    game = hoyle.load("all-fours", variant=variant, **options)
    assert isinstance(game, AllFoursGame)
    return game


def played(variant: str, seed: int, **options: Any) -> hoyle.State:
    """A game of ``variant`` played to its end with random legal moves."""
    state = load(variant, **options).new_initial_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def both(state: hoyle.State, seat: int | None) -> list[tuple[str, str]]:
    """The seat's log, entry by entry, in English and in Spanish."""
    english = state.log(seat, NAMES[: state.game.num_players])
    with using("es"):
        spanish = state.log(seat, NAMES[: state.game.num_players])
    assert [e["kind"] for e in english] == [e["kind"] for e in spanish]
    return [(en["text"], es["text"]) for en, es in zip(english, spanish, strict=True)]


GAMES = [
    ("seven-up", {}),
    ("cotton-1674", {}),
    ("trinidad", {}),
    ("yorkshire", {}),
    ("lancashire", {}),
    ("auction-pitch", {"smudge": True}),
    ("auction-pitch-commercial", {}),
    ("all-fives", {}),
    ("california-jack", {}),
    ("shasta-sam", {}),
    ("seven-up", {"players": 3}),
]


@pytest.mark.parametrize(("variant", "options"), GAMES)
def test_every_sentence_of_a_played_game_is_said_in_spanish(
    variant: str, options: dict[str, Any]
) -> None:
    for seed in (1, 2):
        state = played(variant, seed, **options)
        for seat in (0, 1, None):
            for english, spanish in both(state, seat):
                assert spanish != english, english
                assert not ENGLISH.search(spanish), (english, spanish)
                assert "{" not in spanish, spanish


def test_the_spanish_log_uses_the_spanish_card_words() -> None:
    words = " ".join(
        es for state in (played("seven-up", 3), played("yorkshire", 3)) for _, es in both(state, 0)
    )
    for word in ("baza", "triunfo", "reparte", "Alto", "Bajo", "Juego"):
        assert word in words, word


def test_the_reader_is_spoken_to_in_the_second_person() -> None:
    state = load().deal_state([ELDEST, DEALER], dealer=1, turn_up="9H", stock=RUN_STOCK)
    play(state, "beg run")  # the 2♠: a new suit
    with using("es"):
        mine = [e["text"] for e in state.log(0, NAMES[:2])]
        theirs = [e["text"] for e in state.log(1, NAMES[:2])]
    assert "Tú pides." in mine and "Ana pide." in theirs
    assert "Beto corre las cartas: tres más a cada uno y una nueva muestra." in mine
    assert "Tú corres las cartas: tres más a cada uno y una nueva muestra." in theirs
    assert "Tú vuelves 2♠: picas son triunfo." in theirs
    assert "Beto vuelve 2♠: picas son triunfo." in mine


def test_a_trick_and_its_taker_in_spanish() -> None:
    state = load().deal_state([ELDEST, DEALER], dealer=1, turn_up="9H")
    play(state, "stand AH KH")
    with using("es"):
        mine = [e["text"] for e in state.log(0, NAMES[:2])]
        theirs = [e["text"] for e in state.log(1, NAMES[:2])]
    assert mine[-3:] == ["Tú sales con A♥.", "Beto juega K♥.", "Tú ganas la baza con A♥."]
    assert theirs[-1] == "Ana gana la baza con A♥."


def test_the_facts_in_spanish() -> None:
    state = load().deal_state([ELDEST, DEALER], dealer=1, turn_up="9H", stock=RUN_STOCK)
    with using("es"):
        facts = {f["kind"]: (f["label"], f["text"]) for f in state.facts(0, NAMES[:2])}
        theirs = {f["kind"]: f["text"] for f in state.facts(1, NAMES[:2])}
    assert facts["trumps"] == ("Triunfo", "corazones, por la muestra")
    assert facts["contract"] == ("Petición", "se espera a que tú te plantes o pidas")
    assert theirs["contract"] == "se espera a que Ana se plante o pida"
    assert facts["game"] == ("Partida", "gana el primero que llegue a 7 puntos")
    play(state, "beg")
    with using("es"):
        told = {f["kind"]: f["text"] for f in state.facts(0, NAMES[:2])}
    assert told["contract"] == "Tú has pedido; Beto debe regalar 1 punto o correr las cartas"


def test_partners_and_points_in_spanish() -> None:
    state = played("yorkshire", 5)
    with using("es"):
        log = [e["text"] for e in state.log(2, NAMES)]
    assert "Parejas: Ana y tú; Beto y Dani." in log  # a side is named, not "contra" it
    assert not re.search(r"\b(a|de|para|por|contra) tú\b|\bcon ti\b", " ".join(log))


@pytest.mark.parametrize("variant", ["seven-up", "yorkshire", "auction-pitch", "all-fives"])
def test_the_hand_results_in_spanish(variant: str) -> None:
    state = played(variant, 4)
    results = state._results()
    assert results
    for result in results:
        english = result.to_json(0, NAMES)["lines"]
        with using("es"):
            spanish = result.to_json(0, NAMES)["lines"]
        assert len(spanish) == len(english)
        for en, es in zip(english, spanish, strict=True):
            assert es != en and not ENGLISH.search(es), (en, es)
    with using("es"):
        lines = [line for r in results for line in r.to_json(1, NAMES)["lines"]]
    assert any(line.startswith(("Alto: ", "Alto y Bajo: ")) for line in lines), lines
    assert any(line.startswith("Juego: ") for line in lines), lines


def test_a_set_back_and_a_sale_in_spanish() -> None:
    lines: list[str] = []
    for seed in range(12):
        state = played("auction-pitch-commercial", seed)
        with using("es"):
            lines += [line for r in state._results() for line in r.to_json(0, NAMES)["lines"]]
    assert any(
        re.fullmatch(r"Venta: \w+ vendes? el lanzamiento por \d+ y lo compra.*", x) for x in lines
    ), lines
    assert any(line.startswith("Castigo: ") for line in lines), lines


@pytest.mark.parametrize("variant", ["shasta-sam", "seven-up"])
def test_the_spanish_log_tells_no_hidden_card(variant: str) -> None:
    # What a seat reads in Spanish is the same in every world resampled from what it knows
    # (Shasta Sam draws face down; Seven Up's running discards are face down).
    options = {"discard_to_six": True} if variant == "seven-up" else {}
    game = load(variant, **options)
    state = game.new_initial_state(11)
    rng = random.Random(11)
    k = 0
    while not state.is_terminal():
        if k % 5 == 0:
            for seat in range(game.num_players):
                world = state.resample_from_infostate(seat, random.Random(k))
                with using("es"):
                    assert world.log(seat) == state.log(seat)
                    assert world.facts(seat) == state.facts(seat)
        state.apply_action(rng.choice(state.legal_actions()))
        k += 1
    with using("es"):
        text = " ".join(e["text"] for e in state.log(1))
    if variant == "shasta-sam":
        assert "roba una carta del talón" in text  # the others read that a card was drawn
    else:
        assert "descarta una carta boca abajo" in text  # and that a card went face down
