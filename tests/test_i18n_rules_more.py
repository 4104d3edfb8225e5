"""The rules of Écarté, Bourré and Spite and Malice in Spanish (issue 23).

``hoyle rules`` writes each family's rules from the options in force (``fam.explain``); in
Spanish every sentence is a message of the catalogue, so the words follow the options in Spanish
as they do in English. The presets' summaries and the options' one-line docs are marked for the
catalogue too, and each has its Spanish.
"""

from __future__ import annotations

from typing import Any

import pytest

import hoyle
from hoyle.cli import main
from hoyle.core.registry import family
from hoyle.i18n import _, using

FAMILIES = ("ecarte", "bourre", "spite-malice")


def _explain(name: str, lang: str, **options: Any) -> list[str]:
    game = hoyle.load(name, **options)
    explain = family(game.family).explain
    assert explain is not None
    with using(lang):
        return explain(game.rules)


def _text(name: str, lang: str, **options: Any) -> str:
    return " ".join(_explain(name, lang, **options))


def test_ecarte_in_spanish() -> None:
    es = _text("ecarte", "es")
    for phrase in (
        "La mano mayor puede jugar, o proponer cambiar un número de cartas",
        "El repartidor acepta o rehúsa.",
        "(marcar el rey)",
        "las cinco, el vole, 2",
        "un rey vuelto vale 1 al repartidor en el acto",
        "Leyes que se aplican: 5: el corte para repartir",
        "24 (primera frase): anunciar un rey",
    ):
        assert phrase in es, phrase
    for sentence in (
        "Two players.",
        "The 32-card pack",
        "Elder may play",
        "Laws enforced",
        "Laws that cannot arise",
        "first sentence",
    ):
        assert sentence not in es, sentence


def test_ecarte_options_change_the_spanish() -> None:
    plain_en, plain_es = _text("ecarte", "en"), _text("ecarte", "es")
    en = _text("ecarte", "en", doubling=True, redouble=True, offer_point=True)
    es = _text("ecarte", "es", doubling=True, redouble=True, offer_point=True)
    assert "may offer to double" in en and "may offer to double" not in plain_en
    assert "puede ofrecer doblar" in es and "puede ofrecer doblar" not in plain_es
    assert "Quien acepta un doble puede volver a doblar." in es
    assert "La mano mayor puede ofrecer el punto al contrario" in es
    pool = _text("ecarte", "es", variant="pool")
    assert "3 puestos: juegan dos y 1 espera." in pool
    assert "Cada uno pone 1 en la poule; se la lleva el primero que gane 2 juegos seguidos." in pool
    ace = _text("ecarte", "es", bonus_card="ace", deal_packets="three_two")
    assert "tres a cada uno y luego dos a cada uno" in ace and "un as vuelto vale 1" in ace


def test_bourre_in_spanish() -> None:
    es = _text("bourre", "es")
    for phrase in (
        "Bourré para 7: baraja de 52 cartas",
        "7 rondas, y el reparto pasa a la izquierda",
        "Si solo juega uno, se lleva el bote sin jugar.",
        "queda bourré y paga lo que hay en el bote al bote siguiente",
        "Un jugador seguro de hacer tres bazas",
        "El resultado es el saldo de fichas de cada jugador.",
    ):
        assert phrase in es, phrase
    for sentence in ("Bourré for", "Follow suit", "takes the pot", "net chips"):
        assert sentence not in es, sentence


def test_bourre_options_change_the_spanish() -> None:
    assert "With a limit of 10" in _text("bourre", "en", pot_limit=10)
    assert "Con un límite de 10, un ganador se lleva" in _text("bourre", "es", pot_limit=10)
    assert "Con un límite" not in _text("bourre", "es")
    four = _text("bourre", "es", variant="four-card")
    assert "Cuatro cartas a cada uno" in four and "«trébol sucio»" in four
    assert "hasta tres cartas (nunca las cuatro)" in four
    # One deal: the Spanish says "ronda", the English keeps its "deals".
    assert "1 deals" in _text("bourre", "en", deals=1)
    assert "; 1 ronda, y el reparto" in _text("bourre", "es", deals=1)


def test_spite_and_malice_in_spanish() -> None:
    es = _text("spite-malice", "es")
    for phrase in (
        "2 jugadores. 3 barajas de 52, sin comodines.",
        "Cada jugador recibe una pila objetivo de 26 cartas",
        "4 pilas de descarte",
        "hasta la dama",
        "Los reyes valen por cualquier carta, pero nunca como as.",
        "Quien vacía su pila objetivo gana la ronda: 5 puntos",
    ):
        assert phrase in es, phrase
    for sentence in ("goal pile", "discard pile", "Kings are wild", "The match ends"):
        assert sentence not in es, sentence


def test_spite_and_malice_options_change_the_spanish() -> None:
    options = {"may_pass": True, "stalemate": "draw", "cover_wild": True, "jokers": 6}
    en, es = _text("spite-malice", "en", **options), _text("spite-malice", "es", **options)
    plain_es = _text("spite-malice", "es")
    assert "or pass without discarding" in en and "the deal is drawn" in en
    assert "o pasa sin descartar" in es and "o pasa sin descartar" not in plain_es
    assert "la ronda termina en empate" in es and "termina en empate" not in plain_es
    assert "Los reyes y los comodines valen por cualquier carta" in es
    assert "Un comodín jugado al centro debe cubrirse en el acto" in es
    king = _text("spite-malice", "es", variant="build-to-king")
    assert "hasta el rey" in king and "nunca como as, 2, 7, jota" in king
    assert "hasta el 15" in _text("spite-malice", "es", variant="starturn")
    assert "La partida es de 1 ronda." in _text("spite-malice", "es", deals=1)


@pytest.mark.parametrize(
    ("name", "variant"),
    [(name, p.name) for name in FAMILIES for p in family(name).presets],
)
def test_every_sentence_of_every_preset_is_translated(name: str, variant: str) -> None:
    en = _explain(name, "en", variant=variant)
    es = _explain(name, "es", variant=variant)
    assert len(en) == len(es)
    untranslated = [line for line, spanish in zip(en, es, strict=True) if line == spanish]
    assert not untranslated


@pytest.mark.parametrize("name", FAMILIES)
def test_summaries_and_option_docs_have_spanish(name: str) -> None:
    fam = family(name)
    with using("es"):
        for preset in fam.presets:
            assert _(preset.summary) != preset.summary, preset.name
        for info in fam.options():
            assert _(info.doc) != info.doc, info.name
    assert _(fam.presets[0].summary) == fam.presets[0].summary  # English outside the block


def test_the_command_line_explains_spite_and_malice_in_spanish(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert main(["--lang", "es", "rules", "spite-malice"]) == 0
    out = " ".join(capsys.readouterr().out.split())  # the lines are wrapped
    assert "Las reglas en vigor:" in out
    assert "Cada jugador recibe una pila objetivo de 26 cartas" in out
    assert "Los reyes valen por cualquier carta, pero nunca como as." in out
    assert "La partida termina tras la ronda en la que alguien llega a 50" in out
    assert "Each player is dealt" not in out and "Kings are wild" not in out
    assert main(["rules", "spite-malice"]) == 0  # C.UTF-8: English
    assert "Kings are wild, never as ace." in " ".join(capsys.readouterr().out.split())
