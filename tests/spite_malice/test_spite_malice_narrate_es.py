"""Spite and Malice's log, facts and deal results in Spanish (issue 23): every sentence a
player reads is said in Spanish, seats named from the reader's chair, in the words of the
sources and the rules' translation (pila objetivo, pila central, pila de descarte, talón,
comodín, ronda bloqueada); a draw's Spanish tells the others no more than its English; and
the English stays as it was."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import hoyle
from helpers import play
from hoyle.games.spite_malice import SpiteMaliceGame
from hoyle.i18n import using

# Words of the English sentences that Spanish never uses.
ENGLISH = re.compile(
    r"\b(the|and|to|of|with|from|on|cards?|Seat|You|you|your|deals?|scores?|wins?|plays?|"
    r"draws?|discards?|passes|stack|stacks|pile|piles|goal|turn|hand|joker|wild|blocked|"
    r"next|none|tie|over|ends?|empty)\b"
)


def load(variant: str = "standard", **options: Any) -> SpiteMaliceGame:
    game = hoyle.load("spite-malice", variant=variant, **options)
    assert isinstance(game, SpiteMaliceGame)
    return game


def texts(state: hoyle.State, seat: int | None, lang: str = "es") -> list[str]:
    with using(lang):
        return [entry["text"] for entry in state.log(seat)]


def facts(state: hoyle.State, seat: int | None, lang: str = "es") -> dict[str, tuple[str, str]]:
    """The reader's facts by kind: kind → (label, text)."""
    with using(lang):
        return {f["kind"]: (f["label"], f["text"]) for f in state.facts(seat)}


def played(spec: dict[str, Any], seed: int, steps: int) -> list[hoyle.State]:
    """The positions of a game played at random, for at most ``steps`` actions."""
    state = load(**spec).new_initial_state(seed=seed)
    rng = random.Random(seed)
    positions: list[hoyle.State] = [state.clone()]
    while not state.is_terminal() and len(positions) <= steps:
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        positions.append(state.clone())
    return positions


@pytest.mark.parametrize(
    "spec",
    [
        pytest.param({"jokers": 6, "players": 3}, id="standard-jokers"),
        pytest.param({"variant": "misery"}, id="misery"),
        pytest.param({"variant": "book", "deals": 1}, id="book"),
        pytest.param({"variant": "cover-wild"}, id="cover-wild"),
        pytest.param({"variant": "natural-ace-two"}, id="natural-ace-two"),
        pytest.param({"variant": "starturn"}, id="starturn"),
    ],
)
def test_a_played_game_is_told_in_spanish_with_no_english_sentence(spec: dict[str, Any]) -> None:
    final = played(spec, 2, 1500)[-1]
    for seat in (0, 1, None):
        english, spanish = texts(final, seat, "en"), texts(final, seat, "es")
        assert len(english) == len(spanish) > 20
        for en, es in zip(english, spanish, strict=True):
            assert es != en, f"said in English: {en!r}"
            assert not ENGLISH.search(es), f"an English word in {es!r} (from {en!r})"
        told = " ".join(spanish)
        assert "Ronda 1" in told and "pila objetivo" in told and "pila central" in told
        if seat is not None:
            assert "Tú " in told and "Tú robas " in told
        if spec.get("jokers"):
            assert "comodín" in told
        with using("es"):
            shown = [f"{f['label']}: {f['text']}" for f in final.facts(seat)]
        assert shown and not any(ENGLISH.search(line) for line in shown), shown


def test_the_spanish_log_and_facts_tell_no_more_than_the_seat_may_know() -> None:
    positions = played({"jokers": 6}, 7, 400)
    for k, state in enumerate(positions[::16]):
        if state.is_terminal():
            continue
        with using("es"):
            spectator = state.log(None)
            for seat in range(2):
                log, told = state.log(seat), state.facts(seat)
                for r in range(2):
                    world = state.resample_from_infostate(seat, random.Random(53 * k + r))
                    assert world.log(seat) == log, f"position {k}, seat {seat}"
                    assert world.facts(seat) == told, f"position {k}, seat {seat}"
                    assert world.log(None) == spectator


