"""The language hoyle speaks: English or Spanish, from gettext catalogues.

The English text in the code is the message id; ``src/hoyle/locale/<lang>/LC_MESSAGES/hoyle.po``
holds its translation and ``hoyle.mo`` the compiled form that :mod:`gettext` reads (Babel
extracts, updates and compiles them: ``docs/translating.md``). The ``.mo`` files are committed,
so a fresh clone speaks Spanish with no build step; ``tests/test_i18n.py`` fails when one is
missing or no longer matches its ``.po``.

The language in force lives in a :class:`~contextvars.ContextVar`, so one thread or one
asynchronous task (a web request) can speak Spanish while another speaks English::

    >>> from hoyle.i18n import _, using
    >>> _("No cards are passed.")
    'No cards are passed.'
    >>> with using("es"):
    ...     _("No cards are passed.")
    'No se pasan cartas.'
    >>> normalize("es_ES.UTF-8"), normalize("en_GB"), normalize("C")
    ('es', 'en', 'en')
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import gettext
import os
from collections.abc import Iterator, Mapping
from pathlib import Path

__all__ = [
    "DEFAULT",
    "DOMAIN",
    "LANGUAGES",
    "LOCALE_DIR",
    "N_",
    "_",
    "current",
    "from_environment",
    "ngettext",
    "normalize",
    "parse",
    "set_language",
    "translations",
    "using",
    "word_in_sense",
]

DOMAIN = "hoyle"
"""The gettext domain: the catalogues are ``hoyle.po`` / ``hoyle.mo``."""
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
"""Where the catalogues live, ``<lang>/LC_MESSAGES/hoyle.mo`` under it."""
DEFAULT = "en"
"""The language of the message ids, and of everything when nothing else is asked for."""
LANGUAGES = ("en", "es")
"""The languages hoyle speaks; the first is the source language (no catalogue needed)."""

# The library speaks English unless told otherwise: the command line sets the language from
# --lang or the environment, the web per request; a bare ``import hoyle`` never reads LANG, so
# a program's output does not change with the shell it happens to run in.
_current: contextvars.ContextVar[str] = contextvars.ContextVar("hoyle_language", default=DEFAULT)


def normalize(tag: str | None) -> str:
    """The hoyle language for a locale tag: ``es``, ``es_ES.UTF-8``, ``es-MX`` → ``es``;
    anything not spoken here (``C``, ``fr_FR``, empty) → English."""
    base = (tag or "").strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0]
    return base.lower() if base.lower() in LANGUAGES else DEFAULT


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, by gettext's precedence: ``LANGUAGE`` (a colon
    list, the first spoken here wins), then ``LC_ALL``, ``LC_MESSAGES``, ``LANG``."""
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if not value:
            continue
        if name == "LANGUAGE":
            for tag in value.split(":"):
                if normalize(tag) != DEFAULT or tag.lower().startswith("en"):
                    return normalize(tag)
            continue
        # The first variable that is set decides, as in C's setlocale: LC_ALL=C means English
        # even with LANG=es_ES.
        return normalize(value)
    return DEFAULT


def parse(tag: str) -> str:
    """A ``--lang`` value checked: ``es``, ``es_ES.UTF-8`` → ``es``; a language not spoken
    here is a :class:`ValueError` naming those that are."""
    lang = normalize(tag)
    if lang == DEFAULT and not tag.strip().lower().startswith(DEFAULT):
        raise ValueError(f"unknown language {tag!r}: expected one of {', '.join(LANGUAGES)}")
    return lang


@functools.cache
def translations(lang: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``lang`` (English, or a missing ``.mo``: the ids unchanged)."""
    if lang == DEFAULT:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)


def current() -> str:
    """The language in force in this thread or task."""
    return _current.get()


def set_language(lang: str) -> contextvars.Token[str]:
    """Speak ``lang`` (normalized) from now on in this context; the token undoes it
    (:meth:`contextvars.ContextVar.reset`)."""
    return _current.set(normalize(lang))


@contextlib.contextmanager
def using(lang: str) -> Iterator[str]:
    """Speak ``lang`` inside the ``with`` block only; yields the normalized language."""
    token = set_language(lang)
    try:
        yield _current.get()
    finally:
        _current.reset(token)


def _(message: str) -> str:
    """``message`` in the language in force."""
    return translations(_current.get()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """``singular`` or ``plural`` as ``n`` asks, in the language in force (its own plural
    rules: the catalogue's ``Plural-Forms``)."""
    return translations(_current.get()).ngettext(singular, plural, n)


def word_in_sense(message: str, word: str) -> str:
    """A word marked for the catalogue with the sense it has here (``"pass (a phase of
    play)"``: the same word names a move too), in the language in force; ``word`` itself
    where that language has no translation, so the mark never shows."""
    text = _(message)
    return word if text == message else text


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it now: for tables built at
    import time, translated with :func:`_` where they are shown."""
    return message
