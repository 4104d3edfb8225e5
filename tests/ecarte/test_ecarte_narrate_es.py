"""Écarté's log, facts and hand results in Spanish (issue 23): every sentence a player reads is
said in Spanish, seats named from the reader's chair ("Tú", "ti", "tu mano"), in the sources'
words (mano mayor, repartidor, proponer, rehusar, vole, ley 49); a hidden move's Spanish tells
no more than its English; and the English stays as it was."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import hoyle
from helpers import play
from hoyle.games.ecarte import EcarteGame, EcarteState
from hoyle.i18n import using

ORDER_TEXT = (
    "7C 8C TC JC QC AC 7D 9D TD JD QD KD AD 9S TS JS QS KS AS 7H JH 9C 8D 7S 8S 9H TH AH KH QH KC"
)
ORDER = ORDER_TEXT.split()

# Hearts are trumps (8H turned); seat 1 deals, seat 0 is elder.
POINT = ("KH QH JH 7S 8S", "AH TH 9S TS JS")
POINT_PLAY = "KH TH QH AH JH 9S 7S TS JS 8S"
FAIL = ("AH TH 9S TS JS", "KH QH JH 7S 8S")
FAIL_PLAY = "AH KH QH TH JH 9S 7S TS JS 8S"
VOLE = ("KH QH JH AH TH", "7C 8C 9C TC JC")
VOLE_PLAY = "KH 7C QH 8C JH 9C AH TC TH JC"

# Words of the English sentences that Spanish never uses.
ENGLISH = re.compile(
    r"\b(the|and|to|of|with|trick|tricks|cards?|Seat|You|you|your|hand|deals?|point|scores?|"
    r"wins?|takes?|plays?|draws?|discards?|proposes?|accepts?|refuses?|game|games|waits?|"
    r"backs?|offers?|turned|trumps|law|tie|over)\b"
)


def deal(hands: tuple[str, str], turn_up: str = "8H", **options: Any) -> EcarteState:
    game = hoyle.load("ecarte", **options)
    assert isinstance(game, EcarteGame)
    used = set(" ".join([*hands, turn_up]).split())
    stock = " ".join(c for c in ORDER if c not in used)
    return game.deal_state(list(hands), dealer=1, turn_up=turn_up, stock=stock)


def texts(state: hoyle.State, seat: int | None, lang: str = "es") -> list[str]:
    with using(lang):
        return [entry["text"] for entry in state.log(seat)]


def lines(state: hoyle.State, seat: int | None = None, lang: str = "es") -> list[str]:
    with using(lang):
        return list(state.observation(seat)["results"][-1]["lines"])


def facts(state: hoyle.State, seat: int | None, lang: str = "es") -> dict[str, tuple[str, str]]:
    """The reader's facts by kind: kind → (label, text)."""
    with using(lang):
        return {f["kind"]: (f["label"], f["text"]) for f in state.facts(seat)}


def played(seed: int, **options: Any) -> list[hoyle.State]:
    """Every position of a game played at random (no abandoning, so hands are played out)."""
    state = hoyle.load("ecarte", **options).new_initial_state(seed=seed)
    rng = random.Random(seed)
    positions: list[hoyle.State] = [state.clone()]
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            legal = state.legal_actions()
            state.apply_action(rng.choice([a for a in legal if a != 62] or legal))
        positions.append(state.clone())
    return positions


GAMES = [
    pytest.param({}, id="standard"),
    pytest.param({"variant": "doubling"}, id="doubling"),
    pytest.param({"variant": "offer-point"}, id="offer-point"),
    pytest.param({"variant": "pool"}, id="pool"),
    pytest.param({"variant": "french", "players": 4}, id="french-4"),
]


