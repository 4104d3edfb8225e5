"""The Spanish catalogue is complete and compiled, and the language is chosen as documented.

The catalogue is extracted from the sources here with Babel's API and the map and keywords of
``python -m hoyle.catalogue sync`` (``docs/translating.md``): a message without a Spanish
translation, a fuzzy one, a translation whose ``{placeholders}`` differ from the English, or a
committed ``.mo`` that no longer says what its ``.po`` says (never recompiled after an edit)
fails the run.
"""

from __future__ import annotations

import re
import threading

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

import hoyle
from hoyle import catalogue, i18n
from hoyle.core.registry import family
from hoyle.titles import TITLES, family_title, preset_title

PO = i18n.LOCALE_DIR / "es" / "LC_MESSAGES" / "hoyle.po"
MO = PO.with_suffix(".mo")


def _extracted() -> dict[str, tuple[str, ...]]:
    """Every message id in the sources (a plural's as ``(singular, plural)``), by its
    singular, with where it was found."""
    found: dict[str, tuple[str, ...]] = {}
    for filename, _line, message, _comments, _context in extract_from_dir(
        str(catalogue.PACKAGE), method_map=catalogue.METHOD_MAP, keywords=catalogue.KEYWORDS
    ):
        words = (message,) if isinstance(message, str) else tuple(message)
        found.setdefault(words[0], (*words, filename))
    return found


def _fields(text: str) -> set[str]:
    """The placeholders' names: ``{card}``, and the seat slots ``{s}``, ``{s:verb}`` and
    ``{s's:noun}`` all as ``s`` (a language may name a seat where English gives its
    possessive)."""
    return set(re.findall(r"\{(\w*)(?::[^{}]*|'s(?::[^{}]*)?)?\}", text))


def _po() -> dict[str, tuple[str, ...]]:
    with PO.open("rb") as fh:
        catalog = read_po(fh, locale="es")
    table = {}
    for message in catalog:
        if not message.id:
            continue
        ids = (message.id,) if isinstance(message.id, str) else tuple(message.id)
        strings = (message.string,) if isinstance(message.string, str) else message.string
        assert not message.fuzzy, f"fuzzy translation of {ids[0]!r} in {PO.name}"
        table[ids[0]] = tuple(strings)
    return table


def test_every_message_has_a_spanish_translation() -> None:
    extracted, po = _extracted(), _po()
    assert len(extracted) > 100
    missing = [f"{where[-1]}: {msgid!r}" for msgid, where in extracted.items() if msgid not in po]
    empty = [msgid for msgid, strings in po.items() if not all(strings)]
    assert not missing, "not in es/hoyle.po (run pybabel update):\n" + "\n".join(missing)
    assert not empty, "no Spanish for:\n" + "\n".join(map(repr, empty))


def test_translations_keep_their_placeholders() -> None:
    for msgid, strings in _po().items():
        for string in strings:
            assert _fields(string) == _fields(msgid), (msgid, string)


def test_the_compiled_catalogue_matches_the_po() -> None:
    assert MO.is_file(), f"{MO} is missing: pybabel compile -d src/hoyle/locale -D hoyle"
    with MO.open("rb") as fh:
        compiled = read_mo(fh)
    in_mo = {
        (m.id if isinstance(m.id, str) else m.id[0]): (
            (m.string,) if isinstance(m.string, str) else tuple(m.string)
        )
        for m in compiled
        if m.id
    }
    # The content, not the files' times: a fresh clone's checkout order sets those.
    assert in_mo == _po(), f"{MO.name} is older than {PO.name}: compile it again"


@pytest.mark.parametrize(
    ("name", "family_es", "default_es"),
    [
        ("hearts", "Corazones", "Dama negra"),
        ("all-fours", "Todos cuatro", None),
        ("spite-malice", "Despecho y malicia", None),
        ("ecarte", "Écarté", None),
    ],
)
def test_spanish_titles_are_the_sources(name: str, family_es: str, default_es: str | None) -> None:
    fam = family(name)
    with i18n.using("es"):
        assert family_title(fam) == family_es
        if default_es is not None:
            assert preset_title(fam.default_variant) == default_es
    assert family_title(fam) == fam.title  # English again outside the block


def test_every_family_and_preset_title_is_in_the_catalogue() -> None:
    for name in hoyle.families():
        fam = family(name)
        assert fam.title in TITLES, fam.title
        for preset in fam.presets:
            assert preset.display in TITLES, f"{name}: {preset.display}"


