"""The rules in Spanish: ``hoyle --lang es rules`` and ``variants`` print the variants' summaries,
the options' docs and All Fours' explanation in Spanish, option errors too, and the English is
unchanged without ``--lang``."""

from __future__ import annotations

import pytest

from hoyle import i18n
from hoyle.cli import main
from hoyle.core.errors import InvalidOptionError, UnknownGameError
from hoyle.core.registry import family, load
from hoyle.titles import option_doc, preset_summary


@pytest.fixture(autouse=True)
def _no_language_in_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only ``--lang`` chooses the language here, whatever the shell running the tests says."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


def _flat(text: str) -> str:
    """The output with its line wrapping undone, so a phrase can be found across lines."""
    return " ".join(text.split())


def test_all_fours_rules_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "es", "rules", "all-fours"]) == 0
    out = _flat(capsys.readouterr().out)
    assert out.startswith("Todos cuatro — seven-up Cadena del juego: all-fours")
    # The summary.
    assert "Todos cuatro tal como lo dan Arnold (2010) y Parlett (2008)" in out
    assert "La mano se planta o pide" in out
    # The explanation, written from the options.
    assert "2 jugadores, cada uno por su cuenta; el reparto y el juego van en sentido" in out
    assert "El bando del repartidor se anota por la muestra: una jota: 1." in out
    assert "Cada ronda puntúa así: Alto (el triunfo más alto en juego" in out
    assert "un empate es para los contrarios del repartidor." in out
    assert "La partida es a 7 puntos." in out
    # An option's doc and the words of its allowed values.
    assert "cartas que recibe cada jugador" in out
    assert "valores admitidos: 0…3 o auto" in out
    # Nothing of the English is left, but the source (a citation, kept as written).
    for english in (
        "All Fours as Arnold (2010) and Parlett (2008) give it",
        "Eldest hand stands or begs.",
        "The dealer gives 6 cards to each player in threes",
        "Each hand scores High",
        "The game is 7 points.",
        "cards dealt to each player",
        "an integer",
    ):
        assert english not in out, english
    assert "Fuente: Wikipedia, 'All fours'" in out


def test_all_fours_explanation_follows_the_options_in_spanish(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["--lang", "es", "rules", "all-fours", "--variant", "trinidad"]
    assert main([*argv, "deals=3", "tie_deals=2"]) == 0
    out = _flat(capsys.readouterr().out)
    assert "4 jugadores en 2 equipos de 2" in out and "sentido antihorario" in out
    assert "un 6: 2, una jota: 3, un as: 1" in out
    assert "(3 si se la quita al bando que la tenía)" in out
    assert "un empate se juega con 2 rondas más hasta deshacerlo" in out
    assert "a tie plays 2 more hands" not in out


def test_hearts_variants_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "es", "variants", "hearts"]) == 0
    out = _flat(capsys.readouterr().out)
    assert out.startswith("Corazones: 22 variantes")
    assert "Corazones tal como lo juega casi todo el mundo." in out
    assert "Corazones dominó (Foster 1909), de dos a siete jugadores." in out
    assert "Dama negra con una carta de premio (Culbertson 1950)" in out
    assert "Hearts as most people play it." not in out
    assert "Domino Hearts (Foster 1909), for two to seven." not in out


def test_an_option_error_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "es", "rules", "hearts", "target=0"]) == 2
    err = _flat(capsys.readouterr().err)
    assert err == (
        "hoyle: error: valor incorrecto '0' para la opción 'target' de hearts (fuera de rango): "
        "se esperaba un entero ≥ 1 — la partida termina tras la ronda en la que alguien llega a "
        "esta cifra"
    )
    assert main(["--lang", "es", "rules", "hearts", "--variant", "spades"]) == 2
    assert "variante de hearts desconocida: 'spades'" in capsys.readouterr().err
    assert main(["--lang", "es", "rules", "hearts", "colour=red"]) == 2
    assert "opción de hearts desconocida: 'colour'" in capsys.readouterr().err


def test_english_is_unchanged_without_lang(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "all-fours"]) == 0
    out = _flat(capsys.readouterr().out)
    assert "All Fours as Arnold (2010) and Parlett (2008) give it" in out
    assert "Each hand scores High (the highest trump in play, to whoever held it) 1" in out
    assert "The dealer's side scores for the card turned: a jack 1." in out
    assert "allowed: 0…3 or auto" in out
    assert "Todos cuatro" not in out and "muestra" not in out
    assert main(["variants", "hearts"]) == 0
    assert "Hearts as most people play it." in _flat(capsys.readouterr().out)
    assert main(["rules", "hearts", "target=0"]) == 2
    assert _flat(capsys.readouterr().err) == (
        "hoyle: error: bad value '0' for hearts option 'target' (out of range): expected an "
        "integer ≥ 1 — the match ends after the deal in which anyone reaches this"
    )


def test_the_helpers_translate_and_errors_follow_the_language() -> None:
    hearts = family("hearts")
    pass_count = next(i for i in hearts.options() if i.name == "pass_count")
    assert option_doc(pass_count) == "cards each player passes"
    assert preset_summary(hearts.default_variant) == hearts.default_variant.summary
    with i18n.using("es"):
        assert option_doc(pass_count) == "cartas que pasa cada jugador"
        assert preset_summary(hearts.default_variant).startswith("Corazones tal como")
        with pytest.raises(InvalidOptionError, match="es para 2 o 4 jugadores, no para 3"):
            load("all-fours", variant="trinidad", players=3)
        with pytest.raises(UnknownGameError, match="juego desconocido: 'chess'"):
            load("chess")
    with pytest.raises(InvalidOptionError, match="is for 2 or 4 players, not 3"):
        load("all-fours", variant="trinidad", players=3)
