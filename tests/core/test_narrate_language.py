"""The game's sentences are said in each reader's language (issue 23: "the event log and the
deal summaries — in English and Spanish").

A family writes its sentences once with :func:`~hoyle.core.narrate.say`; each reader's copy is
translated when it is rendered, with the reader's own seat in the second person of that
language. These tests hold the Spanish grammar of the seat slots, the English kept byte for
byte, and the caches that must not hand one language's words to another's reader.
"""

from __future__ import annotations

import pickle
import random

import pytest

import hoyle
from hoyle.core.narrate import (
    DealResult,
    Phrase,
    Seat,
    joined,
    render,
    say,
    say_n,
    seats_text,
    second_person_es,
)
from hoyle.i18n import using
from hoyle.records import from_state
from hoyle.records.timeline import Timeline


def _played(spec: str, seed: int) -> hoyle.State:
    state = hoyle.load(spec).new_initial_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_a_phrase_is_its_english_template() -> None:
    line = say("{s} {s:takes} the trick with {card}.", s=Seat(2), card="Q♠")
    assert isinstance(line, str) and line == "{2} {2:takes} the trick with Q♠."
    assert render(line, 2) == "You take the trick with Q♠."
    assert render(line, 1, ["Ann", "Bob", "Cy"]) == "Cy takes the trick with Q♠."


def test_spanish_second_person() -> None:
    assert second_person_es("toma") == "tomas"
    assert second_person_es("es") == "eres"
    assert second_person_es("se lleva la baza") == "te llevas la baza"


@pytest.mark.parametrize(
    ("template", "viewer", "said"),
    [
        ("{1} {1:gana} la baza.", 1, "Tú ganas la baza."),
        ("{1} {1:gana} la baza.", 0, "Asiento 1 gana la baza."),
        ("{0} {0:pasa} 3 cartas a {1}.", 1, "Asiento 0 pasa 3 cartas a ti."),
        ("{0} {0:juega} con {1}.", 1, "Asiento 0 juega contigo."),
        ("{1's:la mano}: 2♣.", 1, "Tu mano: 2♣."),
        ("{1's:la mano}: 2♣.", 0, "La mano de Asiento 1: 2♣."),
        ("Ana ve {1's:las cartas}.", 1, "Ana ve tus cartas."),
        ("Bajas: 2♣ — {0}", 0, "Bajas: 2♣ — tú"),  # lower case after a colon or dash
        ("Regalo: {0} {0:debe} ganar.", 0, "Regalo: tú debes ganar."),
        ("1 punto para {0} y {1}.", 1, "1 punto para Asiento 0 y para ti."),
        ("Juega con {0}, {2} y {1}.", 1, "Juega con Asiento 0, Asiento 2 y contigo."),
        ("Asiento 3 contra {1}.", 1, "Asiento 3 contra ti."),
    ],
)
def test_spanish_seat_slots(template: str, viewer: int, said: str) -> None:
    """The seat slots of a Spanish sentence (docs/translating.md, "The game's sentences")."""
    from hoyle.core.narrate import _render_es

    assert _render_es(template, viewer, None) == said


def test_a_sentence_with_no_translation_stays_english() -> None:
    """A message the catalogue lacks is read as English, English grammar and all: never
    Spanish verb endings glued to English words."""
    line = say("{s} {s:frobs} the widget.", s=Seat(0))
    with using("es"):
        assert render(line, 0) == "You frob the widget."


def test_lists_plurals_and_phrases_inside_phrases() -> None:
    cards = say_n("{n} card", "{n} cards", 3)
    line = say("{s} {s:passes} {count} to {to}.", s=Seat(0), count=cards, to=Seat(1))
    assert render(line, 2) == "Seat 0 passes 3 cards to Seat 1."
    with using("es"):
        assert render(line, 1) == "Asiento 0 pasa 3 cartas a ti."
        assert render(seats_text([0, 1, 3]), 1) == "Asiento 0, Asiento 1 y Asiento 3".replace(
            "Asiento 1", "tú"
        )
        parts = joined([say("{cards} to {to}", cards="3♣", to=Seat(1)), "4♦"])
        assert render(parts, 1) == "3♣ a ti, 4♦"


def test_phrases_pickle() -> None:
    """Events travel to worker processes (reviews, the arena): a phrase keeps its message."""
    line = say("{s} {s:passes} {parts}.", s=Seat(1), parts=joined(["3♣", say("a joker")]))
    again = pickle.loads(pickle.dumps(line))
    assert isinstance(again, Phrase) and again == line
    with using("es"):
        assert render(again, 1) == render(line, 1) == "Tú pasas 3♣, un comodín."


def test_hearts_log_in_spanish_has_no_english_sentence() -> None:
    """Every entry of a seat's log, its facts and the deal's result lines are Spanish."""
    state = _played("hearts(deals=1)", 5)
    english = state.log(0)
    with using("es"):
        spanish = state.log(0)
        facts = state.facts(0)
    assert len(spanish) == len(english) > 50
    for en, es in zip(english, spanish, strict=True):
        assert en["kind"] == es["kind"] and en["seat"] == es["seat"]
        if any(c.isalpha() for c in en["text"].replace("You", "").replace("Seat", "")):
            assert en["text"] != es["text"], en["text"]
    words = " ".join(e["text"] for e in spanish)
    for english_word in (" takes ", " plays ", " leads ", "Seat ", " trick", "You "):
        assert english_word not in words
    for spanish_word in ("Ronda 1", "Tú ", "Asiento ", " baza", " juega ", " sale con "):
        assert spanish_word in words
    assert [f["label"] for f in facts] == ["Partida"]


def test_a_seats_spanish_log_is_the_same_in_every_world_it_cannot_tell_apart() -> None:
    """The Spanish words tell a seat no more than the English: its log is the same in every
    world resampled from its information (the contract's ``resample_from_infostate``)."""
    game = hoyle.load("hearts(deals=1)")
    state = game.new_initial_state(9)
    rng = random.Random(9)
    while not state.is_terminal() and len(state.history()) < 70:  # mid-play, passes made
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    with using("es"):
        for seat in range(game.num_players):
            mine = state.log(seat)
            for k in range(3):
                world = state.resample_from_infostate(seat, random.Random(100 * seat + k))
                assert world.log(seat) == mine


def test_deal_results_are_kept_per_language() -> None:
    """A deal's summary is cached per reader; a Spanish reader must not get the English."""
    result = DealResult(
        1, (0.0, 26.0), (say("{s}: {score} — {how}", s=Seat(1), score=26, how=say("nothing")),)
    )
    assert result.to_json(0)["lines"] == ["Seat 1: 26 — nothing"]
    with using("es"):
        assert result.to_json(0)["lines"] == ["Asiento 1: 26 — nada"]
    assert result.to_json(0)["lines"] == ["Seat 1: 26 — nothing"]


def test_a_timeline_gives_each_language_its_own_log() -> None:
    state = _played("hearts(deals=1)", 3)
    line = Timeline(from_state(state, seed=3))
    end = len(line) - 1
    english = line.view(end, 0).log
    with using("es"):
        spanish = line.view(end, 0).log
    assert english == state.log(0)
    with using("es"):
        assert spanish == state.log(0)
    assert english != spanish