@pytest.mark.parametrize(
    ("environ", "lang"),
    [
        ({}, "en"),
        ({"LANG": "es_ES.UTF-8"}, "es"),
        ({"LANG": "es"}, "es"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "es_ES.UTF-8", "LC_ALL": "C"}, "en"),
        ({"LANG": "en_US.UTF-8", "LC_ALL": "es_MX.UTF-8"}, "es"),
        ({"LANG": "C", "LANGUAGE": "fr:es"}, "es"),
        ({"LANG": "es_ES", "LANGUAGE": "en_GB:es"}, "en"),
    ],
)
def test_the_language_from_the_environment(environ: dict[str, str], lang: str) -> None:
    assert i18n.from_environment(environ) == lang


def test_parse_refuses_a_language_not_spoken() -> None:
    assert i18n.parse("es_ES.UTF-8") == "es" and i18n.parse("en") == "en"
    with pytest.raises(ValueError, match="expected one of en, es"):
        i18n.parse("fr")


def test_the_language_is_per_thread() -> None:
    seen: dict[str, str] = {}

    def speak(lang: str) -> None:
        with i18n.using(lang):
            barrier.wait()  # both threads inside their block at once
            seen[lang] = i18n._("No cards are passed.")

    barrier = threading.Barrier(2)
    threads = [threading.Thread(target=speak, args=(lang,)) for lang in ("en", "es")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert seen == {"en": "No cards are passed.", "es": "No se pasan cartas."}
    assert i18n.current() == "en"


def test_plurals_follow_the_catalogue() -> None:
    with i18n.using("es"):
        assert i18n.ngettext("{n} card", "{n} cards", 1).format(n=1) == "1 carta"
        assert i18n.ngettext("{n} card", "{n} cards", 3).format(n=3) == "3 cartas"


def test_the_command_line_speaks_spanish(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from hoyle.cli import main

    monkeypatch.setenv("LANG", "C.UTF-8")
    assert main(["--lang", "es", "rules", "hearts"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Corazones — black-lady\nCadena del juego: hearts\n")
    assert "Las reglas en vigor:" in out and "dispara a la luna" in out
    assert "The rules in force" not in out
    assert main(["--lang=es", "rules", "hearts", "--variant", "nope"]) == 2
    assert capsys.readouterr().err.startswith("hoyle: error: ")
    assert main(["--lang", "es", "play", "--seat", "9", "--no-record"]) == 2
    assert "--seat debe ser de 0 a 3 con 4 jugadores, no 9" in capsys.readouterr().err
    assert main(["--lang", "fr", "games"]) == 2
    assert "expected one of en, es" in capsys.readouterr().err
    assert i18n.current() == "en"  # the run's language does not outlive it


def test_the_command_line_reads_the_environment(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from hoyle.cli import main

    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    assert main(["games"]) == 0
    assert (
        "hearts        Corazones — 22 variantes, por defecto black-lady" in capsys.readouterr().out
    )
    assert main(["--lang", "en", "games"]) == 0
    assert "Hearts — 22 variants, default black-lady" in capsys.readouterr().out


def test_card_names_in_spanish() -> None:
    from hoyle.cards import Card

    with i18n.using("es"):
        assert Card.from_token("QS").name == "dama de picas"
        assert Card.from_token("2C").name == "dos de tréboles"
        assert Card.from_token("AH").name == "as de corazones"
        assert Card.from_token("JD").name == "jota de diamantes"
    assert Card.from_token("QS").name == "queen of spades"


def test_argparse_speaks_spanish_for_the_run_only(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """argparse's own words (help headings, its errors) are in the catalogue too, and the
    module is left as it was for any other program in the process."""
    import argparse
    import gettext

    from hoyle.cli import main

    monkeypatch.setenv("LANG", "C.UTF-8")
    assert main(["--lang", "es", "--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("uso: hoyle ")
    assert "argumentos posicionales:" in out and "muestra esta ayuda y termina" in out
    assert "review     valora cada jugada" in out
    for english in ("usage:", "positional arguments", "show this help", "options:"):
        assert english not in out
    assert main(["--lang", "es", "rules"]) == 2
    assert "faltan estos argumentos obligatorios: GAME" in capsys.readouterr().err
    assert argparse._ is gettext.gettext  # type: ignore[attr-defined]