@pytest.mark.parametrize("options", GAMES)
def test_a_played_game_is_told_in_spanish_with_no_english_sentence(options: dict[str, Any]) -> None:
    final = played(5, **options)[-1]
    for seat in (0, 1, 2, None):
        if seat is not None and seat >= final.game.num_players:
            continue
        english, spanish = texts(final, seat, "en"), texts(final, seat, "es")
        assert len(english) == len(spanish)
        for en, es in zip(english, spanish, strict=True):
            assert es != en, f"said in English: {en!r}"
            assert not ENGLISH.search(es), f"an English word in {es!r} (from {en!r})"
        told = " ".join(spanish)
        assert "Ronda 1" in told and "Asiento" in told and "triunfo:" in told
        if seat is not None:
            assert "Tú " in told
            assert ("Tu mano: " in told) == ("Your hand: " in " ".join(english))
    with using("es"):
        said = [line for r in final.observation(None)["results"] for line in r["lines"]]
    assert said and not any(ENGLISH.search(line) for line in said)


@pytest.mark.parametrize("options", [{}, {"variant": "french", "players": 3, "advice": True}])
def test_the_spanish_log_and_facts_tell_no_more_than_the_seat_may_know(
    options: dict[str, Any],
) -> None:
    positions = played(11, **options)
    n = positions[0].game.num_players
    for k, state in enumerate(positions[:: max(1, len(positions) // 25)]):
        if state.is_terminal():
            continue
        with using("es"):
            spectator = state.log(None)
            for seat in range(n):
                log, told = state.log(seat), state.facts(seat)
                for r in range(2):
                    world = state.resample_from_infostate(seat, random.Random(31 * k + r))
                    assert world.log(seat) == log, f"position {k}, seat {seat}"
                    assert world.facts(seat) == told, f"position {k}, seat {seat}"
                    assert world.log(None) == spectator


def test_the_exchange_is_told_to_each_in_spanish_and_the_discards_stay_hidden() -> None:
    state = deal(POINT)
    play(state, "propose_1 accept 8S JS draw play KH TH")
    mine = texts(state, 0)
    assert mine == [
        "Ronda 1: Asiento 1 reparte.",
        "Tu mano: J♥ Q♥ K♥ 7♠ 8♠.",
        "Carta vuelta: 8♥ — triunfo: corazones.",
        "Tú propones cambiar 1 carta.",
        "Asiento 1 acepta.",
        "Tú descartas 1 carta: 8♠.",
        "Tú robas 7♣.",
        "Asiento 1 descarta 1 carta.",
        "Asiento 1 roba 1 carta.",
        "Tú no propones más y juegas.",
        "Tú sales con K♥.",
        "Asiento 1 juega 10♥.",
        "Tú ganas la baza con K♥.",
    ]
    theirs = texts(state, 1)
    assert "Asiento 0 propone cambiar 1 carta." in theirs and "Tú aceptas." in theirs
    assert "Asiento 0 descarta 1 carta." in theirs and "Asiento 0 roba 1 carta." in theirs
    assert "Tú descartas 1 carta: J♠." in theirs and "Asiento 0 gana la baza con K♥." in theirs
    assert not any("8♠" in line or "7♣" in line for line in theirs)


@pytest.mark.parametrize(
    ("hands", "moves", "options", "seat", "expected"),
    [
        (POINT, "play " + POINT_PLAY, {}, None, ["Punto: 3 bazas a 2 — Asiento 0 se anota 1"]),
        (POINT, "play " + POINT_PLAY, {}, 0, ["Punto: 3 bazas a 2 — tú te anotas 1"]),
        (VOLE, "play " + VOLE_PLAY, {}, 1, ["Vole: las cinco bazas — Asiento 0 se anota 2"]),
        (
            FAIL,
            "play " + FAIL_PLAY,
            {},
            0,
            [
                "Punto: 3 bazas a 2, por haber jugado tú sin proponer (ley 49: 2) "
                "— Asiento 1 se anota 2"
            ],
        ),
        (
            POINT,
            "propose_1 refuse " + POINT_PLAY,
            {},
            1,
            [
                "Punto: 3 bazas a 2, por haber rehusado tú la primera propuesta (ley 49: 2) "
                "— Asiento 0 se anota 2"
            ],
        ),
        (
            POINT,
            "propose_1 accept 8S JS draw play KH TH abandon",
            {},
            0,
            [
                "Tú abandonas la mano: las bazas que quedan son para Asiento 1 (ley 42)",
                "Punto: 4 bazas a 1 — Asiento 1 se anota 1",
            ],
        ),
        (
            FAIL,
            "play double accept " + FAIL_PLAY,
            {"doubling": True},
            1,
            [
                "Punto: 3 bazas a 2, por haber jugado Asiento 0 sin proponer (ley 49: 2) "
                "— tú te anotas 4 (doblado ×2)"
            ],
        ),
        (
            POINT,
            "play KH double refuse",
            {"doubling": True},
            0,
            [
                "Doble rehusado por ti, por haber jugado tú sin proponer (ley 49: 2) "
                "— Asiento 1 se anota 2"
            ],
        ),
        (
            FAIL,
            "propose_1 refuse offer_point refuse " + FAIL_PLAY,
            {"offer_point": True},
            1,
            [
                "Punto ofrecido por Asiento 0 y rehusado: tú juegas a hacer el vole",
                "Vole fallido: tú haces 3 de las cinco — Asiento 0 se anota 2",
            ],
        ),
        (
            POINT,
            "play mark_king " + POINT_PLAY,
            {},
            0,
            ["Rey marcado: K♥ — tú te anotas 1", "Punto: 3 bazas a 2 — tú te anotas 1"],
        ),
    ],
)
def test_a_hand_result_in_spanish(
    hands: tuple[str, str],
    moves: str,
    options: dict[str, Any],
    seat: int | None,
    expected: list[str],
) -> None:
    state = deal(hands, **options)
    play(state, moves)
    assert lines(state, seat) == expected
    assert lines(state, seat, "en") != expected  # the English is still there for others


def test_a_game_won_worth_treble_in_spanish() -> None:
    state = deal(VOLE, variant="rubber", target=2)
    play(state, "play " + VOLE_PLAY)
    assert lines(state, 0) == [
        "Vole: las cinco bazas — tú te anotas 2",
        "Juego 1: 2 a 0 — tú ganas; el juego vale 3 (ley 46)",
    ]
    assert lines(state, 0, "en")[-1] == "Game 1: 2 to 0 — You win, worth 3 (law 46)"


def test_the_facts_in_spanish() -> None:
    state = deal(POINT)
    told = facts(state, 0)
    assert told["trumps"] == ("Triunfo", "corazones")
    assert told["game"] == ("Partida", "Tú 0, Asiento 1 0; gana el juego quien llegue a 5 puntos")
    assert told["stock"] == ("Talón", "21 cartas")
    play(state, "play mark_king")
    assert facts(state, 1)["vulnerable"] == (
        "Vulnerable",
        "Asiento 0 ha jugado sin proponer: si pierde el punto, tú te anotas 2",
    )
    assert facts(state, 0)["vulnerable"][1] == (
        "Tú has jugado sin proponer: si pierdes el punto, Asiento 1 se anota 2"
    )
    assert facts(state, 1)["king"] == ("Rey", "marcado por Asiento 0: 1 punto")
    assert facts(state, 1, "en")["king"] == ("King", "marked by Seat 0: 1 point")


def test_the_table_of_a_pool_in_spanish() -> None:
    state = played(3, variant="pool")[30]
    pair = state.observation(None)["pair"]
    waiting = next(s for s in range(3) if s not in pair)
    told = facts(state, waiting)
    assert told["pair"] == ("Juegan", f"Asiento {pair[0]} contra Asiento {pair[1]}; tú esperas")
    assert told["pool"][0] == "Poule" and "en juego" in told["pool"][1]


def test_the_bets_name_each_backer_once_in_spanish() -> None:
    # Joined with commas: after "por Asiento 1 y" Spanish would repeat "por" before the reader.
    positions = played(5, variant="french", players=4)
    seen = 0
    for state in positions:
        with using("en"):
            bets = {f["kind"]: f["text"] for f in state.facts(None)}.get("bets", "")
        if bets.count(" on ") < 2:
            continue
        for seat in range(4):
            label, text = facts(state, seat)["bets"]
            assert label == "Apuestas" and text.count(" por ") == bets.count(" on "), text
            assert " y " not in text
            seen += 1
    assert seen
