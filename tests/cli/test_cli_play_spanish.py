"""``hoyle --lang es play hearts --plain``: a whole deal in Spanish, driven by a script that reads
the screen (issue 23), and the language taken from ``LANG`` when no ``--lang`` is given."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

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
        "Contrarios: asiento 1 fácil, asiento 2 fácil, asiento 3 fácil. Escribe ayuda"
    )
    # The table: the pass, the columns, where each seat sits, the hand and the prompts.
    assert "── hearts(deals=1) · ronda 1 · repartidor: Asiento 3 ──" in out
    assert "Se pasan 3 cartas a la izquierda" in out
    assert re.search(r"\n {20,}bazas  puntos  total\n", out)
    assert "Asiento 1 (izquierda)" in out and "Asiento 2 (enfrente)" in out
    assert "Tus cartas:" in out
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


def test_a_replay_in_spanish(
    scripted: Callable[..., ScriptedPlayer],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # A deal recorded in English, stepped through in Spanish as seat 0 saw it.
    path = tmp_path / "game.hrec"
    scripted()
    assert main([*ONE_DEAL[:-1], "--record", str(path)]) == 0
    capsys.readouterr()
    assert main(["--lang", "es", "replay", str(path)]) == 0
    assert "acciones, todas legales" in capsys.readouterr().out
    assert main(["--lang", "es", "replay", str(path), "--plain", "--seat", "0", "--at", "1.5"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Corazones — Dama negra · como la vio el asiento 0 · hearts(deals=1)")
    assert re.search(r"=== Posición \d+ de \d+ · ronda 1, baza 5 · ", out)
    assert "Última jugada: " in out
    for heading in ("Baza:", "Datos:", "Tus cartas:", "Puntuación:", "Historial (las últimas 8):"):
        assert f"\n{heading}\n" in out or f"\n  {heading}\n" in out, heading
    for english in ("Position ", "Last move", "Trick:", "Scores:", "Log", "Your hand", "Seat "):
        assert english not in out, english
    assert main(["--lang", "es", "replay", str(path), "--plain", "--at", "9.9"]) == 2
    assert "ninguna posición tiene la etiqueta '9.9'" in capsys.readouterr().err