def test_a_draw_is_told_to_the_drawer_and_counted_to_the_others_in_spanish() -> None:
    state = load().deal_state(
        ["AC 5D", "2C 3D 4D"], goals=["9H 8H", "9D"], stock="7H KS 6C 6D 6H 6S"
    )
    play(state, "A:hand>stack 5:hand>discard1")
    assert texts(state, 1)[-1] == "Tú robas 7♥ K♠."
    assert texts(state, 0)[-3:] == [
        "Tú empiezas la pila central 1 con A♣ de la mano.",
        "Tú descartas 5♦ en la pila de descarte 1 y terminas el turno.",
        "Asiento 1 roba 2 cartas.",
    ]
    assert not any("7♥" in line or "K♠" in line for line in texts(state, None))


def test_plays_goal_cards_and_completed_stacks_in_spanish() -> None:
    stack = "AC 2C 3C 4C 5C 6C 7C 8C 9C TC"
    state = load().deal_state(
        ["KS 5D", "2C"], goals=["9H 8H JH", "9D"], stacks=[stack, "AD 2D"], discards=[["QD"]]
    )
    play(state, "J:goal>stack1 Q:discard1>stack1 K:hand>stack1")
    assert texts(state, 0)[-5:] == [
        "Tú juegas J♥ de la pila objetivo en la pila central 1.",
        "Tu siguiente carta objetivo es 8♥.",
        "Tú juegas Q♦ de la pila de descarte 1 en la pila central 1.",
        "La pila central 1 está completa: se aparta en el montón de pilas completadas.",
        "Tú juegas K♠ como 3 de la mano en la pila central 1.",
    ]
    assert texts(state, 1)[-4] == "La siguiente carta objetivo de Asiento 0 es 8♥."


def test_misery_tells_which_goal_pile_is_empty_in_spanish() -> None:
    misery = load("misery").deal_state(["5C", "3C"], goals=[["7H AD", "2S"], ["5D", "6D"]])
    play(misery, "A:goal1>stack 2:goal2>stack1")
    assert texts(misery, 1)[-2:] == [
        "Asiento 0 juega 2♠ de la pila objetivo 2 en la pila central 1.",
        "Las pilas objetivo de Asiento 0: la 2 está vacía.",
    ]
    assert texts(misery, 0)[-1] == "Tus pilas objetivo: la 2 está vacía."


def test_a_blocked_deal_is_scored_in_spanish() -> None:
    state = load("book", deals=1).deal_state(["5C", "3C"], goals=["9H", "9D 8D 7D"])
    play(state, "pass pass")
    assert texts(state, 0)[-10:] == [
        "Tú pasas.",
        "Asiento 1 roba 4 cartas.",
        "Asiento 1 pasa.",
        "Fin de la ronda 1.",
        "La ronda queda bloqueada: todos los jugadores han pasado seguidos.",
        "Cartas objetivo que quedan: tú 1, Asiento 1 3.",
        "Menos cartas objetivo: tú, con 1; la diferencia con los demás: 2.",
        "Tú te anotas 2.",
        "Tú ganas.",
        "Puntuaciones finales: tú 2, Asiento 1 0.",
    ]
    with using("es"):
        assert state.observation(1)["results"][0]["lines"][-1] == "Asiento 0 se anota 2."
    with using("en"):
        assert state.observation(1)["results"][0]["lines"][-1] == "Seat 0 scores 2."


def test_going_out_is_scored_in_spanish() -> None:
    state = load(deals=1).deal_state(
        ["3C 4C", "2C"], goals=["5H", "9D 8D 7D 6D TD"], stacks=["AC 2D"]
    )
    play(state, "3:hand>stack1 4:hand>stack1 5:goal>stack1")
    with using("es"):
        assert state.observation(0)["results"][0]["lines"] == [
            "Tú vacías la pila objetivo y ganas la ronda.",
            "Cartas objetivo que quedan: tú 0, Asiento 1 5.",
            "Por vaciar la pila objetivo: 5 — tú",
            "Cartas objetivo de los demás: 5 — tú",
            "Tú te anotas 10.",
        ]


def test_the_facts_in_spanish() -> None:
    state = load("book").deal_state(["5C", "3C"], goals=["9H", "9D 8D 7D"], stacks=["AC 2D"])
    play(state, "pass")
    told = facts(state, 1)
    assert told["goal"] == ("Cartas objetivo", "Tú 3, Asiento 0 1")
    assert told["stacks"] == ("Pilas centrales", "siguiente carta: 3; un as empieza otra")
    assert told["passes"] == ("Pases", "1 pase: si pasan los 2, la ronda queda bloqueada")
    assert told["stock"][0] == "Talón" and told["stock"][1].endswith(" cartas")
    assert facts(state, 1, "en")["passes"] == (
        "Passes",
        "1 in a row: if all 2 pass, the deal is blocked",
    )
