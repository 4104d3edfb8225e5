"""``hoyle --lang es play hearts --plain``: a whole deal in Spanish, driven by a script that reads
the screen (issue 23), and the language taken from ``LANG`` when no ``--lang`` is given."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from cli_script import ScriptedPlayer

from hoyle.cli import main

ONE_DEAL = ["play", "hearts", "deals=1", "--seed", "3", "--no-record"]

ENGLISH = [
    "you are seat",
    "Opponents:",
    "Type help",
    "Passing ",
    "Pass a card",
    "Lead a card",
    "Play a card",
    "Your hand",
    "tricks  points  score",
    "(left)",
    "(across)",
    "Received (",
    "Legal now:",
    "Commands:",
    "Not allowed:",
    "is not a legal action",
    "Last trick:",
    "Trick:",
    "taken by",
    "this deal",
    "Game over.",
    "Seat ",
]
"""What the English game says that the Spanish one must not (the engine's own reasons for a
refusal, "not a card or a Hearts move", are the family's and stay English for now)."""


def _cards_played(sent: list[str]) -> list[str]:
    """The moves a script typed, without the commands."""
    commands = {"help", "ayuda", "show", "mesa", "zz"}
    return [line for line in sent if line not in commands]


def test_a_whole_deal_in_spanish(scripted: Callable[..., ScriptedPlayer]) -> None:
    player = scripted(before={1: "ayuda", 2: "zz", 3: "mesa"})
    assert main(["--lang", "es", *ONE_DEAL]) == 0
    out = player.output()

    assert out.startswith(
        "Corazones — Dama negra · hearts(deals=1) · semilla 3 · eres el asiento 0\n"
        "Contrarios: asiento 1 easy, asiento 2 easy, asiento 3 easy. Escribe ayuda"
    )
    # The table: the pass, the columns, where each seat sits, the hand and the prompts.
    assert "── hearts(deals=1) · ronda 1 · repartidor: Asiento 3 ──" in out
    assert "Pasas 3 cartas a la izquierda" in out
    assert re.search(r"\n {20,}bazas  puntos  total\n", out)
    assert "Asiento 1 (izquierda)" in out and "Asiento 2 (enfrente)" in out
    assert "Tu mano:" in out
    assert "Pasa una carta (1 de 3) > " in out and "Pasa una carta (3 de 3) > " in out
    assert "Recibidas (pase a la izquierda): " in out
    assert "Juega una carta > " in out and "Sal con una carta > " in out
    assert re.search(r"Última baza: .* — ganó: (Tú|Asiento \d)\n", out)
    assert "Baza: sales tú" in out or "Baza: Asiento" in out
    # help (ayuda), a refused word, the table again (mesa): in Spanish, the refusal too.
    assert "Legales ahora: 5♣ 8♣ Q♣ K♣" in out
    assert "Órdenes: ayuda o ? (esta lista)" in out
    assert "No permitido: 'zz' no es una jugada legal aquí (" in out
    assert "; legales: 5C, 8C, QC, KC" in out
    assert out.count("Pasa una carta (1 de 3) > ") == 4  # the prompt after each command
    # The log is the engine's Spanish narration, then each seat's deal and total.
    assert re.search(r"Tú pasas \S+ \S+ \S+ a Asiento 1\.", out)
    assert re.search(r"\n {10,}esta ronda  final\n  1\. ", out)
    assert out.rstrip().endswith("Fin de la partida.")
    for english in ENGLISH:
        assert english not in out, english


def test_the_spanish_deal_is_the_english_deal(scripted: Callable[..., ScriptedPlayer]) -> None:
    # The same seed and the same first-marked cards: the language changes the words only.
    spanish = scripted()
    assert main(["--lang", "es", *ONE_DEAL]) == 0
    spanish.output()
    english = scripted()
    assert main(ONE_DEAL) == 0
    assert "Game over." in english.output()
    assert _cards_played(spanish.sent) == _cards_played(english.sent)
    assert len(english.sent) == 16


def test_the_language_comes_from_lang(
    scripted: Callable[..., ScriptedPlayer], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    player = scripted(before={1: "salir"})  # quit, as the Spanish help names it
    assert main(["play", "hearts", "deals=1", "--seed", "3", "--plain", "--no-record"]) == 0
    out = player.output()
    assert "semilla 3 · eres el asiento 0" in out
    assert out.rstrip().endswith("Partida interrumpida.")
    assert "Game stopped." not in out
